// The Redshift connector against the local PostgreSQL (the same wire protocol). Redshift's system views svv_all_schemas,
// svv_tables and svv_columns do not exist in PostgreSQL: stand-ins over information_schema live in a schema of their
// own, first on the search path of a role made for this test (so no other session sees them).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redshiftConnector } from './redshift.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const URL = process.env.TEST_DATABASE_URL;
const suffix = `${process.pid}`;
const role = `atlas_redshift_${suffix}`;
const catalog = `redshift_catalog_${suffix}`;
const data = `redshift_data_${suffix}`;

const target = (options: Record<string, unknown> = {}, password: string | null = 'not-checked-by-trust'): ConnectionTarget => ({
  type: 'redshift',
  options: { host: '127.0.0.1', port: 5432, database: 'test', user: role, ssl: false, ...options },
  password: () => password,
  allowedHosts: ['127.0.0.1'],
});
const run: RunOptions = { timeoutMs: 5000 };

async function rows(sql: string, params: unknown[], options = run, connection = target()) {
  const all: unknown[][] = [];
  for await (const batch of redshiftConnector.runQuery(connection, sql, params, options)) all.push(...batch.rows);
  return all;
}

async function admin(sql: string) {
  const client = new pg.Client(URL);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!URL)('redshift connector (over the local PostgreSQL)', () => {
  beforeAll(async () => {
    await admin(`
      CREATE ROLE ${role} LOGIN;
      CREATE SCHEMA ${catalog};
      CREATE VIEW ${catalog}.svv_all_schemas AS SELECT catalog_name::text AS database_name, schema_name::text FROM information_schema.schemata;
      CREATE VIEW ${catalog}.svv_tables AS SELECT table_catalog::text, table_schema::text, table_name::text FROM information_schema.tables;
      CREATE VIEW ${catalog}.svv_columns AS
        SELECT table_catalog::text, table_schema::text, table_name::text, column_name::text, ordinal_position, data_type::text FROM information_schema.columns;
      CREATE SCHEMA ${data};
      CREATE TABLE ${data}.visits (id int8, place text, seen_at timestamptz, note text);
      INSERT INTO ${data}.visits VALUES (1, 'north', '2024-01-02T03:04:05Z', 'first'), (2, 'south', '2024-02-03T04:05:06Z', NULL), (3, 'north', '2024-03-04T05:06:07Z', NULL);
      CREATE SEQUENCE ${data}.counter;
      GRANT USAGE ON SCHEMA ${catalog}, ${data} TO ${role};
      GRANT SELECT ON ALL TABLES IN SCHEMA ${catalog}, ${data} TO ${role};
      GRANT USAGE ON SEQUENCE ${data}.counter TO ${role};
      GRANT INSERT ON ${data}.visits TO ${role};
      ALTER ROLE ${role} SET search_path = ${catalog}, public;
    `);
  });

  afterAll(async () => {
    await admin(`DROP SCHEMA IF EXISTS ${catalog}, ${data} CASCADE; DROP OWNED BY ${role}; DROP ROLE IF EXISTS ${role};`);
  });

  it('tests the connection and answers the server version', async () => {
    expect((await redshiftConnector.testConnection(target())).serverVersion).toMatch(/^PostgreSQL \d+/);
  });

  it("lists schemas, tables and columns from Redshift's system views", async () => {
    const schemas = await redshiftConnector.listSchema(target(), [], run);
    expect(schemas).toContainEqual({ name: data, kind: 'schema' });
    expect(schemas.map((entry) => entry.name)).not.toContain('pg_catalog');
    expect(await redshiftConnector.listSchema(target(), [data], run)).toEqual([{ name: 'visits', kind: 'table' }]);
    expect(await redshiftConnector.listSchema(target(), [data, 'visits'], run)).toEqual([
      { name: 'id', kind: 'column', type: 'bigint' },
      { name: 'place', kind: 'column', type: 'text' },
      { name: 'seen_at', kind: 'column', type: 'timestamp with time zone' },
      { name: 'note', kind: 'column', type: 'text' },
    ]);
  });

  it('binds numbers, strings, timestamps and nulls as parameters, streaming in batches', async () => {
    const sql = `SELECT id, place, seen_at, note, $4::text AS missing FROM ${data}.visits WHERE id >= $1 AND place = $2 AND seen_at > $3 ORDER BY id`;
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 'first', null],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), null, null],
    ]);
    // A value never becomes SQL.
    expect(await rows(`SELECT id FROM ${data}.visits WHERE place = $1`, ["north' OR '1'='1"])).toEqual([]);
    const batches = [];
    for await (const batch of redshiftConnector.runQuery(target(), `SELECT id FROM ${data}.visits ORDER BY id`, [], { ...run, batchRows: 2 })) batches.push(batch.rows);
    expect(batches).toEqual([[[1n], [2n]], [[3n]]]);
  });

  it('refuses to write, even with the grant to', async () => {
    const refused = { statusCode: 422, message: 'Query failed' };
    await expect(rows(`INSERT INTO ${data}.visits (id) VALUES (9)`, [])).rejects.toMatchObject(refused);
    await expect(rows(`SELECT nextval('${data}.counter')`, [])).rejects.toMatchObject({ ...refused, details: expect.stringContaining('read-only transaction') });
    await expect(rows(`SELECT 1; INSERT INTO ${data}.visits (id) VALUES (9)`, [])).rejects.toMatchObject(refused);
    expect(await rows(`SELECT count(*)::int FROM ${data}.visits`, [])).toEqual([[3]]);
  });

  it('stops a statement at the timeout (408)', async () => {
    const started = Date.now();
    await expect(rows('SELECT pg_sleep(10)', [], { timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers the server's refusal of a login without the password, and keeps to the network policy", async () => {
    const wrong = target({ user: 'no_such_redshift_user' }, 'hunter2-secret');
    const error = await redshiftConnector.testConnection(wrong).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('no_such_redshift_user') });
    expect(JSON.stringify(error)).not.toContain('hunter2-secret');
    await expect(redshiftConnector.testConnection({ ...target(), allowedHosts: [] })).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
  });
});
