// An execution's state as a badge (queued, running, success, failure, cancelled) with what is known of it.
import type { QueryExecution, QueryExecutionState } from '@atlas/domain';
import { STATE_LABELS, durationText, isActive } from './model';

export function StateBadge({ state }: { state: QueryExecutionState }) {
  return (
    <span className={`queries-state queries-state--${state}`} data-state={state}>
      {isActive(state) && <span className="queries-state__pulse" aria-hidden="true" />}
      {STATE_LABELS[state]}
    </span>
  );
}

export function ExecutionState({ state, execution }: { state: QueryExecutionState; execution: QueryExecution | null }) {
  const duration = execution ? durationText(execution) : null;
  return (
    <div className="queries-execution" role="status" aria-live="polite" data-testid="execution-state" data-state={state}>
      <StateBadge state={state} />
      {execution ? (
        <span className="queries-execution__facts">
          {execution.rowCount !== null && `${execution.rowCount.toLocaleString('en-US')} rows · `}
          {duration && `${duration} · `}
          {execution.cacheHit ? 'from the cache · ' : ''}
          execution {execution.id.slice(0, 8)}
          {execution.error && state !== 'failure' ? ` · ${execution.error}` : ''}
        </span>
      ) : (
        <span className="queries-execution__facts">waiting for the execution record…</span>
      )}
    </div>
  );
}
