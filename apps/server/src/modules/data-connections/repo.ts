import type { DataConnectionType, Visibility } from '@atlas/domain';
import { readableFilter } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';

export interface ConnectionRow {
  id: string;
  organization_id: string;
  owner_id: string;
  visibility: Visibility;
  name: string;
  type: DataConnectionType;
  options: Record<string, unknown>;
  secret_ciphertext: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'c.id, c.organization_id, c.owner_id, c.visibility, c.name, c.type, c.options, c.secret_ciphertext, c.created_at, c.updated_at';

export interface ListFilter {
  ownerId?: string;
  organizationId?: string;
  types?: readonly string[];
  /** Same type, same server: the value of this option equals `sameServer.value`. */
  sameServer?: { type: string; option: string | null; value: unknown; exceptId: string };
  adminMode: boolean;
}

export async function listConnections(db: Queryable, identity: Identity, filter: ListFilter): Promise<ConnectionRow[]> {
  const params = new Params();
  const where = [readableFilter(identity, 'data-connection', 'c', params, filter.adminMode)];
  if (filter.ownerId) where.push(`c.owner_id = ${params.add(filter.ownerId)}`);
  if (filter.organizationId) where.push(`c.organization_id = ${params.add(filter.organizationId)}`);
  if (filter.types) where.push(filter.types.length ? `c.type IN (${filter.types.map((type) => params.add(type)).join(', ')})` : 'FALSE');
  if (filter.sameServer) {
    const { type, option, value, exceptId } = filter.sameServer;
    where.push(`c.type = ${params.add(type)} AND c.id <> ${params.add(exceptId)}`);
    if (option) where.push(`c.options -> ${params.add(option)} = ${params.add(JSON.stringify(value ?? null))}::jsonb`);
  }
  return db.query<ConnectionRow>(`SELECT ${COLUMNS} FROM data_connections c WHERE ${where.join(' AND ')} ORDER BY c.updated_at DESC, c.id`, params.values);
}

export async function findConnection(db: Queryable, id: string): Promise<ConnectionRow | null> {
  const rows = await db.query<ConnectionRow>(`SELECT ${COLUMNS} FROM data_connections c WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

export interface NewConnection {
  id: string;
  organizationId: string;
  ownerId: string;
  visibility: Visibility;
  name: string;
  type: DataConnectionType;
  options: Record<string, unknown>;
  secretCiphertext: string | null;
}

export async function insertConnection(db: Queryable, c: NewConnection): Promise<ConnectionRow> {
  const rows = await db.query<ConnectionRow>(
    `INSERT INTO data_connections AS c (id, organization_id, owner_id, visibility, name, type, options, secret_ciphertext)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${COLUMNS}`,
    [c.id, c.organizationId, c.ownerId, c.visibility, c.name, c.type, JSON.stringify(c.options), c.secretCiphertext],
  );
  return rows[0]!;
}

export interface ConnectionChanges {
  name?: string;
  visibility?: Visibility;
  options?: Record<string, unknown>;
  /** undefined: keep; null: remove; text: replace. */
  secretCiphertext?: string | null;
}

export async function updateConnection(db: Queryable, id: string, changes: ConnectionChanges): Promise<ConnectionRow> {
  const params = new Params([id]);
  const sets = ['updated_at = now()'];
  if (changes.name !== undefined) sets.push(`name = ${params.add(changes.name)}`);
  if (changes.visibility !== undefined) sets.push(`visibility = ${params.add(changes.visibility)}`);
  if (changes.options !== undefined) sets.push(`options = ${params.add(JSON.stringify(changes.options))}::jsonb`);
  if (changes.secretCiphertext !== undefined) sets.push(`secret_ciphertext = ${params.add(changes.secretCiphertext)}`);
  const rows = await db.query<ConnectionRow>(`UPDATE data_connections AS c SET ${sets.join(', ')} WHERE c.id = $1 RETURNING ${COLUMNS}`, params.values);
  return rows[0]!;
}

/** Deletes the connection; datasets that named it keep their data and lose the link. */
export async function deleteConnection(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE datasets SET data_connection_id = NULL WHERE data_connection_id = $1', [id]);
  await db.query('DELETE FROM data_connections WHERE id = $1', [id]);
}

/** Ids of the datasets linked to a connection that the caller may read, newest first. */
export async function linkedDatasetIds(db: Queryable, identity: Identity, connectionId: string, adminMode: boolean): Promise<string[]> {
  const params = new Params([connectionId]);
  const rows = await db.query<{ id: string }>(
    `SELECT d.id FROM datasets d WHERE d.data_connection_id = $1 AND ${readableFilter(identity, 'dataset', 'd', params, adminMode)} ORDER BY d.updated_at DESC, d.id`,
    params.values,
  );
  return rows.map((row) => row.id);
}
