import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness, type Harness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { createDataset, errorOf, eventually, type Headers } from '../query/test-support/helpers.js';

type Position = [number, number];
interface TestFeature {
  name: string;
  geometry: { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] } | { type: 'Polygon'; coordinates: Position[][] };
}

const square = (name: string, west: number, south: number, size: number): TestFeature => ({
  name,
  geometry: { type: 'Polygon', coordinates: [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]] },
});
const line = (name: string, from: Position, to: Position): TestFeature => ({ name, geometry: { type: 'LineString', coordinates: [from, to] } });
const point = (name: string, at: Position): TestFeature => ({ name, geometry: { type: 'Point', coordinates: at } });

/** Squares, axis-aligned lines and points across Europe and Africa: their bounding boxes are their exact extents. */
const SHAPES: TestFeature[] = [
  square('paris-square', 1.3, 47.7, 2.1),
  square('big-square', -8.3, 35.2, 17.3),
  square('small-square', 12.2, 41.7, 0.4),
  line('meridian', [7.1, 30.3], [7.1, 55.4]),
  line('parallel', [-12.6, 44.1], [25.2, 44.1]),
  point('rome', [12.49, 41.89]),
  point('cairo', [31.24, 30.04]),
  point('oslo', [10.75, 59.91]),
  point('dakar', [-17.45, 14.69]),
];

const collection = (features: TestFeature[]) =>
  JSON.stringify({ type: 'FeatureCollection', features: features.map((feature) => ({ type: 'Feature', properties: { name: feature.name }, geometry: feature.geometry })) });

/** A circle of `vertices` points: simplification shows in how many of them a tile keeps. */
function circle(center: Position, radius: number, vertices: number): TestFeature {
  const ring: Position[] = Array.from({ length: vertices }, (_, i) => {
    const angle = (2 * Math.PI * i) / vertices;
    return [center[0] + radius * Math.cos(angle), center[1] + radius * Math.sin(angle)];
  });
  return { name: 'circle', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } };
}

// ---- the independent computation: which features a tile holds ------------------------------------------------------

const BUFFER = 64 / 4096;
const lngOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const latOf = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/** The tile's extent in degrees, widened by the 64-unit buffer every tile carries beyond its edges. */
function tileBounds(z: number, x: number, y: number) {
  return { west: lngOf(x - BUFFER, z), east: lngOf(x + 1 + BUFFER, z), north: latOf(y - BUFFER, z), south: latOf(y + 1 + BUFFER, z) };
}

function featureBox(feature: TestFeature) {
  const positions: Position[] =
    feature.geometry.type === 'Point' ? [feature.geometry.coordinates] : feature.geometry.type === 'LineString' ? feature.geometry.coordinates : feature.geometry.coordinates.flat();
  const xs = positions.map((p) => p[0]);
  const ys = positions.map((p) => p[1]);
  return { west: Math.min(...xs), east: Math.max(...xs), south: Math.min(...ys), north: Math.max(...ys) };
}

function expectedNames(features: TestFeature[], z: number, x: number, y: number): string[] {
  const tile = tileBounds(z, x, y);
  return features
    .filter((feature) => {
      const box = featureBox(feature);
      return box.west <= tile.east && box.east >= tile.west && box.south <= tile.north && box.north >= tile.south;
    })
    .map((feature) => feature.name)
    .sort();
}

// ---- helpers -------------------------------------------------------------------------------------------------------

function decode(body: Buffer) {
  const tile = new VectorTile(new Pbf(body));
  const layer = tile.layers.features;
  const features = layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i)) : [];
  return { tile, features, names: features.map((feature) => String(feature.properties.name)).sort() };
}

const vertices = (feature: ReturnType<typeof decode>['features'][number]) => feature.loadGeometry().reduce((sum, ring) => sum + ring.length, 0);

async function geojsonDataset(h: Harness, headers: Headers, name: string, features: TestFeature[]): Promise<string> {
  const id = await createDataset(h, headers, name);
  const response = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...headers, 'content-type': 'application/geo+json' }, payload: collection(features) });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return id;
}

async function csvDataset(h: Harness, headers: Headers, name: string, csv: string): Promise<string> {
  const id = await createDataset(h, headers, name);
  const response = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return id;
}

describe.each(testStores())('vector tiles on $name', (store) => {
  const h = useHarness(store);
  let headers: Headers;
  let outsider: Headers;
  let shapes: string;

  const build = async (payload: object, as: Headers = headers) => h.app.inject({ method: 'POST', url: '/v1/datasets/vectortile', headers: as, payload });
  const ready = async (id: string) =>
    (await eventually(() => h.app.inject({ url: `/v1/datasets/${id}`, headers }).then((r) => r.json()), (dataset) => dataset.status !== 'pending', 30_000)) as {
      status: string;
      errorMessage: string | null;
      metadata: { vectorTile: Record<string, unknown> };
    };
  const tileOf = (id: string, z: number, x: number, y: number, as: Headers = headers) => h.app.inject({ url: `/v1/datasets/${id}/tiles/${z}/${x}/${y}.pbf`, headers: as });

  beforeAll(async () => {
    headers = await h.auth('analyst@example.com');
    await addUser(h.db, { email: 'vt-outsider@example.org', organization: 'Vector Elsewhere' });
    outsider = await h.auth('vt-outsider@example.org');
    shapes = await geojsonDataset(h, headers, 'shapes', SHAPES);
  });

  it('builds an mvt tileset: pending at once, then ready; every tile decodes to exactly the features that intersect it', async () => {
    const response = await build({ source: shapes, maxZoom: 5, name: 'shape tiles' });
    expect(response.statusCode).toBe(202);
    const pending = response.json();
    expect(pending).toMatchObject({ type: 'vector-tile', status: 'pending', name: 'shape tiles' });
    const done = await ready(pending.id);
    expect(done.status).toBe('ready');
    expect(done.metadata.vectorTile).toMatchObject({ format: 'mvt', minZoom: 0, maxZoom: 5, progress: 1, featureCount: SHAPES.length, fields: { name: 'String' } });
    expect(done.metadata.vectorTile.fieldStats).toMatchObject({ name: { values: SHAPES.map((shape) => shape.name).sort() } });

    // At the deepest zoom nothing is simplified away: the tile holds exactly what intersects it (its buffer included).
    const z = 5;
    let nonEmpty = 0;
    for (let x = 14; x <= 19; x++) {
      for (let y = 9; y <= 15; y++) {
        const expected = expectedNames(SHAPES, z, x, y);
        const tile = await tileOf(pending.id, z, x, y);
        if (expected.length === 0) {
          expect(tile.statusCode, `${z}/${x}/${y}`).toBe(204);
          continue;
        }
        nonEmpty++;
        expect(tile.statusCode).toBe(200);
        expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
        expect(decode(tile.rawPayload).names, `${z}/${x}/${y}`).toEqual(expected);
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
    // Zoom 0 holds everything large enough to show.
    expect(decode((await tileOf(pending.id, 0, 0, 0)).rawPayload).names).toEqual(expect.arrayContaining(['big-square', 'meridian', 'parallel', 'rome', 'cairo']));
  });

  it('serves TileJSON and tiles with versioned URLs, ETags and private caching; gzip for clients that take it', async () => {
    const id = (await build({ source: shapes, maxZoom: 3, layerName: 'shapes' })).json().id;
    const tileset = (await ready(id)).metadata.vectorTile;
    const json = await h.app.inject({ url: `/v1/datasets/${id}/tiles.json`, headers });
    expect(json.statusCode).toBe(200);
    const tilejson = json.json();
    expect(tilejson).toMatchObject({ tilejson: '3.0.0', minzoom: 0, maxzoom: 3, format: 'mvt', vector_layers: [{ id: 'shapes', fields: { name: 'String' } }] });
    expect(tilejson.tiles[0]).toBe(`http://localhost:80/v1/datasets/${id}/tiles/{z}/{x}/{y}.pbf?v=${String(tileset.version)}`);
    expect(tilejson.bounds).toEqual([-17.45, 14.69, 31.24, 59.91]);

    const versioned = await h.app.inject({ url: `/v1/datasets/${id}/tiles/0/0/0.pbf?v=${String(tileset.version)}`, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['content-encoding']).toBe('gzip');
    expect(versioned.headers['cache-control']).toBe('private, max-age=2678400, immutable');
    const plain = await tileOf(id, 0, 0, 0);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(plain.rawPayload).tile.layers.shapes).toBeDefined();
    const again = await h.app.inject({ url: `/v1/datasets/${id}/tiles/0/0/0.pbf`, headers: { ...headers, 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(errorOf(await tileOf(id, 4, 0, 0)).status).toBe(404);
    expect(errorOf(await tileOf(id, 2, 4, 0)).status).toBe(404);
    expect(errorOf(await h.app.inject({ url: `/v1/datasets/${id}/tiles.pmtiles`, headers })).body.message).toBe('Not a PMTiles tileset');
  });

  it('simplifies by zoom: a circle of 1000 vertices keeps them all at the deepest zoom, a handful at zoom 0', async () => {
    const source = await geojsonDataset(h, headers, 'circle', [circle([11.25 + 2.8, 40], 0.5, 1000)]);
    const id = (await build({ source, maxZoom: 6 })).json().id;
    expect((await ready(id)).status).toBe('ready');
    const countAt = async (z: number) => {
      const n = 2 ** z;
      const x = Math.floor(((11.25 + 2.8 + 180) / 360) * n);
      const latRad = (40 * Math.PI) / 180;
      const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
      const [feature] = decode((await tileOf(id, z, x, y)).rawPayload).features;
      return vertices(feature!);
    };
    const deepest = await countAt(6);
    const middle = await countAt(3);
    const top = await countAt(0);
    expect(deepest).toBeGreaterThan(900);
    expect(middle).toBeLessThan(deepest);
    expect(top).toBeLessThan(middle);
    expect(top).toBeLessThan(20);
  });

  it('thins tiles that outgrow maxTileBytes, keeping each under the cap', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${(i * 0.001).toFixed(3)},${(10 + (i % 50) * 0.01).toFixed(2)},${(20 + Math.floor(i / 50) * 0.01).toFixed(2)}`);
    const source = await csvDataset(h, headers, 'dense points', `value,lat,lng\n${rows.join('\n')}\n`);
    const id = (await build({ source, maxZoom: 4, maxTileBytes: 2048 })).json().id;
    const done = await ready(id);
    expect(done.status).toBe('ready');
    expect(done.metadata.vectorTile.thinnedTiles).toBeGreaterThan(0);
    const tile = await tileOf(id, 0, 0, 0);
    expect(tile.rawPayload.length).toBeLessThanOrEqual(2048);
    const { features } = decode(tile.rawPayload);
    expect(features.length).toBeGreaterThan(10);
    expect(features.length).toBeLessThan(3000);
    // Without a cap worth speaking of, the same tile holds every point.
    const whole = (await build({ source, maxZoom: 0, maxTileBytes: 4 * 1024 * 1024 })).json().id;
    await ready(whole);
    expect(decode((await tileOf(whole, 0, 0, 0)).rawPayload).features).toHaveLength(3000);
  });

  it('builds a pmtiles archive that a PMTiles reader reads with range requests, tile for tile as served', async () => {
    const id = (await build({ source: shapes, maxZoom: 4, format: 'pmtiles' })).json().id;
    const done = await ready(id);
    expect(done.status).toBe('ready');
    const version = String(done.metadata.vectorTile.version);
    const url = `/v1/datasets/${id}/tiles.pmtiles`;
    const ranges: string[] = [];
    const source: Source = {
      getKey: () => url,
      async getBytes(offset: number, length: number): Promise<RangeResponse> {
        const range = `bytes=${offset}-${offset + length - 1}`;
        ranges.push(range);
        const response = await h.app.inject({ url, headers: { ...headers, range } });
        expect(response.statusCode).toBe(206);
        const body = response.rawPayload;
        return { data: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer, etag: String(response.headers.etag) };
      },
    };
    const archive = new PMTiles(source);
    const header = await archive.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 4, tileType: 1 });
    expect(header.minLon).toBeCloseTo(-17.45, 5);
    expect(header.maxLat).toBeCloseTo(59.91, 5);
    for (const [z, x, y] of [
      [0, 0, 0],
      [2, 2, 1],
      [4, 8, 5],
      [4, 9, 6],
    ] as const) {
      const fromArchive = await archive.getZxy(z, x, y);
      const served = await tileOf(id, z, x, y);
      expect(Buffer.from(fromArchive!.data)).toEqual(served.rawPayload);
      expect(decode(served.rawPayload).names.length).toBeGreaterThan(0);
    }
    expect(await archive.getZxy(4, 0, 0)).toBeUndefined();
    expect(ranges.length).toBeGreaterThan(1);
    expect(((await archive.getMetadata()) as { vector_layers: unknown[] }).vector_layers).toEqual([{ id: 'features', fields: { name: 'String', lat: 'Number', lng: 'Number' }, minzoom: 0, maxzoom: 4 }]);

    const whole = await h.app.inject({ url: `${url}?v=${version}`, headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, max-age=2678400, immutable');
    expect(whole.headers['content-type']).toBe('application/vnd.pmtiles');
    const size = whole.rawPayload.length;
    const tail = await h.app.inject({ url, headers: { ...headers, range: 'bytes=-10' } });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    const stale = await h.app.inject({ url, headers: { ...headers, range: 'bytes=0-9', 'if-range': '"another"' } });
    expect(stale.statusCode).toBe(200);
    const beyond = await h.app.inject({ url, headers: { ...headers, range: `bytes=${size}-` } });
    expect(errorOf(beyond)).toEqual({ status: 416, body: { message: 'Range not satisfiable', details: `The archive has ${size} bytes`, appStatusCode: 'BAD_REQUEST' } });
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('builds from a query result (PUT /v1/data-queries/vector-tiling)', async () => {
    const pipeline = { type: 'filter', props: { expression: { kind: 'binary', op: '=', left: { kind: 'column', name: 'name' }, right: { kind: 'literal', value: 'rome' } } }, inputs: [{ type: 'dataset', props: { uuid: shapes } }] };
    const response = await h.app.inject({ method: 'PUT', url: '/v1/data-queries/vector-tiling', headers, payload: { pipeline, maxZoom: 2 } });
    expect(response.statusCode).toBe(202);
    const done = await ready(response.json().id);
    expect(done.status).toBe('ready');
    expect(done.metadata.vectorTile).toMatchObject({ featureCount: 1 });
    expect(decode((await tileOf(response.json().id, 0, 0, 0)).rawPayload).names).toEqual(['rome']);
    const refused = await h.app.inject({ method: 'PUT', url: '/v1/data-queries/vector-tiling', headers: outsider, payload: { pipeline, maxZoom: 2 } });
    expect(refused.statusCode).toBe(404);
  });

  it('answers bad input with 4xx and the error shape', async () => {
    const plain = await csvDataset(h, headers, 'no geometry', 'city,visits\nParis,3\n');
    expect(errorOf(await build({ source: plain }))).toEqual({
      status: 422,
      body: { message: 'The source has no geometry', details: expect.any(String) as unknown as string, appStatusCode: 'INVALID_INPUT' },
    });
    const curved = await csvDataset(h, headers, 'curves', 'name,shape\na,"CIRCULARSTRING(0 0, 1 1, 2 0)"\n');
    expect(errorOf(await build({ source: curved, geometryColumn: 'shape' }))).toEqual({
      status: 422,
      body: { message: 'Unsupported geometry type: CIRCULARSTRING', details: expect.any(String) as unknown as string, appStatusCode: 'INVALID_INPUT' },
    });
    const circles = await csvDataset(h, headers, 'circles', 'name,shape\na,"{""type"":""Circle"",""coordinates"":[1,2]}"\n');
    expect(errorOf(await build({ source: circles, geometryColumn: 'shape' })).body.message).toBe('Unsupported geometry type: Circle');
    expect(errorOf(await build({ source: shapes, geometryColumn: 'nope' })).body).toMatchObject({ message: 'Column not found', appStatusCode: 'INVALID_INPUT' });
    expect(errorOf(await build({ source: shapes, minZoom: 5, maxZoom: 2 })).body.message).toBe('minZoom is above maxZoom');
    expect(errorOf(await build({ source: shapes, maxZoom: 17 })).status).toBe(400);
    expect(errorOf(await build({ source: shapes, format: 'geojson' })).status).toBe(400);
    expect(errorOf(await build({ source: shapes, latColumn: 'lat' })).body.message).toBe('Give both latColumn and lngColumn');
    expect(errorOf(await tileOf(plain, 0, 0, 0)).body.message).toBe('Not a vector tileset');
    // Nothing was created for the refused builds.
    const listed = await h.app.inject({ url: '/v1/datasets?type=vector-tile&status=pending&limit=1000', headers });
    expect(listed.json().total).toBe(0);
  });

  it("refuses another organization's user and signed-out callers", async () => {
    const id = (await build({ source: shapes, maxZoom: 1 })).json().id;
    await ready(id);
    expect(errorOf(await build({ source: shapes }, outsider)).status).toBe(404);
    expect(errorOf(await tileOf(id, 0, 0, 0, outsider)).status).toBe(404);
    expect(errorOf(await h.app.inject({ url: `/v1/datasets/${id}/tiles.json`, headers: outsider })).status).toBe(404);
    expect(errorOf(await h.app.inject({ url: `/v1/datasets/${id}/tiles/0/0/0.pbf` })).status).toBe(401);
    const viewer = await h.auth('viewer@example.com');
    // A viewer seat reads the tiles of its organization but does not build (a copy of the data, and a new dataset).
    expect((await tileOf(id, 0, 0, 0, viewer)).statusCode).toBe(200);
    expect(errorOf(await build({ source: shapes }, viewer)).status).toBe(403);
  });
});
