import type { Organization, OrganizationCreate, OrganizationLinkRequest, OrganizationListQuery, OrganizationUpdate } from '@atlas/domain';
import { SQL_PAGING_DEFAULTS } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertPolicyReference } from '../quota/policies.js';
import { applyMakerPolicy, findUserById, joinOrganization } from '../users/repo.js';
import * as repo from './repo.js';

const NOT_EMPTY = 'Organization is not empty';

async function loadOrganization(db: Queryable, id: string): Promise<Organization> {
  const organization = await repo.findOrganization(db, id);
  if (!organization) throw notFound('Organization not found', `No organization with id ${id}`);
  return organization;
}

export function listOrganizations(db: Db, identity: Identity, query: OrganizationListQuery): Promise<Organization[]> {
  assertAdministrator(identity);
  return repo.listOrganizations(db, { name: query.name, offset: query.offset ?? SQL_PAGING_DEFAULTS.offset, limit: query.limit ?? SQL_PAGING_DEFAULTS.limit });
}

export function getOrganization(db: Db, identity: Identity, id: string): Promise<Organization> {
  assertAdministrator(identity);
  return loadOrganization(db, id);
}

export async function createOrganization(db: Db, identity: Identity, body: OrganizationCreate): Promise<Organization> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    await assertPolicyReference(tx, body.makerQuotaPolicy);
    const id = await repo.createOrganization(tx, { name: body.name, makerQuotaPolicy: body.makerQuotaPolicy ?? null });
    return loadOrganization(tx, id);
  });
}

/** A new maker policy reaches every maker of the organization at once: it is what "the organization's maker policy" means. */
export async function updateOrganization(db: Db, identity: Identity, id: string, body: OrganizationUpdate): Promise<Organization> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    await loadOrganization(tx, id);
    await assertPolicyReference(tx, body.makerQuotaPolicy);
    await repo.updateOrganization(tx, id, body);
    if (body.makerQuotaPolicy !== undefined) await applyMakerPolicy(tx, id);
    return loadOrganization(tx, id);
  });
}

/** Only an empty organization goes: its members move first (link or seat), and nothing may still belong to it. */
export async function deleteOrganization(db: Db, identity: Identity, id: string): Promise<void> {
  assertAdministrator(identity);
  try {
    await db.transaction(async (tx) => {
      await loadOrganization(tx, id);
      const members = await repo.countMembers(tx, id);
      if (members > 0) throw conflict(NOT_EMPTY, `${members} user(s) belong to it; move them to another organization first`);
      await repo.deleteOrganization(tx, id);
    });
  } catch (error) {
    // Records made in it stay in it when their owners move away; the database refuses to orphan them.
    if ((error as { code?: string }).code === '23503') throw conflict(NOT_EMPTY, 'Records still belong to it; delete them first (an owner change keeps a record in its organization)');
    throw error;
  }
}

/** The user joins the organization (leaving theirs) with the seat and that seat's quota policy there. */
export async function linkUser(db: Db, identity: Identity, id: string, body: OrganizationLinkRequest): Promise<Organization> {
  assertAdministrator(identity);
  return db.transaction(async (tx) => {
    await loadOrganization(tx, id);
    if (!(await findUserById(tx, body.userId))) throw notFound('User not found', `No user with id ${body.userId}`);
    await joinOrganization(tx, body.userId, id, body.seat ?? 'viewer');
    return loadOrganization(tx, id);
  });
}
