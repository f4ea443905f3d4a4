import { randomUUID } from 'node:crypto';
import { PERMISSION_ACTIONS, type PermissionAction } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveToken } from '../modules/auth/service.js';
import { findReadableDataset } from '../modules/datasets/repo.js';
import type { Queryable } from '../store/index.js';
import { Params } from '../store/params.js';
import { addUser, userId } from '../test-support/fixtures.js';
import { useHarness } from '../test-support/harness.js';
import { testStores } from '../test-support/stores.js';
import { ACCESS_RESOURCE_TYPES, callerActions, checkAccess, checkDataDownload, readableFilter, resourceTable, sharedWithFilter, type AccessResourceType } from './access.js';
import type { Identity } from './identity.js';

/** Inserts one resource of each type owned by `ownerId`, straight into its table. */
async function insertResource(db: Queryable, type: AccessResourceType, ownerId: string, organizationId: string, visibility = 'private') {
  const id = randomUUID();
  const common = [id, organizationId, ownerId, `${type} ${id.slice(0, 4)}`, visibility];
  if (type === 'dataset') await db.query(`INSERT INTO datasets (id, organization_id, owner_id, name, visibility, type) VALUES ($1, $2, $3, $4, $5, 'managed')`, common);
  else if (type === 'map-asset') await db.query(`INSERT INTO map_assets (id, organization_id, owner_id, name, visibility, type) VALUES ($1, $2, $3, $4, $5, 'map-style')`, common);
  else if (type === 'project') await db.query('INSERT INTO projects (id, organization_id, owner_id, name, visibility) VALUES ($1, $2, $3, $4, $5)', common);
  else if (type === 'query-template') await db.query(`INSERT INTO query_templates (id, organization_id, owner_id, name, visibility, template) VALUES ($1, $2, $3, $4, $5, 'SELECT 1')`, common);
  else if (type === 'data-connection') await db.query(`INSERT INTO data_connections (id, organization_id, owner_id, name, visibility, type) VALUES ($1, $2, $3, $4, $5, 'postgres')`, common);
  else if (type === 'query-bookmark') await db.query(`INSERT INTO query_bookmarks (id, organization_id, owner_id, name, visibility, query) VALUES ($1, $2, $3, $4, $5, '{}')`, common);
  else await db.query('INSERT INTO records (id, organization_id, owner_id, name, visibility, kind) VALUES ($1, $2, $3, $4, $5, $6)', [...common, type]);
  return id;
}

type Outcome = 'allow' | 403 | 404;
const ALL: PermissionAction[] = [...PERMISSION_ACTIONS];
const expectActions = (allowed: PermissionAction[], otherwise: 403 | 404): Record<PermissionAction, Outcome> =>
  Object.fromEntries(ALL.map((action) => [action, allowed.includes(action) ? 'allow' : otherwise])) as Record<PermissionAction, Outcome>;

interface Case {
  who: string;
  /** email of the caller, or null for a signed-out caller */
  caller: string | null;
  grant?: { granteeType: 'user' | 'organization' | 'role'; grantee: 'caller' | 'callerOrg' | 'maker' | 'viewer'; role: 'limited-viewer' | 'viewer' | 'editor' };
  visibility?: 'public_read';
  adminMode?: boolean;
  expected: Record<PermissionAction, Outcome>;
}

// Owner: analyst@example.com in Demo. "outsider" is a maker of another organization.
const CASES: Case[] = [
  { who: 'the owner', caller: 'analyst@example.com', expected: expectActions(ALL, 403) },
  { who: 'a maker of the same organization', caller: 'maker2@example.com', expected: expectActions(['read', 'copy'], 403) },
  { who: 'a viewer seat of the same organization', caller: 'viewer@example.com', expected: expectActions(['read'], 403) },
  { who: 'an administrator of the organization, not in admin mode', caller: 'admin@example.com', expected: expectActions(['read', 'copy'], 403) },
  { who: 'an outsider', caller: 'outsider@other.org', expected: expectActions([], 404) },
  { who: 'a signed-out caller', caller: null, expected: expectActions([], 404) },
  { who: 'an outsider with limited-viewer', caller: 'outsider@other.org', grant: { granteeType: 'user', grantee: 'caller', role: 'limited-viewer' }, expected: expectActions(['read'], 403) },
  { who: 'an outsider with viewer', caller: 'outsider@other.org', grant: { granteeType: 'user', grantee: 'caller', role: 'viewer' }, expected: expectActions(['read', 'copy'], 403) },
  { who: 'an outsider with editor', caller: 'outsider@other.org', grant: { granteeType: 'user', grantee: 'caller', role: 'editor' }, expected: expectActions(ALL, 403) },
  { who: "an outsider whose organization has editor", caller: 'outsider@other.org', grant: { granteeType: 'organization', grantee: 'callerOrg', role: 'editor' }, expected: expectActions(ALL, 403) },
  { who: 'an outsider, makers of the owner organization having editor', caller: 'outsider@other.org', grant: { granteeType: 'role', grantee: 'maker', role: 'editor' }, expected: expectActions([], 404) },
  { who: 'a maker of the organization whose role has editor', caller: 'maker2@example.com', grant: { granteeType: 'role', grantee: 'maker', role: 'editor' }, expected: expectActions(ALL, 403) },
  { who: 'a viewer seat granted editor', caller: 'viewer@example.com', grant: { granteeType: 'user', grantee: 'caller', role: 'editor' }, expected: expectActions(['read'], 403) },
  { who: 'an outsider on a public_read resource', caller: 'outsider@other.org', visibility: 'public_read', expected: expectActions(['read'], 403) },
  { who: 'a signed-out caller on a public_read resource', caller: null, visibility: 'public_read', expected: expectActions(['read'], 403) },
  { who: 'an administrator of another organization in admin mode', caller: 'root@other.org', adminMode: true, expected: expectActions(ALL, 403) },
];

describe.each(testStores())('the access check on $name', (store) => {
  const h = useHarness(store);
  const identities = new Map<string, Identity>();
  let ownerOrg = '';

  beforeAll(async () => {
    await addUser(h.db, { email: 'maker2@example.com', organization: 'Demo' });
    await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
    await addUser(h.db, { email: 'root@other.org', organization: 'Other', isAdmin: true });
    for (const email of ['analyst@example.com', 'maker2@example.com', 'viewer@example.com', 'admin@example.com', 'outsider@other.org', 'root@other.org']) {
      const { authorization } = await h.auth(email);
      identities.set(email, await resolveToken(h.db, authorization.slice('Bearer '.length)));
    }
    ownerOrg = identities.get('analyst@example.com')!.organizationId;
  });

  const granteeId = (grant: NonNullable<Case['grant']>, caller: Identity) =>
    grant.grantee === 'caller' ? caller.userId : grant.grantee === 'callerOrg' ? caller.organizationId : grant.grantee;

  describe.each(ACCESS_RESOURCE_TYPES)('on a %s', (type) => {
    it.each(CASES)('gives $who exactly what the rules say', async ({ caller, grant, visibility, adminMode, expected }) => {
      const identity = caller ? identities.get(caller)! : null;
      const id = await insertResource(h.db, type, await userId(h.db, 'analyst@example.com'), ownerOrg, visibility);
      if (grant) {
        await h.db.query(
          'INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)',
          [randomUUID(), type, id, grant.granteeType, granteeId(grant, identity!), grant.role],
        );
      }
      for (const action of ALL) {
        const outcome = await checkAccess(h.db, identity, type, id, action, { isAdmin: adminMode }).then(
          () => 'allow' as const,
          (error: { statusCode: number }) => error.statusCode,
        );
        expect(outcome, `${action}`).toBe(expected[action]);
      }
      // What a record's answer tells the caller is what the check allows: share goes with write, download with a copy by rank.
      const told = (await callerActions(h.db, identity, type, [id], adminMode)).get(id) ?? [];
      const allowed = ALL.filter((action) => expected[action] === 'allow');
      expect(told.filter((action) => action !== 'share' && action !== 'download')).toEqual(allowed);
      expect(told.includes('share')).toBe(allowed.includes('write'));
      if (type === 'dataset' && identity && !adminMode) {
        const downloads = await checkDataDownload(h.db, identity, id).then(() => true, () => false);
        expect(told.includes('download')).toBe(downloads);
        // Tiles read the dataset and its read check in one query: the same outcome as the check.
        const found = await findReadableDataset(h.db, identity, id).then((dataset) => dataset.id, (error: { statusCode: number }) => error.statusCode);
        expect(found).toBe(expected.read === 'allow' ? id : 404);
      }
      // The list filter encodes the same rules: the resource is listed exactly when it can be read.
      const params = new Params([id]);
      const listed = await h.db.query(`SELECT 1 FROM ${resourceTable(type)} r WHERE r.id = $1 AND ${readableFilter(identity, type, 'r', params, adminMode)}`, params.values);
      expect(listed.length === 1).toBe(expected.read === 'allow');
      // "Shared with me" is exactly: a grant reaches the caller and lets them read.
      if (identity) {
        const shared = new Params([id]);
        const rows = await h.db.query(`SELECT 1 FROM ${resourceTable(type)} r WHERE r.id = $1 AND ${sharedWithFilter(identity, type, 'r', shared)}`, shared.values);
        expect(rows.length === 1).toBe(Boolean(grant) && expected.read === 'allow');
      }
    });
  });

  it('refuses admin mode to non-administrators with 403', async () => {
    const id = await insertResource(h.db, 'map', await userId(h.db, 'analyst@example.com'), ownerOrg);
    await expect(checkAccess(h.db, identities.get('outsider@other.org')!, 'map', id, 'read', { isAdmin: true })).rejects.toMatchObject({
      statusCode: 403,
      message: 'Administrator rights required',
    });
  });

  it('keeps kinds apart: a map id is not an insight', async () => {
    const id = await insertResource(h.db, 'map', await userId(h.db, 'analyst@example.com'), ownerOrg);
    await expect(checkAccess(h.db, identities.get('analyst@example.com')!, 'insight', id, 'read')).rejects.toMatchObject({ statusCode: 404, message: 'Insight not found' });
  });
});
