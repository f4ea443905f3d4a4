import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';

/**
 * Whose access a published item's data is read with: its owner's, as a plain member of their organization (never
 * with administrator powers), so a publication shows no more than its owner may read today — a dataset since made
 * private to them, or a seat since changed, takes effect on the public page at once. Null when the owner is gone.
 */
export async function publisherIdentity(db: Queryable, ownerId: string): Promise<Identity | null> {
  const rows = await db.query<{ id: string; organization_id: string; seat: Identity['seat'] }>('SELECT id, organization_id, seat FROM users WHERE id = $1', [ownerId]);
  const user = rows[0];
  return user ? { userId: user.id, organizationId: user.organization_id, seat: user.seat, isAdmin: false, via: 'session', tokenHash: '' } : null;
}
