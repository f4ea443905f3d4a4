import { useId, useState, type FormEvent } from 'react';
import type { SignInRequest } from '@atlas/domain';

interface SignInFormProps {
  onSubmit: (credentials: SignInRequest) => void;
  pending: boolean;
  /** The last failure, shown as an alert. */
  error: string | null;
}

/** Email and password, with labels; reports what was typed, does not call anything itself. */
export function SignInForm({ onSubmit, pending, error }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit({ email: email.trim(), password });
  };

  return (
    <form className="form" onSubmit={submit} aria-busy={pending}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className="field__input"
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          Password
        </label>
        <input
          id={`${id}-password`}
          className="field__input"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        Sign in
      </button>
    </form>
  );
}
