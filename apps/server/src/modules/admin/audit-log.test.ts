// The audit log: every write a request makes is logged in its own transaction, once per record, by whom and how;
// reads, rolled-back writes and work outside requests are not; GET /v1/admin/audit-logs filters and pages it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { withAuditContext, type AuditContext } from '../../store/index.js';
import { expectError, nonAdministrators } from './test-support/refusals.js';

type Headers = { authorization: string };
interface Entry {
  id: string;
  requestId: string;
  actor: { id: string; name: string; email: string } | null;
  via: string;
  adminMode: boolean;
  method: string;
  route: string;
  resourceType: string;
  resourceId: string;
  action: string;
  change: Record<string, unknown>;
}

describe.each(testStores())('audit log on $name', (store) => {
  const h = useHarness(store);
  let admin: Headers;
  let analyst: Headers;
  let analystId = '';
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The entries about one record, oldest first. */
  const entriesOf = async (resourceId: string): Promise<Entry[]> => {
    const response = await call(admin, 'GET', `/v1/admin/audit-logs?resourceId=${resourceId}&limit=500`);
    expect(response.statusCode).toBe(200);
    return (response.json().items as Entry[]).reverse();
  };
  const newMap = async (name: string) => {
    const response = await call(analyst, 'POST', '/v1/maps', { name });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const context = (overrides: Partial<AuditContext> = {}): AuditContext => ({
    requestId: randomUUID(),
    actorId: analystId,
    organizationId: null,
    via: 'session',
    adminMode: false,
    method: 'TEST',
    route: '/test',
    ...overrides,
  });
  const auditRows = (requestId: string) => h.db.query<{ action: string; change: Record<string, unknown> }>('SELECT action, change FROM audit_logs WHERE request_id = $1 ORDER BY id', [requestId]);

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    analyst = await h.auth('analyst@example.com');
    analystId = await userId(h.db, 'analyst@example.com');
  });

  it('logs a create, an update and a delete once each, with who, how, the route and the change', async () => {
    const id = await newMap('Audited');
    const [created] = await entriesOf(id);
    expect(created).toMatchObject({
      actor: { id: analystId, email: 'analyst@example.com' },
      via: 'session',
      adminMode: false,
      method: 'POST',
      route: '/v1/maps',
      resourceType: 'map',
      resourceId: id,
      action: 'create',
      change: { id, name: 'Audited', owner_id: analystId, kind: 'map' },
    });

    expect((await call(analyst, 'PUT', `/v1/maps/${id}`, { name: 'Audited again' })).statusCode).toBe(200);
    expect((await call(analyst, 'GET', `/v1/maps/${id}`)).statusCode).toBe(200);
    expect((await call(analyst, 'DELETE', `/v1/maps/${id}`)).statusCode).toBeLessThan(300);

    const entries = await entriesOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]).toMatchObject({ method: 'PUT', route: '/v1/maps/:id', change: { name: { from: 'Audited', to: 'Audited again' } } });
    expect(Object.keys(entries[1]!.change)).toEqual(['name']);
    expect(entries[2]!.change).toMatchObject({ id, name: 'Audited again' });
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(3);
  });

  it.each([
    { path: '/v1/maps', type: 'map' },
    { path: '/v1/insights', type: 'insight' },
    { path: '/v1/workbooks', type: 'workbook' },
    { path: '/v1/datasets', type: 'dataset' },
    { path: '/v1/projects', type: 'project' },
  ])('creating, renaming and deleting a $type makes exactly one entry each', async ({ path, type }) => {
    const created = await call(analyst, 'POST', path, { name: `One ${type}` });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await call(analyst, 'PUT', `${path}/${id}`, { name: `Two ${type}` })).statusCode).toBe(200);
    expect((await call(analyst, 'DELETE', `${path}/${id}`)).statusCode).toBeLessThan(300);
    const entries = await entriesOf(id);
    expect(entries.map((entry) => [entry.resourceType, entry.action])).toEqual([
      [type, 'create'],
      [type, 'update'],
      [type, 'delete'],
    ]);
    expect(entries[1]!.change).toEqual({ name: { from: `One ${type}`, to: `Two ${type}` } });
  });

  it('logs each other kind of write once: organizations, invitations, flags, templates, folders, publications', async () => {
    /** Every entry written since `start`, newest first, as [record type, action]. */
    const since = async (start: string) =>
      ((await call(admin, 'GET', `/v1/admin/audit-logs?from=${encodeURIComponent(start)}&limit=500`)).json().items as Entry[]).map((entry) => [entry.resourceType, entry.action]);
    const expectEntries = async (write: () => Promise<{ statusCode: number; body: string }>, expected: Array<[string, string]>) => {
      const start = new Date().toISOString();
      const response = await write();
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(await since(start)).toEqual(expected);
    };

    const organization = await call(admin, 'POST', '/v1/organizations', { name: `Audited ${randomUUID().slice(0, 8)}` });
    const organizationId = organization.json().id as string;
    expect((await entriesOf(organizationId)).map((entry) => [entry.resourceType, entry.action, entry.actor?.email])).toEqual([['organization', 'create', 'admin@example.com']]);
    await expectEntries(() => call(admin, 'POST', `/v1/organizations/${organizationId}/invitations/newcomer@audited.example?application=studio`, {}), [['organization', 'invitation.create']]);
    await expectEntries(() => call(admin, 'PUT', `/v1/admin/organizations/${organizationId}/flags`, { dummy: true }), [['organization', 'flag.create']]);

    await expectEntries(() => call(analyst, 'POST', '/v1/data-queries/templates', { name: 'Audited template', template: 'SELECT 1 AS one', parameters: [] }), [['query-template', 'create']]);
    const project = await call(analyst, 'POST', '/v1/projects', { name: 'Audited project' });
    await expectEntries(() => call(analyst, 'POST', `/v1/projects/${project.json().id}/folders`, { name: 'Audited folder' }), [['project', 'folder.create']]);

    const map = await newMap('Audited publication');
    const start = new Date().toISOString();
    const pending = await call(analyst, 'POST', `/v1/maps/${map}/publish/resources`, { uploadOptions: {} });
    expect(pending.statusCode, pending.body).toBeLessThan(300);
    const published = await call(analyst, 'POST', `/v1/maps/${map}/publish/${pending.json().publishedId}`);
    expect(published.statusCode, published.body).toBeLessThan(300);
    expect((await since(start)).filter(([type]) => type === 'map')).toEqual([
      ['map', 'publication.update'],
      ['map', 'publication.create'],
    ]);
  });

  it('logs what belongs to a record (grants, tags) under the record, and the tag itself as its own record', async () => {
    const id = await newMap('Shared and tagged');
    const viewerId = await userId(h.db, 'viewer@example.com');
    expect((await call(analyst, 'POST', '/v1/permissions', { resourceType: 'map', resourceId: id, granteeType: 'user', granteeId: viewerId, role: 'viewer' })).statusCode).toBeLessThan(300);
    const tagged = await call(analyst, 'POST', '/v1/tags', { name: `Audit ${randomUUID().slice(0, 8)}`, color: '#112233', resourceType: 'map', resourceId: id });
    expect(tagged.statusCode).toBeLessThan(300);

    const entries = await entriesOf(id);
    expect(entries.map((entry) => [entry.resourceType, entry.action])).toEqual([
      ['map', 'create'],
      ['map', 'grant.create'],
      ['map', 'tag.create'],
    ]);
    expect(entries[1]!.change).toMatchObject({ grantee_id: viewerId, role: 'viewer' });
    const tagId = tagged.json().id as string;
    expect((await entriesOf(tagId)).map((entry) => [entry.resourceType, entry.action])).toEqual([['tag', 'create']]);
    // The tag and its attachment came from one request.
    expect((await entriesOf(tagId))[0]!.requestId).toBe(entries[2]!.requestId);
  });

  it('says when an administrator acts in admin mode, and when an API key signs the request; secrets read "(hidden)"', async () => {
    const id = await newMap('Handed over');
    const heir = await userId(h.db, 'viewer@example.com');
    await call(admin, 'PUT', `/v1/admin/users/${heir}/organization/${(await call(analyst, 'GET', '/v1/users/me')).json().organization.id}/seat/maker`);
    const moved = await call(admin, 'PUT', `/v1/maps/${id}?isAdmin=true`, { ownerId: heir });
    expect(moved.statusCode).toBe(200);
    const transfer = (await entriesOf(id)).at(-1)!;
    expect(transfer).toMatchObject({ action: 'update', adminMode: true, actor: { email: 'admin@example.com' }, change: { owner_id: { from: analystId, to: heir } } });

    const seat = (await entriesOf(heir)).find((entry) => entry.route.includes('/seat/'));
    expect(seat).toMatchObject({ resourceType: 'user', action: 'update', change: { seat: { from: 'viewer', to: 'maker' } } });

    // The maker's API key (made through the API by nonAdministrators).
    const keyHeaders = (await nonAdministrators(h)).find((caller) => caller.name === "a maker's API key")!.headers;
    const keyEntry = (await entriesOf(analystId)).filter((entry) => entry.action === 'api-key.create').at(-1)!;
    expect(keyEntry.change.key_hash).toBe('(hidden)');
    expect(JSON.stringify(keyEntry)).not.toContain(keyHeaders.authorization.slice('Bearer '.length));
    const byKey = await call(keyHeaders, 'POST', '/v1/maps', { name: 'By key' });
    expect((await entriesOf(byKey.json().id))[0]).toMatchObject({ via: 'api-key', actor: { id: analystId } });
  });

  it('merges the writes of one request to one row into one entry; a rolled-back write leaves none; no request, no entry', async () => {
    const id = await newMap('Twice');
    const twice = context();
    await withAuditContext(twice, async () => {
      await h.db.query("UPDATE records SET name = 'Once more' WHERE id = $1", [id]);
      await h.db.query("UPDATE records SET name = 'Twice', description = 'changed' WHERE id = $1", [id]);
    });
    expect(await auditRows(twice.requestId)).toEqual([{ action: 'update', change: { description: { from: '', to: 'changed' } } }]);

    const tag = randomUUID();
    const created = context();
    const organization = (await h.db.query<{ organization_id: string }>('SELECT organization_id FROM users WHERE id = $1', [analystId]))[0]!.organization_id;
    await withAuditContext(created, async () => {
      await h.db.query("INSERT INTO tags (id, organization_id, name, color) VALUES ($1, $2, $3, '#000000')", [tag, organization, `T ${tag}`]);
      await h.db.query("UPDATE tags SET color = '#FFFFFF' WHERE id = $1", [tag]);
    });
    expect(await auditRows(created.requestId)).toEqual([{ action: 'create', change: expect.objectContaining({ id: tag, color: '#FFFFFF' }) }]);

    const failed = context();
    await expect(
      withAuditContext(failed, () =>
        h.db.transaction(async (tx) => {
          await tx.query("UPDATE records SET name = 'Never' WHERE id = $1", [id]);
          throw new Error('stop');
        }),
      ),
    ).rejects.toThrow('stop');
    expect(await auditRows(failed.requestId)).toEqual([]);

    const before = (await entriesOf(id)).length;
    await h.db.query("UPDATE records SET name = 'Outside' WHERE id = $1", [id]);
    expect(await entriesOf(id)).toHaveLength(before);
  });

  it('filters by actor, resource type, action and time, and pages newest first', async () => {
    const start = new Date().toISOString();
    const first = await newMap('Filter one');
    const second = await newMap('Filter two');
    const list = async (query: string) => (await call(admin, 'GET', `/v1/admin/audit-logs?${query}`)).json() as { items: Entry[]; total: number };

    const mine = await list(`actorId=${analystId}&resourceType=map&action=create&from=${encodeURIComponent(start)}`);
    expect(mine.items.map((entry) => entry.resourceId)).toEqual([second, first]);
    expect(mine.total).toBe(2);
    const paged = await list(`actorId=${analystId}&resourceType=map&action=create&from=${encodeURIComponent(start)}&limit=1&offset=1`);
    expect(paged).toMatchObject({ total: 2, items: [{ resourceId: first }] });
    expect((await list(`resourceType=map&to=${encodeURIComponent(start)}&resourceId=${first}`)).total).toBe(0);
    expectError(await call(admin, 'GET', '/v1/admin/audit-logs?actorId=nope'), 400, /./);
  });

  it('is for administrators only: makers, viewers and their API keys get 403', async () => {
    for (const caller of await nonAdministrators(h)) {
      expectError(await call(caller.headers, 'GET', '/v1/admin/audit-logs'), 403, 'Administrator rights required');
    }
  });
});
