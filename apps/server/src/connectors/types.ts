// The one contract every data-connection type implements (after Evidence's per-datasource connectors):
// an options schema, a connection test, streaming query batches and a schema browser.
import type { ColumnInfo, Dialect } from '@atlas/pipeline';
import type { SchemaEntry } from '@atlas/domain';
import type { TSchema } from 'typebox';

/** A connection ready to open: its stored options and the password found for it (decrypted or from the environment). */
export interface ConnectionTarget {
  type: string;
  /** Valid for the type's optionsSchema; never holds the password. */
  options: Record<string, unknown>;
  /** Resolved when the driver asks for it (decrypted, or read from the environment); throws a 422 when it cannot be found. */
  password(): string | null;
  /** ATLAS_ALLOWED_CONNECTION_HOSTS: a connector opens sockets only to connectableAddress(host, allowedHosts). */
  allowedHosts: readonly string[];
}

export interface ConnectorColumn extends ColumnInfo {
  /** The warehouse's own type name (for example int8, timestamptz). */
  readonly dbType: string;
}

/** One batch of a result: the columns (the same in every batch) and rows as arrays of values in column order. */
export interface QueryBatch {
  columns: readonly ConnectorColumn[];
  /** Values: string, number, bigint, boolean, Date (dates and timestamps, UTC) or null. */
  rows: unknown[][];
}

/** The kinds of values a new warehouse table holds (writeTable): each connector names its own type for each. */
export type TableValueKind = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'binary';

export interface NewTableColumn {
  readonly name: string;
  readonly kind: TableValueKind;
}

/** `schema.name`, or `name` in the connection's default schema; both plain identifiers, created as written (quoted). */
export interface TableName {
  readonly schema: string | null;
  readonly name: string;
}

/** Rows in column order: string, number, bigint, boolean, Date, Uint8Array or null, as the column's kind says. */
export type TableRows = AsyncIterable<unknown[][]>;

export interface WrittenTable {
  rowCount: number;
  columns: Array<{ name: string; dbType: string }>;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** The warehouse stops the statement after this long (408). */
  timeoutMs: number;
  batchRows?: number;
}

/** What every connection type does; a Connector is a warehouse or a storage one. */
interface ConnectorBase {
  readonly type: string;
  /** The options a connection of this type stores (JSON schema, defaults applied on save). */
  readonly optionsSchema: TSchema;
  /** Connects and asks the server who it is; throws the server's own error (never holding the password), or network.ts's unreachable(). */
  testConnection(target: ConnectionTarget): Promise<{ serverVersion?: string }>;
  /** Runs one read-only statement with bound $n parameters; batches arrive as the warehouse sends them. Always yields at least one batch. */
  runQuery(target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch>;
  /** The columns a statement yields, without running it to the end. */
  describeQuery(target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): Promise<ConnectorColumn[]>;
  /** [] → schemas; [schema] → its tables and views; [schema, table] → its columns. */
  listSchema(target: ConnectionTarget, path: readonly string[], options: RunOptions): Promise<SchemaEntry[]>;
  /**
   * Creates a new table (one that exists is a 409) and fills it, in one transaction: every row, or on any failure no
   * table at all. The timeout bounds each statement. Types that cannot write tables leave it out.
   */
  writeTable?(target: ConnectionTarget, table: TableName, columns: readonly NewTableColumn[], rows: TableRows, options: RunOptions): Promise<WrittenTable>;
}

/** Warehouse types run SQL. */
export interface WarehouseConnector extends ConnectorBase {
  readonly kind: 'warehouse';
  /** The SQL family a pipeline run on this connection compiles to (docs/connectors.md, "Pushed-down pipelines"). */
  readonly dialect: Dialect;
}

/** Storage types (s3, google-cloud-storage, planet) hold files, not tables: they refuse every query. */
export interface StorageConnector extends ConnectorBase {
  readonly kind: 'storage';
}

export type Connector = WarehouseConnector | StorageConnector;
