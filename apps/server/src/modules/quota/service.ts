import { AppStatusCode, type QuotaKey } from '@atlas/domain';
import { AppError } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { usageSql } from './repo.js';

/** 402 when one more `key` would pass the caller's quota policy. */
export async function assertQuota(db: Queryable, identity: Identity, key: QuotaKey, adding = 1): Promise<void> {
  const rows = await db.query<{ used: number; limit: number }>(
    `SELECT ${usageSql(key, 'u.id')} AS used, (p.limits->>$2)::int AS limit
     FROM users u JOIN quota_policies p ON p.id = u.quota_policy_id WHERE u.id = $1`,
    [identity.userId, key],
  );
  const row = rows[0];
  if (row && row.used + adding > row.limit) {
    throw new AppError(402, `Quota exceeded for ${key}`, AppStatusCode.QuotaExceeded, `${row.used} of ${row.limit} used`);
  }
}
