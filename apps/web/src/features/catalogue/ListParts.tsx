// Pieces every catalogue list screen shows: whose records, and a list that could not be read.
import { LIST_SCOPES, SCOPE_LABELS, type ListScope } from './scope';
import './catalogue.css';

/** The scope switch: yours, your organization's, shared with you (or those of `options`, for lists with fewer). */
export function ScopeTabs<S extends ListScope>({ label, value, onChange, options }: { label: string; value: S; onChange(scope: S): void; options?: readonly S[] }) {
  // Without options, S is the whole ListScope: each option is an S either way.
  const shown = (options ?? LIST_SCOPES) as readonly S[];
  return (
    <div className="segmented" role="group" aria-label={label}>
      {shown.map((option) => (
        <button key={option} type="button" className="segmented__option" aria-pressed={value === option} onClick={() => onChange(option)}>
          {SCOPE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}

/** Why the list could not be read ("message (details)"), and a way to ask again. */
export function ListError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="catalogue-list__error">
      <p className="form__error" role="alert">
        {message}
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
