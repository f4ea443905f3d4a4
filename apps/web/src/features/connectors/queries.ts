// Reads of the connectors screen and their cache keys.
import { useQuery } from '@tanstack/react-query';
import type { DataConnection } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import type { ConnectionScope } from './listing';

export const connectionKeys = {
  all: ['data-connections'] as const,
  list: (scope: ConnectionScope) => ['data-connections', 'list', scope] as const,
  schema: (id: string, path: readonly string[]) => ['data-connections', 'schema', id, ...path] as const,
  preview: (id: string, schema: string, table: string) => ['data-connections', 'preview', id, schema, table] as const,
};

export function useConnectionList(scope: ConnectionScope) {
  const client = useApiClient();
  return useQuery<DataConnection[]>({
    queryKey: connectionKeys.list(scope),
    queryFn: async () => (await (scope === 'organization' ? client.dataConnections.forOrganization() : client.dataConnections.list())).items,
    placeholderData: (previous) => previous,
  });
}
