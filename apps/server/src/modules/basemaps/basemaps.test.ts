import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppStatusCode } from '@atlas/domain';
import { DEFAULT_LAYER_GROUPS } from '@kepler.gl/constants';
import { VectorTile } from '@mapbox/vector-tile';
import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import Pbf from 'pbf';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const [pglite] = testStores();
const HOST = 'maps.example.test:8443';
const STYLES = ['atlas-light', 'atlas-dark'];

const require = createRequire(import.meta.url);
const glyphFile = (range: string) =>
  readFileSync(path.join(path.dirname(require.resolve('tileserver-gl-styles/package.json')), 'fonts', 'Noto Sans Regular', `${range}.pbf`));

type Properties = Record<string, string | number | boolean>;

/** Each source layer's feature properties. */
function decode(body: Buffer): Record<string, Properties[]> {
  const tile = new VectorTile(new Pbf(body));
  return Object.fromEntries(
    Object.entries(tile.layers).map(([name, layer]) => [name, Array.from({ length: layer.length }, (_, index) => layer.feature(index).properties as Properties)]),
  );
}

describe('offline basemap', () => {
  const h = useHarness(pglite!);
  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
  const tile = async (z: number, x: number, y: number) => {
    const response = await get(`/v1/basemaps/tiles/${z}/${x}/${y}.pbf`, { 'accept-encoding': 'gzip, deflate' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    return decode(gunzipSync(response.rawPayload));
  };
  const expectError = (response: { statusCode: number; json(): unknown }, status: number, appStatusCode: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String), details: expect.any(String), appStatusCode });
  };

  it('lists our styles with absolute URLs on the host the client used', async () => {
    const response = await get('/v1/basemaps');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.json()).toEqual(
      STYLES.map((id) => ({
        id,
        label: expect.stringMatching(/^Atlas (Light|Dark)$/),
        styleUrl: `http://${HOST}/v1/basemaps/${id}/style.json`,
        iconUrl: `http://${HOST}/v1/basemaps/${id}/icon.svg`,
      })),
    );
  });

  it.each(STYLES)('serves %s as a valid MapLibre style whose every URL is on this host', async (id) => {
    const response = await get(`/v1/basemaps/${id}/style.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const style = response.json() as StyleSpecification;
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.glyphs).toBe(`http://${HOST}/v1/basemaps/glyphs/{fontstack}/{range}.pbf`);
    expect(Object.values(style.sources)).toEqual([expect.objectContaining({ type: 'vector', tiles: [`http://${HOST}/v1/basemaps/tiles/{z}/{x}/{y}.pbf`], maxzoom: 10 })]);
    const urls = JSON.stringify(style).match(/\w+:\/\/[^"]*/g) ?? [];
    expect(urls.every((url) => url.startsWith(`http://${HOST}/v1/basemaps/`))).toBe(true);
    for (const layer of style.layers) if (layer.type === 'symbol') expect(layer.layout?.['text-font']).toEqual(['Noto Sans Regular']);
  });

  it('names its layers so that kepler.gl’s map-layer toggles find labels, borders, water and land', async () => {
    const style = (await get('/v1/basemaps/atlas-light/style.json')).json() as StyleSpecification;
    const groups = Object.fromEntries(DEFAULT_LAYER_GROUPS.map((group) => [group.slug, style.layers.filter((layer) => group.filter(layer)).map((layer) => layer.id)]));
    expect(groups).toMatchObject({
      label: ['place-city-dot', 'place-city-label', 'place-country-label'],
      border: ['boundary-state', 'boundary-country'],
      water: ['water'],
      land: ['landcover'],
    });
    // kepler.gl reads the "no basemap" background color from a layer named background.
    expect(style.layers[0]).toMatchObject({ id: 'background', type: 'background' });
  });

  it('answers an unknown style 404 in the error shape', async () => {
    for (const file of ['style.json', 'icon.svg']) expectError(await get(`/v1/basemaps/atlas-sepia/${file}`), 404, AppStatusCode.NotFound);
  });

  it('believes forwarded headers only when TRUST_PROXY says so', async () => {
    const style = (await get('/v1/basemaps/atlas-dark/style.json', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).json();
    expect(style.glyphs).toMatch(new RegExp(`^http://${HOST}/`));
  });

  it.each(STYLES)('draws a preview picture of %s', async (id) => {
    const response = await get(`/v1/basemaps/${id}/icon.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(response.body).not.toBe((await get(`/v1/basemaps/${STYLES.find((other) => other !== id)}/icon.svg`)).body);
  });

  it('shows the world at zoom 0 with only the largest cities', async () => {
    const layers = await tile(0, 0, 0);
    expect(Object.keys(layers).sort()).toEqual(['countries', 'country_borders', 'country_labels', 'places', 'state_borders', 'water']);
    expect(layers.countries!.map((country) => country.name)).toEqual(expect.arrayContaining(['France', 'Brazil', 'Japan']));
    expect(layers.places!.length).toBeGreaterThan(10);
    expect(layers.places!.length).toBeLessThan(100);
    expect(layers.places!.every((place) => Number(place.population) >= 5_000_000 && place.rank === 1)).toBe(true);
    expect(layers.places!.map((place) => place.name)).toEqual(expect.arrayContaining(['Tokyo', 'London', 'New York City']));
  });

  it('keeps shapes that cross the antimeridian or surround a pole whole, and nowhere else', async () => {
    for (const x of [0, 1]) expect((await tile(1, x, 1)).countries!.map((country) => country.name), `1/${x}/1`).toContain('Antarctica');
    const northAtlantic = (await tile(2, 1, 0)).countries!.map((country) => country.name);
    expect(northAtlantic).toEqual(expect.arrayContaining(['Greenland', 'Canada']));
    expect(northAtlantic).not.toContain('Russia');
    expect((await tile(2, 3, 0)).countries!.map((country) => country.name)).toContain('Russia');
  });

  it('names France in a zoom-4 tile over it, with its neighbors and no US state borders', async () => {
    const layers = await tile(4, 8, 5);
    expect(layers.countries!.map((country) => country.name)).toEqual(expect.arrayContaining(['France', 'Germany', 'Spain']));
    expect(layers.country_labels!.map((label) => label.name)).toContain('France');
    expect(layers.country_borders).toHaveLength(1);
    expect(layers.state_borders).toBeUndefined();
    // Neighbors are tinted differently.
    const color = (name: string) => layers.countries!.find((country) => country.name === name)!.color;
    expect(color('France')).not.toBe(color('Germany'));
  });

  it('draws US state borders over the United States', async () => {
    const layers = await tile(4, 3, 6);
    expect(layers.state_borders).toHaveLength(1);
    expect(layers.countries!.map((country) => country.name)).toContain('United States of America');
  });

  it('shows smaller cities as one zooms in', async () => {
    const layers = await tile(6, 32, 22);
    const names = layers.places!.map((place) => place.name);
    expect(names).toEqual(expect.arrayContaining(['Paris', 'Orléans']));
    expect(layers.places!.some((place) => Number(place.population) < 250_000)).toBe(true);
    expect(layers.places!.every((place) => Number(place.population) >= 100_000 || place.capital === true)).toBe(true);
  });

  it('sends the tile unzipped to clients that do not take gzip, with the same validator', async () => {
    const zipped = await get('/v1/basemaps/tiles/2/2/1.pbf', { 'accept-encoding': 'gzip' });
    const plain = await get('/v1/basemaps/tiles/2/2/1.pbf', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/x-protobuf');
    expect(plain.rawPayload.equals(gunzipSync(zipped.rawPayload))).toBe(true);
    expect(plain.headers.etag).toBe(zipped.headers.etag);
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('answers 304 to a client that holds the current tile', async () => {
    const first = await get('/v1/basemaps/tiles/1/1/0.pbf');
    const again = await get('/v1/basemaps/tiles/1/1/0.pbf', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await get('/v1/basemaps/tiles/1/1/0.pbf', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('answers tiles outside the pyramid 404 and malformed ones 400', async () => {
    for (const url of ['11/0/0', '2/4/0', '2/0/4']) expectError(await get(`/v1/basemaps/tiles/${url}.pbf`), 404, AppStatusCode.NotFound);
    for (const url of ['-1/0/0', 'a/0/0', '1/0.5/0', '25/0/0']) expectError(await get(`/v1/basemaps/tiles/${url}.pbf`), 400, AppStatusCode.ValidationFailed);
  });

  it('serves the glyph ranges of Noto Sans Regular byte for byte', async () => {
    for (const range of ['0-255', '256-511', '65280-65535']) {
      const response = await get(`/v1/basemaps/glyphs/Noto%20Sans%20Regular/${range}.pbf`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(glyphFile(range))).toBe(true);
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    }
    const zipped = await get('/v1/basemaps/glyphs/Noto%20Sans%20Regular/0-255.pbf', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(zipped.rawPayload).equals(glyphFile('0-255'))).toBe(true);
  });

  it('takes the first font of a stack that it serves', async () => {
    const response = await get('/v1/basemaps/glyphs/Open%20Sans%20Bold,Noto%20Sans%20Regular/0-255.pbf');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(glyphFile('0-255'))).toBe(true);
  });

  it('answers an unknown font 404 and a bad range 400', async () => {
    expectError(await get('/v1/basemaps/glyphs/Comic%20Sans/0-255.pbf'), 404, AppStatusCode.NotFound);
    expectError(await get('/v1/basemaps/glyphs/..%2F..%2Fpackage/0-255.pbf'), 404, AppStatusCode.NotFound);
    for (const range of ['1-256', '0-511', '65536-65791']) expectError(await get(`/v1/basemaps/glyphs/Noto%20Sans%20Regular/${range}.pbf`), 400, AppStatusCode.BadRequest);
    expectError(await get('/v1/basemaps/glyphs/Noto%20Sans%20Regular/zero.pbf'), 400, AppStatusCode.ValidationFailed);
  });

  it('needs no identity, and ignores credentials it cannot use', async () => {
    const urls = ['/v1/basemaps', '/v1/basemaps/atlas-light/style.json', '/v1/basemaps/atlas-light/icon.svg', '/v1/basemaps/tiles/0/0/0.pbf', '/v1/basemaps/glyphs/Noto%20Sans%20Regular/0-255.pbf'];
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await get(url, { authorization: 'Bearer not-a-token' })).statusCode, url).toBe(200);
    }
  });
});

describe('offline basemap behind a trusted proxy', () => {
  const h = useHarness(pglite!, { trustProxy: true });

  it('builds its URLs from the forwarded protocol and host', async () => {
    const headers = { host: '10.0.0.5:8080', 'x-forwarded-host': 'atlas.example.org', 'x-forwarded-proto': 'https' };
    const style = (await h.app.inject({ url: '/v1/basemaps/atlas-light/style.json', headers })).json();
    expect(style.glyphs).toBe('https://atlas.example.org/v1/basemaps/glyphs/{fontstack}/{range}.pbf');
    const list = (await h.app.inject({ url: '/v1/basemaps', headers })).json();
    expect(list[0].styleUrl).toBe('https://atlas.example.org/v1/basemaps/atlas-light/style.json');
  });
});
