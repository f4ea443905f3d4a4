import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const BASE = '/v1/maps/published/featured';

describe.each(testStores())('featured maps on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let admin: { authorization: string };
  let analystAuth: { authorization: string };

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    admin = await h.auth('admin@example.com');
    analystAuth = await h.auth('analyst@example.com');
  });

  /** A record of the analyst's, published (or only prepared) through the API; answers the published item. */
  const published = async (name: string, { kind = 'map', uploadOptions = {}, complete = true }: { kind?: 'map' | 'insight'; uploadOptions?: object; complete?: boolean } = {}) => {
    const id = randomUUID();
    await h.db.query('INSERT INTO records (id, kind, organization_id, owner_id, name, description) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      kind,
      demoOrg,
      analyst,
      name,
      `About ${name}`,
    ]);
    const base = kind === 'map' ? '/v1/maps' : '/v1/insights';
    const first = await h.app.inject({ method: 'POST', url: `${base}/${id}/publish/resources`, headers: analystAuth, payload: { uploadOptions } });
    if (!complete) return { id: first.json().publishedId as string, resourceId: id };
    return (await h.app.inject({ method: 'POST', url: `${base}/${id}/publish/${first.json().publishedId}`, headers: analystAuth })).json();
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    h.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
  const list = async () => (await call('GET', BASE, analystAuth)).json() as Array<{ id: string; title: string; highlighted: boolean; position: number }>;
  const highlightedCount = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM featured_maps WHERE highlighted'))[0]!.n;

  it('features, orders, updates, highlights one at a time and unfeatures', async () => {
    const harbour = await published('Harbour');
    const dunes = await published('Dunes');
    const peaks = await published('Peaks');

    const created = await call('POST', BASE, admin, { publishedId: harbour.id });
    expect(created.statusCode).toBe(201);
    const { publishedMap, ...rest } = created.json();
    expect(rest).toEqual({
      id: expect.any(String),
      publishedId: harbour.id,
      recordId: harbour.resourceId,
      title: 'Harbour',
      description: 'About Harbour',
      position: 0,
      highlighted: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const { config, ...summary } = harbour;
    expect(config).toEqual({ version: 'v1', config: {} });
    expect(publishedMap).toEqual(summary);

    const second = (await call('POST', BASE, admin, { publishedId: dunes.id, title: 'The dunes', description: 'Sand', position: 5 })).json();
    expect(second).toMatchObject({ title: 'The dunes', description: 'Sand', position: 5 });
    const third = (await call('POST', BASE, admin, { publishedId: peaks.id })).json();
    expect(third.position).toBe(6);
    const first = created.json();
    expect((await list()).map((entry) => entry.id)).toEqual([first.id, second.id, third.id]);

    const highlighted = await call('PUT', `${BASE}/${third.id}/highlight`, admin, {});
    expect(highlighted.statusCode).toBe(200);
    expect(highlighted.json()).toMatchObject({ id: third.id, highlighted: true });
    expect((await list()).map((entry) => [entry.id, entry.highlighted])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);
    // Highlighting another clears the first; no body means highlighted: true.
    expect((await call('PUT', `${BASE}/${first.id}/highlight`, admin)).json().highlighted).toBe(true);
    expect((await list()).map((entry) => [entry.id, entry.highlighted])).toEqual([
      [first.id, true],
      [second.id, false],
      [third.id, false],
    ]);
    expect(await highlightedCount()).toBe(1);
    expect((await call('PUT', `${BASE}/${first.id}/highlight`, admin, { highlighted: false })).json().highlighted).toBe(false);
    expect(await highlightedCount()).toBe(0);

    const updated = await call('PUT', `${BASE}/${third.id}`, admin, { title: 'Peaks!', position: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: third.id, title: 'Peaks!', description: 'About Peaks', position: 1 });
    expect((await list()).map((entry) => entry.id)).toEqual([first.id, third.id, second.id]);

    expect((await call('DELETE', `${BASE}/${second.id}`, admin)).statusCode).toBe(204);
    const again = await call('DELETE', `${BASE}/${second.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Featured map not found', details: `No featured map with id ${second.id}`, appStatusCode: 'NOT_FOUND' });
    for (const [method, url, body] of [
      ['PUT', `${BASE}/${second.id}`, { title: 'x' }],
      ['PUT', `${BASE}/${second.id}/highlight`, {}],
    ] as const) {
      expect((await call(method, url, admin, body)).statusCode).toBe(404);
    }
    expect(await highlightedCount()).toBe(0);

    // Unpublishing a featured map removes its entry.
    expect((await call('DELETE', `/v1/maps/${harbour.resourceId}/unpublish`, analystAuth)).statusCode).toBe(204);
    expect((await list()).map((entry) => entry.id)).toEqual([third.id]);
    expect((await call('DELETE', `${BASE}/${third.id}`, admin)).statusCode).toBe(204);
    expect(await list()).toEqual([]);
  });

  it('features only published maps without a password', async () => {
    const before = await h.count('featured_maps');
    const pending = await published('Pending', { complete: false });
    const locked = await published('Locked', { uploadOptions: { password: 'locked up' } });
    const insight = await published('Insight', { kind: 'insight' });
    for (const [publishedId, message] of [
      [pending.id, 'Only published maps can be featured'],
      [insight.id, 'Only published maps can be featured'],
      [randomUUID(), 'Only published maps can be featured'],
      [locked.id, 'A password-protected map cannot be featured'],
    ]) {
      const response = await call('POST', BASE, admin, { publishedId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message, appStatusCode: 'INVALID_INPUT' });
    }
    const open = await published('Open');
    expect((await call('POST', BASE, admin, { publishedId: open.id })).statusCode).toBe(201);
    const twice = await call('POST', BASE, admin, { publishedId: open.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'This map is already featured', appStatusCode: 'CONFLICT' });
    expect(await h.count('featured_maps')).toBe(before + 1);
  });

  it('lets everyone signed in read but only administrators change', async () => {
    const map = await published('Curated');
    const entry = (await call('POST', BASE, admin, { publishedId: map.id })).json();
    const rows = await h.db.query('SELECT * FROM featured_maps ORDER BY id');
    for (const email of ['analyst@example.com', 'viewer@example.com']) {
      const headers = await h.auth(email);
      expect((await call('GET', BASE, headers)).json().map((item: { id: string }) => item.id)).toContain(entry.id);
      for (const [method, url, body] of [
        ['POST', BASE, { publishedId: (await published(`Other of ${email}`)).id }],
        ['PUT', `${BASE}/${entry.id}`, { title: 'Mine' }],
        ['PUT', `${BASE}/${entry.id}/highlight`, {}],
        ['DELETE', `${BASE}/${entry.id}`, undefined],
      ] as const) {
        const response = await call(method, url, headers, body);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'Administrator rights required', details: 'Featured maps are managed by administrators', appStatusCode: 'FORBIDDEN' });
      }
    }
    expect(await h.db.query('SELECT * FROM featured_maps ORDER BY id')).toEqual(rows);
    expect((await call('GET', BASE, {})).statusCode).toBe(401);
    expect((await call('POST', BASE, {}, { publishedId: map.id })).statusCode).toBe(401);
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const map = await published('Input');
    const entry = (await call('POST', BASE, admin, { publishedId: map.id })).json();
    const rows = await h.db.query('SELECT * FROM featured_maps ORDER BY id');
    for (const [method, url, body] of [
      ['POST', BASE, {}],
      ['POST', BASE, { publishedId: 'nope' }],
      ['POST', BASE, { publishedId: map.id, title: '' }],
      ['POST', BASE, { publishedId: map.id, position: -1 }],
      ['POST', BASE, { publishedId: map.id, pinned: true }],
      ['PUT', `${BASE}/${entry.id}`, { position: 'first' }],
      ['PUT', `${BASE}/${entry.id}`, { colour: 'red' }],
      ['PUT', `${BASE}/not-a-uuid`, {}],
      ['PUT', `${BASE}/${entry.id}/highlight`, { highlighted: 'yes' }],
      ['DELETE', `${BASE}/not-a-uuid`, undefined],
    ] as const) {
      const response = await call(method, url, admin, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
    expect(await h.db.query('SELECT * FROM featured_maps ORDER BY id')).toEqual(rows);
  });
});
