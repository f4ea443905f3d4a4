import { tableFromIPC } from 'apache-arrow';
import { cellToChildren, cellToParent, getResolution, latLngToCell } from 'h3-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowRows, datasetWith, errorOf, eventually, type Headers } from '../query/test-support/helpers.js';
import { expectedCells, makePoints, pointsCsv, quantile, type Agg } from './test-support/expected.js';

const AGGS: Agg[] = ['sum', 'count', 'min', 'max', 'mean', 'median', 'mode'];
const FINEST = 8;
const OFFSET = 2;
const points = makePoints(600);

describe.each(testStores())('hex tiles on $name', (store) => {
  const h = useHarness(store);
  let headers: Headers;
  let outsider: Headers;
  let outsiderId: string;
  let viewer: Headers;
  let source: string;
  let tileset: string;

  const post = (url: string, payload: unknown, as: Headers = headers) => h.app.inject({ method: 'POST', url, headers: as, payload: payload as object });
  const get = (url: string, as: Headers = headers, extra: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers: { ...as, ...extra } });
  const settled = (id: string) =>
    eventually(
      async () => (await get(`/v1/datasets/${id}`)).json() as { status: string; errorMessage: string | null; metadata: Record<string, unknown> },
      (dataset) => dataset.status !== 'pending',
      60_000,
    );
  const build = async (payload: Record<string, unknown>) => {
    const response = await post('/v1/datasets/hextile', payload);
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as { id: string; status: string; type: string };
  };

  beforeAll(async () => {
    headers = await h.auth('analyst@example.com');
    viewer = await h.auth('viewer@example.com');
    outsiderId = (await addUser(h.db, { email: 'hex-outsider@example.org', organization: 'Hex Elsewhere' })).id;
    outsider = await h.auth('hex-outsider@example.org');
    source = await datasetWith(h, headers, 'hex points', pointsCsv(points));
    const started = await build({
      source,
      sourceLatColumn: 'lat',
      sourceLngColumn: 'lng',
      finestResolution: FINEST,
      sourceTimeColumn: 'day',
      timeIntervals: ['D'],
      targetResOffset: OFFSET,
      tileMode: 'sparse',
      outputColumns: AGGS.map((agg) => ({ sourceColumn: 'value', targetColumn: agg, aggMethod: agg })),
    });
    expect(started).toMatchObject({ status: 'pending', type: 'hex-tile' });
    tileset = started.id;
    const done = await settled(tileset);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('ready');
    expect(done.metadata.progress).toEqual({ phase: 'done', fraction: 1 });
  });

  it('stores every cell of every resolution with the exact aggregation of its points, over all time and per day', async () => {
    const response = await get(`/v1/datasets/${tileset}/data?format=arrow`);
    expect(response.statusCode).toBe(200);
    const rows = arrowRows(response.rawPayload, { temporal: ['time'] });
    const expected = expectedCells(points, FINEST, AGGS, true);
    expect(rows.length).toBe(expected.size);
    const resolutions = new Set<number>();
    for (const row of rows) {
      const key = `${row.h3 as string}|${(row.interval as string | null) ?? ''}|${(row.time as string | null) ?? ''}`;
      const want = expected.get(key);
      expect(want, key).toBeDefined();
      resolutions.add(getResolution(row.h3 as string));
      for (const agg of AGGS) {
        if (want![agg] === null) expect(row[agg], `${key} ${agg}`).toBeNull();
        else expect(row[agg] as number, `${key} ${agg}`).toBeCloseTo(want![agg]!, 9);
      }
    }
    expect([...resolutions].sort((a, b) => a - b)).toEqual(Array.from({ length: FINEST + 1 }, (_, res) => res));
  });

  it('serves a tile as Arrow: the cells of the data resolution inside it, with an ETag and the default max age', async () => {
    const tile = latLngToCell(points[0]!.lat, points[0]!.lng, 3);
    const url = `/v1/tileset/${tileset}/3/${tile}`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
    expect(response.headers['cache-control']).toBe('private, max-age=2678400');
    expect(response.headers['x-tile-mode']).toBe('sparse');
    const expected = [...expectedCells(points, FINEST, AGGS, true)].filter(
      ([key]) => key.endsWith('||') && getResolution(key.split('|')[0]!) === 3 + OFFSET && cellToParent(key.split('|')[0]!, 3) === tile,
    );
    const rows = arrowRows(response.rawPayload);
    expect(rows.map((row) => row.h3)).toEqual(expected.map(([key]) => key.split('|')[0]).sort());
    for (const row of rows) expect(row.sum).toBe(expected.find(([key]) => key.startsWith(`${row.h3 as string}|`))![1].sum);
    const again = await get(url, headers, { 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
    // q picks columns.
    const picked = await get(`${url}?q=mean,count`);
    expect(tableFromIPC(picked.rawPayload).schema.fields.map((field) => field.name)).toEqual(['h3', 'mean', 'count']);
  });

  it('serves a day of a tile (/time/…) and every day of it (/range/D)', async () => {
    const tile = latLngToCell(points[0]!.lat, points[0]!.lng, 4);
    const expected = [...expectedCells(points, FINEST, ['sum'], true)].filter(([key]) => {
      const [cell, interval] = key.split('|');
      return interval === 'DAY' && getResolution(cell!) === 4 + OFFSET && cellToParent(cell!, 4) === tile;
    });
    const day = await get(`/v1/tileset/${tileset}/4/${tile}/time/2024/03/02?q=sum`);
    expect(day.statusCode, day.body).toBe(200);
    const dayRows = arrowRows(day.rawPayload);
    const wantDay = expected.filter(([key]) => key.endsWith('2024-03-02T00:00:00.000Z'));
    expect(dayRows).toEqual(wantDay.map(([key, value]) => ({ h3: key.split('|')[0], sum: value.sum })).sort((a, b) => (a.h3! < b.h3! ? -1 : 1)));
    const range = await get(`/v1/tileset/${tileset}/4/${tile}/range/D?q=sum`);
    expect(range.statusCode).toBe(200);
    const rangeRows = arrowRows(range.rawPayload, { temporal: ['time'] });
    expect(rangeRows.length).toBe(expected.length);
    for (const row of rangeRows) expect(row.sum).toBe(expected.find(([key]) => key === `${row.h3 as string}|DAY|${row.time as string}`)![1].sum);
  });

  it('dense tiles hold one row per child cell in index order, null where no data', async () => {
    const dense = await build({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 6, targetResOffset: 2, tileMode: 'dense', outputColumns: [{ sourceColumn: 'value' }] });
    expect((await settled(dense.id)).status).toBe('ready');
    const tile = latLngToCell(points[0]!.lat, points[0]!.lng, 4);
    const response = await get(`/v1/tileset/${dense.id}/4/${tile}`);
    expect(response.headers['x-tile-mode']).toBe('dense');
    const expected = expectedCells(points, 6, ['sum'], false);
    const rows = arrowRows(response.rawPayload);
    const children = cellToChildren(tile, 6);
    expect(rows.length).toBe(children.length);
    rows.forEach((row, index) => expect(row).toEqual({ value: expected.get(`${children[index]!}||`)?.sum ?? null }));
  });

  it('answers metadata, the index and quantiles', async () => {
    const metadata = await get(`/v1/tileset/${tileset}/metadata`);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toMatchObject({
      datasetId: tileset,
      kind: 'geotemporal',
      tileMode: 'sparse',
      finestResolution: FINEST,
      resolutionOffset: OFFSET,
      minZoom: 0,
      maxZoom: FINEST - OFFSET,
      timeIntervals: ['DAY'],
      columns: AGGS.map((agg) => ({ name: agg, sourceColumn: 'value', aggMethod: agg })),
    });
    expect(metadata.json().viewport.minLat).toBeLessThanOrEqual(48.85);
    const index = (await get(`/v1/tileset/${tileset}/tileset-index`)).json() as { levels: Array<{ z: number; tiles: string[] }> };
    const expected = expectedCells(points, FINEST, ['sum'], true);
    for (const level of index.levels) {
      const cells = [...expected.keys()].filter((key) => key.endsWith('||') && getResolution(key.split('|')[0]!) === level.z).map((key) => key.split('|')[0]);
      expect(level.tiles).toEqual(cells.sort());
    }
    const quantiles = await get(`/v1/tileset/${tileset}/7/quantiles?q=sum`);
    expect(quantiles.statusCode).toBe(200);
    const sums = [...expected].filter(([key]) => key.endsWith('||') && getResolution(key.split('|')[0]!) === 7).map(([, value]) => value.sum!).filter((sum) => sum !== null);
    const [row] = quantiles.json() as Array<Record<string, number | null>>;
    expect(row).toMatchObject({ time: null, column: 'sum' });
    for (const [q, name] of [[0, 'q0'], [0.25, 'q25'], [0.5, 'q50'], [0.75, 'q75'], [1, 'q100']] as const) expect(row![name]).toBeCloseTo(quantile(sums, q), 9);
    const perDay = (await get(`/v1/tileset/${tileset}/7/quantiles/D?q=sum`)).json() as Array<{ time: string }>;
    expect(perDay.map((entry) => entry.time.slice(0, 10))).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    // The pipeline's tileQuantiles node reads a built tileset the same way: the cells of res in that interval.
    const node = await post('/tileset/quantiles', { type: 'tileQuantiles', props: { uuid: tileset, res: 7, timeInterval: 'D' } });
    expect((node.json() as Array<{ column: string }>).filter((entry) => entry.column === 'sum')).toEqual(perDay);
  });

  it("times a geotemporal tileset from its finest interval's first bucket to its last, not from a coarser one's start", async () => {
    const yearly = await build({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 4, sourceTimeColumn: 'day', timeIntervals: ['Y', 'D'] });
    expect((await settled(yearly.id)).status).toBe('ready');
    const { timeRange, timeIntervals } = (await get(`/v1/tileset/${yearly.id}/metadata`)).json() as { timeRange: { start: string; end: string }; timeIntervals: string[] };
    expect(timeIntervals).toEqual(['YEAR', 'DAY']);
    // The points' days are 2024-03-01 … 03 (the YEAR bucket starts on 2024-01-01).
    expect(timeRange.start).toMatch(/^2024-03-01/);
    expect(timeRange.end).toMatch(/^2024-03-03/);
  });

  it('builds from a hex column, counting points by default, cells finer than the finest resolution in their parent', async () => {
    const cells = points.slice(0, 50).map((point) => latLngToCell(point.lat, point.lng, 9));
    const hexSource = await datasetWith(h, headers, 'hex cells', `cell\n${cells.join('\n')}\n`);
    const built = await build({ source: { id: hexSource }, sourceHexColumn: 'cell', finestResolution: 7, tileSize: 'S' });
    expect((await settled(built.id)).status).toBe('ready');
    const rows = arrowRows((await get(`/v1/datasets/${built.id}/data`)).rawPayload);
    const counts = new Map<string, number>();
    for (const cell of cells) for (let res = 0; res <= 7; res++) counts.set(cellToParent(cell, res), (counts.get(cellToParent(cell, res)) ?? 0) + 1);
    expect(new Map(rows.map((row) => [row.h3 as string, row.count as number]))).toEqual(counts);
    expect((await get(`/v1/tileset/${built.id}/metadata`)).json()).toMatchObject({ kind: 'geo', tileSize: 'S', resolutionOffset: 3, maxZoom: 4 });
  });

  it('overwrites a target tileset; a build that fails leaves the dataset in error with the reason', async () => {
    const rebuilt = await build({ source, target: tileset, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 5, outputColumns: [{ sourceColumn: 'value', aggMethod: 'max' }] });
    expect(rebuilt.id).toBe(tileset);
    expect((await settled(tileset)).status).toBe('ready');
    expect((await get(`/v1/tileset/${tileset}/metadata`)).json()).toMatchObject({ kind: 'geo', finestResolution: 5, columns: [{ name: 'value', aggMethod: 'max' }] });
    const badCells = await datasetWith(h, headers, 'bad cells', 'cell\nnot-a-cell\n');
    expect(errorOf(await post('/v1/datasets/hextile', { source: badCells, sourceHexColumn: 'cell', finestResolution: 5 }))).toEqual({
      status: 422,
      body: { message: 'Invalid prop for hextile: sourceHexColumn', details: '1 values of "cell" are not H3 cells of resolution 5 or finer', appStatusCode: 'INVALID_INPUT' },
    });
  });

  it('refuses bad requests with 4xx in the error shape', async () => {
    const refused = async (payload: Record<string, unknown>, status: number, message: string) => {
      const answer = errorOf(await post('/v1/datasets/hextile', payload));
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body).toMatchObject({ message, details: expect.any(String), appStatusCode: expect.any(String) });
    };
    await refused({ source, finestResolution: 5 }, 422, 'Invalid prop for hextile: sourceHexColumn');
    await refused({ source, sourceLatColumn: 'lat', sourceLngColumn: 'nope', finestResolution: 5 }, 422, 'Invalid prop for hextile: sourceLngColumn');
    await refused({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng' }, 422, 'Invalid prop for hextile: finestResolution');
    await refused({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 16 }, 400, expect.any(String) as unknown as string);
    await refused({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 5, timeIntervals: ['D'] }, 422, 'Invalid prop for hextile: timeIntervals');
    await refused({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 5, outputColumns: [{ sourceColumn: 'day', aggMethod: 'mean' }] }, 422, 'Invalid prop for hextile: outputColumns[0].aggMethod');
    await refused({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 5, outputColumns: [{ sourceColumn: 'value', targetColumn: 'h3' }] }, 422, 'Invalid prop for hextile: outputColumns[0].targetColumn');
    await refused({ source, target: source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 5 }, 422, 'Invalid prop for hextile: target');
    // The tileset was rebuilt at finest resolution 5 with tile size M (offset 4): tiles of resolutions 0 and 1.
    const tile = latLngToCell(48.86, 2.35, 1);
    expect(errorOf(await get(`/v1/tileset/${tileset}/3/${tile}`)).body.message).toBe('Invalid tile');
    expect(errorOf(await get(`/v1/tileset/${tileset}/2/${latLngToCell(48.86, 2.35, 2)}`)).body.details).toBe("This tileset's tiles have resolutions 0..1");
    expect(errorOf(await get(`/v1/tileset/${tileset}/2/zzz`)).status).toBe(422);
    expect(errorOf(await get(`/v1/tileset/${tileset}/1/${tile}?q=nope`)).body.message).toBe('Unknown column in q');
    expect(errorOf(await get(`/v1/tileset/${tileset}/1/${tile}?zipUrl=https://example.com/t.zip`)).body.message).toBe('Invalid zipUrl');
    expect((await get(`/v1/tileset/${tileset}/1/${tile}?zipUrl=/v1/datasets/${tileset}/data`)).statusCode).toBe(200);
    expect(errorOf(await get(`/v1/tileset/${tileset}/1/${tile}/range/D`)).body.message).toBe('Tileset has no time');
    expect(errorOf(await get(`/v1/tileset/${source}/metadata`))).toEqual({
      status: 422,
      body: { message: 'HexTile index does not include required metadata', details: expect.any(String), appStatusCode: 'INVALID_INPUT' },
    });
  });

  it('reads the stored viewport with the §8 messages when the record was edited', async () => {
    const edited = await build({ source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 4 });
    const done = await settled(edited.id);
    const edit = async (hexTile: unknown) => {
      const response = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${edited.id}`, headers, payload: { metadata: { ...done.metadata, hexTile } } });
      expect(response.statusCode).toBe(200);
      return errorOf(await get(`/v1/tileset/${edited.id}/metadata`));
    };
    const stored = done.metadata.hexTile as Record<string, unknown>;
    expect((await edit({ ...stored, viewport: '{not json' })).body.message).toBe('Could not deserialize index viewport');
    expect((await edit({ ...stored, viewport: { minLng: 'west', minLat: 1, maxLng: 2, maxLat: 3 } })).body.message).toBe('Got non-numeric value for viewport.minLng metadata');
    expect((await edit({ ...stored, finestResolution: 'fine' })).body.message).toBe('HexTile index does not include required metadata');
  });

  it('keeps tilesets behind the dataset access check', async () => {
    const tile = latLngToCell(48.86, 2.35, 1);
    for (const url of [`/v1/tileset/${tileset}/1/${tile}`, `/v1/tileset/${tileset}/metadata`, `/v1/tileset/${tileset}/tileset-index`, `/v1/tileset/${tileset}/3/quantiles`]) {
      expect(errorOf(await get(url, outsider)).status, url).toBe(404);
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, viewer)).statusCode, url).toBe(200);
    }
    expect(errorOf(await post('/v1/datasets/hextile', { source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 3 }, outsider)).status).toBe(404);
    expect(errorOf(await post('/v1/datasets/hextile', { source, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 3 }, viewer)).status).toBe(403);
    expect(errorOf(await post('/v1/datasets/hextile', { source, target: tileset, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: 3 }, outsider)).status).toBe(404);
  });

  it('answers a tile asked again as the store answers now: a revoked share at once, a signed-out session at once', async () => {
    const url = `/v1/tileset/${tileset}/1/${latLngToCell(48.86, 2.35, 1)}`;
    const shared = await post('/v1/permissions', { resourceType: 'dataset', resourceId: tileset, granteeType: 'user', granteeId: outsiderId, role: 'viewer' });
    expect(shared.statusCode, shared.body).toBe(201);
    for (let repeat = 0; repeat < 2; repeat++) expect((await get(url, outsider)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/permissions/${shared.json().id}`, headers })).statusCode).toBe(204);
    expect(errorOf(await get(url, outsider)).status).toBe(404);
    const session = await h.auth('viewer@example.com');
    for (let repeat = 0; repeat < 2; repeat++) expect((await get(url, session)).statusCode).toBe(200);
    expect((await post('/v1/auth/sign-out', {}, session)).statusCode).toBe(204);
    expect(errorOf(await get(url, session)).status).toBe(401);
  });
});
