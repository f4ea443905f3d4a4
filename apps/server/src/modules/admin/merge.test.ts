import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { USER_REFERENCES } from './merge.js';
import { expectError, expectRefused, snapshot } from './test-support/refusals.js';

type Headers = { authorization: string };

describe.each(testStores())('POST /v1/admin/merge-accounts on $name', (store) => {
  const h = useHarness(store);
  let admin: Headers;
  let analyst: Headers;
  let analystId = '';
  const as = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const merge = (payload: object) => as(admin, 'POST', '/v1/admin/merge-accounts', payload);
  const create = async (headers: Headers, path: string, name: string) => {
    const response = await as(headers, 'POST', path, { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const grant = (headers: Headers, path: string, id: string, granteeId: string, role: string) =>
    as(headers, 'POST', '/v1/permissions', { resourceType: path === '/v1/maps' ? 'map' : 'dataset', resourceId: id, granteeType: 'user', granteeId, role }).then((r) =>
      expect(r.statusCode, r.body).toBe(201),
    );
  const owner = async (table: string, id: string) => (await h.db.query<{ owner_id: string }>(`SELECT owner_id FROM ${table} WHERE id = $1`, [id]))[0]!.owner_id;
  const userGrants = (resourceId: string) =>
    h.db.query<{ grantee_id: string; role: string }>("SELECT grantee_id, role FROM permissions WHERE resource_id = $1 AND grantee_type = 'user' ORDER BY grantee_id", [resourceId]);

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    analyst = await h.auth('analyst@example.com');
    analystId = await userId(h.db, 'analyst@example.com');
  });

  it('handles every column that references a user', async () => {
    const rows = await h.db.query<{ ref: string }>(
      `SELECT cl.relname || '.' || a.attname AS ref
       FROM pg_constraint c JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass ORDER BY 1`,
    );
    expect(rows.map((row) => row.ref).sort()).toEqual(Object.keys(USER_REFERENCES).sort());
  });

  describe('a secondary with maps, grants, tags and projects', () => {
    let primary: TestUser;
    let secondary: TestUser;
    let primaryAuth: Headers;
    let secondaryAuth: Headers;
    let secondaryKey = '';
    const ids = {} as Record<'map' | 'dataset' | 'project' | 'sharedBoth' | 'sharedSecondary' | 'primaryMap' | 'primaryDataset', string>;

    beforeAll(async () => {
      primary = await addUser(h.db, { email: 'primary@example.com', organization: 'Demo' });
      secondary = await addUser(h.db, { email: 'secondary@example.com', organization: 'Demo' });
      primaryAuth = await h.auth(primary.email);
      secondaryAuth = await h.auth(secondary.email);
      // The secondary's own things: a map (tagged, in its project), a dataset, a project with an entry, an API key.
      ids.map = await create(secondaryAuth, '/v1/maps', 'Secondary map');
      ids.dataset = await create(secondaryAuth, '/v1/datasets', 'Secondary dataset');
      ids.project = await create(secondaryAuth, '/v1/projects', 'Secondary project');
      expect((await as(secondaryAuth, 'POST', `/v1/projects/${ids.project}/resources`, { resourceType: 'map', resourceId: ids.map })).statusCode).toBe(201);
      expect((await as(secondaryAuth, 'POST', '/v1/tags', { name: 'merged-tag', color: '#112233', resourceId: ids.map, resourceType: 'map' })).statusCode).toBe(201);
      const key = await as(secondaryAuth, 'POST', '/v1/api-key', {});
      expect(key.statusCode).toBe(201);
      secondaryKey = key.json().key;
      // Grants: the analyst shares one map with both (viewer to the primary, editor to the secondary) and one with the secondary only.
      ids.sharedBoth = await create(analyst, '/v1/maps', 'Shared with both');
      await grant(analyst, '/v1/maps', ids.sharedBoth, primary.id, 'viewer');
      await grant(analyst, '/v1/maps', ids.sharedBoth, secondary.id, 'editor');
      ids.sharedSecondary = await create(analyst, '/v1/maps', 'Shared with the secondary');
      await grant(analyst, '/v1/maps', ids.sharedSecondary, secondary.id, 'viewer');
      // The primary's own map shared with the secondary; the secondary's dataset shared with the primary.
      ids.primaryMap = await create(primaryAuth, '/v1/maps', 'Primary map');
      await grant(primaryAuth, '/v1/maps', ids.primaryMap, secondary.id, 'editor');
      await grant(secondaryAuth, '/v1/datasets', ids.dataset, primary.id, 'viewer');
    });

    it('dry run: answers what would move and changes nothing', async () => {
      const before = await snapshot(h);
      const keysBefore = await h.db.query('SELECT * FROM api_keys ORDER BY id');
      const response = await merge({ primaryId: primary.id, secondaryIds: [secondary.id], dryRun: true });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.dryRun).toBe(true);
      expect(body.message).toMatch(/^Dry run, nothing changed: /);
      expect(body.primary).toEqual({ id: primary.id, email: primary.email, name: 'primary' });
      expect(body.secondaries).toEqual([{ id: secondary.id, email: secondary.email, name: 'secondary' }]);
      expect(body.counts).toMatchObject({
        maps: 1, datasets: 1, projects: 1, projectEntries: 1, tags: 1, tagAssignments: 1,
        grantsMoved: 1, grantsMerged: 1, grantsRemoved: 2, apiKeysMoved: 1, apiKeysRevoked: 0, sessionsEnded: 1,
      });
      expect(body.quotaUsage.before).toMatchObject({ maps: 1, datasets: 0 });
      expect(body.quotaUsage.after).toMatchObject({ maps: 2, datasets: 1 });
      expect(body.overLimit).toEqual([]);
      expect(await snapshot(h)).toEqual(before);
      expect(await h.db.query('SELECT * FROM api_keys ORDER BY id')).toEqual(keysBefore);
      expect((await as(secondaryAuth, 'GET', '/v1/users/me')).statusCode).not.toBe(401);
    });

    it('moves everything to the primary and disables the secondary', async () => {
      const response = await merge({ primaryId: primary.id, secondaryIds: [secondary.id] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ dryRun: false, counts: { maps: 1, datasets: 1, projects: 1, grantsMoved: 1, grantsMerged: 1, grantsRemoved: 2 } });
      expect(response.json().message).toMatch(/moved to primary@example\.com; the secondaries are disabled$/);

      for (const [table, id] of [['records', ids.map], ['datasets', ids.dataset], ['projects', ids.project]] as const) expect(await owner(table, id)).toBe(primary.id);
      // The project keeps its entry; the tag is on the map, now the primary's, and was made by the primary from now on.
      expect((await as(primaryAuth, 'GET', `/v1/projects/${ids.project}/resources`)).json().items.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([ids.map]);
      expect(await h.db.query("SELECT t.name, t.created_by FROM tags t JOIN resource_tags r ON r.tag_id = t.id WHERE r.resource_id = $1", [ids.map])).toEqual([{ name: 'merged-tag', created_by: primary.id }]);
      // Grants: the higher role kept for the primary; the secondary's moved; redundant ones gone.
      expect(await userGrants(ids.sharedBoth)).toEqual([{ grantee_id: primary.id, role: 'editor' }]);
      expect(await userGrants(ids.sharedSecondary)).toEqual([{ grantee_id: primary.id, role: 'viewer' }]);
      expect(await userGrants(ids.primaryMap)).toEqual([]);
      expect(await userGrants(ids.dataset)).toEqual([]);
      expect(await h.db.query("SELECT 1 FROM permissions WHERE grantee_type = 'user' AND grantee_id = $1", [secondary.id])).toEqual([]);
      // The primary works with all of it.
      expect((await as(primaryAuth, 'PUT', `/v1/maps/${ids.map}`, { name: 'Renamed by the primary' })).statusCode).toBe(200);
      expect((await as(primaryAuth, 'PUT', `/v1/maps/${ids.sharedBoth}`, { name: 'Edited through the kept grant' })).statusCode).toBe(200);
    });

    it('the secondary cannot sign in, its session ended, its API key now acts as the primary', async () => {
      const signIn = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: secondary.email, password: 'demo' } });
      expectError(signIn, 401, 'This account is disabled');
      expect((await as(secondaryAuth, 'GET', '/v1/users/me')).statusCode).toBe(401);
      const me = await as({ authorization: `Bearer ${secondaryKey}` }, 'GET', '/v1/users/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(primary.id);
      // A wrong password still says only that the credentials are wrong.
      const wrong = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: secondary.email, password: 'not-it' } });
      expectError(wrong, 401, 'Invalid email or password');
      expect(await h.db.query('SELECT is_admin, merged_into, disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1', [secondary.id])).toEqual([
        { is_admin: false, merged_into: primary.id, disabled: true },
      ]);
    });

    it('refuses a disabled account a second time (409)', async () => {
      expectError(await merge({ primaryId: primary.id, secondaryIds: [secondary.id] }), 409, 'Account is disabled');
      expectError(await merge({ primaryId: secondary.id, secondaryIds: [primary.id] }), 409, 'Account is disabled');
    });
  });

  it('the primary keeps its own API key; the secondary’s is revoked', async () => {
    const primary = await addUser(h.db, { email: 'keyed-primary@example.com', organization: 'Demo' });
    const secondary = await addUser(h.db, { email: 'keyed-secondary@example.com', organization: 'Demo' });
    const own = (await as(await h.auth(primary.email), 'POST', '/v1/api-key', {})).json().key as string;
    const theirs = (await as(await h.auth(secondary.email), 'POST', '/v1/api-key', {})).json().key as string;
    const response = await merge({ primaryId: primary.id, secondaryIds: [secondary.id] });
    expect(response.json().counts).toMatchObject({ apiKeysMoved: 0, apiKeysRevoked: 1, sessionsEnded: 1 });
    expect((await as({ authorization: `Bearer ${own}` }, 'GET', '/v1/users/me')).json().id).toBe(primary.id);
    expect((await as({ authorization: `Bearer ${theirs}` }, 'GET', '/v1/users/me')).statusCode).toBe(401);
  });

  it('refuses makers, viewers and their API keys (403) and changes nothing', async () => {
    const a = await addUser(h.db, { email: 'refused-a@example.com', organization: 'Demo' });
    const b = await addUser(h.db, { email: 'refused-b@example.com', organization: 'Demo' });
    await create(await h.auth(b.email), '/v1/maps', 'Stays with b');
    await expectRefused(h, [
      { method: 'POST', url: '/v1/admin/merge-accounts', payload: { primaryId: a.id, secondaryIds: [b.id] } },
      { method: 'POST', url: '/v1/admin/merge-accounts', payload: { primaryId: a.id, secondaryIds: [b.id], dryRun: true } },
    ]);
    expect(await h.db.query('SELECT disabled_at FROM users WHERE id = $1', [b.id])).toEqual([{ disabled_at: null }]);
  });

  it('answers 400 for bad bodies, 404 for unknown accounts, 422 for merges it does not make', async () => {
    const a = await addUser(h.db, { email: 'bad-a@example.com', organization: 'Demo' });
    const viewer = await addUser(h.db, { email: 'bad-viewer@example.com', organization: 'Demo', seat: 'viewer' });
    const outsider = await addUser(h.db, { email: 'bad-outsider@elsewhere.org', organization: 'Elsewhere' });
    await create(await h.auth(a.email), '/v1/maps', 'Owned by a');
    const before = await snapshot(h);
    for (const payload of [{}, { primaryId: a.id }, { primaryId: a.id, secondaryIds: [] }, { primaryId: 'nope', secondaryIds: [outsider.id] }, { primaryId: a.id, secondaryIds: [viewer.id, viewer.id] }, { primaryId: a.id, secondaryIds: [viewer.id], extra: 1 }]) {
      expect((await merge(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = randomUUID();
    expectError(await merge({ primaryId: unknown, secondaryIds: [a.id] }), 404, 'User not found');
    expectError(await merge({ primaryId: a.id, secondaryIds: [unknown] }), 404, 'User not found');
    expectError(await merge({ primaryId: a.id, secondaryIds: [a.id] }), 422, 'The primary account cannot also be a secondary');
    expectError(await merge({ primaryId: a.id, secondaryIds: [await userId(h.db, 'admin@example.com')] }), 422, 'An administrator cannot merge away their own account');
    expectError(await merge({ primaryId: a.id, secondaryIds: [outsider.id] }), 422, 'Accounts to merge must be in the same organization');
    // A viewer cannot become the owner of a maker's maps.
    expectError(await merge({ primaryId: viewer.id, secondaryIds: [a.id] }), 422, 'The primary account needs a maker seat');
    expect(await snapshot(h)).toEqual(before);
    expect(await h.db.query('SELECT count(*)::int AS n FROM users WHERE disabled_at IS NOT NULL AND id = ANY($1::uuid[])', [[a.id, viewer.id, outsider.id]])).toEqual([{ n: 0 }]);
  });

  it('rolls everything back when a step fails', async () => {
    const primary = await addUser(h.db, { email: 'rollback-primary@example.com', organization: 'Demo' });
    const secondary = await addUser(h.db, { email: 'rollback-secondary@example.com', organization: 'Demo' });
    const secondaryAuth = await h.auth(secondary.email);
    const mapId = await create(secondaryAuth, '/v1/maps', 'Must stay');
    await grant(analyst, '/v1/maps', await create(analyst, '/v1/maps', 'Granted'), secondary.id, 'viewer');
    // The last step (disabling the secondary) fails: everything before it must be undone.
    await h.db.exec(`
      CREATE FUNCTION merge_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disabling failed'; END $$;
      CREATE TRIGGER merge_test_fail BEFORE UPDATE OF disabled_at ON users FOR EACH ROW WHEN (NEW.disabled_at IS NOT NULL) EXECUTE FUNCTION merge_test_fail();`);
    try {
      const before = await snapshot(h);
      const sessions = await h.db.query('SELECT token_hash FROM sessions WHERE user_id = $1', [secondary.id]);
      const response = await merge({ primaryId: primary.id, secondaryIds: [secondary.id] });
      expect(response.statusCode).toBe(500);
      expect(await snapshot(h)).toEqual(before);
      expect(await owner('records', mapId)).toBe(secondary.id);
      expect(await h.db.query('SELECT token_hash FROM sessions WHERE user_id = $1', [secondary.id])).toEqual(sessions);
      expect((await as(secondaryAuth, 'GET', `/v1/maps/${mapId}`)).statusCode).toBe(200);
    } finally {
      await h.db.exec('DROP TRIGGER merge_test_fail ON users; DROP FUNCTION merge_test_fail();');
    }
    expect(analystId).not.toBe('');
  });
});
