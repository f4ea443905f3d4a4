// The first rows of a table, read through the connection (POST /v1/data-queries/json with connectionId).
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { PREVIEW_ROWS, cellText, previewSql } from './preview';
import { connectionKeys } from './queries';

export function PreviewTable({ connectionId, schema, table }: { connectionId: string; schema: string; table: string }) {
  const client = useApiClient();
  const preview = useQuery({
    queryKey: connectionKeys.preview(connectionId, schema, table),
    queryFn: () => client.dataQueries.json({ connectionId, query: previewSql(schema, table), limit: PREVIEW_ROWS }),
    retry: false,
  });
  if (preview.isPending) return <Spinner label="Reading the first rows…" />;
  if (preview.isError)
    return (
      <p className="form__error" role="alert">
        {errorText(preview.error)}
      </p>
    );
  const { columns, rows, total } = preview.data;
  if (rows.length === 0) return <p className="catalogue-list__empty">The table has no rows.</p>;
  return (
    <div className="connectors-browse__preview">
      <p className="field__hint" data-testid="preview-count">
        {total > rows.length ? `The first ${rows.length} rows` : `All ${total} ${total === 1 ? 'row' : 'rows'}`}
      </p>
      <div className="connectors-browse__scroll">
        <table className="table" aria-label="Preview">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col">
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.name} className={row[column.name] === null ? 'connectors-browse__null' : undefined}>
                    {cellText(row[column.name])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
