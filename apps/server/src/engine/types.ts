import type { Readable } from 'node:stream';
import type { DatasetUploadCompression } from '@atlas/domain';
import type { ColumnInfo } from '@atlas/pipeline';
import type { Liveness } from '../cluster/instance.js';
import type { Queryable } from '../store/index.js';

/** Where a dataset's current data lives and what it holds; `version` changes whenever the data does. */
export interface DatasetData {
  datasetId: string;
  /** Trusted SQL relation for the embedded engine, e.g. read_parquet('…/v3.parquet'). */
  relation: string;
  /**
   * The Parquet files the relation reads, in order (one, or more when rows were appended to the data): for a template
   * sandbox, which may read these files by name (never shown).
   */
  parquetFiles: string[];
  columns: ColumnInfo[];
  rowCount: number;
  /** Bytes stored for the data (what the storage quota counts). */
  sizeBytes: number;
  version: string;
  /** Numeric columns recognized as coordinates by their names (lat|latitude|y, lng|lon|long|longitude|x); both or neither. */
  latColumn: string | null;
  lngColumn: string | null;
  /** The first column holding GeoJSON or WKT geometries. */
  geometryColumn: string | null;
  /**
   * Whether the version has its Arrow copy: written after an upload becomes ready (not with skipArrow); until then,
   * and without one, Arrow downloads are encoded from the Parquet file.
   */
  hasArrowCopy: boolean;
}

export type UploadFormat = 'csv' | 'geojson' | 'parquet' | 'arrow';
export type UploadCompression = DatasetUploadCompression;
export type ExportFormat = 'arrow' | 'csv' | 'parquet';

export interface QueryOptions {
  signal?: AbortSignal;
  /** Cancels the query with a timeout error after this long. */
  timeoutMs?: number;
}

/**
 * Runs inside the metadata transaction that makes a new version current: whatever must change with it (the dataset
 * ready with its metadata). When it throws, nothing changes and the new version's files are removed.
 */
export type CommitData = (tx: Queryable, data: DatasetData) => Promise<void>;

export interface IngestOptions {
  skipArrow?: boolean;
  /** How the body is compressed; when not said, told from its first bytes (gzip, zip, or a plain file). */
  compression?: UploadCompression | null;
  /** Like CommitData, with the upload's format (a zip's may come from the name of the file inside). */
  commit?: (tx: Queryable, data: DatasetData, format: UploadFormat) => Promise<void>;
  /**
   * Runs in the transaction that adds the Arrow copy to the version, once written after the upload (sizeBytes then
   * counts it); not called when a newer version replaced this one meanwhile.
   */
  arrowCopied?: CommitData;
}

export interface MaterializeOptions {
  /** Rows per Parquet row group: small groups prune best under selective filters, large ones decode fastest. */
  rowGroupRows?: number;
  /** LZ4-compressed (the default) or stored plain: plain trades disk for the fastest full scans. */
  compressed?: boolean;
  /**
   * An entry whose current data the new version starts with: its Parquet files are linked (not copied) and the SELECT's
   * rows stored as one more file after them, with the same columns. A version holds at most MAX_DATA_FILES files.
   */
  extend?: string;
  /** Runs in the metadata transaction that makes the new version current (as for ingest). */
  commit?: CommitData;
}

export { MAX_DATA_FILES } from './storage.js';

/** The embedded analytics engine (DuckDB). Every value travels as a $n parameter. */
export interface Engine {
  /** The server process the engine runs in (config.cluster): loads and files being written are this instance's. */
  readonly cluster: Liveness;
  /**
   * A folder for this process's temporary files that the engine's SQL may read. A file there named
   * `<cluster.instanceId>.<uuid>.…` is removed by the engine's sweep once this process is dead (any file, after a day);
   * its writer removes it when done.
   */
  readonly tmpDir: string;
  /** Runs SQL and streams the result as an Apache Arrow IPC stream. */
  queryArrow(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Readable>;
  /** Runs SQL and returns plain rows (JSON-safe values: bigint as number when safe, dates as ISO strings). */
  queryRows(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Record<string, unknown>[]>;
  /**
   * The current data of a dataset as the metadata database records it, or null when none was uploaded. Inside a
   * transaction, pass it as `db` (the embedded database has one connection).
   */
  datasetData(datasetId: string, db?: Queryable): Promise<DatasetData | null>;
  /** datasetData of several datasets in one read of the metadata database, by id (those without data are absent). */
  datasetsData(datasetIds: readonly string[], db?: Queryable): Promise<Map<string, DatasetData>>;
  /**
   * Streams a file (gzip or zip compressed or not) into a new version of the dataset's data; the previous version
   * stays until this one is complete. Without a format, a zip's file name says it (else 415).
   */
  ingest(datasetId: string, body: Readable, format: UploadFormat | null, options?: IngestOptions): Promise<DatasetData>;
  /**
   * Stores what a trusted SELECT over other data answers as a new version of `datasetId` (derived data such as the
   * analytic rollups), written in the SELECT's order so that sorted columns prune; the previous version stays until then.
   */
  materialize(datasetId: string, select: string, options?: MaterializeOptions): Promise<DatasetData>;
  /** Copies the data of one dataset to another that has none (clone), switching to it in the caller's transaction `tx`. */
  copyData(fromDatasetId: string, toDatasetId: string, tx: Queryable): Promise<DatasetData | null>;
  deleteData(datasetId: string): Promise<void>;
  /** Resolves when the dataset's loads and the work that follows them (an upload's Arrow copy) are done. */
  settled(datasetId: string): Promise<void>;
  /** The dataset's data as an Arrow IPC stream, CSV (with a header row) or the stored Parquet file; null when none was uploaded. */
  exportData(datasetId: string, format: ExportFormat, options?: QueryOptions): Promise<Readable | null>;
  close(): Promise<void>;
}
