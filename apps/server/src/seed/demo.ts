import type { Seat } from '@atlas/domain';
import { hashPassword } from '../security/secrets.js';
import { LOCK_KEYS } from '../store/advisory-lock.js';
import type { Db, Queryable } from '../store/index.js';
import { DEFAULT_ORGANIZATION_FLAGS } from '../modules/organizations/default-flags.js';
import { createOrganization, findOrganizationIdByName, setFeatureFlags } from '../modules/organizations/repo.js';
import { findUserByEmail } from '../modules/users/repo.js';
import { createUser } from '../modules/users/service.js';

export const DEMO_ORGANIZATION = 'Demo';

export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; seat: Seat; isAdmin: boolean }> = [
  { email: 'admin@example.com', name: 'Demo Administrator', seat: 'maker', isAdmin: true },
  { email: 'analyst@example.com', name: 'Demo Analyst', seat: 'maker', isAdmin: false },
  { email: 'viewer@example.com', name: 'Demo Viewer', seat: 'viewer', isAdmin: false },
];

async function createDemoOrganization(tx: Queryable): Promise<string> {
  const id = await createOrganization(tx, { name: DEMO_ORGANIZATION, makerQuotaPolicy: 'maker' });
  await setFeatureFlags(tx, id, Object.fromEntries(DEFAULT_ORGANIZATION_FLAGS.map((flag) => [flag, true])));
  return id;
}

/** Idempotent: creates what is missing and never overwrites what users changed since. */
export async function seedDemo(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Processes starting together take turns: the later one waits, then finds everything there.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.demoSeed]);
    const organizationId = (await findOrganizationIdByName(tx, DEMO_ORGANIZATION)) ?? (await createDemoOrganization(tx));
    for (const user of DEMO_USERS) {
      if (await findUserByEmail(tx, user.email)) continue;
      await createUser(tx, { ...user, passwordHash, organizationId, quotaPolicyId: user.seat === 'maker' ? 'maker' : 'viewer' });
    }
  });
}
