import type { QuotaKey } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { usageSql } from '../quota/repo.js';
import type { ReconcileQuotaRequest, ReconcileQuotaResult } from './schemas.js';

type Result = Omit<ReconcileQuotaResult, 'message' | 'quotaType' | 'dryRun'>;

/** Thrown to roll a dry run back after it did everything a real run does, carrying what it found. */
class DryRunDone extends Error {
  constructor(readonly result: Result) {
    super('dry run');
  }
}

/**
 * POST /v1/admin/reconcile-quota: recounts one quota's usage from the catalogue. Counts (maps, datasets, insights,
 * workbooks, dataConnections) are read from the records at every request and cannot drift; storage adds up each
 * dataset's recorded size (metadata.sizeBytes), which is corrected to the size of its stored data version.
 * A dry run does exactly the same in a transaction that is rolled back, so it reports what a real run would change.
 */
export async function reconcileQuota(db: Db, identity: Identity, { quotaType, dryRun }: ReconcileQuotaRequest): Promise<ReconcileQuotaResult> {
  assertAdministrator(identity);
  let result: Result;
  try {
    result = await db.transaction(async (tx) => {
      const found = await recount(tx, quotaType);
      if (dryRun) throw new DryRunDone(found);
      return found;
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
    result = error.result;
  }
  return { message: describe(quotaType, dryRun, result), quotaType, dryRun, ...result };
}

async function recount(tx: Queryable, quotaType: QuotaKey): Promise<Result> {
  if (quotaType !== 'storageMegabytes') return { usageChanges: [], datasetChanges: [], overLimit: await overLimit(tx, quotaType) };
  const datasetChanges = await driftedDatasetSizes(tx);
  const owners = [...new Set(datasetChanges.map((change) => change.ownerId))];
  const before = await usageOf(tx, owners);
  for (const change of datasetChanges) {
    await tx.query(`UPDATE datasets SET metadata = jsonb_set(metadata, '{sizeBytes}', to_jsonb($2::bigint)) WHERE id = $1`, [change.datasetId, change.after]);
  }
  const after = await usageOf(tx, owners);
  const usageChanges = owners
    .map((userId) => ({ userId, email: after.get(userId)!.email, before: before.get(userId)!.used, after: after.get(userId)!.used }))
    .filter((change) => change.before !== change.after);
  return { usageChanges, datasetChanges, overLimit: await overLimit(tx, quotaType) };
}

const RECORDED_SIZE = `CASE WHEN jsonb_typeof(d.metadata->'sizeBytes') = 'number' THEN (d.metadata->>'sizeBytes')::numeric END`;

/** Datasets whose recorded size is not the size of their current data version (none stored: 0), oldest first. */
async function driftedDatasetSizes(tx: Queryable): Promise<Result['datasetChanges']> {
  const rows = await tx.query<{ id: string; owner_id: string; recorded: string | null; stored: string }>(
    `SELECT d.id, d.owner_id, ${RECORDED_SIZE} AS recorded, coalesce(e.size_bytes, 0) AS stored
     FROM datasets d LEFT JOIN engine_data e ON e.data_id = d.id
     WHERE coalesce(${RECORDED_SIZE}, 0) <> coalesce(e.size_bytes, 0)
     ORDER BY d.created_at, d.id FOR UPDATE OF d`,
  );
  return rows.map((row) => ({ datasetId: row.id, ownerId: row.owner_id, before: row.recorded === null ? null : Number(row.recorded), after: Number(row.stored) }));
}

async function usageOf(tx: Queryable, userIds: readonly string[]): Promise<Map<string, { email: string; used: number }>> {
  const rows = await tx.query<{ id: string; email: string; used: number }>(
    `SELECT u.id, u.email, ${usageSql('storageMegabytes', 'u.id')} AS used FROM users u WHERE u.id = ANY($1::uuid[])`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.id, { email: row.email, used: row.used }]));
}

/** Users using more than their policy allows (a lowered policy, a transferred resource): reported, nothing is removed. */
async function overLimit(tx: Queryable, quotaType: QuotaKey): Promise<Result['overLimit']> {
  const rows = await tx.query<{ id: string; email: string; used: number; limit: number }>(
    `SELECT id, email, used, lim AS limit FROM (
       SELECT u.id, u.email, ${usageSql(quotaType, 'u.id')} AS used, (p.limits->>$1)::int AS lim
       FROM users u JOIN quota_policies p ON p.id = u.quota_policy_id) counted
     WHERE used > lim ORDER BY lower(email)`,
    [quotaType],
  );
  return rows.map((row) => ({ userId: row.id, email: row.email, used: row.used, limit: row.limit }));
}

function describe(quotaType: QuotaKey, dryRun: boolean, result: Result): string {
  const prefix = dryRun ? 'Dry run, nothing changed: ' : '';
  const over = `${result.overLimit.length} user(s) above their limit`;
  if (quotaType !== 'storageMegabytes') return `${prefix}${quotaType} usage is counted from the catalogue at every request; nothing to correct; ${over}`;
  const verb = dryRun ? 'would be corrected' : 'corrected';
  return `${prefix}storageMegabytes: ${result.datasetChanges.length} dataset size(s) ${verb}, usage of ${result.usageChanges.length} user(s) ${dryRun ? 'would change' : 'changed'}; ${over}`;
}
