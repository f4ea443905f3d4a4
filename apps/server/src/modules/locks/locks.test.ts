import { randomUUID } from 'node:crypto';
import { LOCK_TTL_SECONDS } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { insertGrant, ownerOf, type Owner } from '../records/test-support/fixtures.js';

/** Display names as the demo seed and addUser (the address's local part) give them. */
const ANALYST_NAME = 'Demo Analyst';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testStores())('locks on $name', (store) => {
  const h = useHarness(store);
  let analyst: Owner;
  let viewer: Owner;
  let editor: TestUser;
  let editor2: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    analyst = await ownerOf(h.db, 'analyst@example.com');
    viewer = await ownerOf(h.db, 'viewer@example.com');
    editor = await addUser(h.db, { email: 'editor@example.com', organization: 'Demo' });
    editor2 = await addUser(h.db, { email: 'editor2@example.com', organization: 'Demo' });
    outsider = await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
  });

  const call = async (email: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: await h.auth(email), ...(payload ? { payload } : {}) });
  /** A record of the analyst's on which editor@ and editor2@ hold editor grants. */
  const sharedRecord = async (path = '/v1/maps', type = 'map') => {
    const response = await call('analyst@example.com', 'POST', path, { name: 'Locked work' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    for (const user of [editor, editor2]) await insertGrant(h.db, { resourceType: type, resourceId: id, granteeType: 'user', granteeId: user.id, role: 'editor' });
    return id;
  };
  const lockRow = async (id: string) => (await h.db.query<{ owner_id: string; acquired_at: Date; expires_at: Date }>('SELECT owner_id, acquired_at, expires_at FROM locks WHERE resource_id = $1', [id]))[0] ?? null;
  const lapse = (id: string) => h.db.query("UPDATE locks SET expires_at = now() - interval '1 second' WHERE resource_id = $1", [id]);
  const lockedBody = (label: string, lock: { ownerId: string; expiresAt: string }) => ({
    message: `${label} is locked by another user`,
    details: `Locked by user ${lock.ownerId} until ${lock.expiresAt}`,
    appStatusCode: 'LOCKED',
  });

  it('takes a free lock on GET with acquireLock and refreshes it, keeping acquiredAt', async () => {
    const id = await sharedRecord();
    expect((await call('analyst@example.com', 'GET', `/v1/maps/${id}`)).json().lock).toBeNull();
    const opened = await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
    expect(opened.statusCode).toBe(200);
    const { lock } = opened.json();
    expect(lock).toEqual({ ownerId: analyst.id, ownerName: ANALYST_NAME, acquiredAt: expect.any(String), expiresAt: expect.any(String) });
    expect(Date.parse(lock.expiresAt) - Date.parse(lock.acquiredAt)).toBe(LOCK_TTL_SECONDS * 1000);
    await h.db.query("UPDATE locks SET expires_at = expires_at - interval '5 minutes' WHERE resource_id = $1", [id]);
    const refreshed = (await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`)).json().lock;
    expect(refreshed.acquiredAt).toBe(lock.acquiredAt);
    expect(Date.parse(refreshed.expiresAt)).toBeGreaterThan(Date.parse(lock.expiresAt) - 5 * 60_000);
    expect((await call('viewer@example.com', 'GET', `/v1/maps/${id}`)).json().lock).toEqual(refreshed);
  });

  it("opens read-only for another editor while the lock is held, and refuses that editor's changes with 409", async () => {
    const id = await sharedRecord();
    const { lock } = (await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`)).json();
    const state = (await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: id, data: { a: 1 } })).json();

    const readOnly = await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json().lock).toEqual(lock);

    const record = (await h.db.query('SELECT * FROM records WHERE id = $1', [id]))[0];
    const statesBefore = await h.count('record_states');
    for (const [method, url, payload] of [
      ['PUT', `/v1/maps/${id}`, { name: 'Mine now' }],
      ['PUT', `/v1/maps/${id}?acquireLock=true`, { name: 'Mine now' }],
      ['POST', '/v1/studiostates', { mapId: id, data: {} }],
      ['PUT', `/v1/studiostates/${state.id}?acquireLock=true`, { data: { a: 2 } }],
      ['DELETE', `/v1/studiostates/${state.id}`, undefined],
      ['PUT', `/v1/maps/${id}/thumbnail`, { contentType: 'image/png' }],
    ] as const) {
      const response = await call('editor@example.com', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json()).toEqual(lockedBody('Map', lock));
    }
    expect((await h.db.query('SELECT * FROM records WHERE id = $1', [id]))[0]).toEqual(record);
    expect(await h.count('record_states')).toBe(statesBefore);
    expect((await lockRow(id))?.owner_id).toBe(analyst.id);

    const own = await call('analyst@example.com', 'PUT', `/v1/maps/${id}`, { name: 'Still mine' });
    expect(own.statusCode).toBe(200);
    expect(own.json().lock).toEqual(lock);
  });

  it('names the kind in the 409 of an insight opened as a dashboard', async () => {
    const id = await sharedRecord('/v1/dashboards', 'insight');
    const { lock } = (await call('analyst@example.com', 'PUT', `/v1/dashboards/${id}?acquireLock=true`, { description: 'editing' })).json();
    expect(lock.ownerId).toBe(analyst.id);
    const response = await call('editor@example.com', 'PUT', `/v1/insights/${id}`, { description: 'me too' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(lockedBody('Insight', lock));
  });

  it('refuses the lock to readers (403) and to those who cannot see the record (404)', async () => {
    const id = await sharedRecord();
    const reader = await call('viewer@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ message: 'You do not have write permission on this map', details: `map ${id}`, appStatusCode: 'FORBIDDEN' });
    expect((await call('outsider@other.org', 'GET', `/v1/maps/${id}?acquireLock=true`)).statusCode).toBe(404);
    expect(await lockRow(id)).toBeNull();
  });

  it('lets a lapsed lock go: it is no longer shown, and anyone with write may edit and take it', async () => {
    const id = await sharedRecord();
    await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
    await lapse(id);
    expect((await call('editor@example.com', 'GET', `/v1/maps/${id}`)).json().lock).toBeNull();
    const edited = await call('editor@example.com', 'PUT', `/v1/maps/${id}`, { name: 'Edited after lapse' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().lock).toBeNull();
    const taken = await call('editor@example.com', 'PUT', `/v1/maps/${id}?acquireLock=true`, { name: 'Taken over' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().lock).toMatchObject({ ownerId: editor.id, ownerName: 'editor' });
    expect(Date.parse(taken.json().lock.expiresAt)).toBeGreaterThan(Date.now());
    expect((await call('analyst@example.com', 'PUT', `/v1/maps/${id}`, { name: 'Owner blocked' })).statusCode).toBe(409);
  });

  describe('PUT /v1/locks/{type}/{id}/owner', () => {
    const transfer = (email: string, id: string, ownerId: string, query = '', type = 'map') =>
      call(email, 'PUT', `/v1/locks/${type}/${id}/owner${query}`, { ownerId });

    it('lets the holder hand the lock to another editor', async () => {
      const id = await sharedRecord();
      await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      const response = await transfer('analyst@example.com', id, editor.id);
      expect(response.statusCode).toBe(200);
      const lock = response.json();
      expect(lock).toEqual({ resourceType: 'map', resourceId: id, ownerId: editor.id, ownerName: 'editor', acquiredAt: expect.any(String), expiresAt: expect.any(String) });
      expect(Date.parse(lock.expiresAt) - Date.parse(lock.acquiredAt)).toBe(LOCK_TTL_SECONDS * 1000);
      expect((await call('analyst@example.com', 'GET', `/v1/maps/${id}`)).json().lock).toEqual({ ownerId: editor.id, ownerName: 'editor', acquiredAt: lock.acquiredAt, expiresAt: lock.expiresAt });
      expect((await call('editor@example.com', 'PUT', `/v1/maps/${id}`, { name: 'Handed over' })).statusCode).toBe(200);
      expect((await call('editor2@example.com', 'PUT', `/v1/maps/${id}`, { name: 'Not me' })).statusCode).toBe(409);
    });

    it("lets the record's owner take the lock back, and refuses other editors while it is held", async () => {
      const id = await sharedRecord();
      await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      const before = await lockRow(id);
      const other = await transfer('editor2@example.com', id, editor2.id);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ message: 'Map is locked by another user', appStatusCode: 'LOCKED' });
      expect(await lockRow(id)).toEqual(before);
      const owner = await transfer('analyst@example.com', id, analyst.id);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().ownerId).toBe(analyst.id);
    });

    it('lets any editor move a lapsed lock, or one that was never taken', async () => {
      const id = await sharedRecord();
      expect((await transfer('editor2@example.com', id, editor.id)).json().ownerId).toBe(editor.id);
      await lapse(id);
      expect((await transfer('editor2@example.com', id, editor2.id)).json().ownerId).toBe(editor2.id);
    });

    it('refuses a new holder who cannot edit the record, and unknown users', async () => {
      const id = await sharedRecord();
      await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      const before = await lockRow(id);
      for (const target of [viewer.id, outsider.id]) {
        const response = await transfer('analyst@example.com', id, target);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: 'The new lock owner cannot edit this resource',
          details: `User ${target} has no write permission on map ${id}`,
          appStatusCode: 'INVALID_INPUT',
        });
      }
      const unknown = randomUUID();
      const missing = await transfer('analyst@example.com', id, unknown);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found', details: `No user with id ${unknown}`, appStatusCode: 'NOT_FOUND' });
      expect(await lockRow(id)).toEqual(before);
    });

    it('refuses readers, and hides records the caller cannot see', async () => {
      const id = await sharedRecord();
      const reader = await transfer('viewer@example.com', id, editor.id);
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toEqual({ message: 'You do not have write permission on this map', details: `map ${id}`, appStatusCode: 'FORBIDDEN' });
      const hidden = await transfer('outsider@other.org', id, editor.id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: 'Map not found', details: `No map with id ${id}`, appStatusCode: 'NOT_FOUND' });
      expect((await transfer('analyst@example.com', id, editor.id, '', 'insight')).statusCode).toBe(404);
      expect(await lockRow(id)).toBeNull();
    });

    it('lets an administrator in admin mode move any lock, and only in admin mode', async () => {
      const id = await sharedRecord();
      await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      expect((await transfer('admin@example.com', id, editor2.id)).statusCode).toBe(403);
      const denied = await transfer('analyst@example.com', id, analyst.id, '?isAdmin=true');
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'Administrator rights required', details: 'isAdmin=true is for administrators only', appStatusCode: 'FORBIDDEN' });
      expect((await lockRow(id))?.owner_id).toBe(editor.id);
      const admin = await transfer('admin@example.com', id, editor2.id, '?isAdmin=true');
      expect(admin.statusCode).toBe(200);
      expect(admin.json().ownerId).toBe(editor2.id);
    });

    it('validates the type, the id and the body', async () => {
      const id = await sharedRecord();
      const badType = await transfer('analyst@example.com', id, editor.id, '', 'dataset');
      expect(badType.statusCode).toBe(400);
      expect(badType.json().appStatusCode).toBe('VALIDATION_FAILED');
      expect((await transfer('analyst@example.com', 'x', editor.id)).statusCode).toBe(400);
      const extra = await call('analyst@example.com', 'PUT', `/v1/locks/map/${id}/owner`, { ownerId: editor.id, expiresAt: 'never' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toEqual({ message: 'Invalid request body', details: "body must not have property 'expiresAt'", appStatusCode: 'VALIDATION_FAILED' });
      expect(await lockRow(id)).toBeNull();
    });
  });

  describe('DELETE /v1/locks/{type}/{id}', () => {
    const release = (email: string, id: string, query = '', type = 'map') => call(email, 'DELETE', `/v1/locks/${type}/${id}${query}`);

    it('lets the holder release their lock, so another editor takes it at once', async () => {
      const id = await sharedRecord();
      await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      const released = await release('editor@example.com', id);
      expect(released.statusCode).toBe(204);
      expect(released.body).toBe('');
      expect(await lockRow(id)).toBeNull();
      expect((await call('analyst@example.com', 'GET', `/v1/maps/${id}`)).json().lock).toBeNull();
      const taken = await call('editor2@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      expect(taken.json().lock).toMatchObject({ ownerId: editor2.id, ownerName: 'editor2' });
    });

    it("refuses anyone else's lock with 403, the record's owner included, and leaves it", async () => {
      const id = await sharedRecord();
      await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      const before = await lockRow(id);
      for (const email of ['editor2@example.com', 'analyst@example.com']) {
        const response = await release(email, id);
        expect(response.statusCode, email).toBe(403);
        expect(response.json()).toEqual({
          message: 'Only the lock holder or an administrator can release this lock',
          details: `Locked by user ${editor.id} until ${before!.expires_at.toISOString()}`,
          appStatusCode: 'FORBIDDEN',
        });
      }
      expect(await lockRow(id)).toEqual(before);
    });

    it('answers 204 to editors when nothing is held (never taken, or lapsed), and 403 to readers', async () => {
      const id = await sharedRecord();
      expect((await release('editor2@example.com', id)).statusCode).toBe(204);
      await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      await lapse(id);
      expect((await release('editor2@example.com', id)).statusCode).toBe(204);
      expect(await lockRow(id)).toBeNull();
      const reader = await release('viewer@example.com', id);
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toEqual({ message: 'You do not have write permission on this map', details: `map ${id}`, appStatusCode: 'FORBIDDEN' });
    });

    it('hides records the caller cannot see (404) and checks the kind', async () => {
      const id = await sharedRecord();
      await call('analyst@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      const hidden = await release('outsider@other.org', id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: 'Map not found', details: `No map with id ${id}`, appStatusCode: 'NOT_FOUND' });
      expect((await release('analyst@example.com', id, '', 'insight')).statusCode).toBe(404);
      expect((await release('analyst@example.com', id, '', 'dataset')).statusCode).toBe(400);
      expect((await release('analyst@example.com', 'x')).statusCode).toBe(400);
      expect((await lockRow(id))?.owner_id).toBe(analyst.id);
    });

    it('lets an administrator in admin mode release any lock, and only in admin mode', async () => {
      const id = await sharedRecord();
      await call('editor@example.com', 'GET', `/v1/maps/${id}?acquireLock=true`);
      expect((await release('admin@example.com', id)).statusCode).toBe(403);
      const denied = await release('editor@example.com', id, '?isAdmin=true');
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'Administrator rights required', details: 'isAdmin=true is for administrators only', appStatusCode: 'FORBIDDEN' });
      expect((await lockRow(id))?.owner_id).toBe(editor.id);
      expect((await release('admin@example.com', id, '?isAdmin=true')).statusCode).toBe(204);
      expect(await lockRow(id)).toBeNull();
    });
  });
});
