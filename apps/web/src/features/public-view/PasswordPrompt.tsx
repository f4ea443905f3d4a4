// The lock screen of a password-protected published item: its name and description (answered without the password),
// one password field, and the server's answer to a wrong or refused try.
import { useState, type FormEvent } from 'react';
import type { PublishedInfo } from '@atlas/domain';
import { unlockFailure, type UnlockFailure } from './passwordPrompt';

export interface PasswordPromptProps {
  info: Pick<PublishedInfo, 'name' | 'description'>;
  /** Resolves once opened; a rejection is shown under the field. */
  onUnlock(password: string): Promise<void>;
  /** A failure to show from the start (tests and server-side rendering). */
  initialFailure?: UnlockFailure | null;
}

export function PasswordPrompt({ info, onUnlock, initialFailure = null }: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<UnlockFailure | null>(initialFailure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onUnlock(password);
    } catch (error) {
      setFailure(unlockFailure(error));
      setBusy(false);
    }
  };

  return (
    <section className="card state-card publishing-lock" aria-labelledby="publishing-lock-title">
      <h1 id="publishing-lock-title" className="state-card__title">
        {info.name}
      </h1>
      {info.description && <p className="state-card__text">{info.description}</p>}
      <form className="form publishing-lock__form" onSubmit={(event) => void submit(event)}>
        <p className="state-card__text">This item is password-protected. Enter its password to open it.</p>
        <label className="field">
          <span className="field__label">Password</span>
          <input className="field__input" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />
        </label>
        {failure && (
          <p className="form__error" role="alert" data-testid="unlock-error">
            {failure.text}
            {failure.locked && ' Wait a moment before trying again.'}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={!password || busy}>
          {busy ? 'Opening…' : 'Open'}
        </button>
      </form>
    </section>
  );
}
