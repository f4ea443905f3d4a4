// A published map's tiles, signed out: the hex tile proxy's and the vector tile route's answers (bytes, ETags, caching)
// for a tileset a layer of the published state draws, refused as the public data route refuses everything else.
import { latLngToCell } from 'h3-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { datasetWith, eventually, type Headers } from '../query/test-support/helpers.js';

const CSV = 'name,lat,lng,day,value\nAlpha,37.77,-122.42,2024-01-01,3\nBeta,37.79,-122.40,2024-01-02,5\nGamma,40.71,-74.0,2024-01-02,7\n';
const PROTECTED = { message: 'This item is password-protected', details: 'Open it with its password again', appStatusCode: 'PASSWORD_REQUIRED' };
const NOT_PUBLISHED = { message: 'Published map not found', details: '', appStatusCode: 'NOT_FOUND' };
const NOT_DRAWN = { message: 'Dataset not found', details: 'The published map draws no layer of this tileset', appStatusCode: 'NOT_FOUND' };

describe.each(testStores())('published map tiles on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let hex = '';
  let vector = '';
  let points = '';
  let mapId = '';
  let publishedId = '';

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, { headers = {}, payload }: { headers?: Record<string, string>; payload?: object } = {}) =>
    h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const asAnalyst = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await call(method, url, { headers: analyst, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  };
  const built = async (url: string, payload: object) => {
    const { id } = await asAnalyst('POST', url, payload);
    const done = await eventually(() => asAnalyst('GET', `/v1/datasets/${id}`), (dataset: { status: string; errorMessage: string | null }) => dataset.status !== 'pending', 60_000);
    expect(done.status, done.errorMessage ?? "").toBe('ready');
    return id as string;
  };
  const publish = async (id: string, uploadOptions: object = {}) => {
    const { publishedId: pending } = await asAnalyst('POST', `/v1/maps/${id}/publish/resources`, { uploadOptions });
    return ((await asAnalyst('POST', `/v1/maps/${id}/publish/${pending}`)) as { id: string }).id;
  };
  const unlock = async (id: string, password: string) => (await call('POST', `/v1/maps/${id}/published-map`, { payload: { password } })).json().viewToken as string;
  const publicTiles = (published: string, datasetId: string, path: string, headers: Record<string, string> = {}) =>
    call('GET', `/v1/maps/${published}/published-map/tilesets/${datasetId}/${path}`, { headers });
  const cell = (res: number) => latLngToCell(37.77, -122.42, res);

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    points = await datasetWith(h, analyst, 'Shops', CSV);
    hex = await built('/v1/datasets/hextile', {
      source: points,
      sourceLatColumn: 'lat',
      sourceLngColumn: 'lng',
      finestResolution: 6,
      targetResOffset: 2,
      sourceTimeColumn: 'day',
      timeIntervals: ['D'],
      outputColumns: [{ sourceColumn: 'value', targetColumn: 'value', aggMethod: 'sum' }],
    });
    vector = await built('/v1/datasets/vectortile', { source: points, latColumn: 'lat', lngColumn: 'lng', maxZoom: 4 });
    // The points are linked to the map but drawn by no layer: their tiles are not the map's to give.
    mapId = (await asAnalyst('POST', '/v1/maps', { name: 'Tiles map', datasets: [hex, vector, points] })).id;
    const layers = [
      { type: 'hexTile', config: { dataId: hex } },
      { type: 'vectorTile', config: { dataId: vector } },
    ];
    await asAnalyst('POST', '/v1/studiostates', { mapId, data: { version: 'v1', config: { visState: { layers } } } });
    publishedId = await publish(mapId);
  }, 180_000);

  it("answers the hex tile proxy's every read signed out, as the owner gets it signed in", async () => {
    const paths = ['metadata', 'tileset-index', '4/quantiles', '4/quantiles/D', `2/${cell(2)}`, `2/${cell(2)}/time/2024/01/01`, `2/${cell(2)}/range/D`, `4/${cell(4)}?q=value`];
    for (const path of paths) {
      const open = await publicTiles(publishedId, hex, path);
      const own = await call('GET', `/v1/tileset/${hex}/${path}`, { headers: analyst });
      expect([path, open.statusCode], open.body).toEqual([path, 200]);
      expect(open.rawPayload.equals(own.rawPayload), path).toBe(true);
      for (const header of ['etag', 'cache-control', 'content-type', 'x-tile-mode']) expect(open.headers[header], `${path} ${header}`).toEqual(own.headers[header]);
    }
    expect((await publicTiles(publishedId, hex, 'metadata')).json()).toMatchObject({ datasetId: hex, kind: 'geotemporal', columns: [{ name: 'value' }] });
    const tile = await publicTiles(publishedId, hex, `2/${cell(2)}`);
    expect(tile.headers['cache-control']).toBe('private, max-age=2678400');
    const again = await publicTiles(publishedId, hex, `2/${cell(2)}`, { 'if-none-match': tile.headers.etag as string });
    expect(again.statusCode).toBe(304);
    // The proxy's own checks still answer: a tile deeper than the tileset, an unknown column.
    expect((await publicTiles(publishedId, hex, `5/${cell(5)}`)).json().message).toBe('Invalid tile');
    expect((await publicTiles(publishedId, hex, 'metadata?q=nope')).json().message).toBe('Unknown column in q');
  });

  it('answers the vector tiles signed out, with a TileJSON naming the published tile route', async () => {
    const json = await publicTiles(publishedId, vector, 'tiles.json');
    expect(json.statusCode, json.body).toBe(200);
    const tiles = json.json().tiles as string[];
    expect(tiles).toHaveLength(1);
    const template = new URL(tiles[0]!);
    expect(template.pathname).toBe(`/v1/maps/${publishedId}/published-map/tilesets/${vector}/tiles/%7Bz%7D/%7Bx%7D/%7By%7D.pbf`);
    expect(json.json().pmtiles).toBeUndefined();
    expect(json.json().fieldStats).toMatchObject({ name: { values: ['Alpha', 'Beta', 'Gamma'] }, value: { min: 3, max: 7 } });
    const path = `tiles/0/0/0.pbf${template.search}`;
    const open = await publicTiles(publishedId, vector, path, { 'accept-encoding': 'gzip' });
    const own = await call('GET', `/v1/datasets/${vector}/${path}`, { headers: { ...analyst, 'accept-encoding': 'gzip' } });
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(own.rawPayload)).toBe(true);
    for (const header of ['etag', 'cache-control', 'content-type', 'content-encoding']) expect(open.headers[header], header).toEqual(own.headers[header]);
    expect(open.headers['cache-control']).toBe('private, max-age=2678400, immutable');
    expect((await publicTiles(publishedId, vector, 'tiles/5/0/0.pbf')).json().message).toBe('Tile not found');
  });

  it('gives no tiles of a dataset no layer draws, nor of one the map does not name, nor any other read of the dataset', async () => {
    expect((await publicTiles(publishedId, points, 'metadata')).json()).toEqual(NOT_DRAWN);
    expect((await publicTiles(publishedId, points, 'tiles/0/0/0.pbf')).json()).toEqual(NOT_DRAWN);
    const other = await built('/v1/datasets/vectortile', { source: points, latColumn: 'lat', lngColumn: 'lng', maxZoom: 2 });
    const answer = await publicTiles(publishedId, other, 'tiles/0/0/0.pbf');
    expect([answer.statusCode, answer.json()]).toEqual([404, NOT_DRAWN]);
    // A hex route on the vector tileset reads no record as a hex tileset; the archive is not offered.
    expect((await publicTiles(publishedId, vector, 'metadata')).statusCode).toBe(422);
    expect((await publicTiles(publishedId, vector, 'tiles.pmtiles')).statusCode).toBe(404);
    // Nor is a tileset the map draws downloaded whole through the published data route; the points it names are.
    for (const tileset of [hex, vector]) {
      const whole = await call('GET', `/v1/maps/${publishedId}/published-map/datasets/${tileset}/data`);
      expect([whole.statusCode, whole.json().message]).toEqual([404, 'Dataset not found']);
    }
    expect((await call('GET', `/v1/maps/${publishedId}/published-map/datasets/${points}/data`)).statusCode).toBe(200);
  });

  it('answers 404 for a map never published, as for a published one once unpublished', async () => {
    const privateMap = (await asAnalyst('POST', '/v1/maps', { name: 'Private tiles', datasets: [hex] })).id;
    await asAnalyst('POST', '/v1/studiostates', { mapId: privateMap, data: { version: 'v1', config: { visState: { layers: [{ type: 'hexTile', config: { dataId: hex } }] } } } });
    const unseen = await publicTiles(privateMap, hex, 'metadata');
    expect([unseen.statusCode, unseen.json()]).toEqual([404, NOT_PUBLISHED]);
    const signedIn = await publicTiles(privateMap, hex, 'metadata', analyst);
    expect(signedIn.statusCode).toBe(404);
  });

  it('asks for the password first, then serves the unlocked page, until the map is unpublished', async () => {
    await publish(mapId, { password: 'open sesame' });
    const locked = await publicTiles(publishedId, hex, `2/${cell(2)}`);
    expect([locked.statusCode, locked.json()]).toEqual([401, PROTECTED]);
    expect((await publicTiles(publishedId, vector, 'tiles/0/0/0.pbf', { 'x-view-token': 'made.up.token.value' })).statusCode).toBe(401);
    const wrong = await call('POST', `/v1/maps/${publishedId}/published-map`, { payload: { password: 'nope' } });
    expect(wrong.statusCode).toBe(401);

    const viewToken = await unlock(publishedId, 'open sesame');
    expect((await publicTiles(publishedId, hex, `2/${cell(2)}`, { 'x-view-token': viewToken })).statusCode).toBe(200);
    expect((await publicTiles(publishedId, vector, 'tiles/0/0/0.pbf', { 'x-view-token': viewToken })).statusCode).toBe(200);
    // By the record id too, as the public view answers both.
    expect((await publicTiles(mapId, hex, 'tileset-index', { 'x-view-token': viewToken })).statusCode).toBe(200);

    await asAnalyst('DELETE', `/v1/maps/${mapId}/unpublish`);
    const gone = await publicTiles(publishedId, hex, `2/${cell(2)}`, { 'x-view-token': viewToken });
    expect([gone.statusCode, gone.json()]).toEqual([404, NOT_PUBLISHED]);
  });
});
