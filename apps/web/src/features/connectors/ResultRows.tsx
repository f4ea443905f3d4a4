// The first rows of a result read through a connection (POST /v1/data-queries/json), with how many there are in all.
import type { DataQueryJsonResult } from '@atlas/domain';
import { cellText } from './preview';

export function ResultRows({ result, empty }: { result: Pick<DataQueryJsonResult, 'columns' | 'rows' | 'total'>; empty: string }) {
  const { columns, rows, total } = result;
  if (rows.length === 0) return <p className="catalogue-list__empty">{empty}</p>;
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
