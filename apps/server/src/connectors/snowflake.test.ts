// The snowflake connector: snowflake-sdk against a fake Snowflake on loopback (test-support/fake-snowflake.ts), given
// through the connector's endpointFor seam; loopback allowed through the network policy as an administrator would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snowflakeConnector } from './snowflake.js';
import { fakeSnowflake, type FakeSnowflake } from './test-support/fake-snowflake.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const PASSWORD = 'correct horse battery staple';
const SETUP = `CREATE SCHEMA SALES; CREATE SCHEMA WEB;
  CREATE TABLE SALES.VISITS (ID BIGINT, PLACE VARCHAR, SEEN_AT TIMESTAMPTZ, AMOUNT DECIMAL(10, 2), NOTE VARCHAR, DAY DATE, OK BOOLEAN, SCORE DOUBLE, LOCAL_AT TIMESTAMP);
  INSERT INTO SALES.VISITS VALUES
    (1, 'north', '2024-01-02 03:04:05+00', 1.50, 'first', '2024-01-02', true, 0.5, '2024-01-02 03:04:05'),
    (2, 'south', '2024-02-03 04:05:06+00', 2.25, NULL, '2024-02-03', false, NULL, NULL),
    (3, 'north', '2024-03-04 05:06:07+00', 3.00, NULL, '2024-03-04', NULL, 2.5, '1969-12-31 23:59:59.5');
  CREATE TABLE SALES.ZONES (CODE INTEGER); CREATE VIEW SALES.NORTHERN AS SELECT * FROM SALES.VISITS WHERE PLACE = 'north';`;
const run: RunOptions = { timeoutMs: 5000 };
let snowflake: FakeSnowflake;

const connector = () => snowflakeConnector(() => snowflake.url);
// The fake names a second loopback address in its chunk URLs, as Snowflake names cloud storage.
const target = (secret: string | null = PASSWORD, options: Record<string, unknown> = {}, allowedHosts = ['127.0.0.1', '127.0.0.2']): ConnectionTarget => ({
  type: 'snowflake',
  options: { account: 'atlas-test', database: 'ANALYTICS', warehouse: 'READER_WH', user: 'ATLAS_READER', ...options },
  password: () => secret,
  allowedHosts,
});

async function rows(sql: string, params: unknown[], options = run, connection = target()) {
  const all: unknown[][] = [];
  for await (const batch of connector().runQuery(connection, sql, params, options)) all.push(...batch.rows);
  return all;
}

async function until(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
}

const executed = () => snowflake.queries().filter((query) => !query.describeOnly);

beforeAll(async () => {
  snowflake = await fakeSnowflake({ account: 'atlas-test', user: 'ATLAS_READER', password: PASSWORD, setup: SETUP, pageRows: 2, chunkHost: '127.0.0.2' });
});

afterAll(async () => {
  await snowflake.close();
});

describe('snowflake connector (snowflake-sdk against a fake Snowflake)', () => {
  it('signs in with the account, user and password, answers the version and closes the session', async () => {
    const closed = snowflake.sessionsClosed();
    expect(await connector().testConnection(target())).toEqual({ serverVersion: 'Snowflake 9.1.0' });
    expect(snowflake.logins().at(-1)).toEqual({ account: 'atlas-test', user: 'ATLAS_READER', database: 'ANALYTICS', warehouse: 'READER_WH' });
    expect(snowflake.sessionsClosed()).toBe(closed + 1);
  });

  it('lists schemas, tables and views, and columns with their types', async () => {
    expect(await connector().listSchema(target(), [], run)).toEqual([
      { name: 'SALES', kind: 'schema' },
      { name: 'WEB', kind: 'schema' },
    ]);
    expect(await connector().listSchema(target(), ['SALES'], run)).toEqual([
      { name: 'NORTHERN', kind: 'table' },
      { name: 'VISITS', kind: 'table' },
      { name: 'ZONES', kind: 'table' },
    ]);
    expect((await connector().listSchema(target(), ['SALES', 'VISITS'], run)).slice(0, 4)).toEqual([
      { name: 'ID', kind: 'column', type: 'NUMBER' },
      { name: 'PLACE', kind: 'column', type: 'TEXT' },
      { name: 'SEEN_AT', kind: 'column', type: 'TIMESTAMP_LTZ' },
      { name: 'AMOUNT', kind: 'column', type: 'NUMBER' },
    ]);
    // The schema and table travel as bound values.
    expect(snowflake.queries().at(-1)!.bindings).toEqual([
      { type: 'TEXT', value: 'SALES' },
      { type: 'TEXT', value: 'VISITS' },
    ]);
  });

  it('binds numbers, strings, booleans, timestamps and nulls as positional binds, and converts the values', async () => {
    const sql = 'SELECT ID, PLACE, SEEN_AT, AMOUNT, NOTE, CAST($5 AS VARCHAR) AS MISSING, DAY, OK, SCORE, LOCAL_AT FROM SALES.VISITS WHERE ID >= $1 AND PLACE = $2 AND SEEN_AT > $3 AND SCORE < $4 ORDER BY ID';
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), 2.75, null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, 'first', null, new Date('2024-01-02T00:00:00Z'), true, 0.5, new Date('2024-01-02T03:04:05Z')],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null, null, new Date('2024-03-04T00:00:00Z'), null, 2.5, new Date('1969-12-31T23:59:59.500Z')],
    ]);
    const [described, query] = snowflake.queries().slice(-2);
    // Described first (compiled, not run), then run; in the order the ? appear ($5 first), each as its Snowflake type.
    expect(described).toMatchObject({ describeOnly: true, sqlText: sql.replace(/\$\d/g, '?') });
    expect(query).toEqual({
      sqlText: sql.replace(/\$\d/g, '?'),
      describeOnly: false,
      bindings: [
        { type: 'TEXT', value: null },
        { type: 'FIXED', value: '1' },
        { type: 'TEXT', value: 'north' },
        { type: 'TEXT', value: '2024-01-01T00:00:00.000Z' },
        { type: 'REAL', value: '2.75' },
      ],
      parameters: { STATEMENT_TIMEOUT_IN_SECONDS: 10, MULTI_STATEMENT_COUNT: 1 },
    });
    expect(await rows('SELECT ID FROM SALES.VISITS WHERE PLACE = $1 AND OK = $2', ["north' OR '1'='1", true])).toEqual([]);
    expect(await rows('SELECT ID FROM SALES.VISITS WHERE ID = $1', [2n])).toEqual([[2n]]);
    expect(snowflake.queries().at(-1)!.bindings).toEqual([{ type: 'FIXED', value: '2' }]);
  });

  it('streams a large result from its inline rows and its chunks, in batches', async () => {
    const chunks = snowflake.chunksServed();
    const batches = [];
    for await (const batch of connector().runQuery(target(), 'SELECT range AS N, range * 0.5 AS HALF FROM range(7) ORDER BY N', [], { ...run, batchRows: 3 })) batches.push(batch);
    expect(batches.map((batch) => batch.rows)).toEqual([
      [
        [0n, 0],
        [1n, 0.5],
        [2n, 1],
      ],
      [
        [3n, 1.5],
        [4n, 2],
        [5n, 2.5],
      ],
      [[6n, 3]],
    ]);
    expect(batches[0]!.columns).toEqual([
      { name: 'N', type: 'integer', dbType: 'NUMBER(38,0)' },
      { name: 'HALF', type: 'number', dbType: expect.stringMatching(/^NUMBER\(\d+,1\)$/) },
    ]);
    // Two rows inline, then chunks of two from their URLs (with the result's key).
    expect(snowflake.chunksServed()).toBe(chunks + 3);
    // Chunk URLs come from Snowflake's answer: each host is checked as the account's is, before its socket opens.
    const confined = target(PASSWORD, {}, ['127.0.0.1']);
    await expect(rows('SELECT range AS N FROM range(7)', [], { timeoutMs: 1500 }, confined)).rejects.toMatchObject({ statusCode: 408 });
    expect(snowflake.chunksServed()).toBe(chunks + 3);
    expect(await rows('SELECT ID FROM SALES.VISITS WHERE ID > 5', [])).toEqual([]);
  });

  it('describes a query without running it', async () => {
    const ran = executed().length;
    expect(await connector().describeQuery(target(), 'SELECT AMOUNT, SEEN_AT, LOCAL_AT, DAY, OK FROM SALES.VISITS WHERE ID = $1', [1], run)).toEqual([
      { name: 'AMOUNT', type: 'number', dbType: 'NUMBER(10,2)' },
      { name: 'SEEN_AT', type: 'timestamp', dbType: 'TIMESTAMP_LTZ' },
      { name: 'LOCAL_AT', type: 'timestamp', dbType: 'TIMESTAMP_NTZ' },
      { name: 'DAY', type: 'date', dbType: 'DATE' },
      { name: 'OK', type: 'boolean', dbType: 'BOOLEAN' },
    ]);
    expect(executed().length).toBe(ran);
  });

  it('runs only what Snowflake describes as a SELECT: writes, DDL, file transfers and scripts never run', async () => {
    const sent = snowflake.queries().length;
    // Not a query by its first word: nothing is sent (PUT would read a file of this server).
    for (const sql of ['INSERT INTO SALES.ZONES VALUES (9)', "PUT 'file:///etc/passwd' @~", '/* hidden */ DROP TABLE SALES.ZONES', 'CALL SYSTEM$WAIT(1)']) {
      await expect(rows(sql, []), sql).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('read-only') });
    }
    expect(snowflake.queries().length).toBe(sent);
    // A query by its first word that Snowflake describes as something else: described, never run.
    const ran = executed().length;
    await expect(rows('WITH gone AS (SELECT 1) DELETE FROM SALES.ZONES', [])).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('read-only') });
    await expect(rows('SELECT 1; DROP TABLE SALES.ZONES', [])).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('statement count') });
    expect(executed().length).toBe(ran);
    await expect(rows('SELECT NOTHING FROM SALES.VISITS', [])).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('SQL compilation error') });
    expect(await rows('SELECT count(*) AS N FROM SALES.ZONES', [])).toEqual([[0n]]);
  });

  it('cancels the statement at the timeout (408) and on the signal (409)', async () => {
    const slow = 'SELECT count(*) FROM range(10000000000) a, range(10) b';
    let before = snowflake.aborted().length;
    let started = Date.now();
    await expect(rows(slow, [], { timeoutMs: 500 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => snowflake.aborted().length > before);
    expect(snowflake.aborted().length).toBe(before + 1);

    before = snowflake.aborted().length;
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 500);
    await expect(rows(slow, [], { timeoutMs: 20_000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => snowflake.aborted().length > before);
    expect(snowflake.aborted().length).toBe(before + 1);
  });

  it("answers Snowflake's refusal of a password without the password, and keeps to the network policy", async () => {
    const wrong = 'not-the-password-42';
    const error = await connector().testConnection(target(wrong)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('Incorrect username or password') });
    expect(JSON.stringify(error)).not.toContain(wrong);
    await expect(connector().testConnection(target(null))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('password') });
    await expect(connector().testConnection(target(PASSWORD, { account: 'evil.example.com/x?' }))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('account identifier') });
    const logins = snowflake.logins().length;
    await expect(connector().testConnection(target(PASSWORD, {}, []))).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    await expect(snowflakeConnector(() => 'http://10.255.255.1:1').testConnection(target())).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    expect(snowflake.logins().length).toBe(logins);
  });
});
