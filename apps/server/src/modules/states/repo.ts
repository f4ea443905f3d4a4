import { randomUUID } from 'node:crypto';
import { STATE_KINDS, type RecordKind, type State, type StateData, type StateKind } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';
import { dropAccessTokens } from '../map-assets/metadata.js';

export interface StateRow {
  id: string;
  kind: StateKind;
  record_id: string;
  owner_id: string;
  data: StateData;
  created_at: Date;
  updated_at: Date;
}

/** The state kind saved for each record kind. */
export const STATE_KIND_OF: Record<RecordKind, StateKind> = { insight: 'insight-state', map: 'studiostate', workbook: 'workbook-state' };

/** State JSON: the owning record's id sits under the field named after the kind (insightId, mapId, workbookId). */
export const toState = (row: StateRow): State => ({
  id: row.id,
  [STATE_KINDS[row.kind].field]: row.record_id,
  data: row.data,
  ownerId: row.owner_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const COLUMNS = 'id, kind, record_id, owner_id, data, created_at, updated_at';
// Newest first; ties (same clock tick) fall back to creation order, then id, so the answer is stable.
const NEWEST = 'updated_at DESC, created_at DESC, id DESC';

export async function findState(db: Queryable, kind: StateKind, id: string): Promise<StateRow | null> {
  const rows = await db.query<StateRow>(`SELECT ${COLUMNS} FROM record_states WHERE id = $1 AND kind = $2`, [id, kind]);
  return rows[0] ?? null;
}

export async function insertState(db: Queryable, kind: StateKind, recordId: string, ownerId: string, data: StateData): Promise<StateRow> {
  const rows = await db.query<StateRow>(
    `INSERT INTO record_states (id, kind, record_id, owner_id, data) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING ${COLUMNS}`,
    [randomUUID(), kind, recordId, ownerId, JSON.stringify(data, dropAccessTokens)],
  );
  return rows[0]!;
}

export async function updateStateData(db: Queryable, id: string, data: StateData): Promise<StateRow> {
  const rows = await db.query<StateRow>(
    `UPDATE record_states SET data = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, JSON.stringify(data, dropAccessTokens)],
  );
  return rows[0]!;
}

export async function deleteState(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM record_states WHERE id = $1', [id]);
}

/** The newest state of each record of a page, in one query. */
export async function findLatestStates(db: Queryable, recordIds: readonly string[]): Promise<Map<string, State>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db.query<StateRow>(
    `SELECT DISTINCT ON (record_id) ${COLUMNS} FROM record_states WHERE record_id = ANY($1::uuid[]) ORDER BY record_id, ${NEWEST}`,
    [recordIds],
  );
  return new Map(rows.map((row) => [row.record_id, toState(row)]));
}

/** Copies the newest state of one record to another (clone), saved by `ownerId`. */
export async function copyLatestState(db: Queryable, fromRecordId: string, toRecordId: string, ownerId: string): Promise<void> {
  await db.query(
    `INSERT INTO record_states (id, kind, record_id, owner_id, data)
     SELECT $3, kind, $2, $4, data FROM record_states WHERE record_id = $1 ORDER BY ${NEWEST} LIMIT 1`,
    [fromRecordId, toRecordId, randomUUID(), ownerId],
  );
}

/** Saving a state is editing its record: the record's updatedAt follows. */
export async function touchRecord(db: Queryable, recordId: string): Promise<void> {
  await db.query('UPDATE records SET updated_at = now() WHERE id = $1', [recordId]);
}
