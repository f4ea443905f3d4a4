// What a bulk tagging call did: how many records changed, and each refused record by name with the server's reason.
import { outcomeSummary, type BulkOutcome } from './outcome';

export function OutcomeReport({ mode, outcome }: { mode: 'add' | 'remove'; outcome: BulkOutcome }) {
  return (
    <div className="bulk-tags__outcome" role="status" data-testid="bulk-tag-outcome">
      <p>{outcomeSummary(mode, outcome)}</p>
      {outcome.failed.length > 0 && (
        <ul className="bulk-tags__failures" aria-label={mode === 'add' ? 'Records not tagged' : 'Records not changed'}>
          {outcome.failed.map((failure) => (
            <li key={failure.id} data-failed={failure.id}>
              <strong>{failure.name}</strong>: <span className="bulk-tags__reason">{failure.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
