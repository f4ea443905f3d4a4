import { describe, expect, it } from 'vitest';
import { DATASETS_SOURCE, cellProblems, newCell, parseCell, parsePipeline, parseWorkbookState, sameDocument, serializeWorkbookState } from './cells';
import { chartOption, defaultChart, typedColumns } from './result';

const savedCell = {
  id: 'c1',
  kind: 'sql',
  source: 'b5b0f0a2-4a4b-4a4b-8a4b-4a4b4a4b4a4b',
  text: 'select 1',
  view: 'chart',
  chart: { type: 'line', x: 'day', y: 'visits', palette: 'warm' },
  title: 'Visits',
  savedDatasetId: 'd1',
  comment: { by: 'a newer editor' },
};

describe('workbook state', () => {
  it('reads the cells of a saved state', () => {
    const document = parseWorkbookState({ version: 1, cells: [savedCell] });
    expect(document.cells).toHaveLength(1);
    expect(document.cells[0]).toMatchObject({ id: 'c1', kind: 'sql', source: savedCell.source, view: 'chart', chart: { type: 'line', x: 'day', y: 'visits' }, title: 'Visits', savedDatasetId: 'd1' });
  });

  it('writes back the keys it does not know: of the state, of each cell and of its chart', () => {
    const data = { version: 1, cells: [savedCell], layout: { columns: 2 } };
    const written = serializeWorkbookState(parseWorkbookState(data));
    expect(written.layout).toEqual({ columns: 2 });
    const [cell] = written.cells as Array<Record<string, unknown>>;
    expect(cell!.comment).toEqual({ by: 'a newer editor' });
    expect(cell!.chart).toEqual({ type: 'line', x: 'day', y: 'visits', palette: 'warm' });
    // Nothing is lost or added on a round trip.
    expect(serializeWorkbookState(parseWorkbookState(written))).toEqual(written);
  });

  it('opens no state, or a malformed one, as an empty workbook', () => {
    expect(parseWorkbookState(null).cells).toEqual([]);
    expect(parseWorkbookState({ cells: 'nope' }).cells).toEqual([]);
  });

  it('replaces known keys whose values do not fit with defaults', () => {
    const cell = parseCell({ kind: 'python', view: 'globe', chart: { type: 'pie', x: 3 }, text: 7 });
    expect(cell).toMatchObject({ kind: 'sql', source: DATASETS_SOURCE, view: 'table', chart: { type: 'bar', x: '', y: '' }, text: '' });
    expect(cell.id).not.toBe('');
  });

  it('keeps a pipeline cell on the datasets source', () => {
    expect(parseCell({ kind: 'pipeline', source: 'some-connection' }).source).toBe(DATASETS_SOURCE);
  });

  it('tells an edited document from the saved one', () => {
    const saved = parseWorkbookState({ cells: [savedCell] });
    expect(sameDocument(saved, parseWorkbookState(serializeWorkbookState(saved)))).toBe(true);
    expect(sameDocument(saved, { ...saved, cells: [{ ...saved.cells[0]!, text: 'select 2' }] })).toBe(false);
  });
});

describe('cell checks', () => {
  it('asks for SQL, and for the dataset of SQL over datasets', () => {
    expect(cellProblems(newCell('sql'))).toEqual(['Write the SQL to run', 'Choose the dataset {{dataset}} stands for']);
    expect(cellProblems({ ...newCell('sql', 'connection-id'), text: 'select 1' })).toEqual([]);
    expect(cellProblems({ ...newCell('sql'), text: 'select * from {{dataset}}', datasetId: 'd1' })).toEqual([]);
  });

  it('checks that a pipeline is a JSON object with a type, leaving the rest to the server', () => {
    expect(cellProblems({ ...newCell('pipeline'), text: '{"type": "dataset"' })[0]).toMatch(/^The pipeline is not JSON \(/);
    expect(cellProblems({ ...newCell('pipeline'), text: '[1, 2]' })).toEqual(['The pipeline is a JSON object with a "type" (and "props", "inputs")']);
    expect(parsePipeline('{"type": "dataset", "props": {"uuid": "x"}}')).toEqual({ pipeline: { type: 'dataset', props: { uuid: 'x' } } });
  });
});

describe('chart of a result', () => {
  const result = {
    columns: [
      { name: 'city', type: 'VARCHAR' },
      { name: 'visits', type: 'numeric' },
      { name: 'lat', type: 'DOUBLE' },
    ],
    rows: [
      { city: 'Oslo', visits: '12', lat: 59.9 },
      { city: 'Rome', visits: 30, lat: 41.9 },
      { city: 'Nowhere', visits: null, lat: null },
    ],
  };

  it('types columns by their values (numeric text is a number)', () => {
    expect(typedColumns(result)).toEqual([
      { name: 'city', type: 'string' },
      { name: 'visits', type: 'number' },
      { name: 'lat', type: 'number' },
    ]);
  });

  it('picks the first column for x and the first other numeric one for y', () => {
    expect(defaultChart({ type: 'bar', x: '', y: '' }, typedColumns(result))).toEqual({ type: 'bar', x: 'city', y: 'visits' });
    expect(defaultChart({ type: 'bar', x: 'lat', y: 'gone' }, typedColumns(result))).toEqual({ type: 'bar', x: 'lat', y: 'visits' });
  });

  it('draws the rows with a number, as categories for bar and line and as points for scatter', () => {
    const bar = chartOption(result.rows, { type: 'bar', x: 'city', y: 'visits' });
    expect(bar).toMatchObject({ option: { xAxis: { type: 'category', data: ['Oslo', 'Rome'] }, series: [{ type: 'bar', data: [12, 30] }] } });
    const scatter = chartOption(result.rows, { type: 'scatter', x: 'lat', y: 'visits' });
    expect(scatter).toMatchObject({ option: { xAxis: { type: 'value' }, series: [{ type: 'scatter', data: [[59.9, 12], [41.9, 30]] }] } });
  });

  it('says why a chart cannot be drawn', () => {
    expect(chartOption(result.rows, { type: 'line', x: 'city', y: '' })).toEqual({ problem: 'Choose the columns for x and y' });
    expect(chartOption(result.rows, { type: 'line', x: 'visits', y: 'city' })).toEqual({ problem: 'No row has a number in city to draw' });
  });
});
