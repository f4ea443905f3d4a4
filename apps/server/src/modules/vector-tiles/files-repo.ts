// The vector tileset archives stored in the blob store (migration 018): recorded before each is written and forgotten
// once removed, so that archives nobody serves any more can be found without listing the bucket.
import type { Queryable } from '../../store/index.js';

export interface StoredVersion {
  datasetId: string;
  version: string;
}

export async function recordVersion(db: Queryable, stored: StoredVersion): Promise<void> {
  await db.query(`INSERT INTO vector_tile_files (dataset_id, version) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [stored.datasetId, stored.version]);
}

export async function forgetVersion(db: Queryable, stored: StoredVersion): Promise<void> {
  await db.query(`DELETE FROM vector_tile_files WHERE dataset_id = $1 AND version = $2`, [stored.datasetId, stored.version]);
}

/**
 * Versions no tileset serves: their dataset is gone, or it serves another version and no load of it runs (a build
 * stores its archive before the dataset names it; a dead build's load is failed by the recovery first).
 */
export async function unusedVersions(db: Queryable): Promise<StoredVersion[]> {
  const rows = await db.query<{ dataset_id: string; version: string }>(
    `SELECT f.dataset_id, f.version FROM vector_tile_files f LEFT JOIN datasets d ON d.id = f.dataset_id
     WHERE d.id IS NULL OR (f.version IS DISTINCT FROM d.metadata->'vectorTile'->>'version'
       AND NOT EXISTS (SELECT 1 FROM dataset_loads l WHERE l.dataset_id = f.dataset_id AND l.status = 'running'))`,
  );
  return rows.map((row) => ({ datasetId: row.dataset_id, version: row.version }));
}

/** Which of these datasets still exist. */
export async function existingDatasets(db: Queryable, ids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM datasets WHERE id = ANY($1::uuid[])`, [ids]);
  return new Set(rows.map((row) => row.id));
}
