// One cell: its title, what it runs on and its text, Run (Cancel while it runs), the result as a table, chart or map,
// and "Save as dataset". Editing controls are there only for an editor holding the lock; others read the cell and
// follow the dataset its result was saved as. Running needs write too: a run made for a workbook is seen by its
// readers, so the server asks write of whoever runs one.
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import type { DataConnection, Dataset } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { ListPager } from '../catalogue';
import { pageInfo } from '../catalogue/paging';
import { ExecutionState, StateBadge } from '../queries/ExecutionState';
// The execution badge's styles live with the queries screen.
import '../queries/queries.css';
import { CELL_VIEWS, DATASETS_SOURCE, cellProblems, type Cell, type CellView } from './cells';
import { ResultChart, ResultMap, ResultTable } from './CellViews';
import { RESULT_PAGE, type CellResult } from './result';
import { saveCellResult } from './runCell';
import { runStateOf, useCellRun } from './useCellRun';

export interface CellCardProps {
  cell: Cell;
  index: number;
  editing: boolean;
  workbook: { id: string; name: string };
  connections: readonly DataConnection[];
  /** The datasets a cell may name: the user's readable ones and the workbook's own (whose names its readers see). */
  datasets: ReadonlyArray<Pick<Dataset, 'id' | 'name'>>;
  onChange(cell: Cell): void;
  /** Sets some fields of the cell as it is then: for what a run or a save learns while the user may edit on. */
  onPatch(patch: Partial<Cell>): void;
  onRemove(): void;
  onSaved(dataset: Dataset): void;
}

const VIEW_LABELS: Record<CellView, string> = { table: 'Table', chart: 'Chart', map: 'Map' };

export function CellCard({ cell, index, editing, workbook, connections, datasets, onChange, onPatch, onRemove, onSaved }: CellCardProps) {
  const { run, start, cancel, cancelError } = useCellRun(workbook.id, workbook.name, (templateId) => onPatch({ templateId }));
  const [problems, setProblems] = useState<string[]>([]);
  const label = cell.title.trim() || `Cell ${index + 1}`;
  const running = run?.phase === 'running';

  const submit = (offset = 0) => {
    const found = cellProblems(cell);
    setProblems(found);
    if (found.length === 0) void start(cell, offset);
  };

  return (
    <section className="card panel workbook-cell" aria-label={label} data-testid="workbook-cell" data-kind={cell.kind}>
      <header className="workbook-cell__head">
        {editing ? (
          <input className="field__input workbook-cell__title" aria-label="Cell title" placeholder={`Cell ${index + 1}`} value={cell.title} maxLength={200} onChange={(event) => onChange({ ...cell, title: event.target.value })} />
        ) : (
          <h2 className="panel__title">{label}</h2>
        )}
        <span className="workbook-cell__kind">{cell.kind === 'sql' ? 'SQL' : 'Pipeline'}</span>
        {editing && (
          <button type="button" className="button button--ghost" onClick={onRemove}>
            Remove cell
          </button>
        )}
      </header>
      <CellSource cell={cell} editing={editing} connections={connections} datasets={datasets} onChange={onChange} />
      {editing ? (
        <textarea
          className="field__input workbook-cell__text"
          aria-label={cell.kind === 'sql' ? 'SQL' : 'Pipeline JSON'}
          rows={cell.kind === 'sql' ? 5 : 10}
          spellCheck={false}
          placeholder={cell.kind === 'sql' ? (cell.source === DATASETS_SOURCE ? 'select * from {{dataset}} limit 100' : 'select * from my_schema.my_table') : '{"type": "dataset", "props": {"uuid": "…"}}'}
          value={cell.text}
          onChange={(event) => onChange({ ...cell, text: event.target.value })}
        />
      ) : (
        <pre className="workbook-cell__code" data-testid="cell-text">
          {cell.text || (cell.kind === 'sql' ? 'No SQL yet.' : 'No pipeline yet.')}
        </pre>
      )}
      {problems.length > 0 && (
        <ul className="form__error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {editing && (
        <div className="workbook-cell__buttons">
          <button type="button" className="button button--primary" disabled={running} onClick={() => submit()}>
            {running ? 'Running…' : 'Run'}
          </button>
          {running && (
            // A SQL run can be cancelled once its execution is known; a pipeline's request is aborted.
            <button type="button" className="button button--danger" disabled={cell.kind === 'sql' && !run.execution} onClick={() => void cancel()}>
              Cancel
            </button>
          )}
          <ViewSwitch view={cell.view} onChange={(view) => onChange({ ...cell, view })} />
        </div>
      )}
      {run && (
        <div className="workbook-cell__outcome">
          {/* A pipeline's run has no execution record to show: its state alone. */}
          {run.execution || running ? <ExecutionState state={runStateOf(run)} execution={run.execution} /> : <StateBadge state={runStateOf(run)} />}
          {cancelError !== null && (
            <p className="form__error" role="alert">
              Could not cancel the run: {errorText(cancelError)}
            </p>
          )}
          {run.phase === 'failed' && (
            <p className="form__error" role="alert" data-testid="cell-error">
              {errorText(run.error)}
            </p>
          )}
        </div>
      )}
      {run?.result && (
        <CellResultView
          cell={cell}
          editing={editing}
          result={run.result}
          busy={running}
          onChange={onChange}
          onPage={(page) => submit((page - 1) * RESULT_PAGE)}
          save={<SaveResult cell={cell} workbook={workbook} onSaved={onSaved} onPatch={onPatch} />}
        />
      )}
      {!run && <SavedDataset cell={cell} editing={editing} datasets={datasets} />}
    </section>
  );
}

function CellSource({ cell, editing, connections, datasets, onChange }: Pick<CellCardProps, 'cell' | 'editing' | 'connections' | 'datasets' | 'onChange'>) {
  if (cell.kind === 'pipeline') return <p className="field__hint">A pipeline (JSON) over your datasets or one connection, checked by the server when it runs.</p>;
  const connection = connections.find((item) => item.id === cell.source);
  const dataset = datasets.find((item) => item.id === cell.datasetId);
  if (!editing)
    return (
      <p className="field__hint" data-testid="cell-source">
        {cell.source === DATASETS_SOURCE ? `Over the dataset ${dataset?.name ?? '(not shared with you)'} as {{dataset}}` : `On the connection ${connection?.name ?? '(not shared with you)'}`}
      </p>
    );
  return (
    <div className="workbook-cell__source">
      <label className="field">
        <span className="field__label">Runs on</span>
        <select className="field__input" aria-label="Runs on" value={cell.source} onChange={(event) => onChange({ ...cell, source: event.target.value })}>
          <option value={DATASETS_SOURCE}>My datasets</option>
          {cell.source !== DATASETS_SOURCE && !connection && <option value={cell.source}>A connection not shared with you</option>}
          {connections.map((item) => (
            <option key={item.id} value={item.id}>
              Connection: {item.name}
            </option>
          ))}
        </select>
      </label>
      {cell.source === DATASETS_SOURCE && (
        <label className="field">
          <span className="field__label">Dataset ({'{{dataset}}'} in the SQL)</span>
          <select className="field__input" aria-label="Cell dataset" value={cell.datasetId ?? ''} onChange={(event) => onChange({ ...cell, datasetId: event.target.value || null })}>
            <option value="">{datasets.length ? 'Choose a dataset…' : 'You have no dataset yet'}</option>
            {cell.datasetId && !dataset && <option value={cell.datasetId}>A dataset not shared with you</option>}
            {datasets.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

function ViewSwitch({ view, onChange }: { view: CellView; onChange(view: CellView): void }) {
  return (
    <div className="workbook-cell__views" role="radiogroup" aria-label="Show the result as">
      {CELL_VIEWS.map((item) => (
        <button key={item} type="button" role="radio" aria-checked={view === item} className={`button ${view === item ? 'button--primary' : 'button--ghost'}`} onClick={() => onChange(item)}>
          {VIEW_LABELS[item]}
        </button>
      ))}
    </div>
  );
}

function CellResultView({
  cell,
  editing,
  result,
  busy,
  onChange,
  onPage,
  save,
}: {
  cell: Cell;
  editing: boolean;
  result: CellResult;
  busy: boolean;
  onChange(cell: Cell): void;
  onPage(page: number): void;
  save: ReactNode;
}) {
  const info = pageInfo(result.total, Math.floor(result.offset / RESULT_PAGE) + 1, RESULT_PAGE);
  return (
    <div className="workbook-cell__result" data-view={cell.view}>
      {result.total === 0 ? (
        <p className="catalogue-list__empty">The query answered no rows.</p>
      ) : cell.view === 'chart' ? (
        <Suspense fallback={<Spinner label="Loading the chart…" />}>
          <ResultChart result={result} chart={cell.chart} canEdit={editing} onChange={(chart) => onChange({ ...cell, chart })} />
        </Suspense>
      ) : cell.view === 'map' ? (
        <ResultMap result={result} />
      ) : (
        <ResultTable result={result} />
      )}
      <div className="workbook-cell__footer">
        <span className="field__hint" data-testid="cell-count">
          {result.total.toLocaleString('en-US')} {result.total === 1 ? 'row' : 'rows'}
        </span>
        {info.pageCount > 1 && <ListPager page={info} onPage={(page) => !busy && onPage(page)} refreshing={busy} />}
      </div>
      {editing && result.total > 0 && save}
    </div>
  );
}

function SaveResult({ cell, workbook, onSaved, onPatch }: { cell: Cell; workbook: { id: string; name: string }; onSaved(dataset: Dataset): void; onPatch(patch: Partial<Cell>): void }) {
  const client = useApiClient();
  const [name, setName] = useState(() => `${workbook.name} · ${cell.title.trim() || 'result'}`.slice(0, 200));
  const save = useMutation({
    mutationFn: () => saveCellResult(client, cell, name.trim(), { workbookId: workbook.id, workbookName: workbook.name, templateId: cell.templateId ?? undefined }),
    onSuccess: (dataset) => {
      onPatch({ savedDatasetId: dataset.id });
      onSaved(dataset);
    },
  });
  return (
    <form
      className="workbook-cell__save"
      aria-label="Save the result as a dataset"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) save.mutate();
      }}
    >
      <label className="field">
        <span className="field__label">Save the whole result as a dataset</span>
        <input className="field__input" aria-label="Dataset name" value={name} maxLength={200} disabled={save.isPending} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={save.isPending || !name.trim()}>
        {save.isPending ? 'Saving the result…' : 'Save as dataset'}
      </button>
      {save.isError && (
        <p className="form__error" role="alert">
          Could not save the result: {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="field__hint" role="status" data-testid="cell-saved">
          Saved as <Link to={paths.dataset(save.data.id)}>{save.data.name}</Link>.
        </p>
      )}
    </form>
  );
}

function SavedDataset({ cell, editing, datasets }: { cell: Cell; editing: boolean; datasets: CellCardProps['datasets'] }) {
  if (!cell.savedDatasetId) return editing ? null : <p className="field__hint">Not run here: running a cell is for those who edit the workbook.</p>;
  const dataset = datasets.find((item) => item.id === cell.savedDatasetId);
  return (
    <p className="field__hint" data-testid="cell-saved">
      The result was saved as <Link to={paths.dataset(cell.savedDatasetId)}>{dataset?.name ?? 'a dataset'}</Link>.
    </p>
  );
}
