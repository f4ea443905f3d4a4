import type { PublishedDatasetRef } from '@atlas/domain';
import { readableFilter } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';

/** Reads what a publication snapshots: the record, its newest state and its linked datasets (tables of the records module). */

export interface RecordSource {
  id: string;
  ownerId: string;
  organizationId: string;
  name: string;
  description: string;
  isSample: boolean;
}

export async function findRecord(db: Queryable, kind: 'map' | 'insight', id: string): Promise<RecordSource | null> {
  const rows = await db.query<{ id: string; owner_id: string; organization_id: string; name: string; description: string; is_sample: boolean }>(
    'SELECT id, owner_id, organization_id, name, description, is_sample FROM records WHERE id = $1 AND kind = $2',
    [id, kind],
  );
  const row = rows[0];
  return row
    ? { id: row.id, ownerId: row.owner_id, organizationId: row.organization_id, name: row.name, description: row.description, isSample: row.is_sample }
    : null;
}

/** State kinds the records of each kind keep: studio states for maps, insight states for insights. */
const STATE_KIND = { map: 'studiostate', insight: 'insight-state' } as const;

/** The newest state's data (the record's latestState), or null when the record has none. */
export async function latestStateData(db: Queryable, kind: 'map' | 'insight', recordId: string): Promise<Record<string, unknown> | null> {
  const rows = await db.query<{ data: unknown }>(
    'SELECT data FROM record_states WHERE record_id = $1 AND kind = $2 ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT 1',
    [recordId, STATE_KIND[kind]],
  );
  const data = rows[0]?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** The linked datasets the publisher may read: a publication never names one they could not see themselves. */
export async function linkedDatasets(db: Queryable, publisher: Identity, recordId: string): Promise<PublishedDatasetRef[]> {
  const params = new Params([recordId]);
  return db.query<PublishedDatasetRef>(
    `SELECT d.id, d.name FROM record_datasets rd JOIN datasets d ON d.id = rd.dataset_id
     WHERE rd.record_id = $1 AND ${readableFilter(publisher, 'dataset', 'd', params)} ORDER BY rd.created_at, d.name, d.id`,
    params.values,
  );
}

/** {id, name} of the given datasets, in the given order. */
export async function datasetRefs(db: Queryable, ids: readonly string[]): Promise<PublishedDatasetRef[]> {
  const rows = await db.query<PublishedDatasetRef>('SELECT id, name FROM datasets WHERE id = ANY($1::uuid[])', [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
