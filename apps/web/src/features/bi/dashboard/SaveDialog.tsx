import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CatalogueRecord } from '@atlas/domain';
import { useApiClient } from '../../../api/ApiClientContext';
import { errorText } from '../../../api/errors';
import { Modal } from '../../sharing';
import type { DashboardStateData } from './dashboardState';
import { saveDashboard } from './saveDashboard';

/** Names (or renames) the dashboard and saves its parameters; `onSaved` gets the stored record. */
export function SaveDialog({
  insight,
  proposedName,
  state,
  onSaved,
  onClose,
}: {
  insight?: CatalogueRecord;
  proposedName: string;
  state: DashboardStateData;
  onSaved(record: CatalogueRecord): void;
  onClose(): void;
}) {
  const client = useApiClient();
  const [name, setName] = useState(insight?.name ?? proposedName);
  const save = useMutation({ mutationFn: () => saveDashboard(client, { insight, name: name.trim(), state }), onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };
  return (
    <Modal title={insight ? 'Save dashboard' : 'Save as a new dashboard'} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="field__input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus aria-label="Name" />
          <span className="field__hint">The dashboard keeps every filter of the query bar.</span>
        </label>
        {save.isError && (
          <p className="form__error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <div className="bi-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!name.trim() || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
