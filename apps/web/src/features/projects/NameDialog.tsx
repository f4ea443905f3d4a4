// One dialog for naming things on the projects screen: a new project, a new folder, a rename.
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../sharing';
import { DESCRIPTION_MAX, NAME_MAX, nameProblem } from './names';

export interface NameDialogProps {
  title: string;
  label: string;
  confirmLabel: string;
  initialName?: string;
  /** Shown (and sent) only when given: projects have a description, folders do not. */
  initialDescription?: string;
  busy: boolean;
  /** Why the server refused ("message (details)"). */
  error: string | null;
  onSubmit(values: { name: string; description?: string }): void;
  onClose(): void;
}

export function NameDialog({ title, label, confirmLabel, initialName = '', initialDescription, busy, error, onSubmit, onClose }: NameDialogProps) {
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(name);
    setProblem(found);
    if (found) return;
    onSubmit({ name: name.trim(), ...(initialDescription !== undefined ? { description: description.trim() } : {}) });
  };
  return (
    <Modal
      title={title}
      onClose={busy ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : confirmLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{label}</span>
          <input
            className="field__input"
            value={name}
            maxLength={NAME_MAX}
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
          />
        </label>
        {initialDescription !== undefined && (
          <label className="field">
            <span className="field__label">Description (optional)</span>
            <textarea className="field__input" rows={3} value={description} maxLength={DESCRIPTION_MAX} onChange={(event) => setDescription(event.target.value)} />
          </label>
        )}
        {(problem ?? error) && (
          <p className="form__error" role="alert">
            {problem ?? error}
          </p>
        )}
      </form>
    </Modal>
  );
}
