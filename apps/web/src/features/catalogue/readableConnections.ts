// The data connections a user may read, for pickers outside the Connectors screen (workbook cells, writing a dataset
// into a warehouse): their own and their organization's, each once, by name.
import { useQuery } from '@tanstack/react-query';
import type { DataConnection, DataConnectionType } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';

/** Own and organization lists merged: a connection in both appears once. */
export function mergeConnections(...lists: ReadonlyArray<readonly DataConnection[]>): DataConnection[] {
  const byId = new Map(lists.flat().map((connection) => [connection.id, connection]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Optionally of some types only, and only those `keep` accepts (e.g. those the user may edit). */
export function useReadableConnections(types?: readonly DataConnectionType[], keep?: (connection: DataConnection) => boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['data-connections', 'readable', ...(types ?? [])],
    queryFn: async () => {
      const [own, organization] = await Promise.all([client.dataConnections.list({ types }), client.dataConnections.forOrganization({ types })]);
      return mergeConnections(own.items, organization.items);
    },
    select: keep ? (connections) => connections.filter(keep) : undefined,
  });
}
