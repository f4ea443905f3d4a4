import type { DatasetStatus } from '@atlas/domain';

const LABELS: Record<DatasetStatus, string> = { new: 'No data yet', pending: 'Loading', ready: 'Ready', error: 'Error' };

/** A dataset's status as a small colored label. */
export function StatusBadge({ status }: { status: DatasetStatus }) {
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      {LABELS[status]}
    </span>
  );
}
