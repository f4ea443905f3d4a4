// The first rows of a result read through a connection (POST /v1/data-queries/json), with how many there are in all.
import type { DataQueryJsonResult } from '@atlas/domain';
import { DataTable } from '../../ui/DataTable';

export function ResultRows({ result, empty }: { result: Pick<DataQueryJsonResult, 'columns' | 'rows' | 'total'>; empty: string }) {
  const { columns, rows, total } = result;
  if (rows.length === 0) return <p className="catalogue-list__empty">{empty}</p>;
  return (
    <div className="connectors-browse__preview">
      <p className="field__hint" data-testid="preview-count">
        {total > rows.length ? `The first ${rows.length} rows` : `All ${total} ${total === 1 ? 'row' : 'rows'}`}
      </p>
      <div className="connectors-browse__scroll">
        <DataTable columns={columns} rows={rows} showNulls label="Preview" />
      </div>
    </div>
  );
}
