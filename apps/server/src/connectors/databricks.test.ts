// The databricks connector: @databricks/sql against a fake SQL warehouse speaking TCLIService over HTTP on loopback
// (test-support/fake-databricks.ts), given through the connector's endpoint seam; loopback allowed through the network
// policy as an administrator would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databricksConnector, databricksEndpoint } from './databricks.js';
import { fakeDatabricks, type FakeDatabricks } from './test-support/fake-databricks.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const TOKEN = 'dapi-s3cret-databricks-token';
const SETUP = `CREATE SCHEMA sales; CREATE SCHEMA web_1; CREATE SCHEMA webx1;
  CREATE TABLE sales.visits (id BIGINT, place VARCHAR, seen_at TIMESTAMPTZ, amount DECIMAL(10, 2), note VARCHAR, day DATE, ok BOOLEAN, score DOUBLE);
  INSERT INTO sales.visits VALUES
    (1, 'north', '2024-01-02 03:04:05+00', 1.50, 'first', '2024-01-02', true, 0.5),
    (2, 'south', '2024-02-03 04:05:06+00', 2.25, NULL, '2024-02-03', false, NULL),
    (3, 'north', '2024-03-04 05:06:07+00', 3.00, NULL, '2024-03-04', NULL, 2.5);
  CREATE TABLE web_1.pages (url VARCHAR); CREATE TABLE webx1.other (url VARCHAR);`;
const run: RunOptions = { timeoutMs: 5000 };
let databricks: FakeDatabricks;

const connector = () => databricksConnector(() => databricks.url);
const target = (token: string | null = TOKEN, allowedHosts = ['127.0.0.1']): ConnectionTarget => ({
  type: 'databricks',
  options: { host: 'dbc-fake.cloud.databricks.com', httpPath: databricks.url.pathname, catalog: 'lake', schema: 'sales' },
  password: () => token,
  allowedHosts,
});

async function batches(sql: string, params: unknown[], options = run) {
  const all = [];
  for await (const batch of connector().runQuery(target(), sql, params, options)) all.push(batch);
  return all;
}
const rows = async (sql: string, params: unknown[], options = run) => (await batches(sql, params, options)).flatMap((batch) => batch.rows);

async function until(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  databricks = await fakeDatabricks({ catalog: 'lake', setup: SETUP, token: TOKEN, pageRows: 2 });
});

afterAll(async () => {
  await databricks.close();
});

describe('databricks connector (@databricks/sql against a fake SQL warehouse)', () => {
  it('derives the endpoint from the host and HTTP path, and refuses one that would go elsewhere', () => {
    expect(databricksEndpoint({ host: 'https://adb-123.4.azuredatabricks.net/', httpPath: '/sql/1.0/warehouses/abc' }).href).toBe(
      'https://adb-123.4.azuredatabricks.net/sql/1.0/warehouses/abc',
    );
    const refusal = (host: string, httpPath: string) => {
      try {
        return databricksEndpoint({ host, httpPath }).href;
      } catch (error) {
        return error;
      }
    };
    expect(refusal('evil.example@dbc.cloud.databricks.com', '/sql')).toMatchObject({ statusCode: 422, details: expect.stringContaining('host name') });
    // A path is only ever a path on the workspace's host.
    expect(refusal('dbc.cloud.databricks.com', '//evil.example/sql')).toBe('https://dbc.cloud.databricks.com//evil.example/sql');
    expect(refusal('dbc.cloud.databricks.com', '@evil.example/sql')).toBe('https://dbc.cloud.databricks.com/@evil.example/sql');
  });

  it('tests the connection with GetInfo, in a UTC session of the connection catalog and schema', async () => {
    expect(await connector().testConnection(target())).toEqual({ serverVersion: 'Databricks 3.5.0-fake' });
    expect(databricks.sessions().at(-1)).toEqual({ configuration: { TIMEZONE: 'UTC' }, catalog: 'lake', schema: 'sales' });
  });

  it("lists the catalog's schemas, tables and columns, by exact name", async () => {
    expect(await connector().listSchema(target(), [], run)).toEqual(['main', 'sales', 'web_1', 'webx1'].map((name) => ({ name, kind: 'schema' })));
    // `web_1` is a pattern to Databricks (it also matches webx1): only the schema named so is kept.
    expect(await connector().listSchema(target(), ['web_1'], run)).toEqual([{ name: 'pages', kind: 'table' }]);
    const columns = await connector().listSchema(target(), ['sales', 'visits'], run);
    expect(columns.slice(0, 4)).toEqual([
      { name: 'id', kind: 'column', type: 'BIGINT' },
      { name: 'place', kind: 'column', type: 'STRING' },
      { name: 'seen_at', kind: 'column', type: 'TIMESTAMP' },
      { name: 'amount', kind: 'column', type: 'DECIMAL(10,2)' },
    ]);
  });

  it('binds typed ordinal parameters and reads every type, batch by batch', async () => {
    const sql = 'SELECT id, place, seen_at, amount, note, day, ok, score, $4 AS missing FROM sales.visits WHERE id >= $1 AND place = $2 AND seen_at > $3 ORDER BY id';
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, 'first', new Date('2024-01-02T00:00:00Z'), true, 0.5, null],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null, new Date('2024-03-04T00:00:00Z'), null, 2.5, null],
    ]);
    const sent = databricks.statements().at(-1)!;
    expect(sent.statement).toBe(`SELECT * FROM (\n${sql.replace(/\$\d/g, '?')}\n) AS atlas_query`);
    // In the order the ? appear ($4 first), typed; the NULL untyped.
    expect(sent.parameters).toEqual([{}, { type: 'INTEGER', value: '1' }, { type: 'STRING', value: 'north' }, { type: 'TIMESTAMP', value: '2024-01-01T00:00:00.000Z' }]);
    expect(sent).toMatchObject({ queryTimeoutS: 10, canReadArrowResult: false, canDownloadResult: false });
    // A value stays a value; booleans, bigints (past 2^53) and doubles bind as such; columns named alike stay apart.
    expect(await rows('SELECT id FROM sales.visits WHERE place = $1', ["north' OR '1'='1"])).toEqual([]);
    expect(await rows('SELECT $1 AS big, $2 AS yes, $3 AS half, id AS a, place AS a FROM sales.visits WHERE id = 2', [9007199254740993n, true, 0.5])).toEqual([
      [9007199254740993n, true, 0.5, 2n, 'south'],
    ]);
    expect(databricks.statements().at(-1)!.parameters.map((parameter) => parameter.type)).toEqual(['BIGINT', 'BOOLEAN', 'DOUBLE']);
    const fetched = databricks.fetches();
    const paged = await batches('SELECT id FROM sales.visits ORDER BY id', []);
    expect(paged.map((batch) => batch.rows)).toEqual([[[1n], [2n]], [[3n]]]);
    expect(paged[0]!.columns).toEqual([{ name: 'id', type: 'integer', dbType: 'bigint' }]);
    expect(databricks.fetches() - fetched).toBeGreaterThanOrEqual(2);
    expect(await connector().describeQuery(target(), 'SELECT amount, seen_at, day FROM sales.visits -- the last line', [], run)).toEqual([
      { name: 'amount', type: 'number', dbType: 'decimal(10,2)' },
      { name: 'seen_at', type: 'timestamp', dbType: 'timestamp' },
      { name: 'day', type: 'date', dbType: 'date' },
    ]);
    expect(await batches('SELECT id FROM sales.visits WHERE id > 99', [])).toEqual([{ columns: [{ name: 'id', type: 'integer', dbType: 'bigint' }], rows: [] }]);
  });

  it('sends only queries: a write is refused before it reaches the warehouse', async () => {
    const sent = databricks.statements().length;
    for (const sql of ['INSERT INTO sales.visits (id) VALUES (9)', '/* select */ DELETE FROM sales.visits', 'FROM sales.visits INSERT INTO sales.visits SELECT *']) {
      await expect(rows(sql, []), sql).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('read-only') });
    }
    expect(databricks.statements().length).toBe(sent);
    // Inside the subquery, neither a second statement nor a WITH … INSERT is a query: the warehouse refuses them.
    for (const sql of ['SELECT 1; DROP TABLE sales.visits', 'WITH t AS (SELECT 9 AS id) INSERT INTO sales.visits (id) SELECT id FROM t']) {
      await expect(rows(sql, []), sql).rejects.toMatchObject({ statusCode: 422, message: 'Query failed' });
    }
    expect(await rows('SELECT count(*) FROM sales.visits', [])).toEqual([[3n]]);
  });

  it('cancels the statement on the warehouse at the timeout (408) and on the signal (409)', async () => {
    const slow = 'SELECT count(*) FROM range(10000000000) a, range(10) b';
    let before = databricks.cancelled().length;
    let started = Date.now();
    await expect(rows(slow, [], { timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => databricks.cancelled().length > before);
    expect(databricks.cancelled().length).toBe(before + 1);

    before = databricks.cancelled().length;
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(rows(slow, [], { timeoutMs: 20_000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => databricks.cancelled().length > before);
    expect(databricks.cancelled().length).toBe(before + 1);
  });

  it("answers Databricks' refusal of a token without the token, and keeps to the network policy", async () => {
    const error = await connector().testConnection(target('dapi-wrong-token-42')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: '403: Invalid access token.' });
    expect(JSON.stringify(error)).not.toContain('dapi-wrong-token-42');
    const opened = databricks.sessions().length;
    const refused = { statusCode: 422, message: 'Could not connect to the database' };
    await expect(connector().testConnection(target(TOKEN, []))).rejects.toMatchObject(refused);
    await expect(connector().runQuery(target(TOKEN, []), 'SELECT 1', [], run)[Symbol.asyncIterator]().next()).rejects.toMatchObject(refused);
    expect(databricks.sessions().length).toBe(opened);
  });
});
