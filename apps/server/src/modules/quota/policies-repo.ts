import type { QuotaLimits, QuotaPolicy } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';

/** The policies offered, in their tier order. */
export async function listQuotaPolicies(db: Queryable): Promise<QuotaPolicy[]> {
  const rows = await db.query<{ id: string; name: string; description: string; limits: QuotaLimits }>(
    'SELECT id, name, description, limits FROM quota_policies ORDER BY position, id',
  );
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, limits: row.limits }));
}

export async function quotaPolicyExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM quota_policies WHERE id = $1', [id])).length > 0;
}
