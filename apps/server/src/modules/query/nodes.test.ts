// End-to-end execution of every node kind that runs in DuckDB, through POST /query, checked against hand-computed
// answers (H3 cells computed with h3-js).
import { cellToBoundary, cellToChildren, cellToParent, latLngToCell, polygonToCells } from 'h3-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowColumns, arrowRows, datasetWith, sortRows, type Headers } from './test-support/helpers.js';

const SALES = 'region,product,qty,price,day\nnorth,a,3,2.5,2024-01-01\nnorth,b,5,1.0,2024-01-02\nsouth,a,2,2.5,2024-01-01\nsouth,c,,4.0,2024-01-03\neast,b,7,1.0,2024-01-02\n';

// A res-4 tile, two of its res-5 children, a res-6 grandchild, a res-5 cell of another tile.
const TILE = latLngToCell(37.77, -122.42, 4);
const [C1, C2, C3] = cellToChildren(TILE, 5) as [string, string, string];
const G1 = cellToChildren(C1, 6)[0]!;
const OTHER_TILE = latLngToCell(40.71, -74.0, 4);
const O1 = cellToChildren(OTHER_TILE, 5)[0]!;

const col = (name: string) => ({ kind: 'column', name });
const lit = (value: string | number | boolean | null) => ({ kind: 'literal', value });
const agg = (fn: string, operand?: object) => ({ kind: 'aggregate', fn, ...(operand ? { operand } : {}) });
const ds = (uuid: string) => ({ type: 'dataset', props: { uuid } });
/** A polygon feature: the boundary of a cell, as GeoJSON ([lng, lat], closed ring). */
function cellPolygon(cell: string) {
  const ring = cellToBoundary(cell, true);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

describe.each(testStores())('pipeline execution of every node kind on $name', (store) => {
  const h = useHarness(store);
  let headers: Headers;
  const ids = {} as { sales: string; tiles: string; scores: string; places: string; population: string };

  beforeAll(async () => {
    headers = await h.auth('analyst@example.com');
    ids.sales = await datasetWith(h, headers, 'sales', SALES);
    ids.tiles = await datasetWith(
      h,
      headers,
      'tiles',
      `h3,time,visits\n${C1},2024-01-01 10:00:00,10\n${C2},2024-01-01 12:00:00,20\n${G1},2024-01-01 13:00:00,5\n${O1},2024-01-01 09:00:00,7\n${C1},2024-01-02 08:00:00,3\n`,
    );
    ids.scores = await datasetWith(h, headers, 'scores', `h3,score\n${C1},1\n${C3},3\n`);
    ids.places = await datasetWith(h, headers, 'places', `name,cell\nalpha,${C1}\nbeta,${C2}\n`);
    const p1 = latLngToCell(37.7749, -122.4194, 8);
    ids.population = await datasetWith(h, headers, 'population', `h3,pop\n${p1},1200\n`);
  });

  async function run(pipeline: object, temporal?: string[]) {
    const response = await h.app.inject({ method: 'POST', url: '/query?format=arrow', headers, payload: pipeline });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: arrowRows(response.rawPayload, { temporal }), columns: arrowColumns(response.rawPayload) };
  }

  it('dataset: every row and column', async () => {
    const { rows, columns } = await run(ds(ids.sales), ['day']);
    expect(columns).toEqual(['region', 'product', 'qty', 'price', 'day']);
    expect(sortRows(rows, 'region', 'product')).toEqual([
      { region: 'east', product: 'b', qty: 7, price: 1, day: '2024-01-02T00:00:00.000Z' },
      { region: 'north', product: 'a', qty: 3, price: 2.5, day: '2024-01-01T00:00:00.000Z' },
      { region: 'north', product: 'b', qty: 5, price: 1, day: '2024-01-02T00:00:00.000Z' },
      { region: 'south', product: 'a', qty: 2, price: 2.5, day: '2024-01-01T00:00:00.000Z' },
      { region: 'south', product: 'c', qty: null, price: 4, day: '2024-01-03T00:00:00.000Z' },
    ]);
  });

  it('inline_data: CSV (types inferred, empty field NULL) and JSON_OBJECT', async () => {
    expect((await run({ type: 'inline_data', props: { format: 'CSV', data: 'a,b,c\n1,x,true\n2,,false\n' } })).rows).toEqual([
      { a: 1, b: 'x', c: true },
      { a: 2, b: null, c: false },
    ]);
    expect((await run({ type: 'inline_data', props: { format: 'JSON_OBJECT', data: [{ k: 'p', v: 1.5 }, { k: 'q' }] } })).rows).toEqual([
      { k: 'p', v: 1.5 },
      { k: 'q', v: null },
    ]);
  });

  it('select: computed columns with aliases; division by zero is NULL', async () => {
    const pipeline = {
      type: 'select',
      props: {
        expressions: [
          { expression: col('region') },
          { expression: { kind: 'binary', op: '*', left: col('qty'), right: col('price') }, alias: 'revenue' },
          { expression: { kind: 'binary', op: '/', left: col('qty'), right: lit(0) }, alias: 'zero' },
        ],
      },
      inputs: [ds(ids.sales)],
    };
    expect(sortRows((await run(pipeline)).rows, 'region', 'revenue')).toEqual([
      { region: 'east', revenue: 7, zero: null },
      { region: 'north', revenue: 5, zero: null },
      { region: 'north', revenue: 7.5, zero: null },
      { region: 'south', revenue: 5, zero: null },
      { region: 'south', revenue: null, zero: null },
    ]);
  });

  it('group: sum, count, mean, min, max per key (NULLs ignored by sum)', async () => {
    const pipeline = {
      type: 'group',
      props: {
        by: [{ expression: col('region') }],
        expressions: [
          { expression: agg('sum', col('qty')), alias: 'qty' },
          { expression: agg('count'), alias: 'n' },
          { expression: agg('mean', col('price')), alias: 'avgPrice' },
          { expression: agg('max', col('product')), alias: 'lastProduct' },
        ],
      },
      inputs: [ds(ids.sales)],
    };
    expect(sortRows((await run(pipeline)).rows, 'region')).toEqual([
      { region: 'east', qty: 7, n: 1, avgPrice: 1, lastProduct: 'b' },
      { region: 'north', qty: 8, n: 2, avgPrice: 1.75, lastProduct: 'b' },
      { region: 'south', qty: 2, n: 2, avgPrice: 3.25, lastProduct: 'c' },
    ]);
  });

  it('filter, sort (NULLs last) and limit with offset', async () => {
    const filtered = { type: 'filter', props: { expression: { kind: 'binary', op: '>', left: col('qty'), right: lit(2) } }, inputs: [ds(ids.sales)] };
    expect(sortRows((await run(filtered)).rows, 'qty').map((row) => row.qty)).toEqual([3, 5, 7]);
    const sorted = { type: 'sort', props: { by: [{ expression: col('qty'), direction: 'desc' }] }, inputs: [ds(ids.sales)] };
    expect((await run(sorted)).rows.map((row) => row.qty)).toEqual([7, 5, 3, 2, null]);
    const ascending = { type: 'sort', props: { by: [{ expression: col('qty') }] }, inputs: [ds(ids.sales)] };
    expect((await run(ascending)).rows.map((row) => row.qty)).toEqual([2, 3, 5, 7, null]);
    const limited = { type: 'limit', props: { length: 2, offset: 1 }, inputs: [sorted] };
    expect((await run(limited)).rows.map((row) => [row.region, row.qty])).toEqual([
      ['north', 5],
      ['north', 3],
    ]);
  });

  it('join: INNER, LEFT and FULL on a key pair', async () => {
    const names = { type: 'inline_data', props: { format: 'CSV', data: 'code,name\nnorth,N\nsouth,S\nwest,W\n' } };
    const join = (type: string) => ({ type: 'join', props: { join: type, on: [['region', 'code']] }, inputs: [ds(ids.sales), names] });
    const pick = (rows: Record<string, unknown>[]) => sortRows(rows.map((row) => ({ region: row.region ?? null, product: row.product ?? null, name: row.name ?? null })), 'region', 'product', 'name');
    expect(pick((await run(join('INNER'))).rows)).toEqual([
      { region: 'north', product: 'a', name: 'N' },
      { region: 'north', product: 'b', name: 'N' },
      { region: 'south', product: 'a', name: 'S' },
      { region: 'south', product: 'c', name: 'S' },
    ]);
    expect(pick((await run(join('LEFT'))).rows)).toEqual([
      { region: 'east', product: 'b', name: null },
      { region: 'north', product: 'a', name: 'N' },
      { region: 'north', product: 'b', name: 'N' },
      { region: 'south', product: 'a', name: 'S' },
      { region: 'south', product: 'c', name: 'S' },
    ]);
    const full = (await run(join('FULL'))).rows;
    expect(full).toHaveLength(6);
    expect(full.filter((row) => row.name === 'W')).toEqual([{ region: null, product: null, qty: null, price: null, day: null, code: 'west', name: 'W' }]);
  });

  it('enrich H3: the source value joined on the input cell column', async () => {
    const pipeline = { type: 'enrich', props: { source: ids.scores, sourceColumn: 'score', targetType: 'H3', column: 'cell' }, inputs: [ds(ids.places)] };
    expect(sortRows((await run(pipeline)).rows, 'name')).toEqual([
      { name: 'alpha', cell: C1, score: 1 },
      { name: 'beta', cell: C2, score: null },
    ]);
  });

  it('enrich LATLNG: the cell of each point at res, then the source value', async () => {
    const points = { type: 'inline_data', props: { format: 'CSV', data: 'id,lat,lng\n1,37.7749,-122.4194\n2,48.8566,2.3522\n' } };
    const pipeline = {
      type: 'enrich',
      props: { source: ids.population, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng', res: 8 },
      inputs: [points],
    };
    expect(sortRows((await run(pipeline)).rows, 'id')).toEqual([
      { id: 1, lat: 37.7749, lng: -122.4194, h3: latLngToCell(37.7749, -122.4194, 8), pop: 1200 },
      { id: 2, lat: 48.8566, lng: 2.3522, h3: latLngToCell(48.8566, 2.3522, 8), pop: null },
    ]);
  });

  it('hexify: the cells whose centers lie in the polygon, sorted', async () => {
    const polygon = cellPolygon(C1);
    const expected = [...polygonToCells(polygon.coordinates as number[][][], 6, true)].sort();
    expect(expected.length).toBeGreaterThan(3);
    const { rows, columns } = await run({ type: 'hexify', props: { geojson: polygon, res: 6, columnName: 'cell' } });
    expect(columns).toEqual(['cell']);
    expect(rows.map((row) => row.cell)).toEqual(expected);
  });

  it('hexTile: the cells inside a tile at any finer resolution, or exactly res + offset', async () => {
    const all = (await run({ type: 'hexTile', props: { uuid: ids.tiles, tileIndex: TILE } }, ['time'])).rows;
    expect(sortRows(all, 'h3', 'time').map((row) => [row.h3, row.visits])).toEqual(sortRows([{ h3: C1, v: 10, t: 1 }, { h3: C1, v: 3, t: 2 }, { h3: C2, v: 20, t: 1 }, { h3: G1, v: 5, t: 1 }], 'h3', 't').map((row) => [row.h3, row.v]));
    const exact = (await run({ type: 'hexTile', props: { uuid: ids.tiles, tileIndex: TILE, resolutionOffset: 1 } }, ['time'])).rows;
    expect(sortRows(exact, 'h3', 'time')).toEqual(
      sortRows(
        [
          { h3: C1, time: '2024-01-01T10:00:00.000Z', visits: 10 },
          { h3: C1, time: '2024-01-02T08:00:00.000Z', visits: 3 },
          { h3: C2, time: '2024-01-01T12:00:00.000Z', visits: 20 },
        ],
        'h3',
        'time',
      ),
    );
  });

  it('tileExtract: the input rows whose cell lies in the feature at res', async () => {
    const feature = { type: 'Feature', properties: {}, geometry: cellPolygon(C1) };
    expect(polygonToCells(feature.geometry.coordinates as number[][][], 5, true)).toEqual([C1]);
    const pipeline = { type: 'tileExtract', props: { feature, res: 5 }, inputs: [ds(ids.tiles)] };
    expect(sortRows((await run(pipeline, ['time'])).rows, 'time')).toEqual([
      { h3: C1, time: '2024-01-01T10:00:00.000Z', visits: 10 },
      { h3: C1, time: '2024-01-02T08:00:00.000Z', visits: 3 },
    ]);
  });

  it('tileJoin: a full outer join on h3 with COALESCEd keys', async () => {
    const pipeline = {
      type: 'tileJoin',
      inputs: [
        { type: 'hexTile', props: { uuid: ids.tiles, tileIndex: TILE, resolutionOffset: 1 } },
        { type: 'hexTile', props: { uuid: ids.scores, tileIndex: TILE, resolutionOffset: 1 } },
      ],
    };
    const { rows, columns } = await run(pipeline, ['time']);
    expect(columns).toEqual(['h3', 'time', 'visits', 'score']);
    expect(sortRows(rows, 'h3', 'time')).toEqual(
      sortRows(
        [
          { h3: C1, time: '2024-01-01T10:00:00.000Z', visits: 10, score: 1 },
          { h3: C1, time: '2024-01-02T08:00:00.000Z', visits: 3, score: 1 },
          { h3: C2, time: '2024-01-01T12:00:00.000Z', visits: 20, score: null },
          { h3: C3, time: null, visits: null, score: 3 },
        ],
        'h3',
        'time',
      ),
    );
  });

  it('tileQuantiles: per day, quantiles of the per-cell sums after the roll-up to res', async () => {
    expect(cellToParent(O1, 4)).toBe(OTHER_TILE);
    // Day 1: tile TILE sums 10 + 20 + 5 = 35, OTHER_TILE 7; day 2: TILE 3.
    const { rows } = await run({ type: 'tileQuantiles', props: { uuid: ids.tiles, res: 4, timeInterval: 'D' } }, ['time']);
    expect(rows).toEqual([
      { time: '2024-01-01T00:00:00.000Z', column: 'visits', q0: 7, q25: 14, q50: 21, q75: 28, q100: 35 },
      { time: '2024-01-02T00:00:00.000Z', column: 'visits', q0: 3, q25: 3, q50: 3, q75: 3, q100: 3 },
    ]);
  });
});
