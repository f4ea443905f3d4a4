import { QUOTA_KEYS, type PermissionRole, type QuotaKey, type QuotaLimits, type QuotaUsage } from '@atlas/domain';
import { ACCESS_RESOURCE_TYPES, assertAdministrator, resourceTable, type AccessResourceType } from '../../http/access.js';
import { conflict, invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { usageJsonSql } from '../quota/repo.js';
import type { MergeAccountsRequest, MergeAccountsResult, MergeCounts } from './merge-schemas.js';
import { MERGE_COUNT_KINDS } from './merge-schemas.js';

/**
 * POST /v1/admin/merge-accounts {primaryId, secondaryIds, dryRun?}: everything the secondaries own or were granted
 * passes to the primary in one transaction, and the secondaries are disabled (docs/admin.md "Account merge").
 * A dry run does exactly the same in a transaction that is rolled back, so its counts are what a real run would move.
 */
export async function mergeAccounts(db: Db, identity: Identity, request: MergeAccountsRequest): Promise<MergeAccountsResult> {
  assertAdministrator(identity);
  try {
    return await db.transaction(async (tx) => {
      const result = await merge(tx, identity, request);
      if (request.dryRun) throw new DryRunDone(asDryRun(result));
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.result;
    throw error;
  }
}

/** Thrown to roll a dry run back after it did everything a real run does, carrying what it found. */
class DryRunDone extends Error {
  constructor(readonly result: MergeAccountsResult) {
    super('dry run');
  }
}

// ---- Every column that names a user, and what a merge does with it (merge.test.ts compares this with the schema) ----

/** Owned resources: the owner becomes the primary (catalogue resources also get a new updated_at, as an owner change does). */
const OWNED: ReadonlyArray<{ table: string; kind?: string; count: keyof MergeCounts; touch: boolean }> = [
  { table: 'records', kind: 'map', count: 'maps', touch: true },
  { table: 'records', kind: 'insight', count: 'insights', touch: true },
  { table: 'records', kind: 'workbook', count: 'workbooks', touch: true },
  { table: 'datasets', count: 'datasets', touch: true },
  { table: 'map_assets', count: 'mapAssets', touch: true },
  { table: 'projects', count: 'projects', touch: true },
  { table: 'query_templates', count: 'queryTemplates', touch: true },
  { table: 'query_bookmarks', count: 'queryBookmarks', touch: true },
  { table: 'data_connections', count: 'dataConnections', touch: true },
  { table: 'shared_parameters', count: 'sharedParameters', touch: true },
  { table: 'published_items', count: 'publications', touch: false },
  { table: 'record_states', count: 'states', touch: false },
  { table: 'query_executions', count: 'queryExecutions', touch: false },
  { table: 'locks', count: 'locks', touch: false },
];

/** Who made or did something: the primary from now on (tags are counted: "tags they made"). */
const AUTHORSHIP: ReadonlyArray<{ table: string; column: string; count?: keyof MergeCounts }> = [
  { table: 'tags', column: 'created_by', count: 'tags' },
  { table: 'permissions', column: 'created_by' },
  { table: 'query_template_versions', column: 'author_id' },
  { table: 'dataset_loads', column: 'user_id' },
  { table: 'report_invitations', column: 'invited_by' },
  { table: 'shared_parameter_invitations', column: 'invited_by' },
  { table: 'organization_invitations', column: 'invited_by' },
  { table: 'analytic_set_configs', column: 'created_by' },
  { table: 'email_flags', column: 'updated_by' },
  // Accounts merged into a secondary earlier now point at the primary.
  { table: 'users', column: 'merged_into' },
];

/** Every `table.column` referencing users(id), with what the merge does to a secondary's rows there. */
export const USER_REFERENCES: Record<string, string> = {
  ...Object.fromEntries(OWNED.map(({ table }) => [`${table}.owner_id`, 'moved to the primary'])),
  ...Object.fromEntries(AUTHORSHIP.map(({ table, column }) => [`${table}.${column}`, 'moved to the primary'])),
  'api_keys.user_id': 'moved to the primary when it has none (the newest usable one), else deleted',
  'sessions.user_id': 'deleted: the secondary is signed out everywhere',
  'email_verifications.user_id': 'deleted: pending verification links of a disabled account',
  'legal_consents.user_id': "kept: an account's consents are its own (the primary is asked for what it has not accepted)",
  'user_feedback.user_id': 'kept: feedback stays the report of the account that sent it (docs/error-reports.md)',
};

const ROLE_RANK: Record<PermissionRole, number> = { 'limited-viewer': 1, viewer: 2, editor: 3 };

interface AccountRow {
  id: string;
  email: string;
  name: string;
  organization_id: string;
  seat: 'maker' | 'viewer';
  disabled_at: Date | null;
  merged_into: string | null;
}

async function merge(tx: Queryable, identity: Identity, { primaryId, secondaryIds }: MergeAccountsRequest): Promise<MergeAccountsResult> {
  const { primary, secondaries } = await lockAccounts(tx, identity, primaryId, secondaryIds);
  const ids = secondaries.map((account) => account.id);
  const counts = Object.fromEntries(MERGE_COUNT_KINDS.map((kind) => [kind, 0])) as MergeCounts;
  const before = await usageOf(tx, primaryId);

  // What rides along with resources that move, counted before they move.
  counts.projectEntries = await countOne(
    tx,
    'SELECT count(*)::int AS n FROM project_resources e JOIN projects p ON p.id = e.project_id WHERE p.owner_id = ANY($1::uuid[])',
    [ids],
  );
  counts.tagAssignments = await countTagAssignments(tx, ids);

  for (const { table, kind, count, touch } of OWNED) {
    const rows = await tx.query(
      `UPDATE ${table} SET owner_id = $1${touch ? ', updated_at = now()' : ''} WHERE owner_id = ANY($2::uuid[])${kind ? ' AND kind = $3' : ''} RETURNING 1`,
      kind ? [primaryId, ids, kind] : [primaryId, ids],
    );
    counts[count] += rows.length;
  }
  const owned = counts.maps + counts.insights + counts.workbooks + counts.datasets + counts.mapAssets + counts.projects +
    counts.queryTemplates + counts.queryBookmarks + counts.dataConnections + counts.sharedParameters;
  if (primary.seat !== 'maker' && owned > 0) {
    throw invalidInput('The primary account needs a maker seat', `The secondaries own ${owned} resource(s); a viewer seat cannot edit what it owns. Give ${primary.email} a maker seat first`);
  }

  await mergeGrants(tx, primaryId, ids, counts);
  for (const { table, column, count } of AUTHORSHIP) {
    const rows = await tx.query(`UPDATE ${table} SET ${column} = $1 WHERE ${column} = ANY($2::uuid[]) RETURNING 1`, [primaryId, ids]);
    if (count) counts[count] += rows.length;
  }
  await mergeApiKeys(tx, primaryId, ids, counts);
  counts.sessionsEnded = (await tx.query('DELETE FROM sessions WHERE user_id = ANY($1::uuid[]) RETURNING 1', [ids])).length;
  await tx.query('DELETE FROM email_verifications WHERE user_id = ANY($1::uuid[])', [ids]);
  // Disabled: no sign-in, no token, no administrator rights (the caller is an administrator and never a secondary).
  await tx.query('UPDATE users SET disabled_at = now(), merged_into = $1, is_admin = false, updated_at = now() WHERE id = ANY($2::uuid[])', [primaryId, ids]);

  const after = await usageOf(tx, primaryId);
  const limits = await limitsOf(tx, primaryId);
  const overLimit = QUOTA_KEYS.filter((key: QuotaKey) => after[key] > limits[key]);
  return {
    message: describe(counts, primary.email, secondaries.length, false),
    dryRun: false,
    primary: account(primary),
    secondaries: secondaries.map(account),
    counts,
    quotaUsage: { before, after },
    overLimit,
  };
}

const account = (row: AccountRow) => ({ id: row.id, email: row.email, name: row.name });

/** The accounts, locked until the transaction ends so two merges (or a merge and a seat change) take turns. */
async function lockAccounts(tx: Queryable, identity: Identity, primaryId: string, secondaryIds: readonly string[]) {
  if (secondaryIds.includes(primaryId)) throw invalidInput('The primary account cannot also be a secondary', `User ${primaryId} is in secondaryIds`);
  if (secondaryIds.includes(identity.userId)) {
    throw invalidInput('An administrator cannot merge away their own account', 'Sign in as another administrator, or make your account the primary');
  }
  const all = [primaryId, ...secondaryIds];
  const rows = await tx.query<AccountRow>(
    'SELECT id, email, name, organization_id, seat, disabled_at, merged_into FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [all],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = all.find((id) => !byId.has(id));
  if (missing) throw notFound('User not found', `No user with id ${missing}`);
  const primary = byId.get(primaryId)!;
  const secondaries = secondaryIds.map((id) => byId.get(id)!);
  for (const row of [primary, ...secondaries]) {
    if (row.disabled_at) throw conflict('Account is disabled', `${row.email} was merged into another account (${row.merged_into}) on ${row.disabled_at.toISOString()}`);
  }
  const elsewhere = secondaries.find((row) => row.organization_id !== primary.organization_id);
  if (elsewhere) {
    throw invalidInput(
      'Accounts to merge must be in the same organization',
      `${elsewhere.email} is not in the organization of ${primary.email}; link it there first (POST /v1/organizations/{id}/link)`,
    );
  }
  return { primary, secondaries };
}

async function countOne(tx: Queryable, sql: string, values: unknown[]): Promise<number> {
  return (await tx.query<{ n: number }>(sql, values))[0]?.n ?? 0;
}

async function countTagAssignments(tx: Queryable, ids: readonly string[]): Promise<number> {
  let total = 0;
  for (const type of ACCESS_RESOURCE_TYPES) {
    const kind = kindOf(type);
    total += await countOne(
      tx,
      `SELECT count(*)::int AS n FROM resource_tags t JOIN ${resourceTable(type)} r ON r.id = t.resource_id
       WHERE t.resource_type = $1 AND r.owner_id = ANY($2::uuid[])${kind ? ' AND r.kind = $3' : ''}`,
      kind ? [type, ids, kind] : [type, ids],
    );
  }
  return total;
}

const kindOf = (type: AccessResourceType): string | undefined => (resourceTable(type) === 'records' ? type : undefined);

/**
 * Grants to a user on a resource: (1) grants to the primary or a secondary on what the primary now owns are redundant
 * and go; (2) of the grants to the primary and the secondaries on one resource one remains, the primary's, with the
 * highest of their roles.
 */
async function mergeGrants(tx: Queryable, primaryId: string, ids: readonly string[], counts: MergeCounts): Promise<void> {
  const everyone = [primaryId, ...ids];
  for (const type of ACCESS_RESOURCE_TYPES) {
    const kind = kindOf(type);
    const removed = await tx.query(
      `DELETE FROM permissions p USING ${resourceTable(type)} r
       WHERE p.resource_type = $1 AND p.resource_id = r.id AND p.grantee_type = 'user' AND p.grantee_id = ANY($2::text[])
         AND r.owner_id = $3${kind ? ' AND r.kind = $4' : ''}
       RETURNING 1`,
      kind ? [type, everyone, primaryId, kind] : [type, everyone, primaryId],
    );
    counts.grantsRemoved += removed.length;
  }
  const grants = await tx.query<{ id: string; resource_type: string; resource_id: string; grantee_id: string; role: PermissionRole }>(
    `SELECT id, resource_type, resource_id, grantee_id, role FROM permissions
     WHERE grantee_type = 'user' AND grantee_id = ANY($1::text[]) ORDER BY resource_type, resource_id, created_at, id FOR UPDATE`,
    [everyone],
  );
  const byResource = new Map<string, typeof grants>();
  for (const grant of grants) {
    const key = `${grant.resource_type}/${grant.resource_id}`;
    byResource.set(key, [...(byResource.get(key) ?? []), grant]);
  }
  for (const group of byResource.values()) {
    const fromSecondaries = group.filter((grant) => grant.grantee_id !== primaryId);
    if (fromSecondaries.length === 0) continue;
    const highest = group.reduce((best, grant) => (ROLE_RANK[grant.role] > ROLE_RANK[best.role] ? grant : best));
    const keeper = group.find((grant) => grant.grantee_id === primaryId) ?? highest;
    const folded = group.filter((grant) => grant !== keeper);
    if (folded.length) await tx.query('DELETE FROM permissions WHERE id = ANY($1::uuid[])', [folded.map((grant) => grant.id)]);
    await tx.query('UPDATE permissions SET grantee_id = $2, role = $3, updated_at = now() WHERE id = $1', [keeper.id, primaryId, highest.role]);
    if (keeper.grantee_id === primaryId) counts.grantsMerged += folded.length;
    else {
      counts.grantsMoved += 1;
      counts.grantsMerged += folded.length;
    }
  }
}

/** One API key per account: the primary keeps its own; without one it takes the newest unexpired key of a secondary. */
async function mergeApiKeys(tx: Queryable, primaryId: string, ids: readonly string[], counts: MergeCounts): Promise<void> {
  const hasOwn = (await tx.query('SELECT 1 FROM api_keys WHERE user_id = $1', [primaryId])).length > 0;
  const keys = await tx.query<{ id: string }>(
    `SELECT id FROM api_keys WHERE user_id = ANY($1::uuid[]) AND (expires_at IS NULL OR expires_at > now())
     ORDER BY created_at DESC, id LIMIT 1`,
    [ids],
  );
  const moving = hasOwn ? undefined : keys[0]?.id;
  counts.apiKeysRevoked = (await tx.query('DELETE FROM api_keys WHERE user_id = ANY($1::uuid[]) AND id IS DISTINCT FROM $2 RETURNING 1', [ids, moving ?? null])).length;
  if (moving) {
    await tx.query('UPDATE api_keys SET user_id = $1, updated_at = now() WHERE id = $2', [primaryId, moving]);
    counts.apiKeysMoved = 1;
  }
}

async function usageOf(tx: Queryable, userId: string): Promise<QuotaUsage> {
  const rows = await tx.query<{ usage: QuotaUsage }>(`SELECT ${usageJsonSql('u.id')} AS usage FROM users u WHERE u.id = $1`, [userId]);
  return rows[0]!.usage;
}

async function limitsOf(tx: Queryable, userId: string): Promise<QuotaLimits> {
  const rows = await tx.query<{ limits: QuotaLimits }>('SELECT p.limits FROM users u JOIN quota_policies p ON p.id = u.quota_policy_id WHERE u.id = $1', [userId]);
  return rows[0]!.limits;
}

function describe(counts: MergeCounts, primaryEmail: string, secondaries: number, dryRun: boolean): string {
  const resources = OWNED.slice(0, 10).reduce((sum, { count }) => sum + counts[count], 0);
  const grants = counts.grantsMoved + counts.grantsMerged;
  const what = `${resources} resource(s), ${grants} grant(s), ${counts.tags} tag(s) and ${counts.apiKeysMoved} API key(s) of ${secondaries} account(s)`;
  return dryRun
    ? `Dry run, nothing changed: ${what} would move to ${primaryEmail}, and the secondaries would be disabled`
    : `${what} moved to ${primaryEmail}; the secondaries are disabled`;
}

/** The dry run's answer: the counts of the rolled-back run, described as what would happen. */
function asDryRun(result: MergeAccountsResult): MergeAccountsResult {
  return { ...result, dryRun: true, message: describe(result.counts, result.primary.email, result.secondaries.length, true) };
}
