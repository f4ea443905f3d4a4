import type { Seat } from '@atlas/domain';
import { createOrganization, findOrganizationIdByName } from '../modules/organizations/repo.js';
import { createUser } from '../modules/users/service.js';
import { hashPassword } from '../security/secrets.js';
import type { Queryable } from '../store/index.js';
import { DEMO_PASSWORD } from './harness.js';

export interface TestUser {
  id: string;
  email: string;
  organizationId: string;
}

/**
 * Adds a user (password DEMO_PASSWORD) to the named organization, creating it if needed.
 * The demo organization "Demo" already has admin@, analyst@ (maker) and viewer@example.com.
 */
export async function addUser(
  db: Queryable,
  { email, organization, seat = 'maker', isAdmin = false }: { email: string; organization: string; seat?: Seat; isAdmin?: boolean },
): Promise<TestUser> {
  const organizationId = (await findOrganizationIdByName(db, organization)) ?? (await createOrganization(db, { name: organization }));
  const id = await createUser(db, {
    email,
    name: email.split('@')[0]!,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    organizationId,
    seat,
    isAdmin,
    quotaPolicyId: seat === 'maker' ? 'maker' : 'viewer',
  });
  return { id, email, organizationId };
}

export async function userId(db: Queryable, email: string): Promise<string> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** Ids of the demo analyst (the usual owner in tests) and of the Demo organization. */
export async function demoIds(db: Queryable): Promise<{ analyst: string; demoOrg: string }> {
  const rows = await db.query<{ id: string; organization_id: string }>("SELECT id, organization_id FROM users WHERE email = 'analyst@example.com'");
  return { analyst: rows[0]!.id, demoOrg: rows[0]!.organization_id };
}

/** What a record's answer tells its owner (a maker) they may do: everything. */
export const OWNER_ACTIONS = ['read', 'write', 'delete', 'copy', 'share', 'download'];
/** What it tells a maker of the owner's organization without a grant: read it and take a copy. */
export const MEMBER_ACTIONS = ['read', 'copy', 'download'];
