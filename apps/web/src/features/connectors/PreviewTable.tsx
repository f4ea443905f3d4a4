// The first rows of a table, read through the connection (POST /v1/data-queries/json with connectionId).
import { useQuery } from '@tanstack/react-query';
import type { DataConnection } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { PREVIEW_ROWS, previewSql } from './preview';
import { connectionKeys } from './queries';
import { ResultRows } from './ResultRows';

export function PreviewTable({ connection, schema, table }: { connection: Pick<DataConnection, 'id' | 'type'>; schema: string; table: string }) {
  const client = useApiClient();
  const preview = useQuery({
    queryKey: connectionKeys.preview(connection.id, schema, table),
    queryFn: () => client.dataQueries.json({ connectionId: connection.id, query: previewSql(connection.type, schema, table), limit: PREVIEW_ROWS }),
    retry: false,
  });
  if (preview.isPending) return <Spinner label="Reading the first rows…" />;
  if (preview.isError)
    return (
      <p className="form__error" role="alert">
        {errorText(preview.error)}
      </p>
    );
  return <ResultRows result={preview.data} empty="The table has no rows." />;
}
