// Publishing a new report: one or more datasets the user can read (searched), a name, a description, an optional
// password, and whether the first rows of each dataset go into it. Then the snapshot is taken, the report created and
// published, each step shown as it runs; a failure reads "message (details)". Makers only: the server refuses viewer
// seats ("A viewer seat cannot create reports"), so the button is not offered to them.
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Dataset, PublishedDatasetRef, PublishedItem } from '@atlas/domain';
import { PUBLISHED_PASSWORD_LIMITS } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { Modal } from '../sharing';
import { publishNewReport, stepText, type PublishStep } from './publishFlow';
import { PICKER_LIMIT, reportKeys, useReadableDatasets } from './queries';
import { DESCRIPTION_MAX, NAME_MAX, PREVIEW_ROWS, draftProblem } from './reportModel';
import { PublicLink } from './PublicLink';
import './reports.css';

export interface PublishReportDialogProps {
  /** Datasets picked from the start (the dataset details screen's own). */
  initialDatasets?: readonly PublishedDatasetRef[];
  onClose(): void;
}

export function PublishReportDialog({ initialDatasets = [], onClose }: PublishReportDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PublishedDatasetRef[]>(() => [...initialDatasets]);
  const [name, setName] = useState(() => (initialDatasets.length === 1 ? initialDatasets[0]!.name : ''));
  const [description, setDescription] = useState('');
  const [password, setPassword] = useState('');
  const [includeRows, setIncludeRows] = useState(true);
  const [step, setStep] = useState<PublishStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [published, setPublished] = useState<PublishedItem | null>(null);
  const [tried, setTried] = useState(false);
  const problem = draftProblem({ datasets: picked, name, description, password });
  const busy = step !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || busy) return;
    setFailure(null);
    try {
      const item = await publishNewReport(client, { datasets: picked, name, description, password, includeRows }, setStep);
      setPublished(item);
    } catch (error) {
      setFailure(`Could not publish the report: ${errorText(error)}`);
    } finally {
      setStep(null);
      // A report created but not published is listed as pending, to publish from there.
      void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
    }
  };

  if (published)
    return (
      <Modal
        title="Report published"
        onClose={onClose}
        wide
        footer={
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <div className="report-dialog" data-testid="report-published">
          <p>
            <strong>{published.name}</strong> is published{published.passwordProtected ? ' with a password' : ''}: anyone with the link can open it
            {published.passwordProtected ? ' once they enter the password' : ''}.
          </p>
          <PublicLink id={published.id} />
        </div>
      </Modal>
    );

  return (
    <Modal title="Publish a report" onClose={onClose} wide>
      <form className="report-dialog" onSubmit={(event) => void submit(event)} data-testid="publish-report-form" noValidate>
        <fieldset className="report-dialog__fields" disabled={busy}>
          <DatasetPicker picked={picked} onChange={setPicked} />
          <label className="field">
            <span className="field__label">Name</span>
            <input className="field__input" value={name} maxLength={NAME_MAX} onChange={(event) => setName(event.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Description</span>
            <textarea className="field__input" rows={3} value={description} maxLength={DESCRIPTION_MAX} onChange={(event) => setDescription(event.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Password (optional)</span>
            <input
              className="field__input"
              type="password"
              autoComplete="new-password"
              value={password}
              maxLength={PUBLISHED_PASSWORD_LIMITS.maxLength}
              onChange={(event) => setPassword(event.target.value)}
            />
            <span className="field__hint">Leave empty and anyone with the link can open the report.</span>
          </label>
          <label className="report-dialog__check">
            <input type="checkbox" checked={includeRows} onChange={(event) => setIncludeRows(event.target.checked)} />
            Include the first {PREVIEW_ROWS} rows of each dataset (otherwise only its columns)
          </label>
        </fieldset>
        <p className="field__hint">The report is a copy taken now: later changes to the datasets show once you publish it again.</p>
        {step && (
          <p className="report-dialog__progress" role="status" data-testid="publish-progress">
            {stepText(step)}
          </p>
        )}
        {tried && problem && !busy && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        {failure && (
          <p className="form__error" role="alert" data-testid="publish-error">
            {failure}
          </p>
        )}
        <div className="report-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Publishing…' : 'Publish report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The datasets picked (removable chips) and a search over those the user can read. */
export function DatasetPicker({ picked, onChange }: { picked: readonly PublishedDatasetRef[]; onChange(next: PublishedDatasetRef[]): void }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useReadableDatasets(search);
  const pickedIds = new Set(picked.map((dataset) => dataset.id));
  const toggle = (dataset: Pick<Dataset, 'id' | 'name'>) =>
    onChange(pickedIds.has(dataset.id) ? picked.filter((item) => item.id !== dataset.id) : [...picked, { id: dataset.id, name: dataset.name }]);

  return (
    <div className="field report-picker">
      <span className="field__label" id="report-picker-label">
        Datasets
      </span>
      <PickedDatasets picked={picked} onRemove={(id) => onChange(picked.filter((item) => item.id !== id))} />
      <input
        className="field__input"
        type="search"
        placeholder="Search your datasets, your organization’s and those shared with you"
        aria-label="Search datasets"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div className="report-picker__options" role="group" aria-labelledby="report-picker-label" aria-busy={options.isFetching}>
        {options.isError ? (
          <p className="form__error" role="alert">
            {errorText(options.error)}
          </p>
        ) : options.data === undefined ? (
          <Spinner label="Loading datasets…" />
        ) : options.data.length === 0 ? (
          <p className="report-picker__empty">{search ? `No dataset you can read matches “${search}”.` : 'You can read no datasets yet: upload one first.'}</p>
        ) : (
          options.data.map((dataset) => (
            <label key={dataset.id} className="report-picker__option">
              <input type="checkbox" checked={pickedIds.has(dataset.id)} onChange={() => toggle(dataset)} />
              <span className="report-picker__name">{dataset.name}</span>
              <span className="report-picker__meta">{dataset.owner.name}</span>
            </label>
          ))
        )}
        {options.data && options.data.length >= PICKER_LIMIT && <p className="report-picker__empty">Showing the first matches: search to narrow them.</p>}
      </div>
    </div>
  );
}

export function PickedDatasets({ picked, onRemove }: { picked: readonly PublishedDatasetRef[]; onRemove(id: string): void }) {
  if (picked.length === 0) return <p className="report-picker__empty">No dataset picked yet.</p>;
  return (
    <ul className="report-picker__picked" aria-label="Picked datasets">
      {picked.map((dataset) => (
        <li key={dataset.id} className="report-chip">
          {dataset.name}
          <button type="button" className="report-chip__remove" aria-label={`Remove ${dataset.name}`} onClick={() => onRemove(dataset.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
