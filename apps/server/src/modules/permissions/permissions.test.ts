import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

describe.each(testStores())('permissions on $name', (store) => {
  const h = useHarness(store);
  let outsider: TestUser;
  let analyst = '';
  let demoOrg = '';

  beforeAll(async () => {
    outsider = await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
    ({ analyst, demoOrg } = await demoIds(h.db));
  });

  const newMap = async () => {
    const id = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Shared map')", [id, demoOrg, analyst]);
    return id;
  };
  const as = async (email: string) => h.auth(email);
  const post = async (email: string, url: string, payload: object, query = '') =>
    h.app.inject({ method: 'POST', url: `${url}${query}`, headers: await as(email), payload });

  it('grants a user, an organization, a role and an email, and lists them by kind', async () => {
    const map = await newMap();
    const grants = [
      { granteeType: 'user', granteeId: outsider.id, role: 'viewer' },
      { granteeType: 'organization', granteeId: outsider.organizationId, role: 'limited-viewer' },
      { granteeType: 'role', granteeId: 'maker', role: 'editor' },
      { granteeType: 'email', granteeId: 'New.Person@Example.com', role: 'editor' },
    ];
    for (const grant of grants) {
      const response = await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, ...grant });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ resourceType: 'map', resourceId: map, granteeType: grant.granteeType, role: grant.role });
    }
    const listing = (await h.app.inject({ url: `/v1/permissions/map/${map}`, headers: await as('analyst@example.com') })).json();
    expect(listing).toMatchObject({ resourceType: 'map', resourceId: map, visibility: 'private', ownerId: analyst });
    expect(listing.users).toEqual([
      expect.objectContaining({ id: outsider.id, email: 'outsider@other.org', seat: 'maker', permission: expect.objectContaining({ role: 'viewer', actions: ['read', 'copy'] }) }),
    ]);
    expect(listing.organizations).toEqual([expect.objectContaining({ id: outsider.organizationId, name: 'Other', permission: expect.objectContaining({ role: 'limited-viewer', actions: ['read'] }) })]);
    expect(listing.roles).toEqual([expect.objectContaining({ role: 'maker', permission: expect.objectContaining({ role: 'editor' }) })]);
    expect(listing.emails).toEqual([expect.objectContaining({ email: 'new.person@example.com' })]);
  });

  it('turns an email of an existing user into a user grant, and re-granting changes the role', async () => {
    const map = await newMap();
    const first = await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, granteeType: 'email', granteeId: 'OUTSIDER@other.org', role: 'viewer' });
    expect(first.json()).toMatchObject({ granteeType: 'user', granteeId: outsider.id, role: 'viewer' });
    const again = await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, granteeType: 'user', granteeId: outsider.id, role: 'editor' });
    expect(again.json()).toMatchObject({ id: first.json().id, role: 'editor' });
    expect(await h.db.query('SELECT 1 FROM permissions WHERE resource_id = $1', [map])).toHaveLength(1);
  });

  it('gives an email grant to the account that signs up with that email once its address is verified', async () => {
    const map = await newMap();
    await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, granteeType: 'email', granteeId: 'late@new.org', role: 'viewer' });
    const signUp = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email: 'late@new.org', password: 'long enough', name: 'Late Comer' } });
    expect(signUp.statusCode).toBe(202);
    const headers = await h.auth('late@new.org', 'long enough');
    const user = (await h.app.inject({ url: '/v1/users/me', headers })).json();
    expect(user).toMatchObject({ email: 'late@new.org', name: 'Late Comer', seat: 'maker', organization: { name: 'Late Comer' } });
    const verified = await h.app.inject({ method: 'POST', url: `/v1/users/${user.id}/email-verification`, headers: await as('admin@example.com') });
    expect(verified.statusCode).toBe(200);
    const rows = await h.db.query<{ grantee_type: string; grantee_id: string }>('SELECT grantee_type, grantee_id FROM permissions WHERE resource_id = $1', [map]);
    expect(rows).toEqual([{ grantee_type: 'user', grantee_id: user.id }]);
    const shared = await h.app.inject({ url: `/v1/permissions/map/${map}`, headers });
    expect(shared.statusCode).toBe(403); // a viewer may read the map but not manage who else can
  });

  it('creates nothing on sign-up for an existing email (answered as for a new one) or a short password', async () => {
    const before = await h.count('users');
    const taken = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email: 'Analyst@example.com', password: 'long enough', name: 'X' } });
    expect(taken.statusCode).toBe(202);
    const short = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email: 'short@x.org', password: 'short', name: 'X' } });
    expect(short.statusCode).toBe(400);
    expect(await h.count('users')).toBe(before);
    expect(await h.count('organizations')).toBe(3); // Demo, Other, Late Comer
  });

  it('changes and revokes a grant, and only managers may', async () => {
    const map = await newMap();
    const granted = (await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, granteeType: 'user', granteeId: outsider.id, role: 'viewer' })).json();
    const byOutsider = await h.app.inject({ method: 'PUT', url: `/v1/permissions/${granted.id}`, headers: await as('outsider@other.org'), payload: { role: 'editor' } });
    expect(byOutsider.statusCode).toBe(403);
    const byViewerSeat = await h.app.inject({ method: 'DELETE', url: `/v1/permissions/${granted.id}`, headers: await as('viewer@example.com') });
    expect(byViewerSeat.statusCode).toBe(403);
    const changed = await h.app.inject({ method: 'PUT', url: `/v1/permissions/${granted.id}`, headers: await as('analyst@example.com'), payload: { role: 'editor' } });
    expect(changed.json()).toMatchObject({ role: 'editor', actions: ['read', 'write', 'delete', 'copy'] });
    // Now an editor, the outsider may manage grants too.
    const revoked = await h.app.inject({ method: 'DELETE', url: `/v1/permissions/${granted.id}`, headers: await as('outsider@other.org') });
    expect(revoked.statusCode).toBe(204);
    const gone = await h.app.inject({ method: 'DELETE', url: `/v1/permissions/${granted.id}`, headers: await as('analyst@example.com') });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Permission not found', appStatusCode: 'NOT_FOUND' });
  });

  it('applies visibility, grants and revocations in bulk, all or nothing', async () => {
    const map = await newMap();
    const kept = (await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, granteeType: 'role', granteeId: 'viewer', role: 'viewer' })).json();
    const snapshot = async () => ({
      grants: await h.db.query('SELECT id, grantee_type, grantee_id, role FROM permissions WHERE resource_id = $1 ORDER BY id', [map]),
      visibility: (await h.db.query('SELECT visibility FROM records WHERE id = $1', [map]))[0],
    });
    const before = await snapshot();
    const failing = await post('analyst@example.com', '/v1/permissions/bulk', {
      resourceType: 'map',
      resourceId: map,
      visibility: 'public_read',
      grants: [{ granteeType: 'user', granteeId: outsider.id, role: 'editor' }, { granteeType: 'user', granteeId: randomUUID(), role: 'viewer' }],
      revoke: [kept.id],
    });
    expect(failing.statusCode).toBe(404);
    expect(failing.json()).toMatchObject({ message: 'User not found' });
    expect(await snapshot()).toEqual(before);

    const ok = await post('analyst@example.com', '/v1/permissions/bulk', {
      resourceType: 'map',
      resourceId: map,
      visibility: 'public_read',
      grants: [{ granteeType: 'user', granteeId: outsider.id, role: 'editor' }],
      revoke: [kept.id],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ visibility: 'public_read', roles: [], users: [expect.objectContaining({ id: outsider.id })] });
    expect((await snapshot()).visibility).toEqual({ visibility: 'public_read' });
  });

  it('rejects bad grants with clear errors and no change', async () => {
    const map = await newMap();
    const cases: Array<[object, number, string]> = [
      [{ resourceType: 'map', resourceId: map, granteeType: 'user', granteeId: analyst, role: 'viewer' }, 422, 'The owner already has every permission'],
      [{ resourceType: 'map', resourceId: map, granteeType: 'organization', granteeId: randomUUID(), role: 'viewer' }, 404, 'Organization not found'],
      [{ resourceType: 'map', resourceId: map, granteeType: 'user', granteeId: outsider.id, role: 'owner' }, 400, 'Invalid request body'],
      [{ resourceType: 'spaceship', resourceId: map, granteeType: 'user', granteeId: outsider.id, role: 'viewer' }, 400, 'Invalid request body'],
      [{ resourceType: 'map', resourceId: map, granteeType: 'email', granteeId: 'not-an-email', role: 'viewer' }, 400, 'Invalid request body'],
      [{ resourceType: 'map', resourceId: randomUUID(), granteeType: 'user', granteeId: outsider.id, role: 'viewer' }, 404, 'Map not found'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post('analyst@example.com', '/v1/permissions', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await h.db.query('SELECT 1 FROM permissions WHERE resource_id = $1', [map])).toHaveLength(0);
    const badRole = await post('analyst@example.com', '/v1/permissions', { resourceType: 'map', resourceId: map, granteeType: 'role', granteeId: 'admin', role: 'viewer' });
    expect(badRole.json().details).toBe('body/granteeId must be equal to one of the allowed values');
  });

  it('hides the listing of other organizations, except to administrators in admin mode', async () => {
    const map = await newMap();
    const outsiderView = await h.app.inject({ url: `/v1/permissions/map/${map}`, headers: await as('outsider@other.org') });
    expect(outsiderView.statusCode).toBe(404);
    const root = await addUser(h.db, { email: 'root@other.org', organization: 'Other', isAdmin: true });
    const notAdminMode = await h.app.inject({ url: `/v1/permissions/map/${map}`, headers: await as(root.email) });
    expect(notAdminMode.statusCode).toBe(404);
    const adminMode = await h.app.inject({ url: `/v1/permissions/map/${map}?isAdmin=true`, headers: await as(root.email) });
    expect(adminMode.statusCode).toBe(200);
    const refused = await h.app.inject({ url: `/v1/permissions/map/${map}?isAdmin=true`, headers: await as('outsider@other.org') });
    expect(refused.statusCode).toBe(403);
  });
});
