import type { Readable } from 'node:stream';
import type { ColumnInfo } from '@atlas/pipeline';

/** Where a dataset's current data lives and what it holds; `version` changes whenever the data does. */
export interface DatasetData {
  datasetId: string;
  /** Trusted SQL relation for the embedded engine, e.g. read_parquet('…/v3.parquet'). */
  relation: string;
  /** The Parquet file the relation reads: for a template sandbox, which may read this one file by name (never shown). */
  parquetFile: string;
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
  /** Whether an Arrow copy was written at upload (not with skipArrow): Arrow downloads then stream that file. */
  hasArrowCopy: boolean;
}

export type UploadFormat = 'csv' | 'geojson' | 'parquet' | 'arrow';

export interface QueryOptions {
  signal?: AbortSignal;
  /** Cancels the query with a timeout error after this long. */
  timeoutMs?: number;
}

export interface MaterializeOptions {
  /** Rows per Parquet row group: small groups prune best under selective filters, large ones decode fastest. */
  rowGroupRows?: number;
  /** LZ4-compressed (the default) or stored plain: plain trades disk for the fastest full scans. */
  compressed?: boolean;
}

/** The embedded analytics engine (DuckDB). Every value travels as a $n parameter. */
export interface Engine {
  /** Runs SQL and streams the result as an Apache Arrow IPC stream. */
  queryArrow(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Readable>;
  /** Runs SQL and returns plain rows (JSON-safe values: bigint as number when safe, dates as ISO strings). */
  queryRows(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Record<string, unknown>[]>;
  /** The stored data of a dataset, or null when none was uploaded. */
  datasetData(datasetId: string): Promise<DatasetData | null>;
  /** Streams a file into a new version of the dataset's data; the previous version stays until this one is complete. */
  ingest(datasetId: string, body: Readable, format: UploadFormat, options?: { skipArrow?: boolean }): Promise<DatasetData>;
  /**
   * Stores what a trusted SELECT over other data answers as a new version of `datasetId` (derived data such as the
   * analytic rollups), written in the SELECT's order so that sorted columns prune; the previous version stays until then.
   */
  materialize(datasetId: string, select: string, options?: MaterializeOptions): Promise<DatasetData>;
  /** Copies the data of one dataset to another (clone). */
  copyData(fromDatasetId: string, toDatasetId: string): Promise<DatasetData | null>;
  deleteData(datasetId: string): Promise<void>;
  /** The dataset's data as an Arrow IPC stream or CSV (with a header row); null when none was uploaded. */
  exportData(datasetId: string, format: 'arrow' | 'csv', options?: QueryOptions): Promise<Readable | null>;
  close(): Promise<void>;
}
