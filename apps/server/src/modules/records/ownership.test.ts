import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectError, nonAdministrators, snapshot } from '../admin/test-support/refusals.js';

const KINDS = [
  { path: '/v1/maps', type: 'map' },
  { path: '/v1/insights', type: 'insight' },
  { path: '/v1/datasets', type: 'dataset' },
] as const;

describe.each(testStores())('owner change by administrators on $name', (store) => {
  const h = useHarness(store);
  let admin: { authorization: string };
  let analyst: { authorization: string };
  let analystId = '';
  let heir: TestUser;
  let outsider: TestUser;
  const as = (headers: { authorization: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (path: string, name: string) => {
    const response = await as(analyst, 'POST', path, { name });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const ownerRow = async (type: string, id: string) =>
    (await h.db.query<{ owner_id: string; organization_id: string }>(`SELECT owner_id, organization_id FROM ${type === 'dataset' ? 'datasets' : 'records'} WHERE id = $1`, [id]))[0]!;
  const grant = (type: string, id: string, granteeId: string, role: string) =>
    h.db.query("INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, 'user', $4, $5)", [randomUUID(), type, id, granteeId, role]);
  const grantees = async (type: string, id: string) =>
    (await h.db.query<{ grantee_id: string; role: string }>('SELECT grantee_id, role FROM permissions WHERE resource_type = $1 AND resource_id = $2 ORDER BY grantee_id', [type, id]));

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    analyst = await h.auth('analyst@example.com');
    analystId = await userId(h.db, 'analyst@example.com');
    heir = await addUser(h.db, { email: 'heir@example.com', organization: 'Demo' });
    outsider = await addUser(h.db, { email: 'outsider@elsewhere.org', organization: 'Elsewhere' });
  });

  it.each(KINDS)('hands a $type to a maker of its organization; grants stay, the old owner lock passes on', async ({ path, type }) => {
    const id = await create(path, `Handover ${type}`);
    const viewerId = await userId(h.db, 'viewer@example.com');
    await grant(type, id, viewerId, 'editor');
    await grant(type, id, heir.id, 'viewer');
    await h.db.query("INSERT INTO locks (resource_type, resource_id, owner_id, expires_at) VALUES ($1, $2, $3, now() + interval '5 minutes')", [type, id, analystId]);
    const lockBefore = (await h.db.query<{ expires_at: Date }>('SELECT expires_at FROM locks WHERE resource_id = $1', [id]))[0]!;
    const { organization_id: organizationId } = await ownerRow(type, id);

    const moved = await as(admin, 'PUT', `${path}/${id}?isAdmin=true`, { ownerId: heir.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id, ownerId: heir.id, organizationId });
    expect(await ownerRow(type, id)).toEqual({ owner_id: heir.id, organization_id: organizationId });
    // The editor grant stays; the new owner's own grant is redundant and goes.
    expect(await grantees(type, id)).toEqual([{ grantee_id: viewerId, role: 'editor' }]);
    const lock = await h.db.query<{ owner_id: string; expires_at: Date }>('SELECT owner_id, expires_at FROM locks WHERE resource_id = $1', [id]);
    expect(lock).toEqual([{ owner_id: heir.id, expires_at: lockBefore.expires_at }]);
    // The old owner is now a member of the organization like the others: reads, no longer edits.
    expect((await as(analyst, 'GET', `${path}/${id}`)).statusCode).toBe(200);
    expect((await as(analyst, 'PUT', `${path}/${id}`, { name: 'Not mine' })).statusCode).toBe(403);
    expect((await as(await h.auth(heir.email), 'PUT', `${path}/${id}`, { name: 'Mine now' })).statusCode).toBe(200);
  });

  it.each(KINDS)('refuses a new owner outside the organization, with a viewer seat, unknown or over quota, changing nothing ($type)', async ({ path, type }) => {
    const id = await create(path, `Kept ${type}`);
    const before = await snapshot(h);
    const viewerId = await userId(h.db, 'viewer@example.com');
    expectError(await as(admin, 'PUT', `${path}/${id}?isAdmin=true`, { ownerId: outsider.id }), 422, 'The new owner is not a member of the organization');
    expectError(await as(admin, 'PUT', `${path}/${id}?isAdmin=true`, { ownerId: viewerId, name: 'Renamed' }), 422, 'The new owner needs a maker seat');
    expectError(await as(admin, 'PUT', `${path}/${id}?isAdmin=true`, { ownerId: randomUUID() }), 422, 'New owner not found');
    expectError(await as(admin, 'PUT', `${path}/${id}?isAdmin=true`, { ownerId: 'not-a-uuid' }), 400, /Invalid request body/);
    const full = await addUser(h.db, { email: `full-${type}@example.com`, organization: 'Demo' });
    await h.db.query(
      `INSERT INTO quota_policies (id, name, limits) VALUES ($1, 'Full', '{"maps":0,"datasets":0,"insights":0,"workbooks":0,"dataConnections":0,"storageMegabytes":0}')`,
      [`full-${type}`],
    );
    await h.db.query('UPDATE users SET quota_policy_id = $2 WHERE id = $1', [full.id, `full-${type}`]);
    const over = await as(admin, 'PUT', `${path}/${id}?isAdmin=true`, { ownerId: full.id });
    expectError(over, 402, /^Quota exceeded for /);
    const after = (await snapshot(h)) as { records: unknown; datasets: unknown; grants: unknown };
    const expected = before as typeof after;
    expect([after.records, after.datasets, after.grants]).toEqual([expected.records, expected.datasets, expected.grants]);
  });

  it('answers 403 "Administrator rights required" to makers, viewers and their API keys, changing nothing', async () => {
    const ids = await Promise.all(KINDS.map(({ path }) => create(path, 'Not theirs to give')));
    const callers = await nonAdministrators(h);
    const before = await snapshot(h);
    for (const caller of callers) {
      for (const [index, { path }] of KINDS.entries()) {
        const response = await as(caller.headers, 'PUT', `${path}/${ids[index]}?isAdmin=true`, { ownerId: heir.id });
        expect({ caller: caller.name, path, status: response.statusCode }).toEqual({ caller: caller.name, path, status: 403 });
        expect(response.json()).toEqual({ message: 'Administrator rights required', details: 'isAdmin=true is for administrators only', appStatusCode: 'FORBIDDEN' });
      }
    }
    expect(await snapshot(h)).toEqual(before);
  });

  it('keeps the owner when the new owner is the current one, and lets an owner change pass a lock the old owner holds', async () => {
    const id = await create('/v1/maps', 'Same hands');
    const same = await as(admin, 'PUT', `/v1/maps/${id}?isAdmin=true`, { ownerId: analystId });
    expect(same.statusCode).toBe(200);
    expect(same.json().ownerId).toBe(analystId);
    expect((await as(analyst, 'GET', `/v1/maps/${id}?acquireLock=true`)).statusCode).toBe(200);
    // Editing the content while another holds the lock is still refused; handing the record over is not.
    expectError(await as(admin, 'PUT', `/v1/maps/${id}?isAdmin=true`, { ownerId: heir.id, name: 'Edited' }), 409, 'Map is locked by another user');
    expect((await as(admin, 'PUT', `/v1/maps/${id}?isAdmin=true`, { ownerId: heir.id })).statusCode).toBe(200);
    expect((await h.db.query('SELECT owner_id FROM locks WHERE resource_id = $1', [id]))[0]).toEqual({ owner_id: heir.id });
  });
});
