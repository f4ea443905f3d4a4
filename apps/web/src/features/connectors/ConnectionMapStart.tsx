// /new?connectorUuid={id}: a map started from a data connection. Maps draw datasets, so the user writes a query on the
// connection, may preview its first rows, and the result becomes a dataset linked to the connection, which the map
// builder then opens (/new?datasetUuid=…). Storage connections hold files: they are imported from the Connectors screen.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DataConnection, DataQueryJsonResult } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { StandalonePage } from '../../ui/StandalonePage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { formatBytes } from '../datasets/format';
import { connectionType } from './connectionTypes';
import { PREVIEW_ROWS } from './preview';
import { queryDataset, type QueryDatasetStep } from './queryDataset';
import { ResultRows } from './ResultRows';
import './connectors.css';

type Preview = { state: 'running' } | { state: 'done'; result: DataQueryJsonResult } | { state: 'failed'; error: unknown };
type Run = { state: 'idle' } | { state: 'running'; step: QueryDatasetStep } | { state: 'failed'; error: unknown };

const stepText = (step: QueryDatasetStep) =>
  step.step === 'query' ? 'Running the query on the connection…' : step.step === 'upload' ? `Storing the result (${formatBytes(step.bytes)}) as a dataset…` : 'Opening the map…';

export function ConnectionMapStart({ connectionId }: { connectionId: string }) {
  const client = useApiClient();
  useDocumentTitle('New map from a connection');
  const connection = useQuery({ queryKey: ['data-connections', 'one', connectionId], queryFn: () => client.dataConnections.get(connectionId), retry: false });
  return (
    <StandalonePage brandLink={paths.workspace()}>
      {connection.isError ? (
        <ErrorState title="Could not open this connection" message={errorText(connection.error)} onRetry={() => void connection.refetch()} />
      ) : connection.data ? (
        connectionType(connection.data.type).kind === 'storage' ? (
          <StorageNotice connection={connection.data} />
        ) : (
          <QueryForm connection={connection.data} />
        )
      ) : (
        <Spinner label="Opening the connection…" />
      )}
    </StandalonePage>
  );
}

function StorageNotice({ connection }: { connection: DataConnection }) {
  return (
    <div className="card state-card">
      <h1 className="state-card__title">{connection.name} holds files, not tables</h1>
      <p className="state-card__text">A map is drawn from datasets. Import a file of this storage connection as a dataset on the Connectors screen, then start a map from it.</p>
      <p>
        <Link className="button button--primary" to={paths.connectors()}>
          Go to connectors
        </Link>
      </p>
    </div>
  );
}

function QueryForm({ connection }: { connection: DataConnection }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [name, setName] = useState(`${connection.name} query`);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = run.state === 'running';
  const ready = query.trim() !== '' && name.trim() !== '';

  const showPreview = async () => {
    setPreview({ state: 'running' });
    try {
      setPreview({ state: 'done', result: await client.dataQueries.json({ connectionId: connection.id, query, limit: PREVIEW_ROWS }) });
    } catch (error) {
      setPreview({ state: 'failed', error });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || running) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const dataset = await queryDataset(client, { connectionId: connection.id, query, name: name.trim() }, (step) => setRun({ state: 'running', step }), controller.signal);
      navigate(paths.newMap({ datasetUuids: [dataset.id] }), { replace: true });
    } catch (error) {
      setRun(controller.signal.aborted ? { state: 'idle' } : { state: 'failed', error });
    }
  };

  return (
    <form className="card connection-map-start" onSubmit={(event) => void submit(event)} aria-labelledby="connection-map-title">
      <h1 id="connection-map-title" className="state-card__title">
        New map from {connection.name}
      </h1>
      <p className="field__hint">
        {connectionType(connection.type).label} connection. The query runs on the warehouse (read-only); its result becomes a dataset linked to the connection,
        which the map builder opens.
      </p>
      <label className="field">
        <span className="field__label">Query</span>
        <textarea className="field__input connection-map-start__sql" value={query} onChange={(event) => setQuery(event.target.value)} rows={8} spellCheck={false} placeholder="SELECT name, latitude, longitude FROM places" required disabled={running} />
      </label>
      <label className="field">
        <span className="field__label">Dataset name</span>
        <input className="field__input" value={name} onChange={(event) => setName(event.target.value)} maxLength={255} required disabled={running} />
      </label>
      {run.state === 'failed' && (
        <p className="form__error" role="alert">
          {errorText(run.error)}
        </p>
      )}
      <div className="connection-map-start__actions">
        <button type="button" className="button" onClick={() => void showPreview()} disabled={!query.trim() || running || preview?.state === 'running'}>
          Preview
        </button>
        <button type="submit" className="button button--primary" disabled={!ready || running}>
          Make a dataset and open the map
        </button>
        {running && (
          <>
            <span role="status" className="connection-map-start__status">
              {stepText(run.step)}
            </span>
            <button type="button" className="button button--ghost" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          </>
        )}
        <Link className="button button--ghost" to={paths.newMap()}>
          Start from datasets instead
        </Link>
      </div>
      {preview && <QueryPreview preview={preview} />}
    </form>
  );
}

function QueryPreview({ preview }: { preview: Preview }) {
  if (preview.state === 'running') return <Spinner label="Reading the first rows…" />;
  if (preview.state === 'failed')
    return (
      <p className="form__error" role="alert">
        {errorText(preview.error)}
      </p>
    );
  return <ResultRows result={preview.result} empty="The query answers no rows: the dataset would be empty." />;
}
