import type { QuotaKey } from '@atlas/domain';

/** Usage is counted from the catalogue itself, so it can never drift from what a user owns. */
const USAGE_COUNTS: Record<QuotaKey, (user: string) => string> = {
  maps: (user) => `(SELECT count(*) FROM records WHERE owner_id = ${user} AND kind = 'map')`,
  datasets: (user) => `(SELECT count(*) FROM datasets WHERE owner_id = ${user})`,
  insights: (user) => `(SELECT count(*) FROM records WHERE owner_id = ${user} AND kind = 'insight')`,
  workbooks: (user) => `(SELECT count(*) FROM records WHERE owner_id = ${user} AND kind = 'workbook')`,
  dataConnections: (user) => `(SELECT count(*) FROM data_connections WHERE owner_id = ${user})`,
  storageMegabytes: (user) =>
    `(SELECT coalesce(ceil(sum((metadata->>'sizeBytes')::numeric) / 1048576), 0) FROM datasets WHERE owner_id = ${user})`,
};

/** SQL for one usage figure of the user whose id is the SQL expression `user`. */
export const usageSql = (key: QuotaKey, user: string) => `${USAGE_COUNTS[key](user)}::int`;

/** SQL building the whole usage object, for selecting beside a user row. */
export const usageJsonSql = (user: string) =>
  `jsonb_build_object(${Object.keys(USAGE_COUNTS).map((key) => `'${key}', ${usageSql(key as QuotaKey, user)}`).join(', ')})`;
