import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';

interface AuthFormProps {
  /** Called on submit unless a call is already under way. */
  onSubmit: () => void;
  pending: boolean;
  /** The last failure, shown as an alert. */
  error: string | null;
  submitLabel: string;
  children: ReactNode;
}

/** The form of a signed-out page: its fields, the last failure, one full-width button. */
export function AuthForm({ onSubmit, pending, error, submitLabel, children }: AuthFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <form className="form" onSubmit={submit} aria-busy={pending}>
      {children}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

type AuthFieldProps = { label: string; hint?: string; onValue: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange'>;

/** A labelled input, with an optional hint read out with it. */
export function AuthField({ label, hint, onValue, ...input }: AuthFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onValue(event.target.value)} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
