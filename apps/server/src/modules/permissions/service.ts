import type {
  BulkPermissionRequest,
  CreatePermissionRequest,
  Grant,
  Permission,
  PermissionListing,
  PermissionResourceType,
  UpdatePermissionRequest,
} from '@atlas/domain';
import { checkAccess, type AccessOptions, type ResourceAccess } from '../../http/access.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import * as repo from './repo.js';

const PERMISSION_NOT_FOUND = 'Permission not found';

/** Managing who can reach a resource needs write on it (owners, editors, administrators in admin mode). */
const requireManage = (db: Queryable, identity: Identity, type: PermissionResourceType, id: string, options: AccessOptions) =>
  checkAccess(db, identity, type, id, 'write', options);

/** Resolves the grantee: users and organizations must exist; an email of an existing user becomes a user grant. */
async function normalizeGrant(db: Queryable, access: ResourceAccess, grant: Grant): Promise<Grant> {
  if (grant.granteeType === 'email') {
    const userId = await repo.findUserIdByEmail(db, grant.granteeId);
    return userId ? normalizeGrant(db, access, { granteeType: 'user', granteeId: userId, role: grant.role }) : { ...grant, granteeId: grant.granteeId.toLowerCase() };
  }
  if (grant.granteeType === 'user') {
    if (!(await repo.existsById(db, 'users', grant.granteeId))) throw notFound('User not found', `No user with id ${grant.granteeId}`);
    if (grant.granteeId === access.ownerId) throw invalidInput('The owner already has every permission', `User ${grant.granteeId} owns this ${access.type}`);
  }
  if (grant.granteeType === 'organization' && !(await repo.existsById(db, 'organizations', grant.granteeId))) {
    throw notFound('Organization not found', `No organization with id ${grant.granteeId}`);
  }
  return grant;
}

async function grant(db: Queryable, identity: Identity, access: ResourceAccess, request: Grant) {
  const normalized = await normalizeGrant(db, access, request);
  return repo.upsertPermission(db, { resourceType: access.type as PermissionResourceType, resourceId: access.id, ...normalized }, identity.userId);
}

export async function listPermissions(db: Db, identity: Identity, type: PermissionResourceType, id: string, options: AccessOptions = {}): Promise<PermissionListing> {
  const access = await requireManage(db, identity, type, id, options);
  return buildListing(db, access);
}

export async function createPermission(db: Db, identity: Identity, request: CreatePermissionRequest, options: AccessOptions = {}): Promise<Permission> {
  const { resourceType, resourceId, ...rest } = request;
  return db.transaction(async (tx) => {
    const access = await requireManage(tx, identity, resourceType, resourceId, options);
    return repo.toPermission(await grant(tx, identity, access, rest as Grant));
  });
}

/** Loads a permission and checks the caller may manage its resource; unknown and unmanageable look the same (404). */
async function manageablePermission(db: Queryable, identity: Identity, id: string, options: AccessOptions) {
  const row = await repo.findPermission(db, id);
  if (!row) throw notFound(PERMISSION_NOT_FOUND, `No permission with id ${id}`);
  try {
    await requireManage(db, identity, row.resource_type, row.resource_id, options);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound(PERMISSION_NOT_FOUND, `No permission with id ${id}`);
    throw error;
  }
  return row;
}

export async function updatePermission(db: Db, identity: Identity, id: string, request: UpdatePermissionRequest, options: AccessOptions = {}): Promise<Permission> {
  return db.transaction(async (tx) => {
    await manageablePermission(tx, identity, id, options);
    return repo.toPermission(await repo.updatePermissionRole(tx, id, request.role));
  });
}

export async function deletePermission(db: Db, identity: Identity, id: string, options: AccessOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await manageablePermission(tx, identity, id, options);
    await repo.deletePermissions(tx, row.resource_type, row.resource_id, [id]);
  });
}

/** Visibility, new grants and revocations of one resource, all or nothing. */
export async function applyBulkPermissions(db: Db, identity: Identity, request: BulkPermissionRequest, options: AccessOptions = {}): Promise<PermissionListing> {
  const { resourceType, resourceId } = request;
  return db.transaction(async (tx) => {
    const access = await requireManage(tx, identity, resourceType, resourceId, options);
    if (request.visibility) await repo.setVisibility(tx, resourceType, resourceId, request.visibility);
    for (const item of request.grants ?? []) await grant(tx, identity, access, item);
    const revoke = [...new Set(request.revoke ?? [])];
    if (revoke.length && (await repo.deletePermissions(tx, resourceType, resourceId, revoke)) !== revoke.length) {
      throw notFound(PERMISSION_NOT_FOUND, 'A permission to revoke does not belong to this resource');
    }
    return buildListing(tx, { ...access, visibility: request.visibility ?? access.visibility });
  });
}

async function buildListing(db: Queryable, access: ResourceAccess): Promise<PermissionListing> {
  const listing: PermissionListing = {
    resourceType: access.type as PermissionResourceType,
    resourceId: access.id,
    visibility: access.visibility,
    ownerId: access.ownerId,
    organizations: [],
    users: [],
    emails: [],
    roles: [],
  };
  for (const row of await repo.listingRows(db, listing.resourceType, access.id)) {
    const { id, role, actions, createdAt } = repo.toPermission(row);
    const permission = { id, role, actions, createdAt };
    if (row.grantee_type === 'user') listing.users.push({ id: row.grantee_id, name: row.name ?? '', email: row.email ?? '', seat: row.seat ?? 'viewer', permission });
    else if (row.grantee_type === 'organization') listing.organizations.push({ id: row.grantee_id, name: row.name ?? '', permission });
    else if (row.grantee_type === 'email') listing.emails.push({ email: row.grantee_id, permission });
    else listing.roles.push({ role: row.grantee_id as 'viewer' | 'maker', permission });
  }
  return listing;
}
