import pg from 'pg';
import { audited } from './audit.js';
import type { Db, Queryable } from './db.js';

// JSON, timestamps and bigints come back the way PGlite returns them, so repos see one shape.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  /** search_path for every connection; tests use a throw-away schema per suite. */
  schema?: string;
  max?: number;
}

/** The URL as it may be shown: without its password. Throws when it is not a postgres:// URL at all. */
export function shownDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('not a valid postgres://user:password@host:port/database URL');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new Error(`expected a postgres:// URL, got a ${parsed.protocol}// one`);
  const hidden = parsed.password !== '' || parsed.searchParams.has('password');
  parsed.password = '';
  parsed.searchParams.delete('password');
  return hidden ? `${parsed.href} (password hidden)` : parsed.href;
}

const CONNECT_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running and listening there?)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
};

/** One line saying why the first connection failed; PostgreSQL's own refusals (password, database) are plain already. */
function connectFailure(url: string, error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  const reason = CONNECT_ERRORS[code] ?? (error instanceof Error ? error.message : String(error));
  return new Error(`could not connect to ${shownDatabaseUrl(url)}: ${reason}`, { cause: error });
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  shownDatabaseUrl(url); // a malformed URL is named before pg reads it some other way
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on('error', () => undefined); // idle-client errors surface on the next query instead of crashing the process
  const wrap = (client: Pick<pg.Pool, 'query'>): Queryable => {
    const query = async <T>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as T[];
    // Another process may change the database between two reads: nothing is remembered.
    return { query, queryRemembered: query, exec: async (sql) => void (await client.query(sql)) };
  };
  await pool.query('SELECT 1').catch(async (error: unknown) => {
    await pool.end();
    throw connectFailure(url, error);
  });
  const listener = notificationListener(url);
  return audited({
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(wrap(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage) => listener.listen(channel, onMessage),
    async close() {
      await listener.close();
      await pool.end();
    },
  });
}

/**
 * LISTEN needs a connection of its own, kept open: one per Db, opened at the first listen, reconnecting (and
 * listening again) when it drops. Notifications sent while it was down are lost.
 */
function notificationListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  const connect = (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', () => {
      client = null;
      void next.end().catch(() => undefined);
      if (!closed && handlers.size > 0) setTimeout(() => void ensure().catch(() => undefined), 1000).unref();
    });
    return next.connect().then(async () => {
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return next;
    });
  };
  const ensure = () => (client ??= connect().catch((error: unknown) => {
    client = null;
    throw error;
  }));
  return {
    async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onMessage);
      handlers.set(channel, set);
      const connection = await ensure();
      if (first) await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    async close() {
      closed = true;
      const connection = client;
      client = null;
      if (connection) await (await connection.catch(() => null))?.end().catch(() => undefined);
    },
  };
}
