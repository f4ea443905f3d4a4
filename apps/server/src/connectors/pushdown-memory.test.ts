// A pushed-down group-by over a PostgreSQL table far larger than the server's memory for one request: PostgreSQL's
// work_mem, the memory one sort or hash of a statement may take before it spills to temporary files. The test role gets
// the smallest work_mem PostgreSQL accepts (64kB); the table is sized from ROWS and PAD to be about a thousand times
// that. The pipeline (databaseQuery → group → sort) is compiled in the postgres dialect and run through the postgres
// connector: PostgreSQL aggregates (spilling, as its plan shows), and only the grouped rows travel back. Atlas's own
// bounds are not in play: the rows never enter the embedded engine (ENGINE_MEMORY_LIMIT), and the connector holds one
// cursor batch at a time.
import { compile, databaseQuery, expr as e, group, sort } from '@atlas/pipeline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onLocalPostgres } from '../test-support/local-postgres.js';
import { postgresConnector } from './postgres.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const ROWS = 500_000;
const PAD = 100;
const KEYS = 1000;
const WORK_MEM = '64kB';
const WORK_MEM_BYTES = 64 * 1024;
const role = `atlas_pushdown_${process.pid}`;
const schema = `pushdown_memory_${process.pid}`;
const run: RunOptions = { timeoutMs: 30_000 };
const target: ConnectionTarget = { type: 'postgres', options: { host: '127.0.0.1', port: 5432, database: 'test', user: role, ssl: false }, password: () => null, allowedHosts: ['127.0.0.1'] };

const pipeline = sort(
  group(databaseQuery('c1', `SELECT * FROM ${schema}.big`), {
    by: [e.as(e.col('key'), 'key')],
    expressions: [e.as(e.count(), 'rows'), e.as(e.sum(e.col('amount')), 'total')],
  }),
  [e.asc(e.col('key'))],
);

/** What each group must hold: rows i = key, key + KEYS, … below ROWS, and their sum. */
function expected(): number[][] {
  const perKey = ROWS / KEYS;
  return Array.from({ length: KEYS }, (_, key) => [key, perKey, perKey * key + (KEYS * (perKey - 1) * perKey) / 2]);
}

describe.skipIf(!DATABASE_URL)('a pipeline pushed down to PostgreSQL over a table larger than work_mem', () => {
  let tableBytes = 0;

  beforeAll(async () => {
    tableBytes = await onLocalPostgres(async (client) => {
      await client.query(`
        CREATE ROLE ${role} LOGIN;
        ALTER ROLE ${role} SET work_mem = '${WORK_MEM}';
        CREATE SCHEMA ${schema};
        CREATE TABLE ${schema}.big AS
          SELECT i % ${KEYS} AS key, i::int8 AS amount, repeat(md5(i::text), ${Math.ceil(PAD / 32)})::varchar(${PAD}) AS pad FROM generate_series(0, ${ROWS - 1}) AS i;
        GRANT USAGE ON SCHEMA ${schema} TO ${role};
        GRANT SELECT ON ${schema}.big TO ${role};`);
      const size = await client.query<{ bytes: string }>(`SELECT pg_total_relation_size('${schema}.big') AS bytes`);
      return Number(size.rows[0]!.bytes);
    });
  });

  afterAll(() => onLocalPostgres((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP ROLE IF EXISTS ${role}`)));

  it('answers the exact groups through the connector, only the grouped rows travelling', async () => {
    expect(tableBytes).toBeGreaterThan(1000 * WORK_MEM_BYTES);
    const compiled = await compile(pipeline, {
      dialect: postgresConnector.dialect,
      resolveDataset: () => {
        throw new Error('no datasets on a connection');
      },
      describeDatabaseQuery: (request) => postgresConnector.describeQuery(target, request.query, request.params, run),
    });

    // The connector's sessions have the role's work_mem.
    for await (const batch of postgresConnector.runQuery(target, "SELECT current_setting('work_mem')", [], run)) expect(batch.rows).toEqual([[WORK_MEM]]);
    // PostgreSQL's own plan for the statement, in a session of the role: the aggregation (or its sort) went to disk.
    const session = new URL(DATABASE_URL!);
    session.username = role;
    session.password = '';
    const client = new pg.Client({ connectionString: session.toString() });
    await client.connect();
    try {
      const explained = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.params]);
      expect(JSON.stringify(explained.rows[0])).toMatch(/"Sort Space Type":"Disk"|"Disk Usage":[1-9]/);
    } finally {
      await client.end();
    }

    const rows: number[][] = [];
    let batches = 0;
    let bytes = 0;
    for await (const batch of postgresConnector.runQuery(target, compiled.sql, compiled.params, run)) {
      batches++;
      bytes += Buffer.byteLength(JSON.stringify(batch.rows, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)));
      rows.push(...batch.rows.map((row) => row.map(Number)));
    }
    expect(rows).toEqual(expected());
    expect(batches).toBe(1);
    // What travelled (as JSON text, larger than the wire's own form) is a tiny part of the table.
    expect(bytes).toBeLessThan(tableBytes / 1000);
  });
});
