// The planet driver against a fake Data API on loopback (test-support/fake-planet.ts), allowed as an administrator
// would: item types as buckets, days as folders, items as objects paged through Planet's _next links, an item opened
// as GeoJSON; then through the storage service, browse and import of an item into a ready GeoJSON dataset.
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { eventually } from '../../modules/query/test-support/helpers.js';
import { importObject, listObjects } from '../../modules/data-connections/storage-service.js';
import { findOrganizationIdByName, setFeatureFlags } from '../../modules/organizations/repo.js';
import { findIdentity } from '../../modules/users/repo.js';
import { BackgroundJobs } from '../../jobs/background-jobs.js';
import { userId } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import type { ConnectionTarget } from '../types.js';
import { storageConnector, STORAGE_DRIVERS } from './index.js';
import { PLANET_WINDOW_DAYS, planetDriver } from './planet.js';
import { fakePlanet, type FakePlanet, type FakePlanetItem } from './test-support/fake-planet.js';

const KEY = 'PLAK-sentinel-planet-api-key-51c3';
const NOW = new Date('2026-11-28T12:00:00Z');
const square = { type: 'Polygon', coordinates: [[[10, 50], [10.1, 50], [10.1, 50.1], [10, 50.1], [10, 50]]] };
const item = (id: string, itemType: string, acquired: string): FakePlanetItem => ({ id, itemType, acquired, geometry: square, properties: { cloud_cover: 0.1 } });
const ITEMS = [
  item('20261127_100000_a1', 'PSScene', '2026-11-27T10:00:00.000Z'),
  item('20261127_153000_a2', 'PSScene', '2026-11-27T15:30:00.000Z'),
  item('20261127_080000_a3', 'PSScene', '2026-11-27T08:00:00.000Z'),
  item('20261126_090000_b1', 'PSScene', '2026-11-26T09:00:00.000Z'),
  item('20261127_110000_s1', 'SkySatScene', '2026-11-27T11:00:00.000Z'),
];

let planet: FakePlanet;
beforeAll(async () => {
  planet = await fakePlanet({ key: KEY, itemTypes: ['PSScene', 'SkySatScene', 'REOrthoTile'], items: ITEMS });
});
afterAll(() => planet.close());

const target = (key: string | null = KEY, allowedHosts: readonly string[] = ['127.0.0.1']): ConnectionTarget => ({ type: 'planet', options: {}, password: () => key, allowedHosts });
const driver = () => planetDriver({ api: planet.api, now: () => NOW });
/** The refusal's answer as the routes send it: never holding the key. */
async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; message: string; details: string }> {
  const error = await promise.then(
    () => expect.fail('refused'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, message, details } = error as AppError;
  expect(`${message} ${details}`).not.toContain(KEY);
  return { statusCode, message, details: details ?? '' };
}

describe('planet driver', () => {
  it('lists the item types as buckets, page by page', async () => {
    const first = await driver().listBuckets(target(), { pageSize: 2 });
    expect(first).toEqual({ items: [{ kind: 'bucket', key: 'PSScene' }, { kind: 'bucket', key: 'SkySatScene' }], nextPageToken: '2' });
    expect(await driver().listBuckets(target(), { pageSize: 2, pageToken: '2' })).toEqual({ items: [{ kind: 'bucket', key: 'REOrthoTile' }], nextPageToken: null });
    // The connection test lists one.
    await expect(storageConnector('planet', driver()).testConnection(target())).resolves.toEqual({});
  });

  it('lists the days of the window as folders, most recent first, without asking Planet', async () => {
    const before = planet.requests().length;
    const first = await driver().listObjects(target(), { bucket: 'PSScene', prefix: '', pageSize: 3 });
    expect(first).toEqual({
      items: [{ kind: 'folder', key: '2026-11-28/' }, { kind: 'folder', key: '2026-11-27/' }, { kind: 'folder', key: '2026-11-26/' }],
      nextPageToken: '3',
    });
    const last = await driver().listObjects(target(), { bucket: 'PSScene', prefix: '', pageSize: 3, pageToken: String(PLANET_WINDOW_DAYS - 1) });
    expect(last).toEqual({ items: [{ kind: 'folder', key: '2026-08-31/' }], nextPageToken: null });
    expect(planet.requests().length).toBe(before);
  });

  it("lists a day's items, most recently acquired first, following Planet's next links", async () => {
    const first = await driver().listObjects(target(), { bucket: 'PSScene', prefix: '2026-11-27/', pageSize: 2 });
    expect(first.items).toEqual([
      { kind: 'object', key: '2026-11-27/20261127_153000_a2', lastModified: '2026-11-27T15:30:00.000Z' },
      { kind: 'object', key: '2026-11-27/20261127_100000_a1', lastModified: '2026-11-27T10:00:00.000Z' },
    ]);
    // The token is the next page's path on the API, not a URL naming a host.
    expect(first.nextPageToken).toMatch(/^\/data\/v1\/searches\/[0-9a-f]+\/results\?_page=2&_page_size=2$/);
    const second = await driver().listObjects(target(), { bucket: 'PSScene', prefix: '2026-11-27/', pageSize: 2, pageToken: first.nextPageToken! });
    expect(second).toEqual({ items: [{ kind: 'object', key: '2026-11-27/20261127_080000_a3', lastModified: '2026-11-27T08:00:00.000Z' }], nextPageToken: null });
    expect(await driver().listObjects(target(), { bucket: 'SkySatScene', prefix: '2026-11-26/', pageSize: 10 })).toEqual({ items: [], nextPageToken: null });
    expect(planet.requests()).toContain('POST /data/v1/quick-search?_sort=acquired+desc&_page_size=2');
  });

  it('opens an item as a one-feature GeoJSON FeatureCollection', async () => {
    const object = await driver().openObject(target(), 'PSScene', '2026-11-27/20261127_100000_a1');
    expect(object.contentType).toBe('application/geo+json');
    const body = await text(object.body);
    expect(object.size).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: '20261127_100000_a1',
          geometry: square,
          properties: { acquired: '2026-11-27T10:00:00.000Z', item_type: 'PSScene', cloud_cover: 0.1 },
        },
      ],
    });
  });

  it('refuses what is not in the catalogue: other days, unknown items, folders that are not days, foreign page tokens', async () => {
    const notFound = { statusCode: 404, message: 'Object not found' };
    expect(await refusal(driver().openObject(target(), 'PSScene', '2026-11-26/20261127_100000_a1'))).toMatchObject(notFound);
    expect(await refusal(driver().openObject(target(), 'PSScene', '2026-11-27/none'))).toMatchObject(notFound);
    expect(await refusal(driver().openObject(target(), 'PSScene', '20261127_100000_a1'))).toMatchObject(notFound);
    for (const prefix of ['2026-02-30/', 'scenes/', '2026-11-27/deeper/']) {
      expect(await refusal(driver().listObjects(target(), { bucket: 'PSScene', prefix, pageSize: 10 })), prefix).toMatchObject({ statusCode: 400, message: 'Not a day of the catalogue' });
    }
    const requests = planet.requests().length;
    for (const pageToken of ['//evil.example/data/v1/searches/1/results', 'http://evil.example/data/v1/searches/1/results', '/data/v1/searches/../item-types', '/data/v1/quick-search', 'x']) {
      expect(await refusal(driver().listObjects(target(), { bucket: 'PSScene', prefix: '2026-11-27/', pageSize: 10, pageToken })), pageToken).toMatchObject({
        statusCode: 400,
        message: 'Not a page token of this listing',
      });
    }
    expect(planet.requests().length).toBe(requests);
  });

  it("answers Planet's refusals as 422 with its message, never the key; refuses loopback without the allow-list", async () => {
    expect(await refusal(driver().listBuckets(target('PLAK-wrong'), { pageSize: 10 }))).toEqual({
      statusCode: 422,
      message: 'Could not connect to the storage',
      details: '401: Please enter your API key, or email and password.',
    });
    expect(await refusal(driver().listObjects(target(), { bucket: 'Nope', prefix: '2026-11-27/', pageSize: 10 }))).toEqual({
      statusCode: 422,
      message: 'Could not list the objects',
      details: '400: Invalid item type: Nope',
    });
    expect(await refusal(driver().listBuckets(target(null), { pageSize: 10 }))).toEqual({
      statusCode: 422,
      message: 'Could not connect to the storage',
      details: 'A Planet connection needs its API key',
    });
    const requests = planet.requests().length;
    expect(await refusal(driver().listBuckets(target(KEY, []), { pageSize: 10 }))).toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    expect(await refusal(driver().openObject(target(KEY, []), 'PSScene', '2026-11-27/20261127_100000_a1'))).toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    expect(planet.requests().length).toBe(requests);
    expect(planet.requests().every((request) => / \/data\/v1\//.test(request))).toBe(true);
  });
});

describe.each(testStores())('planet connections through the storage service on $name', (store) => {
  const h = useHarness(store, { allowedConnectionHosts: ['127.0.0.1'] });
  const savedKey = process.env.ATLAS_SECRETS_KEY;
  const imports = new BackgroundJobs();
  const allowed = ['127.0.0.1'];

  beforeAll(async () => {
    process.env.ATLAS_SECRETS_KEY = randomBytes(32).toString('hex');
    await setFeatureFlags(h.db, (await findOrganizationIdByName(h.db, 'Demo'))!, { 'storage-connectors-enabled': true });
  });
  afterAll(async () => {
    await imports.stopAll();
    if (savedKey === undefined) delete process.env.ATLAS_SECRETS_KEY;
    else process.env.ATLAS_SECRETS_KEY = savedKey;
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: await h.auth('analyst@example.com'), ...(payload ? { payload } : {}) });

  it('browses item types, days and items, and imports an item into a ready GeoJSON dataset', async () => {
    const drivers = { ...STORAGE_DRIVERS, planet: driver() };
    const created = await call('POST', '/v1/data-connections', { name: 'Planet', type: 'planet', options: { password: KEY } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain(KEY);
    const id = created.json().id as string;
    const analyst = (await findIdentity(h.db, await userId(h.db, 'analyst@example.com'))) as Identity;

    expect(await listObjects(h.db, analyst, id, { pageSize: 1 }, allowed, drivers)).toEqual({ bucket: null, prefix: '', items: [{ kind: 'bucket', key: 'PSScene' }], nextPageToken: '1' });
    expect((await listObjects(h.db, analyst, id, { bucket: 'PSScene', pageSize: 1 }, allowed, drivers)).items).toEqual([{ kind: 'folder', key: '2026-11-28/' }]);
    const day = await listObjects(h.db, analyst, id, { bucket: 'SkySatScene', prefix: '2026-11-27/' }, allowed, drivers);
    expect(day).toEqual({
      bucket: 'SkySatScene',
      prefix: '2026-11-27/',
      items: [{ kind: 'object', key: '2026-11-27/20261127_110000_s1', lastModified: '2026-11-27T11:00:00.000Z' }],
      nextPageToken: null,
    });

    const imported = await importObject({ db: h.db, engine: h.engine, imports }, analyst, id, { bucket: 'SkySatScene', key: day.items[0]!.key }, allowed, drivers);
    expect(imported).toMatchObject({ name: '20261127_110000_s1', status: 'pending', dataConnection: { id } });
    const settled = await eventually(async () => (await call('GET', `/v1/datasets/${imported.id}`)).json(), (dataset) => dataset.status !== 'pending', 20_000);
    expect(settled).toMatchObject({ status: 'ready', metadata: { rowCount: 1, sourceFormat: 'geojson', storageObject: { bucket: 'SkySatScene', key: '2026-11-27/20261127_110000_s1' } } });
    const csv = (await call('GET', `/v1/datasets/${imported.id}/data?format=csv`)).body;
    expect(csv).toContain('2026-11-27');
    expect(csv).toContain('SkySatScene');

    await expect(importObject({ db: h.db, engine: h.engine, imports }, analyst, id, { bucket: 'SkySatScene', key: '2026-11-27/none' }, allowed, drivers)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Object not found',
    });
    // The connection test runs the registered driver: without a key it refuses before dialling Planet.
    const noKey = await call('POST', '/v1/data-connections', { name: 'Planet without key', type: 'planet', options: {} });
    const tested = await call('POST', '/v1/test-connection', { connectionId: noKey.json().id });
    expect([tested.statusCode, tested.json()]).toEqual([422, { message: 'Could not connect to the storage', details: 'A Planet connection needs its API key', appStatusCode: 'INVALID_INPUT' }]);
  });
});
