// The workbook's cells as its state (`/v1/workbook-states`) holds them, and the checks a cell passes before it runs.
// A saved state may carry keys this version does not know (a newer editor wrote them, or a hand edit): parsing keeps
// them beside each cell and beside the list, and serializing writes them back, so re-saving loses nothing (the
// house rule, after kepler.gl's schemas). Values of known keys that do not fit are replaced by defaults.

export const CELL_KINDS = ['sql', 'pipeline'] as const;
export type CellKind = (typeof CELL_KINDS)[number];
export const CELL_VIEWS = ['table', 'chart', 'map'] as const;
export type CellView = (typeof CELL_VIEWS)[number];
export const CHART_TYPES = ['bar', 'line', 'scatter'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** A SQL cell's source: the user's datasets (the sandbox), or a data connection's id. */
export const DATASETS_SOURCE = 'datasets';

export interface ChartSettings {
  type: ChartType;
  /** Column names; '' until chosen. */
  x: string;
  y: string;
}

export interface Cell {
  id: string;
  kind: CellKind;
  /** sql: DATASETS_SOURCE or a connection id; pipeline: DATASETS_SOURCE (the pipeline names its own sources). */
  source: string;
  /** sql over datasets: the dataset {{dataset}} stands for. */
  datasetId: string | null;
  /** sql over datasets: the query template the editor keeps for this cell (the sandbox runs templates only). */
  templateId: string | null;
  text: string;
  view: CellView;
  chart: ChartSettings;
  title: string;
  /** The dataset the cell's result was last saved as. */
  savedDatasetId: string | null;
  /** Keys of the saved cell, and of its chart, this version does not know, written back unchanged. */
  extra: Record<string, unknown>;
  chartExtra: Record<string, unknown>;
}

export interface WorkbookDocument {
  cells: Cell[];
  /** Keys of the saved state beside `cells`, written back unchanged. */
  extra: Record<string, unknown>;
}

export const STATE_VERSION = 1;
const CELL_KEYS = ['id', 'kind', 'source', 'datasetId', 'templateId', 'text', 'view', 'chart', 'title', 'savedDatasetId'] as const;
const CHART_KEYS = ['type', 'x', 'y'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);
const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const idOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function without(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

export function newCellId(): string {
  return crypto.randomUUID();
}

export function newCell(kind: CellKind, source: string = DATASETS_SOURCE): Cell {
  return {
    id: newCellId(),
    kind,
    source: kind === 'pipeline' ? DATASETS_SOURCE : source,
    datasetId: null,
    templateId: null,
    text: '',
    view: 'table',
    chart: { type: 'bar', x: '', y: '' },
    title: '',
    savedDatasetId: null,
    extra: {},
    chartExtra: {},
  };
}

function parseChart(value: unknown): ChartSettings & { extra: Record<string, unknown> } {
  const chart = isObject(value) ? value : {};
  return { type: oneOf(CHART_TYPES, chart.type, 'bar'), x: text(chart.x), y: text(chart.y), extra: without(chart, CHART_KEYS) };
}

export function parseCell(value: unknown): Cell {
  const saved = isObject(value) ? value : {};
  const kind = oneOf(CELL_KINDS, saved.kind, 'sql');
  const { extra: chartExtra, ...chart } = parseChart(saved.chart);
  return {
    id: idOrNull(saved.id) ?? newCellId(),
    kind,
    source: kind === 'pipeline' ? DATASETS_SOURCE : text(saved.source, DATASETS_SOURCE) || DATASETS_SOURCE,
    datasetId: idOrNull(saved.datasetId),
    templateId: idOrNull(saved.templateId),
    text: text(saved.text),
    view: oneOf(CELL_VIEWS, saved.view, 'table'),
    chart,
    title: text(saved.title),
    savedDatasetId: idOrNull(saved.savedDatasetId),
    extra: without(saved, CELL_KEYS),
    chartExtra,
  };
}

export function serializeCell(cell: Cell): Record<string, unknown> {
  return {
    ...cell.extra,
    id: cell.id,
    kind: cell.kind,
    source: cell.source,
    datasetId: cell.datasetId,
    templateId: cell.templateId,
    text: cell.text,
    view: cell.view,
    chart: { ...cell.chartExtra, ...cell.chart },
    title: cell.title,
    savedDatasetId: cell.savedDatasetId,
  };
}

/** A saved state's data (or none yet) as the editor's document; a malformed state opens as an empty workbook. */
export function parseWorkbookState(data: unknown): WorkbookDocument {
  const saved = isObject(data) ? data : {};
  const cells = Array.isArray(saved.cells) ? saved.cells.map(parseCell) : [];
  return { cells, extra: without(saved, ['cells', 'version']) };
}

export function serializeWorkbookState(document: WorkbookDocument): Record<string, unknown> {
  return { ...document.extra, version: STATE_VERSION, cells: document.cells.map(serializeCell) };
}

/** What must be fixed before the cell can run; empty when it may. The server checks the SQL and the pipeline itself. */
export function cellProblems(cell: Cell): string[] {
  const problems: string[] = [];
  if (cell.text.trim() === '') problems.push(cell.kind === 'sql' ? 'Write the SQL to run' : 'Write the pipeline JSON to run');
  if (cell.kind === 'sql' && cell.source === DATASETS_SOURCE && !cell.datasetId) problems.push('Choose the dataset {{dataset}} stands for');
  if (cell.kind === 'pipeline' && cell.text.trim() !== '') {
    const parsed = parsePipeline(cell.text);
    if ('problem' in parsed) problems.push(parsed.problem);
  }
  return problems;
}

/** A pipeline cell's text as the pipeline object it must be (`{type, props, inputs}`); the server validates the rest. */
export function parsePipeline(textValue: string): { pipeline: Record<string, unknown> } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textValue);
  } catch (error) {
    return { problem: `The pipeline is not JSON (${error instanceof Error ? error.message : 'unreadable'})` };
  }
  if (!isObject(parsed) || typeof parsed.type !== 'string') return { problem: 'The pipeline is a JSON object with a "type" (and "props", "inputs")' };
  return { pipeline: parsed };
}

/** Whether the two documents would save the same state (the editor's "unsaved changes"). */
export function sameDocument(a: WorkbookDocument, b: WorkbookDocument): boolean {
  return JSON.stringify(serializeWorkbookState(a)) === JSON.stringify(serializeWorkbookState(b));
}
