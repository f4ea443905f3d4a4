/** Column types the compiler knows. `unknown` columns pass every type check. */
export const COLUMN_TYPES = ['string', 'number', 'integer', 'boolean', 'timestamp', 'date', 'geometry', 'h3', 'unknown'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface ColumnInfo {
  readonly name: string;
  readonly type: ColumnType;
}

/** SQL families a pipeline compiles to: the embedded engine (duckdb) and each warehouse family (dialects.ts). */
export const DIALECTS = ['duckdb', 'postgres', 'redshift', 'snowflake', 'bigquery', 'databricks', 'trino', 'kinetica'] as const;
export type Dialect = (typeof DIALECTS)[number];
export type MaybePromise<T> = T | Promise<T>;

/** What the engine hands the compiler for a dataset uuid: a trusted relation and its columns. */
export interface ResolvedRelation {
  /**
   * A trusted SQL relation written by the engine, already quoted:
   * `read_parquet('/data/…')`, `"schema"."table"`. It is the only SQL text the compiler does not write itself.
   */
  readonly relation: string;
  readonly columns: readonly ColumnInfo[];
}

/** A databaseQuery node's request, handed to the engine's hooks. */
export interface DatabaseQueryRequest {
  readonly connectionId: string;
  readonly query: string;
  readonly params: readonly (string | number | boolean | null)[];
}

export interface CompileContext {
  readonly dialect: Dialect;
  resolveDataset(uuid: string): MaybePromise<ResolvedRelation>;
  /**
   * Runs a databaseQuery on its own connection and exposes the result to this engine as a trusted relation
   * (for example a temporary table). When absent, a databaseQuery is inlined if describeDatabaseQuery is given (the
   * statement then runs on that connection, in its dialect, and is marked with its connectionId); else 422.
   */
  runDatabaseQuery?(request: DatabaseQueryRequest): MaybePromise<ResolvedRelation>;
  /** Inlined databaseQuery (compiling for the connection itself): the columns the query yields (the engine may run it with LIMIT 0). */
  describeDatabaseQuery?(request: DatabaseQueryRequest): MaybePromise<readonly ColumnInfo[]>;
}

export interface CompiledQuery {
  /** One SQL statement; user values only ever appear in it as `$n` placeholders. */
  readonly sql: string;
  /** Values of `$1`, `$2`, … in order. */
  readonly params: readonly unknown[];
  /** Output columns, in order. */
  readonly columns: readonly ColumnInfo[];
  /** Set when the statement embeds a databaseQuery: it must run on this connection. */
  readonly connectionId?: string;
}
