// The current version of every engine data entry, kept in the metadata database (migration 012): switching versions
// is one transaction, so every server process sharing the database reads the same current version.
import type { ColumnInfo } from '@atlas/pipeline';
import { instanceIsDead, type Liveness } from '../cluster/instance.js';
import type { Db, Queryable } from '../store/index.js';

export interface StoredVersion {
  version: string;
  /** File names inside the entry's folder: the first Parquet file, and those read after it (appended rows; at most MAX_DATA_FILES in all). */
  parquet: string;
  parts: string[];
  arrow: string | null;
  columns: ColumnInfo[];
  rowCount: number;
  sizeBytes: number;
  latColumn: string | null;
  lngColumn: string | null;
  geometryColumn: string | null;
}

interface VersionRow {
  version: string;
  parquet_file: string;
  parquet_parts: string[] | null;
  arrow_file: string | null;
  columns: ColumnInfo[];
  row_count: number;
  size_bytes: number;
  lat_column: string | null;
  lng_column: string | null;
  geometry_column: string | null;
}

const COLUMNS = 'version, parquet_file, parquet_parts, arrow_file, columns, row_count, size_bytes, lat_column, lng_column, geometry_column';

const stored = (row: VersionRow): StoredVersion => ({
  version: row.version,
  parquet: row.parquet_file,
  parts: row.parquet_parts ?? [],
  arrow: row.arrow_file,
  columns: row.columns,
  rowCount: Number(row.row_count),
  sizeBytes: Number(row.size_bytes),
  latColumn: row.lat_column,
  lngColumn: row.lng_column,
  geometryColumn: row.geometry_column,
});

/** The Parquet files of a version, in the order their rows are read. */
export const parquetFiles = (version: StoredVersion) => [version.parquet, ...version.parts];

/** The files a version has (or had, half-written) in its folder. */
export const versionFiles = (version: StoredVersion) => [...parquetFiles(version), version.arrow].filter((name): name is string => name !== null);

export async function currentVersion(db: Queryable, dataId: string, lock = false): Promise<StoredVersion | null> {
  const rows = await db.query<VersionRow>(`SELECT ${COLUMNS} FROM engine_data WHERE data_id = $1${lock ? ' FOR UPDATE' : ''}`, [dataId]);
  return rows[0] ? stored(rows[0]) : null;
}

/** The current versions of several entries in one statement (an analytic query reads 18), by id; absent ids have none. */
export async function currentVersions(db: Queryable, dataIds: readonly string[]): Promise<Map<string, StoredVersion>> {
  if (dataIds.length === 0) return new Map();
  const rows = await db.queryRemembered<VersionRow & { data_id: string }>(`SELECT data_id, ${COLUMNS} FROM engine_data WHERE data_id = ANY($1::uuid[])`, [[...dataIds]]);
  return new Map(rows.map((row) => [row.data_id, stored(row)]));
}

/** Records that this instance writes `version`: its files are spared by sweeps while the instance lives. */
export async function beginWrite(db: Queryable, dataId: string, version: string, instanceId: string): Promise<void> {
  await db.query(`INSERT INTO engine_writes (data_id, version, instance_id) VALUES ($1, $2, $3)`, [dataId, version, instanceId]);
}

/** A write that failed: its files are removed already. */
export async function endWrite(db: Queryable, dataId: string, version: string): Promise<void> {
  await db.query(`DELETE FROM engine_writes WHERE data_id = $1 AND version = $2`, [dataId, version]);
}

/**
 * Makes `next` the current version inside `tx`; the version it replaces is answered, and retired after
 * `retireAfterMs` (any process removes its files then) unless that is null (the caller removes them at once).
 */
export async function switchVersion(tx: Queryable, dataId: string, next: StoredVersion, retireAfterMs: number | null): Promise<StoredVersion | null> {
  // A first version inserts; otherwise the current row is locked, so concurrent switches retire each other's versions in turn.
  let previous: StoredVersion | null = null;
  if (!(await insertVersion(tx, dataId, next))) {
    previous = await currentVersion(tx, dataId, true);
    await tx.query(
      `UPDATE engine_data SET version = $2, parquet_file = $3, parquet_parts = $4::text[], arrow_file = $5, columns = $6::jsonb, row_count = $7, size_bytes = $8,
         lat_column = $9, lng_column = $10, geometry_column = $11, switched_at = now() WHERE data_id = $1`,
      versionValues(dataId, next),
    );
  }
  await tx.query(`DELETE FROM engine_writes WHERE data_id = $1 AND version = $2`, [dataId, next.version]);
  if (previous && retireAfterMs !== null) await retireFiles(tx, dataId, previous.version, versionFiles(previous), retireAfterMs);
  return previous;
}

/** Adds an Arrow copy (its file and the size it adds) to `version` while it is current and has none: false otherwise. */
export async function addArrowCopy(tx: Queryable, dataId: string, version: StoredVersion): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE engine_data SET arrow_file = $3, size_bytes = $4 WHERE data_id = $1 AND version = $2 AND arrow_file IS NULL RETURNING data_id`,
    [dataId, version.version, version.arrow, version.sizeBytes],
  );
  return rows.length > 0;
}

/** Files no version names any more, removed by any process once `afterMs` passed (database time). */
export async function retireFiles(db: Queryable, dataId: string, version: string, files: readonly string[], afterMs: number): Promise<void> {
  await db.query(
    `INSERT INTO engine_retired (data_id, version, files, retire_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') ON CONFLICT DO NOTHING`,
    [dataId, version, files, afterMs],
  );
}

/** Files of the entry the database knows of: its current version's and its retired ones'. */
export async function knownFiles(db: Queryable, dataId: string): Promise<string[]> {
  const current = await currentVersion(db, dataId);
  const retired = await db.query<{ files: string[] }>(`SELECT files FROM engine_retired WHERE data_id = $1`, [dataId]);
  return [...(current ? versionFiles(current) : []), ...retired.flatMap((row) => row.files)];
}

/** Whether a file (by data id and name) belongs to a current version or to a version this instance is writing. */
export async function liveFiles(db: Queryable, instanceId: string): Promise<(dataId: string, name: string) => boolean> {
  const current = await db.query<{ data_id: string; parquet_file: string; parquet_parts: string[] | null; arrow_file: string | null }>(
    `SELECT data_id, parquet_file, parquet_parts, arrow_file FROM engine_data`,
  );
  const writing = await db.query<{ data_id: string; version: string }>(`SELECT data_id, version FROM engine_writes WHERE instance_id = $1`, [instanceId]);
  const named = new Set(current.flatMap((row) => [row.parquet_file, ...(row.parquet_parts ?? []), row.arrow_file].map((name) => `${row.data_id}/${name}`)));
  const versions = new Set(writing.map((row) => `${row.data_id}/${row.version}`));
  return (dataId, name) => named.has(`${dataId}/${name}`) || versions.has(`${dataId}/${name.split('.')[0]}`);
}

/** Forgets an entry (its files are removed by the caller). */
export async function forgetData(db: Db, dataId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM engine_data WHERE data_id = $1`, [dataId]);
    await tx.query(`DELETE FROM engine_retired WHERE data_id = $1`, [dataId]);
  });
}

export interface Leftover {
  dataId: string;
  version: string;
  /** Retired files, or null for a write of a dead instance (every file of the version, half-written ones included). */
  files: string[] | null;
}

/** Retired versions now due, and versions whose writing instance died. */
export async function leftovers(db: Db, liveness: Liveness): Promise<Leftover[]> {
  const params: unknown[] = [];
  const dead = instanceIsDead(db.kind, 'instance_id', liveness, params);
  const rows = await db.query<{ data_id: string; version: string; files: string[] | null }>(
    `SELECT data_id, version, files FROM engine_retired WHERE retire_at <= now()
     UNION ALL SELECT data_id, version, NULL FROM engine_writes WHERE ${dead}`,
    params,
  );
  return rows.map((row) => ({ dataId: row.data_id, version: row.version, files: row.files }));
}

/** Forgets leftovers whose files are gone. */
export async function forgetLeftover(db: Queryable, leftover: Leftover): Promise<void> {
  const table = leftover.files ? 'engine_retired' : 'engine_writes';
  await db.query(`DELETE FROM ${table} WHERE data_id = $1 AND version = $2`, [leftover.dataId, leftover.version]);
}

const versionValues = (dataId: string, version: StoredVersion) => [
  dataId, version.version, version.parquet, version.parts, version.arrow, JSON.stringify(version.columns), version.rowCount, version.sizeBytes,
  version.latColumn, version.lngColumn, version.geometryColumn,
];

/**
 * Inserts the entry's first version; false when it has one already. Also takes a version described by the
 * manifest.json of an earlier release (read once at start).
 */
export async function insertVersion(db: Queryable, dataId: string, version: StoredVersion): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO engine_data (data_id, ${COLUMNS}) VALUES ($1, $2, $3, $4::text[], $5, $6::jsonb, $7, $8, $9, $10, $11) ON CONFLICT (data_id) DO NOTHING RETURNING data_id`,
    versionValues(dataId, version),
  );
  return rows.length > 0;
}
