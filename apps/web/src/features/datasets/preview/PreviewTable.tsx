// The data preview: one page of rows (offset 0, limit 100 first), with the previous and next pages.
import { useState } from 'react';
import type { Dataset } from '@atlas/domain';
import { errorText } from '../../../api/errors';
import { DataTable } from '../../../ui/DataTable';
import { Spinner } from '../../../ui/Spinner';
import { formatCount } from '../format';
import { PREVIEW_LIMIT } from './previewData';
import { usePreviewRows } from './usePreviewRows';

export function PreviewTable({ dataset, rowCount }: { dataset: Dataset; rowCount: number | null }) {
  const [requested, setRequested] = useState(0);
  const rows = usePreviewRows(dataset, requested, PREVIEW_LIMIT);
  if (rows.isPending) return <Spinner label="Reading the first rows…" />;
  if (rows.isError)
    return (
      <p className="form__error" role="alert">
        {errorText(rows.error)}
      </p>
    );
  const { columns, rows: shown, offset } = rows.data;
  const last = offset + shown.length;
  const more = rowCount === null ? shown.length === PREVIEW_LIMIT : last < rowCount;
  return (
    <div className="preview">
      <div className="preview__scroll">
        <DataTable columns={columns.map((name) => ({ name }))} rows={shown} firstRow={offset + 1} className="preview__table" testId="preview-table" busy={rows.isFetching} />
      </div>
      <nav className="pager" aria-label="Preview pages">
        <span className="pager__summary" data-testid="preview-summary">
          {shown.length ? `Rows ${formatCount(offset + 1)}–${formatCount(last)}` : 'No rows'}
          {rowCount === null ? '' : ` of ${formatCount(rowCount)}`}
        </span>
        <span className="pager__buttons">
          <button type="button" className="button button--ghost" disabled={offset === 0 || rows.isFetching} onClick={() => setRequested(Math.max(0, offset - PREVIEW_LIMIT))}>
            Previous
          </button>
          <button type="button" className="button button--ghost" disabled={!more || rows.isFetching} onClick={() => setRequested(offset + PREVIEW_LIMIT)}>
            Next
          </button>
        </span>
      </nav>
    </div>
  );
}
