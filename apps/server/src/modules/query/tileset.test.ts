import { cellToChildren, latLngToCell } from 'h3-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowRows, datasetWith, errorOf, sortRows, type Headers } from './test-support/helpers.js';

const TILE = latLngToCell(51.5, -0.12, 3);
const [C1, C2] = cellToChildren(TILE, 4) as [string, string];
const G1 = cellToChildren(C1, 6)[0]!;

describe.each(testStores())('tileset calls on $name', (store) => {
  const h = useHarness(store);
  let headers: Headers;
  let outsider: Headers;
  let tiles: string;
  let plain: string;

  beforeAll(async () => {
    headers = await h.auth('analyst@example.com');
    await addUser(h.db, { email: 'tiles-outsider@example.org', organization: 'Tiles Elsewhere' });
    outsider = await h.auth('tiles-outsider@example.org');
    tiles = await datasetWith(h, headers, 'tiles', `h3,time,visits,share\n${C1},2024-03-01,4,0.5\n${C2},2024-03-01,8,0.25\n${G1},2024-03-02,2,1.0\n`);
    plain = await datasetWith(h, headers, 'plain', 'name,value\nx,1\n');
  });

  const post = (url: string, payload: unknown, as: Headers = headers) => h.app.inject({ method: 'POST', url, headers: as, payload: payload as object });
  const hexTile = (uuid: string, resolutionOffset?: number) => ({ type: 'hexTile', props: { uuid, tileIndex: TILE, ...(resolutionOffset ? { resolutionOffset } : {}) } });
  const quantiles = (uuid: string) => ({ type: 'tileQuantiles', props: { uuid, res: 3, timeInterval: 'D' } });

  it('POST /tileset streams the cells of a tile as Arrow, with execution headers', async () => {
    const response = await post('/tileset?format=arrow&cacheMode=no-cache', hexTile(tiles, 1));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-query-execution-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-cache-expires']).toBeDefined();
    expect(sortRows(arrowRows(response.rawPayload, { temporal: ['time'] }), 'h3')).toEqual(
      sortRows(
        [
          { h3: C1, time: '2024-03-01T00:00:00.000Z', visits: 4, share: 0.5 },
          { h3: C2, time: '2024-03-01T00:00:00.000Z', visits: 8, share: 0.25 },
        ],
        'h3',
      ),
    );
  });

  it('POST /tileset refuses pipelines that are not tilesets, other formats, datasets without the metadata and strangers', async () => {
    expect(errorOf(await post('/tileset', { type: 'dataset', props: { uuid: tiles } }))).toEqual({
      status: 422,
      body: { message: 'Not a tileset pipeline', details: 'A tileset query ends in a hexTile, tileJoin or tileExtract node, not dataset', appStatusCode: 'INVALID_INPUT' },
    });
    expect(errorOf(await post('/tileset?format=csv', hexTile(tiles))).status).toBe(406);
    expect(errorOf(await post('/tileset', hexTile(plain)))).toEqual({
      status: 422,
      body: { message: 'HexTile index does not include required metadata', details: expect.any(String) as unknown as string, appStatusCode: 'INVALID_INPUT' },
    });
    expect(errorOf(await post('/tileset', hexTile(tiles), outsider)).status).toBe(404);
    expect(errorOf(await h.app.inject({ method: 'POST', url: '/tileset', payload: hexTile(tiles) })).status).toBe(401);
  });

  it('POST /tileset/metadata: columns, row count and the resolutions present', async () => {
    const response = await post('/tileset/metadata', hexTile(tiles));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      columns: [
        { name: 'h3', type: 'h3' },
        { name: 'time', type: 'date' },
        { name: 'visits', type: 'integer' },
        { name: 'share', type: 'number' },
      ],
      rowCount: 3,
      minRes: 4,
      maxRes: 6,
    });
    expect((await post('/tileset/metadata', { type: 'inline_data', props: { format: 'CSV', data: 'a\n1\n2\n' } })).json()).toEqual({
      columns: [{ name: 'a', type: 'integer' }],
      rowCount: 2,
    });
    const empty = await post('/tileset/metadata', { type: 'limit', props: { length: 1 }, inputs: [{ type: 'filter', props: { expression: { kind: 'binary', op: '>', left: { kind: 'column', name: 'visits' }, right: { kind: 'literal', value: 100 } } }, inputs: [hexTile(tiles)] }] });
    expect(empty.json()).toEqual({ columns: [{ name: 'h3', type: 'h3' }, { name: 'time', type: 'date' }, { name: 'visits', type: 'integer' }, { name: 'share', type: 'number' }], rowCount: 0 });
  });

  it('POST /tileset/quantiles: rows of one pipeline; for a list, null where a pipeline fails', async () => {
    // Day 1: C1 and C2 roll up to TILE: visits 12, share 0.75; day 2: G1 → TILE: visits 2, share 1.
    const expected = [
      { time: '2024-03-01T00:00:00.000Z', column: 'share', q0: 0.75, q25: 0.75, q50: 0.75, q75: 0.75, q100: 0.75 },
      { time: '2024-03-01T00:00:00.000Z', column: 'visits', q0: 12, q25: 12, q50: 12, q75: 12, q100: 12 },
      { time: '2024-03-02T00:00:00.000Z', column: 'share', q0: 1, q25: 1, q50: 1, q75: 1, q100: 1 },
      { time: '2024-03-02T00:00:00.000Z', column: 'visits', q0: 2, q25: 2, q50: 2, q75: 2, q100: 2 },
    ];
    const single = await post('/tileset/quantiles', quantiles(tiles));
    expect(single.statusCode).toBe(200);
    expect(single.json()).toEqual(expected);
    const list = await post('/tileset/quantiles', [quantiles(tiles), quantiles(plain), hexTile(tiles), { type: 'nonsense' }]);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expected, null, null, null]);
    expect(errorOf(await post('/tileset/quantiles', quantiles(plain))).status).toBe(422);
    expect(errorOf(await post('/tileset/quantiles', hexTile(tiles)))).toEqual({
      status: 422,
      body: { message: 'Not a quantiles pipeline', details: 'A quantiles query is one tileQuantiles node, not hexTile', appStatusCode: 'INVALID_INPUT' },
    });
    expect(errorOf(await post('/tileset/quantiles', [])).status).toBe(400);
  });
});
