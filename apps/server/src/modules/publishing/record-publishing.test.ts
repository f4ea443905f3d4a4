import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const KINDS = [
  { kind: 'map', base: '/v1/maps', stateKind: 'studiostate', otherStateKind: 'insight-state', publicPath: 'published-map', listKey: 'maps', label: 'Map' },
  { kind: 'insight', base: '/v1/insights', stateKind: 'insight-state', otherStateKind: 'studiostate', publicPath: 'published-insight', listKey: 'insights', label: 'Insight' },
] as const;
type Kind = (typeof KINDS)[number];
const [MAP, INSIGHT] = KINDS;

const PROTECTED = { message: 'This item is password-protected', details: 'Send the password to open it', appStatusCode: 'PASSWORD_REQUIRED' };
const INCORRECT = { message: 'Incorrect password', details: '', appStatusCode: 'INVALID_CREDENTIALS' };

describe.each(testStores())('publishing maps and insights on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
  });

  const newRecord = async (k: Kind, fields: { name?: string; description?: string; owner?: string; org?: string; isSample?: boolean } = {}) => {
    const id = randomUUID();
    await h.db.query('INSERT INTO records (id, kind, organization_id, owner_id, name, description, is_sample) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      id,
      k.kind,
      fields.org ?? demoOrg,
      fields.owner ?? analyst,
      fields.name ?? 'Untitled',
      fields.description ?? '',
      fields.isSample ?? false,
    ]);
    return id;
  };
  const addState = (recordId: string, kind: string, data: object, updatedAt: string, owner = analyst) =>
    h.db.query('INSERT INTO record_states (id, kind, record_id, owner_id, data, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)', [
      randomUUID(),
      kind,
      recordId,
      owner,
      JSON.stringify(data),
      updatedAt,
    ]);
  const linkDataset = async (recordId: string, name: string, createdAt: string) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type) VALUES ($1, $2, $3, $4, 'managed')", [id, demoOrg, analyst, name]);
    await h.db.query('INSERT INTO record_datasets (record_id, dataset_id, created_at) VALUES ($1, $2, $3)', [recordId, id, createdAt]);
    return id;
  };

  const prepare = async (k: Kind, id: string, uploadOptions: object = {}, email = 'analyst@example.com') =>
    h.app.inject({ method: 'POST', url: `${k.base}/${id}/publish/resources`, headers: await h.auth(email), payload: { uploadOptions } });
  const complete = async (k: Kind, id: string, publishedId: string, email = 'analyst@example.com') =>
    h.app.inject({ method: 'POST', url: `${k.base}/${id}/publish/${publishedId}`, headers: await h.auth(email) });
  const publish = async (k: Kind, id: string, uploadOptions: object = {}, email = 'analyst@example.com') => {
    const first = await prepare(k, id, uploadOptions, email);
    expect(first.statusCode).toBe(200);
    const second = await complete(k, id, first.json().publishedId, email);
    expect(second.statusCode).toBe(200);
    return second.json();
  };
  const view = (k: Kind, id: string, query = '') => h.app.inject({ url: `${k.base}/${id}/${k.publicPath}${query}` });
  const unlock = (k: Kind, id: string, payload?: object, query = '') =>
    h.app.inject({ method: 'POST', url: `${k.base}/${id}/${k.publicPath}${query}`, ...(payload ? { payload } : {}) });
  const row = async (recordId: string) =>
    (await h.db.query<{ password_hash: string | null; upload_options: Record<string, unknown>; views: number | string; status: string }>(
      'SELECT password_hash, upload_options, views, status FROM published_items WHERE resource_id = $1',
      [recordId],
    ))[0];

  it.each(KINDS)('publishes a $kind in two steps with a snapshot, counts views, re-publishes in place and unpublishes', async (k) => {
    const id = await newRecord(k, { name: 'Harbour', description: 'Ships in port' });
    await addState(id, k.stateKind, { layers: ['old'] }, '2024-01-01T00:00:00Z');
    await addState(id, k.stateKind, { layers: ['new'] }, '2024-02-01T00:00:00Z');
    await addState(id, k.otherStateKind, { layers: ['other kind'] }, '2024-03-01T00:00:00Z');
    const ships = await linkDataset(id, 'Ships', '2024-01-02T00:00:00Z');
    const ports = await linkDataset(id, 'Ports', '2024-01-01T00:00:00Z');
    const before = await h.count('published_items');

    const first = await prepare(k, id, { name: 'Public harbour' });
    expect(first.statusCode).toBe(200);
    const { publishedId } = first.json();
    expect(first.json()).toEqual({ publishedId: expect.any(String), status: 'pending', uploadOptions: { name: 'Public harbour' }, passwordProtected: false });
    expect(await h.count('published_items')).toBe(before + 1);
    expect((await view(k, id)).statusCode).toBe(404);

    const second = await complete(k, id, publishedId);
    expect(second.statusCode).toBe(200);
    const item = second.json();
    expect(item).toEqual({
      id: publishedId,
      resourceType: k.kind,
      resourceId: id,
      name: 'Public harbour',
      description: 'Ships in port',
      ownerId: analyst,
      organizationId: demoOrg,
      config: { version: 'v1', config: { layers: ['new'] } },
      datasets: [
        { id: ports, name: 'Ports' },
        { id: ships, name: 'Ships' },
      ],
      passwordProtected: false,
      status: 'published',
      views: 0,
      publishedAt: expect.any(String),
      url: `/public/${publishedId}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.parse(item.publishedAt)).not.toBeNaN();

    // Public, no token: each full view counts; the published id works as well as the record id.
    expect((await view(k, id)).json()).toEqual({ ...item, views: 1 });
    expect((await view(k, id)).json().views).toBe(2);
    expect((await view(k, publishedId)).json()).toMatchObject({ id: publishedId, views: 3 });
    expect(Number((await row(id))!.views)).toBe(3);

    await addState(id, k.stateKind, { layers: ['newest'] }, '2024-04-01T00:00:00Z');
    const again = await publish(k, id);
    expect(again).toMatchObject({ id: publishedId, name: 'Harbour', config: { version: 'v1', config: { layers: ['newest'] } }, views: 3 });
    expect(await h.count('published_items')).toBe(before + 1);

    const headers = await h.auth('analyst@example.com');
    const removed = await h.app.inject({ method: 'DELETE', url: `${k.base}/${id}/unpublish`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await h.count('published_items')).toBe(before);
    expect((await view(k, id)).statusCode).toBe(404);
    const twice = await h.app.inject({ method: 'DELETE', url: `${k.base}/${id}/unpublish`, headers });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: `${k.label} is not published`, details: `${k.kind} ${id}`, appStatusCode: 'NOT_FOUND' });
  });

  it('publishes a record without states or datasets as an empty snapshot', async () => {
    const id = await newRecord(INSIGHT, { name: 'Blank' });
    expect(await publish(INSIGHT, id)).toMatchObject({ name: 'Blank', config: { version: 'v1', config: {} }, datasets: [] });
  });

  it.each(KINDS)('protects a $kind with a hashed password: info without it, 401 when wrong, the item when right', async (k) => {
    const id = await newRecord(k, { name: 'Secret', description: 'Eyes only' });
    await addState(id, k.stateKind, { secret: true }, '2024-01-01T00:00:00Z');
    const first = await prepare(k, id, { password: 'open sesame' });
    expect(first.json()).toEqual({ publishedId: expect.any(String), status: 'pending', uploadOptions: {}, passwordProtected: true });
    const pending = (await row(id))!;
    expect(pending.upload_options.passwordHash).toMatch(/^\$argon2/);
    expect(JSON.stringify(pending.upload_options)).not.toContain('open sesame');

    const item = (await complete(k, id, first.json().publishedId)).json();
    expect(item.passwordProtected).toBe(true);
    const stored = (await row(id))!;
    expect(stored.password_hash).toMatch(/^\$argon2/);
    expect(stored.upload_options).toEqual({});

    const locked = await view(k, id);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(PROTECTED);
    const info = { id: item.id, name: 'Secret', description: 'Eyes only', passwordProtected: true, publishedAt: item.publishedAt };
    expect((await view(k, id, '?infoOnly=true')).json()).toEqual(info);
    expect((await unlock(k, id, undefined, '?infoOnly=true')).json()).toEqual(info);
    const wrong = await unlock(k, id, { password: 'open barley' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INCORRECT);
    expect((await unlock(k, id, {})).json()).toEqual(PROTECTED);
    expect(Number((await row(id))!.views)).toBe(0);

    const right = await unlock(k, id, { password: 'open sesame' });
    expect(right.statusCode).toBe(200);
    // With a view token for the item's data routes (public-data.test.ts).
    expect(right.json()).toEqual({ ...item, views: 1, viewToken: expect.stringMatching(new RegExp(`^${item.id}\\.`)) });

    // Leaving the password out keeps the protection; null removes it.
    expect((await publish(k, id)).passwordProtected).toBe(true);
    expect((await prepare(k, id, { password: null })).json().passwordProtected).toBe(false);
    expect((await view(k, id)).statusCode).toBe(404);
    await complete(k, id, item.id);
    expect((await row(id))!.password_hash).toBeNull();
    expect((await view(k, id)).json()).toMatchObject({ id: item.id, passwordProtected: false, views: 2 });
  });

  it("lists the caller's own published maps by views or date, paged", async () => {
    const lister = await addUser(h.db, { email: 'lister@example.com', organization: 'Demo' });
    const ids: string[] = [];
    for (const views of [5, 10, 1]) {
      const id = await newRecord(MAP, { owner: lister.id, name: `Views ${views}` });
      const { id: publishedId } = await publish(MAP, id, {}, lister.email);
      await h.db.query('UPDATE published_items SET views = $2, published_at = $3 WHERE id = $1', [publishedId, views, `2024-0${ids.length + 1}-01T00:00:00Z`]);
      ids.push(id);
    }
    await prepare(MAP, await newRecord(MAP, { owner: lister.id }), {}, lister.email); // pending: not listed
    await publish(INSIGHT, await newRecord(INSIGHT, { owner: lister.id }), {}, lister.email); // an insight: not a map
    await publish(MAP, await newRecord(MAP)); // the analyst's
    const headers = await h.auth(lister.email);
    const list = async (query = '') => (await h.app.inject({ url: `/v1/maps/published${query}`, headers })).json();

    const byViews = await list();
    expect(byViews.total).toBe(3);
    expect(byViews.items.map((item: { resourceId: string; views: number }) => [item.resourceId, item.views])).toEqual([
      [ids[1], 10],
      [ids[0], 5],
      [ids[2], 1],
    ]);
    expect((await list('?sortBy=date')).items.map((item: { resourceId: string }) => item.resourceId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await list('?limit=1&offset=1')).toEqual({ items: [expect.objectContaining({ resourceId: ids[0] })], total: 3 });
    expect((await h.app.inject({ url: '/v1/insights/published', headers })).json().total).toBe(1);
    for (const bad of ['?limit=0', '?limit=201', '?sortBy=name', '?offset=-1', '?page=2']) {
      const response = await h.app.inject({ url: `/v1/maps/published${bad}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
  });

  it.each(KINDS)('answers the publication of each readable $kind asked for, comma-separated or repeated', async (k) => {
    const published = await newRecord(k);
    const item = await publish(k, published);
    const unpublished = await newRecord(k);
    const pending = await newRecord(k);
    await prepare(k, pending);
    const foreign = await newRecord(k, { owner: outsider.id, org: outsider.organizationId });
    await publish(k, foreign, {}, outsider.email);
    const headers = await h.auth('viewer@example.com');

    const response = await h.app.inject({ url: `${k.base}/published/list?${k.listKey}=${published},${unpublished}&${k.listKey}=${foreign}&${k.listKey}=${pending}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { recordId: published, published: item },
      { recordId: unpublished, published: null },
      { recordId: pending, published: null },
    ]);
    expect((await h.app.inject({ url: `${k.base}/published/list`, headers })).json()).toEqual([]);
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    for (const bad of [`${k.listKey}=${tooMany}`, `${k.listKey}=not-a-uuid`, `other=${published}`]) {
      expect((await h.app.inject({ url: `${k.base}/published/list?${bad}`, headers })).statusCode).toBe(400);
    }
  });

  it('lists published sample maps to signed-in users, leaving out protected ones', async () => {
    const sample = await newRecord(MAP, { name: 'Sample', isSample: true });
    const item = await publish(MAP, sample);
    await publish(MAP, await newRecord(MAP, { isSample: true }), { password: 'sample pw' });
    await prepare(MAP, await newRecord(MAP, { isSample: true }));
    await publish(MAP, await newRecord(MAP, { name: 'Not a sample' }));
    await publish(INSIGHT, await newRecord(INSIGHT, { isSample: true }));

    expect((await h.app.inject({ url: '/v1/maps/published/samples' })).statusCode).toBe(401);
    const response = await h.app.inject({ url: '/v1/maps/published/samples', headers: await h.auth(outsider.email) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [item], total: 1 });
  });

  it('checks access: other organizations see 404, viewer seats get 403, signed-out callers 401', async () => {
    const id = await newRecord(MAP);
    const item = await publish(MAP, id);
    const before = await h.count('published_items');

    const foreign = await prepare(MAP, id, {}, outsider.email);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Map not found', details: `No map with id ${id}`, appStatusCode: 'NOT_FOUND' });
    expect((await complete(MAP, id, item.id, outsider.email)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/maps/${id}/unpublish`, headers: await h.auth(outsider.email) })).statusCode).toBe(404);

    const viewer = await prepare(MAP, id, {}, 'viewer@example.com');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: 'You do not have write permission on this map', appStatusCode: 'FORBIDDEN' });
    expect((await complete(MAP, id, item.id, 'viewer@example.com')).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/maps/${id}/unpublish`, headers: await h.auth('viewer@example.com') })).statusCode).toBe(403);

    for (const [method, url] of [
      ['GET', '/v1/maps/published'],
      ['GET', `/v1/maps/published/list?maps=${id}`],
      ['POST', `/v1/maps/${id}/publish/resources`],
      ['POST', `/v1/maps/${id}/publish/${item.id}`],
      ['DELETE', `/v1/maps/${id}/unpublish`],
    ] as const) {
      const response = await h.app.inject({ method, url, payload: method === 'POST' ? { uploadOptions: {} } : undefined });
      expect(response.statusCode).toBe(401);
    }
    expect(await h.count('published_items')).toBe(before);
    expect((await row(id))!.status).toBe('published');
  });

  it("refuses a published id of another record and never tells a public caller whether a record exists", async () => {
    const id = await newRecord(MAP);
    const other = await newRecord(MAP);
    const otherItem = await publish(MAP, other);
    await prepare(MAP, id);
    const mismatch = await complete(MAP, id, otherItem.id);
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json().message).toBe('Publication not found');
    expect((await row(id))!.status).toBe('pending');

    const unpublished = await newRecord(MAP);
    const bodies = await Promise.all([id, unpublished, randomUUID()].map(async (recordId) => (await view(MAP, recordId)).json()));
    expect(bodies).toEqual([0, 1, 2].map(() => ({ message: 'Published map not found', details: '', appStatusCode: 'NOT_FOUND' })));
    // A published insight is not a published map.
    const insight = await newRecord(INSIGHT);
    await publish(INSIGHT, insight);
    expect((await view(MAP, insight)).statusCode).toBe(404);
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const id = await newRecord(MAP);
    await publish(MAP, id, { name: 'Kept', password: 'keep me' });
    const published = (await h.db.query('SELECT * FROM published_items WHERE resource_id = $1', [id]))[0];
    const headers = await h.auth('analyst@example.com');
    const cases: Array<[string, string, object | undefined]> = [
      ['POST', `/v1/maps/${id}/publish/resources`, { uploadOptions: { password: 'abc' } }],
      ['POST', `/v1/maps/${id}/publish/resources`, { uploadOptions: { password: 'x'.repeat(201) } }],
      ['POST', `/v1/maps/${id}/publish/resources`, { uploadOptions: { colour: 'red' } }],
      ['POST', `/v1/maps/${id}/publish/resources`, { uploadOptions: { name: '' } }],
      ['POST', `/v1/maps/${id}/publish/resources`, {}],
      ['POST', `/v1/maps/${id}/publish/resources`, { uploadOptions: {}, extra: 1 }],
      ['POST', '/v1/maps/not-a-uuid/publish/resources', { uploadOptions: {} }],
      ['POST', `/v1/maps/${id}/publish/not-a-uuid`, undefined],
      ['POST', `/v1/maps/${id}/publish/${published!.id}`, { force: true }],
      ['DELETE', '/v1/maps/not-a-uuid/unpublish', undefined],
      ['POST', `/v1/maps/${id}/published-map`, { password: 5 }],
      ['GET', `/v1/maps/${id}/published-map?infoOnly=maybe`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await h.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
    expect((await h.db.query('SELECT * FROM published_items WHERE resource_id = $1', [id]))[0]).toEqual(published);
  });
});
