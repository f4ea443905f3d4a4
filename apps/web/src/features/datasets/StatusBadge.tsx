import type { DatasetStatus } from '@atlas/domain';
import { rollupBuildText } from './rollupStatus';

const LABELS: Record<DatasetStatus, string> = { new: 'No data yet', pending: 'Loading', ready: 'Ready', error: 'Error' };

/** A dataset's status as a small colored label, and the rollup build under way on a panel dataset. */
export function StatusBadge({ status, metadata = {} }: { status: DatasetStatus; metadata?: Record<string, unknown> }) {
  const building = rollupBuildText(metadata);
  return (
    <>
      <span className={`status-badge status-badge--${status}`} data-status={status}>
        {LABELS[status]}
      </span>
      {building && (
        <span className="status-badge__building" data-testid="dataset-rollups">
          {building}
        </span>
      )}
    </>
  );
}
