import { ROLE_ACTIONS, type CallerAction, type PermissionAction, type PermissionRole, type RecordKind, type ResourceType, type Visibility } from '@atlas/domain';
import type { Db, Queryable } from '../store/index.js';
import { Params } from '../store/params.js';
import { forbidden, notFound } from './errors.js';
import type { Identity } from './identity.js';

/**
 * The one access check. Every read, write, delete and copy of a catalogue resource goes through
 * `checkAccess`; every listing narrows with `readableFilter`. Both use the same SQL rank expression,
 * so a record is listed exactly when it can be opened.
 *
 * Rank: 4 owner (or administrator in admin mode), 3 editor grant, 2 viewer grant or member of the
 * owner's organization, 1 limited-viewer grant or public_read visibility; no rank means invisible (404).
 */

interface ResourceTable {
  table: string;
  /** Extra condition for tables holding several kinds (records). */
  kind?: string;
  label: string;
}

const RESOURCE_TABLES = {
  map: { table: 'records', kind: 'map', label: 'Map' },
  insight: { table: 'records', kind: 'insight', label: 'Insight' },
  workbook: { table: 'records', kind: 'workbook', label: 'Workbook' },
  dataset: { table: 'datasets', label: 'Dataset' },
  'map-asset': { table: 'map_assets', label: 'Map asset' },
  project: { table: 'projects', label: 'Project' },
  'query-template': { table: 'query_templates', label: 'Query template' },
  'query-bookmark': { table: 'query_bookmarks', label: 'Query bookmark' },
  'data-connection': { table: 'data_connections', label: 'Data connection' },
} as const satisfies Record<string, ResourceTable>;

export type AccessResourceType = keyof typeof RESOURCE_TABLES;
export const ACCESS_RESOURCE_TYPES = Object.keys(RESOURCE_TABLES) as AccessResourceType[];
export const resourceLabel = (type: AccessResourceType) => RESOURCE_TABLES[type].label;
export const resourceTable = (type: AccessResourceType) => RESOURCE_TABLES[type].table;

const ROLE_RANK: Record<PermissionRole, number> = { 'limited-viewer': 1, viewer: 2, editor: 3 };
const OWNER_RANK = 4;
const RANK_ACTIONS: Record<number, readonly PermissionAction[]> = {
  1: ROLE_ACTIONS['limited-viewer'],
  2: ROLE_ACTIONS.viewer,
  3: ROLE_ACTIONS.editor,
  4: ROLE_ACTIONS.editor,
};

interface Caller {
  user: string;
  org: string;
  seat: string;
}

function bindCaller(identity: Identity | null, params: Params): Caller {
  return { user: params.add(identity?.userId ?? null), org: params.add(identity?.organizationId ?? null), seat: params.add(identity?.seat ?? null) };
}

/** The grants of the row aliased `alias` that reach the caller: to them, to their organization, or to their seat's role in the owner's organization. */
function grantsReachingSql(type: AccessResourceType, alias: string, caller: Caller, params: Params): string {
  // The alias is deliberately unusual so it never shadows the caller's own table alias.
  return `FROM permissions acl_grant
      WHERE acl_grant.resource_type = ${params.add(type)} AND acl_grant.resource_id = ${alias}.id AND (
        (acl_grant.grantee_type = 'user' AND acl_grant.grantee_id = ${caller.user}::text)
        OR (acl_grant.grantee_type = 'organization' AND acl_grant.grantee_id = ${caller.org}::text)
        OR (acl_grant.grantee_type = 'role' AND acl_grant.grantee_id = ${caller.seat}::text AND ${alias}.organization_id = ${caller.org}::uuid))`;
}

/** SQL for the caller's rank on the row aliased `alias` (NULL when the row is invisible to them). */
export function rankSql(identity: Identity | null, type: AccessResourceType, alias: string, params: Params): string {
  const caller = bindCaller(identity, params);
  const roleRank = `CASE acl_grant.role ${Object.entries(ROLE_RANK).map(([role, rank]) => `WHEN '${role}' THEN ${rank}`).join(' ')} END`;
  return `GREATEST(
    CASE WHEN ${alias}.owner_id = ${caller.user}::uuid THEN ${OWNER_RANK} END,
    CASE WHEN ${alias}.organization_id = ${caller.org}::uuid THEN ${ROLE_RANK.viewer} END,
    CASE WHEN ${alias}.visibility = 'public_read' THEN ${ROLE_RANK['limited-viewer']} END,
    (SELECT max(${roleRank}) ${grantsReachingSql(type, alias, caller, params)})
  )`;
}

/** WHERE fragment for "shared with me": rows the caller does not own that a grant gives them (also readable, by construction). */
export function sharedWithFilter(identity: Identity, type: AccessResourceType, alias: string, params: Params): string {
  const caller = bindCaller(identity, params);
  return `${kindFilter(type, alias, params)} AND ${alias}.owner_id <> ${caller.user}::uuid AND EXISTS (SELECT 1 ${grantsReachingSql(type, alias, caller, params)})`;
}

/** WHERE fragment: rows of `type` aliased `alias` that the caller may read (administrators in admin mode: all). */
export function readableFilter(identity: Identity | null, type: AccessResourceType, alias: string, params: Params, adminMode = false): string {
  const kind = kindFilter(type, alias, params);
  if (adminMode && identity?.isAdmin) return kind;
  return `${kind} AND ${rankSql(identity, type, alias, params)} IS NOT NULL`;
}

function kindFilter(type: AccessResourceType, alias: string, params: Params): string {
  const { kind } = RESOURCE_TABLES[type] as ResourceTable;
  return kind ? `${alias}.kind = ${params.add(kind)}` : 'TRUE';
}

export interface ResourceAccess {
  type: AccessResourceType;
  id: string;
  ownerId: string;
  organizationId: string;
  visibility: Visibility;
  isOwner: boolean;
  actions: ReadonlySet<PermissionAction>;
  /** What the caller's rank gives before a viewer seat narrows it to read (the seat limits creating, not looking). */
  rankActions: ReadonlySet<PermissionAction>;
}

export interface AccessOptions {
  /** The spec's admin mode (`isAdmin=true`): only honoured for administrators. */
  isAdmin?: boolean;
}

/** For administrator-only calls. */
export function assertAdministrator(identity: Identity | null, details = 'This call is for administrators only'): asserts identity is Identity {
  if (!identity?.isAdmin) throw forbidden('Administrator rights required', details);
}

/** Rejects admin mode requested by someone who is not an administrator. */
export function assertAdminMode(identity: Identity | null, isAdmin: boolean | undefined): boolean {
  if (!isAdmin) return false;
  assertAdministrator(identity, 'isAdmin=true is for administrators only');
  return true;
}

/** The answer for a resource the caller may not know exists, exactly as for one that does not. */
export const notVisible = (type: AccessResourceType, id: string) => notFound(`${resourceLabel(type)} not found`, `No ${resourceLabel(type).toLowerCase()} with id ${id}`);

/** Resolves what the caller may do with one resource; 404 when they may not know it exists. */
export async function resolveAccess(db: Queryable, identity: Identity | null, type: AccessResourceType, id: string, options: AccessOptions = {}): Promise<ResourceAccess> {
  const adminMode = assertAdminMode(identity, options.isAdmin);
  const params = new Params([id]);
  const { table } = RESOURCE_TABLES[type];
  const rows = await db.query<{ owner_id: string; organization_id: string; visibility: Visibility; rank: number | null }>(
    `SELECT r.owner_id, r.organization_id, r.visibility, ${rankSql(identity, type, 'r', params)} AS rank
     FROM ${table} r WHERE r.id = $1 AND ${kindFilter(type, 'r', params)}`,
    params.values,
  );
  const row = rows[0];
  const rank = adminMode && row ? OWNER_RANK : row?.rank ?? null;
  if (!row || rank === null) throw notVisible(type, id);
  return {
    type,
    id,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    visibility: row.visibility,
    isOwner: identity?.userId === row.owner_id,
    actions: new Set(seatActions(identity, rank, adminMode)),
    rankActions: new Set(RANK_ACTIONS[rank]!),
  };
}

/** A viewer seat reads; creating, changing and copying need a maker seat (admin mode is an administrator's). */
function seatActions(identity: Identity | null, rank: number, adminMode: boolean): readonly PermissionAction[] {
  return identity?.seat === 'viewer' && !adminMode ? ['read'] : RANK_ACTIONS[rank]!;
}

/** What a record's answer tells the caller, from the same rank and seat rules `checkAccess` enforces. */
function callerActionsFor(identity: Identity | null, rank: number, adminMode: boolean): CallerAction[] {
  const actions: CallerAction[] = [...seatActions(identity, rank, adminMode)];
  if (actions.includes('write')) actions.push('share');
  if (RANK_ACTIONS[rank]!.includes('copy')) actions.push('download');
  return actions;
}

/**
 * The caller's actions on each of `ids` (one query for a whole page), for the `actions` every record answer carries.
 * Ids the caller may not see get none; answers only hold rows the access check or list filter let through.
 */
export async function callerActions(db: Queryable, identity: Identity | null, type: AccessResourceType, ids: readonly string[], adminMode = false): Promise<Map<string, CallerAction[]>> {
  const answer = new Map<string, CallerAction[]>();
  if (ids.length === 0) return answer;
  const params = new Params([ids]);
  const rows = await db.query<{ id: string; rank: number | null }>(
    `SELECT r.id, ${rankSql(identity, type, 'r', params)} AS rank FROM ${RESOURCE_TABLES[type].table} r WHERE r.id = ANY($1::uuid[])`,
    params.values,
  );
  const admin = adminMode && identity?.isAdmin === true;
  for (const row of rows) {
    const rank = admin ? OWNER_RANK : row.rank;
    answer.set(row.id, rank === null ? [] : callerActionsFor(identity, rank, admin));
  }
  return answer;
}

/** A record as stored, before its answer adds the caller's actions. */
export type Stored<T extends { actions: unknown }> = Omit<T, 'actions'>;

/** `records` with the caller's actions added, in the order given. */
export async function withCallerActions<T extends { id: string }>(db: Queryable, identity: Identity | null, type: AccessResourceType, records: readonly T[], adminMode = false): Promise<Array<T & { actions: CallerAction[] }>> {
  const actions = await callerActions(db, identity, type, records.map((record) => record.id), adminMode);
  return records.map((record) => ({ ...record, actions: actions.get(record.id) ?? [] }));
}

/** One record with the caller's actions added. */
export async function oneWithCallerActions<T extends { id: string }>(db: Queryable, identity: Identity | null, type: AccessResourceType, record: T, adminMode = false): Promise<T & { actions: CallerAction[] }> {
  return (await withCallerActions(db, identity, type, [record], adminMode))[0]!;
}

/** The check every handler calls before touching a resource. */
export async function checkAccess(db: Queryable, identity: Identity | null, type: AccessResourceType, id: string, action: PermissionAction, options: AccessOptions = {}): Promise<ResourceAccess> {
  const access = await resolveAccess(db, identity, type, id, options);
  if (!access.actions.has(action)) {
    throw forbidden(`You do not have ${action} permission on this ${resourceLabel(type).toLowerCase()}`, `${type} ${id}`);
  }
  return access;
}

/**
 * An id a request body references (a dataset's dataConnectionId, a template's datasetId, a report's datasets, …) must
 * name a resource the caller can read: 404 otherwise, exactly as when it does not exist. Absent or null: nothing to check.
 */
export async function checkReference(db: Queryable, identity: Identity, type: AccessResourceType, id: string | null | undefined): Promise<void> {
  if (id !== null && id !== undefined) await checkAccess(db, identity, type, id, 'read');
}

/** WHERE fragment: the polymorphic (type, id) columns of a row (tags, project entries) name a resource the caller can read. */
export function readableReferenceFilter(identity: Identity, typeColumn: string, idColumn: string, params: Params): string {
  const each = ACCESS_RESOURCE_TYPES.map(
    (type) => `(${typeColumn} = ${params.add(type)} AND EXISTS (SELECT 1 FROM ${resourceTable(type)} acl_ref WHERE acl_ref.id = ${idColumn} AND ${readableFilter(identity, type, 'acl_ref', params)}))`,
  );
  return `(${each.join(' OR ')})`;
}

// ---- Data without grants: organization data, owned rows, query executions ----

/** WHERE fragment for "mine" listings: rows the caller owns. */
export const ownedByCaller = (identity: Identity, alias: string, params: Params) => `${alias}.owner_id = ${params.add(identity.userId)}::uuid`;

/** WHERE fragment for organization data (tags) and "for-organization" listings: rows of the caller's organization. */
export const inCallerOrganization = (identity: Identity, alias: string, params: Params) => `${alias}.organization_id = ${params.add(identity.organizationId)}::uuid`;

/**
 * WHERE fragments of a listing's tag filter (`tagId`, docs/tags.md): the row aliased `alias` carries every tag asked
 * for, each a tag of the caller's organization (another organization's tag matches nothing).
 */
export function carriesEveryTag(identity: Identity, type: ResourceType, alias: string, tagIds: readonly string[] | undefined, params: Params): string[] {
  return [...new Set(tagIds ?? [])].map(
    (tagId) =>
      `EXISTS (SELECT 1 FROM resource_tags acl_rt JOIN tags acl_tag ON acl_tag.id = acl_rt.tag_id WHERE acl_rt.resource_type = ${params.add(type)} AND acl_rt.resource_id = ${alias}.id AND acl_rt.tag_id = ${params.add(tagId)} AND ${inCallerOrganization(identity, 'acl_tag', params)})`,
  );
}

/** Organization data (users, BI configs, shared parameters) is seen by its members and administrators; null belongs to everyone. */
export const inOrganizationOrAdministrator = (identity: Identity, organizationId: string | null) =>
  organizationId === null || identity.isAdmin || identity.organizationId === organizationId;

/** 404 (as if missing) for organization data the caller may not see. */
export function assertSameOrganizationOrAdmin(identity: Identity, organizationId: string | null, missing: () => Error): void {
  if (!inOrganizationOrAdministrator(identity, organizationId)) throw missing();
}

/**
 * What carries no grants (reports, shared-parameter invitations, profiles) is managed by its owner or an administrator;
 * with `ownerNeedsMakerSeat`, by its owner only while they hold a maker seat.
 */
export const isOwnerOrAdministrator = (identity: Identity, ownerId: string, ownerNeedsMakerSeat = false) =>
  identity.isAdmin || (identity.userId === ownerId && (!ownerNeedsMakerSeat || identity.seat === 'maker'));

/**
 * Query executions carry no grants. Their runner reads and cancels them; given `record`, the readers of that record read
 * the runs attached to it (attaching needs write on the record: `checkAttach`). 404 otherwise.
 */
export async function checkExecutionAccess(db: Queryable, identity: Identity, id: string, record?: { kind: RecordKind; id: string }): Promise<void> {
  if (record) await checkAccess(db, identity, record.kind, record.id, 'read');
  const params = new Params([id]);
  const filter = record ? `e.record_id = ${params.add(record.id)}::uuid` : ownedByCaller(identity, 'e', params);
  const rows = await db.query(`SELECT 1 FROM query_executions e WHERE e.id = $1 AND ${filter}`, params.values);
  if (!rows.length) throw notFound('Query execution not found', `No query execution with id ${id}`);
}

/** A query run attached to a map, insight or workbook becomes readable by all its readers: attaching is a write on the record. */
export const checkAttach = (db: Queryable, identity: Identity, kind: RecordKind, id: string) => checkAccess(db, identity, kind, id, 'write');

/**
 * Taking a dataset's data away as a file is the §6 copy: limited-viewers (and public_read) look at data through queries
 * but do not download it. It creates nothing, so a viewer seat downloads what its rank lets it copy.
 */
export async function checkDataDownload(db: Queryable, identity: Identity, id: string): Promise<ResourceAccess> {
  const access = await resolveAccess(db, identity, 'dataset', id);
  if (!access.rankActions.has('copy')) throw forbidden('You do not have copy permission on this dataset', 'Downloading the data is a copy; ask its owner for viewer access');
  return access;
}

/** Creating anything that counts against quota needs a maker seat. */
export function assertCanCreate(identity: Identity, what: string): void {
  if (identity.seat !== 'maker') throw forbidden(`A viewer seat cannot create ${what}`, 'Ask an administrator for a maker seat');
}

/** Removes what points at a deleted resource from the polymorphic tables (permissions, locks, tags, projects). */
export async function forgetResource(tx: Queryable, type: AccessResourceType, id: string): Promise<void> {
  const projectType = type === 'map-asset' ? 'map-style' : type;
  await tx.query('DELETE FROM permissions WHERE resource_type = $1 AND resource_id = $2', [type, id]);
  await tx.query('DELETE FROM locks WHERE resource_type = $1 AND resource_id = $2', [type, id]);
  await tx.query('DELETE FROM resource_tags WHERE resource_type = $1 AND resource_id = $2', [type, id]);
  await tx.query('DELETE FROM project_resources WHERE resource_type = $1 AND resource_id = $2', [projectType, id]);
}

export type { Db };
