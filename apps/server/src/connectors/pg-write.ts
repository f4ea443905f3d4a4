// Writing a new table over the PostgreSQL wire protocol (PostgreSQL, Redshift): CREATE TABLE and multi-row INSERTs
// with bound values, all in one transaction, so a failure part-way leaves no table behind.
import type pg from 'pg';
import { conflict } from '../http/errors.js';
import { queryCancelled } from './errors.js';
import type { NewTableColumn, TableName, TableRows, TableValueKind, WrittenTable } from './types.js';

/** The protocol allows 65,535 bound values per statement; fewer rows per INSERT keep each statement small. */
const MAX_VALUES_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;

/** A session opened by the connector (postgres.ts openSession): its client, how errors map, and closing it. */
export interface PgWriteSession {
  client: pg.Client;
  fail(error: unknown): never;
  close(): Promise<void>;
}

/** PostgreSQL's type for each kind of value; a dialect changes what its warehouse names otherwise. */
export const PG_TABLE_TYPES: Readonly<Record<TableValueKind, string>> = {
  string: 'text',
  integer: 'bigint',
  number: 'double precision',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamptz',
  binary: 'bytea',
};

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (table: TableName) => (table.schema === null ? quoteName(table.name) : `${quoteName(table.schema)}.${quoteName(table.name)}`);

/** Each statement: its multi-row INSERT text for `rows` rows of `width` values, bound as $1, $2, … */
function insertText(tableSql: string, width: number, rows: number): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    const first = row * width;
    tuples.push(`(${Array.from({ length: width }, (_, column) => `$${first + column + 1}`).join(', ')})`);
  }
  return `INSERT INTO ${tableSql} VALUES ${tuples.join(', ')}`;
}

/** Rows regrouped into INSERTs of at most `perInsert` rows, whatever size the batches that arrive have. */
async function* chunked(rows: TableRows, perInsert: number): AsyncIterable<unknown[][]> {
  let pending: unknown[][] = [];
  for await (const batch of rows) {
    for (const row of batch) {
      pending.push(row);
      if (pending.length === perInsert) {
        yield pending;
        pending = [];
      }
    }
  }
  if (pending.length > 0) yield pending;
}

/** pg sends a Date as local time without a zone unless told; an ISO string with Z is unambiguous for both types. */
const bound = (value: unknown) => (value instanceof Date ? value.toISOString() : value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);

export async function writePgTable(
  session: PgWriteSession,
  typeNames: Readonly<Record<TableValueKind, string>>,
  table: TableName,
  columns: readonly NewTableColumn[],
  rows: TableRows,
  signal: AbortSignal | undefined,
): Promise<WrittenTable> {
  const { client } = session;
  const tableSql = qualifiedName(table);
  const written = columns.map((column) => ({ name: column.name, dbType: typeNames[column.kind] }));
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_VALUES_PER_INSERT / Math.max(1, columns.length))));
  let rowCount = 0;
  try {
    try {
      await client.query('BEGIN');
      await client.query(`CREATE TABLE ${tableSql} (${written.map((column) => `${quoteName(column.name)} ${column.dbType}`).join(', ')})`);
      for await (const chunk of chunked(rows, perInsert)) {
        if (signal?.aborted) throw queryCancelled();
        await client.query({ text: insertText(tableSql, columns.length, chunk.length), values: chunk.flat().map(bound) });
        rowCount += chunk.length;
      }
      await client.query('COMMIT');
    } catch (error) {
      // 42P07 duplicate_table: never replaced, never appended to.
      if ((error as { code?: string }).code === '42P07') throw conflict('The table already exists', `Choose another name than ${table.schema ? `${table.schema}.` : ''}${table.name}`);
      session.fail(error);
    }
    return { rowCount, columns: written };
  } finally {
    // Closing without COMMIT rolls the transaction back: no table, no rows.
    await session.close();
  }
}
