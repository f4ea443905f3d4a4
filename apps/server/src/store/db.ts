/** One parameterized-SQL surface over PGlite and node-postgres: values always travel as $n parameters. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * A query for a read whose answer depends on the stored rows alone (no now(), no random(); parameters are strings,
   * numbers, booleans, null or arrays of them): PGlite may answer it again from memory while nothing else has run on the
   * store since (store/read-memo.ts); node-postgres runs it every time, as other processes may change the database
   * meanwhile.
   */
  queryRemembered<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a parameterless script of several statements (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (sent with notify(), by any process on the
   * database) until the answered function is called.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Sends `payload` to every listener of `channel` on the database (PostgreSQL NOTIFY), once the statement commits. */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

export async function queryOne<T>(db: Queryable, sql: string, params?: readonly unknown[]): Promise<T | null> {
  const rows = await db.query<T>(sql, params);
  return rows[0] ?? null;
}
