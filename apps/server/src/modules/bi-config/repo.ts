// SQL for analytic-set configs, query-param configs and shared parameters (migration 007).
import { randomUUID } from 'node:crypto';
import type { AnalyticSetConfig, AnalyticSetId, QueryParamConfig, QueryParameterOverride, SharedParameters, SharedParametersInvitation } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';

type Values = Record<string, unknown>;

interface ConfigRow {
  id: string;
  template_group_id: AnalyticSetId;
  organization_id: string;
  template_parameters: Values;
  query_parameters: Record<string, QueryParameterOverride>;
  created_at: Date;
  updated_at: Date;
}

const toConfig = (row: ConfigRow): AnalyticSetConfig => ({
  id: row.id,
  templateGroupId: row.template_group_id,
  organizationId: row.organization_id,
  templateParameters: row.template_parameters,
  queryParameters: row.query_parameters,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const CONFIG_COLUMNS = 'id, template_group_id, organization_id, template_parameters, query_parameters, created_at, updated_at';
// Any constant works: it only names the class of the advisory locks below.
const CONFIG_LOCK_CLASS = 727_007;

/** Serializes writers of one (group, organization) until the transaction ends, so two POSTs cannot both pass the duplicate check. */
export async function lockConfigKey(tx: Queryable, groupId: string, organizationId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [CONFIG_LOCK_CLASS, `${groupId}/${organizationId}`]);
}

/** Every config of a group and organization (normally none or one), oldest first. */
export async function findAnalyticSetConfigs(db: Queryable, groupId: string, organizationId: string): Promise<AnalyticSetConfig[]> {
  const rows = await db.queryRemembered<ConfigRow>(
    `SELECT ${CONFIG_COLUMNS} FROM analytic_set_configs WHERE template_group_id = $1 AND organization_id = $2 ORDER BY created_at, id`,
    [groupId, organizationId],
  );
  return rows.map(toConfig);
}

export async function findAnalyticSetConfig(db: Queryable, id: string): Promise<AnalyticSetConfig | null> {
  const rows = await db.query<ConfigRow>(`SELECT ${CONFIG_COLUMNS} FROM analytic_set_configs WHERE id = $1`, [id]);
  return rows[0] ? toConfig(rows[0]) : null;
}

export async function insertAnalyticSetConfig(
  db: Queryable,
  config: { groupId: string; organizationId: string; templateParameters: Values; queryParameters: Values; createdBy: string },
): Promise<AnalyticSetConfig> {
  const rows = await db.query<ConfigRow>(
    `INSERT INTO analytic_set_configs (id, template_group_id, organization_id, template_parameters, query_parameters, created_by)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) RETURNING ${CONFIG_COLUMNS}`,
    [randomUUID(), config.groupId, config.organizationId, JSON.stringify(config.templateParameters), JSON.stringify(config.queryParameters), config.createdBy],
  );
  return toConfig(rows[0]!);
}

/** Replaces the fields given (null keeps the stored one). */
export async function updateAnalyticSetConfig(
  db: Queryable,
  id: string,
  patch: { templateParameters: Values | null; queryParameters: Values | null },
): Promise<AnalyticSetConfig> {
  const json = (value: Values | null) => (value === null ? null : JSON.stringify(value));
  const rows = await db.query<ConfigRow>(
    `UPDATE analytic_set_configs SET template_parameters = coalesce($2::jsonb, template_parameters),
       query_parameters = coalesce($3::jsonb, query_parameters), updated_at = now()
     WHERE id = $1 RETURNING ${CONFIG_COLUMNS}`,
    [id, json(patch.templateParameters), json(patch.queryParameters)],
  );
  return toConfig(rows[0]!);
}

export async function deleteAnalyticSetConfig(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM analytic_set_configs WHERE id = $1', [id]);
}

interface QueryParamRow {
  id: string;
  template_group_id: AnalyticSetId;
  organization_id: string | null;
  parameter_values: Values;
  created_at: Date;
  updated_at: Date;
}

const toQueryParamConfig = (row: QueryParamRow): QueryParamConfig => ({
  id: row.id,
  templateGroupId: row.template_group_id,
  organizationId: row.organization_id,
  values: row.parameter_values,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const QUERY_PARAM_COLUMNS = 'id, template_group_id, organization_id, parameter_values, created_at, updated_at';

export async function findQueryParamConfig(db: Queryable, id: string): Promise<QueryParamConfig | null> {
  const rows = await db.query<QueryParamRow>(`SELECT ${QUERY_PARAM_COLUMNS} FROM query_param_configs WHERE id = $1`, [id]);
  return rows[0] ? toQueryParamConfig(rows[0]) : null;
}

export async function findGroupDefault(db: Queryable, groupId: string): Promise<QueryParamConfig | null> {
  const rows = await db.query<QueryParamRow>(
    `SELECT ${QUERY_PARAM_COLUMNS} FROM query_param_configs WHERE template_group_id = $1 AND organization_id IS NULL`,
    [groupId],
  );
  return rows[0] ? toQueryParamConfig(rows[0]) : null;
}

/** The organization's values and the group default's, in one read. */
export async function findDefaultValues(db: Queryable, groupId: string, organizationId: string): Promise<{ organization: Values | null; group: Values | null }> {
  const rows = await db.queryRemembered<{ organization_id: string | null; parameter_values: Values }>(
    'SELECT organization_id, parameter_values FROM query_param_configs WHERE template_group_id = $1 AND (organization_id = $2 OR organization_id IS NULL)',
    [groupId, organizationId],
  );
  const of = (org: string | null) => rows.find((row) => row.organization_id === org)?.parameter_values ?? null;
  return { organization: of(organizationId), group: of(null) };
}

/** Throws the driver's unique violation (23505) when the group and organization (or the group default) already have one. */
export async function insertQueryParamConfig(db: Queryable, config: { groupId: string; organizationId: string | null; values: Values }): Promise<QueryParamConfig> {
  const rows = await db.query<QueryParamRow>(
    `INSERT INTO query_param_configs (id, template_group_id, organization_id, parameter_values) VALUES ($1, $2, $3, $4::jsonb) RETURNING ${QUERY_PARAM_COLUMNS}`,
    [randomUUID(), config.groupId, config.organizationId, JSON.stringify(config.values)],
  );
  return toQueryParamConfig(rows[0]!);
}

export async function updateQueryParamConfig(db: Queryable, id: string, values: Values): Promise<QueryParamConfig> {
  const rows = await db.query<QueryParamRow>(
    `UPDATE query_param_configs SET parameter_values = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING ${QUERY_PARAM_COLUMNS}`,
    [id, JSON.stringify(values)],
  );
  return toQueryParamConfig(rows[0]!);
}

/** Creates or replaces the group default. */
export async function upsertGroupDefault(db: Queryable, groupId: string, values: Values): Promise<QueryParamConfig> {
  const rows = await db.query<QueryParamRow>(
    `INSERT INTO query_param_configs (id, template_group_id, organization_id, parameter_values) VALUES ($1, $2, NULL, $3::jsonb)
     ON CONFLICT (template_group_id) WHERE organization_id IS NULL
     DO UPDATE SET parameter_values = EXCLUDED.parameter_values, updated_at = now()
     RETURNING ${QUERY_PARAM_COLUMNS}`,
    [randomUUID(), groupId, JSON.stringify(values)],
  );
  return toQueryParamConfig(rows[0]!);
}

export async function deleteQueryParamConfig(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM query_param_configs WHERE id = $1', [id]);
}

interface SharedRow {
  id: string;
  template_group_id: AnalyticSetId;
  organization_id: string;
  owner_id: string;
  parameter_values: Values;
  description: string;
  created_at: Date;
  updated_at: Date;
}

const toShared = (row: SharedRow): SharedParameters => ({
  id: row.id,
  templateGroupId: row.template_group_id,
  organizationId: row.organization_id,
  ownerId: row.owner_id,
  values: row.parameter_values,
  description: row.description,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SHARED_COLUMNS = 's.id, s.template_group_id, s.organization_id, s.owner_id, s.parameter_values, s.description, s.created_at, s.updated_at';

export async function insertSharedParameters(
  db: Queryable,
  shared: { groupId: string; organizationId: string; ownerId: string; values: Values; description: string },
): Promise<SharedParameters> {
  const rows = await db.query<SharedRow>(
    `INSERT INTO shared_parameters AS s (id, template_group_id, organization_id, owner_id, parameter_values, description)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${SHARED_COLUMNS}`,
    [randomUUID(), shared.groupId, shared.organizationId, shared.ownerId, JSON.stringify(shared.values), shared.description],
  );
  return toShared(rows[0]!);
}

/** The shared parameters and whether `userId`'s verified e-mail is invited to them. */
export async function findSharedParameters(db: Queryable, id: string, userId: string): Promise<{ shared: SharedParameters; invited: boolean } | null> {
  const rows = await db.query<SharedRow & { invited: boolean }>(
    `SELECT ${SHARED_COLUMNS}, EXISTS (
       SELECT 1 FROM shared_parameter_invitations i JOIN users u ON lower(u.email) = i.email AND u.email_verified_at IS NOT NULL
       WHERE i.shared_parameters_id = s.id AND u.id = $2) AS invited
     FROM shared_parameters s WHERE s.id = $1`,
    [id, userId],
  );
  return rows[0] ? { shared: toShared(rows[0]), invited: rows[0].invited } : null;
}

interface InvitationRow {
  id: string;
  shared_parameters_id: string;
  email: string;
  description: string;
  invited_by: string;
  created_at: Date;
  updated_at: Date;
}

const toInvitation = (row: InvitationRow): SharedParametersInvitation => ({
  id: row.id,
  sharedParametersId: row.shared_parameters_id,
  email: row.email,
  description: row.description,
  invitedBy: row.invited_by,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** One invitation per (lowercase) e-mail; inviting an e-mail again replaces its description and inviter. */
export async function upsertInvitations(
  db: Queryable,
  sharedId: string,
  emails: readonly string[],
  description: string,
  invitedBy: string,
): Promise<SharedParametersInvitation[]> {
  const rows = await db.query<InvitationRow>(
    `INSERT INTO shared_parameter_invitations (id, shared_parameters_id, email, description, invited_by)
     SELECT t.id, $1, t.email, $4, $5 FROM unnest($2::uuid[], $3::text[]) AS t(id, email)
     ON CONFLICT (shared_parameters_id, email)
     DO UPDATE SET description = EXCLUDED.description, invited_by = EXCLUDED.invited_by, updated_at = now()
     RETURNING id, shared_parameters_id, email, description, invited_by, created_at, updated_at`,
    [sharedId, emails.map(() => randomUUID()), emails, description, invitedBy],
  );
  return rows.map(toInvitation).sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
}
