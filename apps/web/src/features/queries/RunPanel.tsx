// Running a template: its parameters as inputs (a list one value a line; values of a dataset column to pick from),
// the dataset for {{dataset}}, an optional rollup, then the execution as it goes (queued, running, then success,
// failure or cancelled; Cancel while it runs) and its rows a page at a time. A maker saves the run as a bookmark.
//
// POST /v1/data-queries/json answers only when the query ended, so while it runs the screen polls the caller's
// executions for the new one of this template (one that was not there before): that gives its state and the id
// Cancel needs. Each result page is a run of its own (JSON pages are not cached).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AGGREGATIONS, type DataQueryJsonResult, type ParameterValues, type QueryExecution, type QueryTemplate, type Rollup, type TemplateParameter } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { Spinner } from '../../ui/Spinner';
import { ListPager, canCreate } from '../catalogue';
import { pageInfo } from '../catalogue/paging';
import { cellText } from '../../ui/cellText';
import { DataTable } from '../../ui/DataTable';
import { BookmarkDialog } from './BookmarkDialog';
import { ExecutionState } from './ExecutionState';
import {
  buildRollup,
  buildRunParameters,
  emptyRollup,
  findRunExecution,
  initialInputs,
  withPicked,
  type ParameterInput,
  type RollupDraft,
} from './model';
import { queryKeys, useAllTemplates, useColumnDistinct, useDatasetColumns, useReadableDatasets, useTemplate } from './queries';

export interface RunSeed {
  key: number;
  templateId: string;
  datasetId?: string;
  parameters?: ParameterValues;
}

export const RESULT_PAGE = 50;
const POLL_MS = 400;

interface RunRequest {
  templateId: string;
  datasetId?: string;
  parameters: ParameterValues;
  rollup?: Rollup;
}

interface RunState {
  request: RunRequest;
  offset: number;
  phase: 'running' | 'done' | 'failed';
  execution: QueryExecution | null;
  result: DataQueryJsonResult | null;
  error: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function RunPanel({ templateId, seed, onTemplate }: { templateId: string | null; seed: RunSeed | null; onTemplate(id: string | null): void }) {
  const templates = useAllTemplates();
  const template = useTemplate(templateId);
  return (
    <section className="card panel queries-run" aria-label="Run a template">
      <label className="field queries-run__picker">
        <span className="field__label">Template</span>
        <select className="field__input" aria-label="Template" value={templateId ?? ''} onChange={(event) => onTemplate(event.target.value || null)}>
          <option value="">Choose a template…</option>
          {templateId && !templates.data?.some((item) => item.id === templateId) && template.data && <option value={templateId}>{template.data.name}</option>}
          {(templates.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      {templateId === null ? (
        <p className="catalogue-list__empty">
          {templates.data?.length === 0 ? 'There is no template to run yet: none is yours or shared with you.' : 'Choose a template to fill in its parameters and run it.'}
        </p>
      ) : template.isPending ? (
        <Spinner label="Loading the template…" />
      ) : template.isError ? (
        <p className="form__error" role="alert">
          {errorText(template.error)}
        </p>
      ) : (
        <RunForm key={template.data.id} template={template.data} seed={seed} />
      )}
    </section>
  );
}

function RunForm({ template, seed }: { template: QueryTemplate; seed: RunSeed | null }) {
  const client = useApiClient();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const datasets = useReadableDatasets();
  const [datasetId, setDatasetId] = useState<string>(seed?.datasetId ?? template.datasetId ?? '');
  const [inputs, setInputs] = useState<Record<string, ParameterInput>>(() => initialInputs(template.parameters, seed?.parameters));
  const [rollup, setRollup] = useState<RollupDraft>(emptyRollup);
  const [problems, setProblems] = useState<string[]>([]);
  const [run, setRun] = useState<RunState | null>(null);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const [bookmarking, setBookmarking] = useState<{ parameters: ParameterValues; datasetId?: string } | null>(null);
  const token = useRef(0);
  const columns = useDatasetColumns(datasetId || null);
  useEffect(() => () => void (token.current += 1), []);

  const usesDataset = /\{\{\s*dataset\s*\}\}/.test(template.template);

  const collect = (): { request: RunRequest | null; problems: string[] } => {
    const parameters = buildRunParameters(template.parameters, inputs);
    const rolled = buildRollup(rollup);
    const found = [...parameters.problems, ...rolled.problems];
    if (usesDataset && !datasetId) found.push('Choose the dataset {{dataset}} stands for');
    if (found.length) return { request: null, problems: found };
    return { request: { templateId: template.id, datasetId: datasetId || undefined, parameters: parameters.values, rollup: rolled.rollup }, problems: [] };
  };

  const start = async (request: RunRequest, offset: number) => {
    const mine = ++token.current;
    const current = () => token.current === mine;
    setCancelError(null);
    setRun((previous) => ({ request, offset, phase: 'running', execution: null, result: previous?.request === request ? previous.result : null, error: null }));
    let found: QueryExecution | null = null;
    let before: Set<string>;
    try {
      before = new Set((await client.dataQueries.executions({ limit: 20 })).items.map((item) => item.id));
    } catch {
      before = new Set();
    }
    let finished = false;
    const watch = async () => {
      while (!finished && current()) {
        await sleep(POLL_MS);
        if (finished || !current()) return;
        const list = await client.dataQueries.executions({ limit: 10 }).catch(() => null);
        const seen = list && findRunExecution(list.items, request.templateId, before);
        if (seen && !finished && current()) {
          found = seen;
          setRun((state) => (state && state.phase === 'running' ? { ...state, execution: seen } : state));
        }
      }
    };
    void watch();
    try {
      const result = await client.dataQueries.json({
        queryTemplateId: request.templateId,
        datasetId: request.datasetId,
        parameters: request.parameters,
        rollup: request.rollup,
        offset,
        limit: RESULT_PAGE,
      });
      finished = true;
      const execution = await client.dataQueries.execution(result.executionId).catch(() => null);
      if (current()) setRun({ request, offset, phase: 'done', execution, result, error: null });
    } catch (error) {
      finished = true;
      const id: string | undefined = (found as QueryExecution | null)?.id;
      const execution = id ? await client.dataQueries.execution(id).catch(() => null) : null;
      if (current()) setRun((state) => ({ request, offset, phase: 'failed', execution, result: state?.result ?? null, error }));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['data-queries', 'executions'] });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const collected = collect();
    setProblems(collected.problems);
    if (collected.request) void start(collected.request, 0);
  };

  const cancel = async (execution: QueryExecution) => {
    setCancelError(null);
    try {
      const cancelled = await client.dataQueries.cancel(execution.id);
      setRun((state) => (state && state.phase === 'running' ? { ...state, execution: cancelled } : state));
    } catch (error) {
      setCancelError(error);
    }
  };

  const saveBookmark = () => {
    const collected = collect();
    setProblems(collected.problems);
    if (collected.request) setBookmarking({ parameters: collected.request.parameters, datasetId: collected.request.datasetId });
  };

  const running = run?.phase === 'running';
  const state = run?.execution?.status ?? (running ? 'queued' : null);
  return (
    <>
    <form className="form queries-run__form" onSubmit={submit} noValidate aria-label="Run form">
      {template.description && <p className="queries-run__description">{template.description}</p>}
      <details className="queries-run__sql">
        <summary>SQL (version {template.version})</summary>
        <pre>{template.template}</pre>
      </details>
      <label className="field queries-run__dataset">
        <span className="field__label">Dataset {usesDataset ? '({{dataset}})' : '(the template does not use {{dataset}})'}</span>
        <select className="field__input" aria-label="Run dataset" value={datasetId} onChange={(event) => setDatasetId(event.target.value)}>
          <option value="">None</option>
          {datasetId && !datasets.data?.some((dataset) => dataset.id === datasetId) && <option value={datasetId}>The template’s dataset</option>}
          {(datasets.data ?? []).map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name}
            </option>
          ))}
        </select>
      </label>
      {template.parameters.length > 0 && (
        <fieldset className="queries-run__parameters">
          <legend>Parameters</legend>
          {template.parameters.map((parameter) => (
            <ParameterField
              key={parameter.name}
              parameter={parameter}
              input={inputs[parameter.name] ?? { text: '', list: false }}
              datasetId={datasetId || null}
              columns={columns.data ?? []}
              onChange={(input) => setInputs((current) => ({ ...current, [parameter.name]: input }))}
            />
          ))}
        </fieldset>
      )}
      <RollupFields draft={rollup} onChange={setRollup} />
      {problems.length > 0 && (
        <ul className="form__error queries-form__problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="queries-run__buttons">
        <button type="submit" className="button button--primary" disabled={running}>
          {running ? 'Running…' : 'Run'}
        </button>
        {running && (
          <button type="button" className="button button--danger" disabled={!run.execution} onClick={() => run.execution && void cancel(run.execution)}>
            Cancel
          </button>
        )}
        {canCreate(user) && (
          <button type="button" className="button button--ghost" onClick={saveBookmark}>
            Save as bookmark
          </button>
        )}
      </div>
      {run && state && (
        <div className="queries-run__outcome">
          <ExecutionState state={state} execution={run.execution} />
          {cancelError !== null && (
            <p className="form__error" role="alert">
              {errorText(cancelError)}
            </p>
          )}
          {run.phase === 'failed' && state !== 'cancelled' && (
            <p className="form__error" role="alert" data-testid="run-error">
              {errorText(run.error)}
            </p>
          )}
        </div>
      )}
      {run?.result && <ResultTable result={run.result} busy={running} onPage={(page) => void start(run.request, (page - 1) * RESULT_PAGE)} />}
    </form>
    {bookmarking && <BookmarkDialog template={template} query={bookmarking} onClose={() => setBookmarking(null)} />}
    </>
  );
}

function ParameterField({
  parameter,
  input,
  datasetId,
  columns,
  onChange,
}: {
  parameter: TemplateParameter;
  input: ParameterInput;
  datasetId: string | null;
  columns: readonly string[];
  onChange(input: ParameterInput): void;
}) {
  // A parameter named like a column of the dataset is bound to it: its values are offered; another column can be picked.
  const [column, setColumn] = useState<string | null>(null);
  const bound = column ?? (columns.includes(parameter.name) ? parameter.name : '');
  const distinct = useColumnDistinct(datasetId, bound || null);
  const id = `parameter-${parameter.name}`;
  const defaultText = parameter.default === undefined ? 'no default' : `default ${Array.isArray(parameter.default) ? parameter.default.join(', ') : String(parameter.default)}`;
  return (
    <div className="queries-run__parameter" data-parameter={parameter.name}>
      <label className="field__label" htmlFor={id}>
        {parameter.name} <span className="queries-run__type">({parameter.type}{input.list ? ' list' : ''}, {defaultText})</span>
      </label>
      {parameter.description && <span className="field__hint">{parameter.description}</span>}
      <div className="queries-run__value">
        {input.list ? (
          <textarea id={id} className="field__input" rows={3} aria-label={`Value of ${parameter.name}`} placeholder="One value a line" value={input.text} onChange={(event) => onChange({ ...input, text: event.target.value })} />
        ) : parameter.type === 'boolean' ? (
          <select id={id} className="field__input" aria-label={`Value of ${parameter.name}`} value={input.text} onChange={(event) => onChange({ ...input, text: event.target.value })}>
            <option value="">{parameter.default === undefined ? 'Choose…' : 'Default'}</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : (
          <input
            id={id}
            className="field__input"
            aria-label={`Value of ${parameter.name}`}
            type={parameter.type === 'date' ? 'date' : 'text'}
            placeholder={parameter.default === undefined ? '' : 'Default'}
            value={input.text}
            onChange={(event) => onChange({ ...input, text: event.target.value })}
          />
        )}
        <span className="queries-form__check">
          <input type="checkbox" id={`${id}-list`} checked={input.list} onChange={(event) => onChange({ text: event.target.checked ? input.text : (input.text.split('\n')[0] ?? ''), list: event.target.checked })} />
          <label htmlFor={`${id}-list`}>List</label>
        </span>
      </div>
      {datasetId && columns.length > 0 && (
        <div className="queries-run__distinct">
          <select className="field__input" aria-label={`Column for ${parameter.name}`} value={bound} onChange={(event) => setColumn(event.target.value)}>
            <option value="">Values from a column…</option>
            {columns.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {bound && (
            <select
              className="field__input"
              aria-label={`Pick a value of ${parameter.name}`}
              value=""
              disabled={!distinct.data}
              onChange={(event) => {
                const index = Number(event.target.value);
                if (distinct.data && event.target.value !== '') onChange(withPicked(input, distinct.data[index]));
              }}
            >
              <option value="">{distinct.isPending ? 'Loading values…' : distinct.isError ? 'Values not available' : input.list ? `Add one of ${distinct.data?.length ?? 0} values…` : `Pick one of ${distinct.data?.length ?? 0} values…`}</option>
              {(distinct.data ?? []).map((value, index) => (
                <option key={index} value={index}>
                  {value === null ? '(null)' : cellText(value)}
                </option>
              ))}
            </select>
          )}
          {distinct.isError && <span className="form__error">{errorText(distinct.error)}</span>}
        </div>
      )}
    </div>
  );
}

function RollupFields({ draft, onChange }: { draft: RollupDraft; onChange(draft: RollupDraft): void }) {
  return (
    <fieldset className={`queries-run__rollup${draft.enabled ? '' : ' queries-run__rollup--off'}`}>
      <legend>
        <span className="queries-form__check">
          <input type="checkbox" id="rollup-on" checked={draft.enabled} onChange={(event) => onChange({ ...draft, enabled: event.target.checked })} />
          <label htmlFor="rollup-on">Roll up the result</label>
        </span>
      </legend>
      {draft.enabled && (
        <>
          <p className="field__hint">Groups the template’s rows with subtotals (GROUP BY ROLLUP); it needs rows or columns.</p>
          <div className="queries-run__rollup-keys">
            <label className="field">
              <span className="field__label">Rows (columns, comma-separated)</span>
              <input className="field__input" aria-label="Rollup rows" value={draft.rows} onChange={(event) => onChange({ ...draft, rows: event.target.value })} />
            </label>
            <label className="field">
              <span className="field__label">Columns (comma-separated)</span>
              <input className="field__input" aria-label="Rollup columns" value={draft.columns} onChange={(event) => onChange({ ...draft, columns: event.target.value })} />
            </label>
          </div>
          {draft.values.map((value, index) => (
            <div key={index} className="queries-run__rollup-value">
              <select
                className="field__input"
                aria-label={`Rollup value ${index + 1} function`}
                value={value.fn}
                onChange={(event) => onChange({ ...draft, values: draft.values.map((item, at) => (at === index ? { ...item, fn: event.target.value as typeof value.fn } : item)) })}
              >
                {AGGREGATIONS.map((fn) => (
                  <option key={fn} value={fn}>
                    {fn}
                  </option>
                ))}
              </select>
              <input
                className="field__input"
                aria-label={`Rollup value ${index + 1} column`}
                placeholder="column"
                value={value.column}
                onChange={(event) => onChange({ ...draft, values: draft.values.map((item, at) => (at === index ? { ...item, column: event.target.value } : item)) })}
              />
              <button type="button" className="button button--ghost" onClick={() => onChange({ ...draft, values: draft.values.filter((_, at) => at !== index) })}>
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="button button--ghost" onClick={() => onChange({ ...draft, values: [...draft.values, { column: '', fn: 'sum' }] })}>
            Add value
          </button>
        </>
      )}
    </fieldset>
  );
}

function ResultTable({ result, busy, onPage }: { result: DataQueryJsonResult; busy: boolean; onPage(page: number): void }) {
  const info = pageInfo(result.total, Math.floor(result.offset / RESULT_PAGE) + 1, RESULT_PAGE);
  return (
    <div className="queries-result">
      <div className="queries-result__scroll">
        <DataTable columns={result.columns} rows={result.rows} className="queries-result__table" testId="result-table" label="Result" busy={busy} />
      </div>
      {result.total === 0 && <p className="catalogue-list__empty">The query answered no rows.</p>}
      <ListPager page={info} onPage={(page) => !busy && onPage(page)} refreshing={busy} />
    </div>
  );
}
