import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const BASE = '/v1/reports/published';

describe.each(testStores())('published reports on $name', (store) => {
  const h = useHarness(store);
  let analyst = '';
  let demoOrg = '';
  let outsider: TestUser;
  let visits = '';
  let stores = '';
  let foreignDataset = '';

  const newDataset = async (name: string, owner: string, org: string) => {
    const id = randomUUID();
    await h.db.query("INSERT INTO datasets (id, organization_id, owner_id, name, type) VALUES ($1, $2, $3, $4, 'managed')", [id, org, owner, name]);
    return id;
  };

  beforeAll(async () => {
    ({ analyst, demoOrg } = await demoIds(h.db));
    outsider = await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
    visits = await newDataset('Visits', analyst, demoOrg);
    stores = await newDataset('Stores', analyst, demoOrg);
    foreignDataset = await newDataset('Theirs', outsider.id, outsider.organizationId);
  });

  const call = async (method: 'GET' | 'POST', url: string, email: string | null, payload?: object) =>
    h.app.inject({ method, url, headers: email ? await h.auth(email) : {}, ...(payload ? { payload } : {}) });
  const create = (uploadOptions: object, datasets = [visits], email = 'analyst@example.com') =>
    call('POST', `${BASE}/resources`, email, { datasets, uploadOptions });
  const reportRow = async (id: string) =>
    (await h.db.query<{ password_hash: string | null; datasets: unknown; status: string; views: number | string }>('SELECT * FROM published_items WHERE id = $1', [id]))[0]!;

  it('creates a pending report, publishes it with a config, guards it with a password and counts views', async () => {
    const created = await create({ name: 'Q3 visits', password: 'letmein' }, [visits, stores, visits]);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ publishedId: expect.any(String), status: 'pending' });
    const { publishedId: id } = created.json();
    const pending = await reportRow(id);
    expect(pending).toMatchObject({ resource_type: 'report', resource_id: null, owner_id: analyst, organization_id: demoOrg, status: 'pending' });
    expect(pending.password_hash).toMatch(/^\$argon2/);
    expect(pending.datasets).toEqual([
      { id: visits, name: 'Visits' },
      { id: stores, name: 'Stores' },
    ]);

    const hidden = await call('GET', `${BASE}/${id}`, null);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Published report not found', details: '', appStatusCode: 'NOT_FOUND' });
    // While pending, nobody but the owner (or an administrator) learns that it exists.
    expect((await call('POST', `${BASE}/${id}`, outsider.email, {})).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${id}`, 'viewer@example.com', {})).statusCode).toBe(404);

    const published = await call('POST', `${BASE}/${id}`, 'analyst@example.com', { config: { panels: [{ kind: 'chart' }] }, description: 'Quarterly' });
    expect(published.statusCode).toBe(200);
    const item = published.json();
    expect(item).toEqual({
      id,
      resourceType: 'report',
      resourceId: null,
      name: 'Q3 visits',
      description: 'Quarterly',
      ownerId: analyst,
      organizationId: demoOrg,
      config: { version: 'v1', config: { panels: [{ kind: 'chart' }] } },
      datasets: [
        { id: visits, name: 'Visits' },
        { id: stores, name: 'Stores' },
      ],
      passwordProtected: true,
      status: 'published',
      views: 0,
      publishedAt: expect.any(String),
      url: `/public/report/${id}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const locked = await call('GET', `${BASE}/${id}`, null);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ message: 'This item is password-protected', details: 'Send the password to open it', appStatusCode: 'PASSWORD_REQUIRED' });
    const wrong = await call('GET', `${BASE}/${id}?password=letmeout`, null);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect password', details: '', appStatusCode: 'INVALID_CREDENTIALS' });
    expect((await call('GET', `${BASE}/${id}?infoOnly=true`, null)).json()).toEqual({
      id,
      name: 'Q3 visits',
      description: 'Quarterly',
      passwordProtected: true,
      publishedAt: item.publishedAt,
    });
    expect(Number((await reportRow(id)).views)).toBe(0);
    const open = await call('GET', `${BASE}/${id}?password=letmein`, null);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ ...item, views: 1 });

    // Once published its link is public: others get 403 on changes instead of 404.
    const foreign = await call('POST', `${BASE}/${id}`, outsider.email, { name: 'Mine' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Only the owner of this report can change it', details: `report ${id}`, appStatusCode: 'FORBIDDEN' });
    const byAdmin = await call('POST', `${BASE}/${id}`, 'admin@example.com', { name: 'Q3 final' });
    expect(byAdmin.json()).toMatchObject({ id, name: 'Q3 final', description: 'Quarterly', config: { version: 'v1', config: {} }, ownerId: analyst, views: 1 });
  });

  it('serves an unprotected report to anyone and 404s unknown ids', async () => {
    const { publishedId } = (await create({ name: 'Open report' })).json();
    await call('POST', `${BASE}/${publishedId}`, 'analyst@example.com');
    const response = await call('GET', `${BASE}/${publishedId}`, null);
    expect(response.json()).toMatchObject({ id: publishedId, passwordProtected: false, views: 1, config: { version: 'v1', config: {} } });
    expect((await call('GET', `${BASE}/${randomUUID()}`, null)).json()).toEqual({ message: 'Published report not found', details: '', appStatusCode: 'NOT_FOUND' });
    expect((await call('POST', `${BASE}/${randomUUID()}`, 'analyst@example.com', {})).statusCode).toBe(404);
  });

  it('stores invitations with deduplicated lower-cased emails', async () => {
    const { publishedId } = (await create({ name: 'Shared' })).json();
    const invited = await call('POST', `${BASE}/${publishedId}/invite`, 'analyst@example.com', {
      emails: ['Ann@Example.com', 'ann@example.com', 'bo@other.org'],
      description: 'Have a look',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({ invitationId: expect.any(String), emails: ['ann@example.com', 'bo@other.org'], description: 'Have a look', createdAt: expect.any(String) });
    const rows = await h.db.query<{ published_id: string; emails: string[]; description: string; invited_by: string }>(
      'SELECT published_id, emails, description, invited_by FROM report_invitations WHERE id = $1',
      [invited.json().invitationId],
    );
    expect(rows).toEqual([{ published_id: publishedId, emails: ['ann@example.com', 'bo@other.org'], description: 'Have a look', invited_by: analyst }]);
    const byAdmin = await call('POST', `${BASE}/${publishedId}/invite`, 'admin@example.com', { emails: ['cy@example.com'] });
    expect(byAdmin.json()).toMatchObject({ emails: ['cy@example.com'], description: '' });

    const before = await h.count('report_invitations');
    expect((await call('POST', `${BASE}/${publishedId}/invite`, outsider.email, { emails: ['x@y.z'], description: '' })).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${publishedId}/invite`, null, { emails: ['x@y.z'], description: '' })).statusCode).toBe(401);
    for (const body of [
      { emails: [], description: '' },
      { emails: ['not an email'], description: '' },
      { emails: Array.from({ length: 101 }, (_, i) => `p${i}@example.com`), description: '' },
      { emails: ['a@b.co'], description: 'x'.repeat(2001) },
      { emails: ['a@b.co'], cc: ['c@d.co'] },
    ]) {
      const response = await call('POST', `${BASE}/${publishedId}/invite`, 'analyst@example.com', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
    expect(await h.count('report_invitations')).toBe(before);
  });

  it('creates reports only over readable datasets, from maker seats, with valid input', async () => {
    const before = await h.count('published_items');
    const foreign = await create({ name: 'Nope' }, [visits, foreignDataset]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Dataset not found', details: `No dataset with id ${foreignDataset}`, appStatusCode: 'NOT_FOUND' });
    const viewer = await create({ name: 'Nope' }, [visits], 'viewer@example.com');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: 'A viewer seat cannot create reports', appStatusCode: 'FORBIDDEN' });
    expect((await call('POST', `${BASE}/resources`, null, { datasets: [visits], uploadOptions: { name: 'Nope' } })).statusCode).toBe(401);
    for (const body of [
      { datasets: [], uploadOptions: { name: 'Nope' } },
      { datasets: [visits], uploadOptions: {} },
      { datasets: [visits], uploadOptions: { name: 'Nope', password: 'abc' } },
      { datasets: ['not-a-uuid'], uploadOptions: { name: 'Nope' } },
      { datasets: Array.from({ length: 51 }, () => randomUUID()), uploadOptions: { name: 'Nope' } },
      { datasets: [visits], uploadOptions: { name: 'Nope' }, template: 'x' },
    ]) {
      const response = await call('POST', `${BASE}/resources`, 'analyst@example.com', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
    const { publishedId } = (await create({ name: 'Valid' })).json();
    const row = await reportRow(publishedId);
    for (const body of [{ config: [] }, { config: 'x' }, { name: '' }, { layout: {} }]) {
      expect((await call('POST', `${BASE}/${publishedId}`, 'analyst@example.com', body)).statusCode).toBe(400);
    }
    expect((await call('GET', `${BASE}/not-a-uuid`, null)).statusCode).toBe(400);
    expect(await reportRow(publishedId)).toEqual(row);
    expect(await h.count('published_items')).toBe(before + 1);
  });

  it("lists the caller's own reports, newest change first, paged, without snapshot or password", async () => {
    const colleague = await addUser(h.db, { email: 'colleague@example.com', organization: 'Demo' });
    const theirs = await newDataset('Colleague data', colleague.id, demoOrg);
    const made = async (name: string, password?: string) =>
      (await create({ name, description: `About ${name}`, ...(password ? { password } : {}) }, [theirs], colleague.email)).json().publishedId as string;
    const first = await made('First', 'hush-hush');
    const second = await made('Second');
    const third = await made('Third');
    expect((await call('POST', `${BASE}/${second}`, colleague.email, { config: { secret: 'snapshot' } })).statusCode).toBe(200);

    const listed = await call('GET', BASE, colleague.email);
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.total).toBe(3);
    // Publishing the second changed it last.
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([second, third, first]);
    expect(body.items[2]).toEqual({
      id: first,
      resourceType: 'report',
      resourceId: null,
      name: 'First',
      description: 'About First',
      ownerId: colleague.id,
      organizationId: demoOrg,
      datasets: [{ id: theirs, name: 'Colleague data' }],
      passwordProtected: true,
      status: 'pending',
      views: 0,
      publishedAt: null,
      url: `/public/report/${first}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body.items[0]).toMatchObject({ id: second, status: 'published', passwordProtected: false, publishedAt: expect.any(String) });
    // Summaries only: neither the snapshot nor anything of the password but whether one is set.
    expect(listed.body).not.toMatch(/argon2|password_hash|passwordHash|hush-hush|viewToken|snapshot|"config"/);

    const paged = (await call('GET', `${BASE}?limit=2&offset=1`, colleague.email)).json();
    expect(paged).toEqual({ total: 3, items: [expect.objectContaining({ id: third }), expect.objectContaining({ id: first })] });
    expect((await call('GET', `${BASE}?offset=3`, colleague.email)).json()).toEqual({ total: 3, items: [] });

    // Another user's reports are never listed, whatever their organization.
    for (const email of ['analyst@example.com', outsider.email, 'admin@example.com']) {
      const others = (await call('GET', `${BASE}?limit=200`, email)).json();
      expect(others.items.every((item: { ownerId: string }) => item.ownerId !== colleague.id)).toBe(true);
    }
    const analystsOwn = (await call('GET', `${BASE}?limit=200`, 'analyst@example.com')).json();
    expect(analystsOwn.total).toBeGreaterThan(0);
    expect(analystsOwn.items.every((item: { ownerId: string }) => item.ownerId === analyst)).toBe(true);

    // A viewer seat creates none, and lists its own: none.
    expect((await call('GET', BASE, 'viewer@example.com')).json()).toEqual({ items: [], total: 0 });

    // Admin mode: administrators only, every report.
    const refused = await call('GET', `${BASE}?isAdmin=true`, 'viewer@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Administrator rights required', appStatusCode: 'FORBIDDEN' });
    expect((await call('GET', `${BASE}?isAdmin=true`, 'analyst@example.com')).statusCode).toBe(403);
    const all = (await call('GET', `${BASE}?isAdmin=true&limit=200`, 'admin@example.com')).json();
    expect(all.total).toBe(Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM published_items WHERE resource_type = 'report'"))[0]!.n));
    expect(all.items.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([first, second, third]));
    expect(all.items.every((item: { resourceType: string }) => item.resourceType === 'report')).toBe(true);

    expect((await call('GET', BASE, null)).statusCode).toBe(401);
    for (const query of ['limit=0', 'limit=201', 'offset=-1', 'sortBy=views', 'isAdmin=maybe']) {
      const response = await call('GET', `${BASE}?${query}`, colleague.email);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
    }
  });
});
