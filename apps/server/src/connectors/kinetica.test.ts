// The Kinetica connector: its REST client against a fake Kinetica on loopback (test-support/fake-kinetica.ts), allowed
// through the network policy as an administrator would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kineticaConnector, temporaryName } from './kinetica.js';
import { fakeKinetica, type FakeKinetica } from './test-support/fake-kinetica.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const PASSWORD = 's3cret-kinetica-password';
const SETUP = `CREATE SCHEMA sales;
  CREATE TABLE sales.visits (id BIGINT, place VARCHAR, seen_at TIMESTAMP, amount DECIMAL(10, 2), open BOOLEAN);
  INSERT INTO sales.visits VALUES (1, 'north', '2024-01-02 03:04:05', 1.50, true), (2, 'south', '2024-02-03 04:05:06', 2.25, false),
    (3, 'north', '2024-03-04 05:06:07', 3.00, NULL);`;
let kinetica: FakeKinetica;
const run: RunOptions = { timeoutMs: 5000 };
const connector = kineticaConnector(() => `http://127.0.0.1:${kinetica.port}/gpudb-0`);

const target = (password: string | null = PASSWORD, allowedHosts = ['127.0.0.1']): ConnectionTarget => ({
  type: 'kinetica',
  options: { url: 'https://kinetica.example.com/gpudb-0', user: 'analyst' },
  password: () => password,
  allowedHosts,
});

async function batches(sql: string, params: unknown[], options = run, connection = target()) {
  const all: unknown[][][] = [];
  for await (const batch of connector.runQuery(connection, sql, params, options)) all.push(batch.rows);
  return all;
}

const executed = () => kinetica.requests().filter((request) => request.endpoint === '/execute/sql');
const cleared = () => kinetica.requests().filter((request) => request.endpoint === '/clear/table').map((request) => request.body.table_name);

beforeAll(async () => {
  kinetica = await fakeKinetica({ setup: SETUP, login: { user: 'analyst', password: PASSWORD }, slow: { contains: 'slow_marker', ms: 1500 } });
});

afterAll(async () => {
  await kinetica.close();
});

describe('kinetica connector (REST API against a fake Kinetica)', () => {
  it('tests the connection and answers the server version', async () => {
    expect(await connector.testConnection(target())).toEqual({ serverVersion: 'Kinetica 7.2.2.3' });
  });

  it("refuses a bad password with Kinetica's message, never echoing the secret", async () => {
    const error = await connector.testConnection(target('wrong-password')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('Insufficient credentials') });
    expect(JSON.stringify(error)).not.toContain('wrong-password');
  });

  it('lists schemas, tables and columns with their types', async () => {
    expect(await connector.listSchema(target(), [], run)).toContainEqual({ name: 'sales', kind: 'schema' });
    expect(await connector.listSchema(target(), ['sales'], run)).toEqual([{ name: 'visits', kind: 'table' }]);
    expect(await connector.listSchema(target(), ['sales', 'visits'], run)).toEqual([
      { name: 'id', kind: 'column', type: 'long' },
      { name: 'place', kind: 'column', type: 'string' },
      { name: 'seen_at', kind: 'column', type: 'datetime' },
      { name: 'amount', kind: 'column', type: 'double' },
      { name: 'open', kind: 'column', type: 'string' },
    ]);
  });

  it('binds parameters of several types through query_parameters, never into the SQL text', async () => {
    const sql = "SELECT id, place, seen_at, amount, open FROM sales.visits WHERE place = $1 AND id >= $2 AND seen_at < CAST($3 AS TIMESTAMP) AND '$1' = '$1' ORDER BY id";
    const result = await batches(sql, ['north', 1, new Date('2024-12-31T00:00:00Z')]);
    expect(result.flat()).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, true],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null],
    ]);
    const request = executed().at(-1)!.body as { statement: string; options: Record<string, string> };
    expect(request.statement).not.toContain('north');
    expect(request.statement).toContain("'$1' = '$1'");
    expect(JSON.parse(request.options.query_parameters!)).toEqual(['north', 1, '2024-12-31 00:00:00.000']);
  });

  it('pages through a temporary paging table (TTL 60, 6 random characters) and clears it', async () => {
    const result = await batches('SELECT id FROM sales.visits ORDER BY id', [], { ...run, batchRows: 2 });
    expect(result).toEqual([[[1n], [2n]], [[3n]]]);
    const options = executed().at(-1)!.body.options as Record<string, string>;
    expect(options.paging_table).toMatch(/^atlas_tmp_[a-z0-9]{6}$/);
    expect(options.paging_table_ttl).toBe('60');
    expect(kinetica.requests().some((request) => request.endpoint === '/get/records' && request.body.table_name === options.paging_table)).toBe(true);
    expect(cleared()).toContain(options.paging_table);
    expect(kinetica.pagingTables()).toEqual([]);
    expect(temporaryName()).not.toBe(temporaryName());
  });

  it('describes a query by its columns', async () => {
    const columns = await connector.describeQuery(target(), 'SELECT id, place FROM sales.visits WHERE id = $1', [1], run);
    expect(columns).toEqual([
      { name: 'id', type: 'integer', dbType: 'long' },
      { name: 'place', type: 'string', dbType: 'string' },
    ]);
  });

  it("passes Kinetica's error message on as a 422", async () => {
    const error = await batches('SELECT nothing FROM sales.missing', []).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('missing') });
  });

  it('refuses DML, DDL and a second statement before anything runs', async () => {
    const before = executed().length;
    for (const sql of ['DELETE FROM sales.visits', 'DROP TABLE sales.visits', 'SELECT 1; DROP TABLE sales.visits', "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x; SELECT ';'"]) {
      await expect(batches(sql, [])).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('read-only') });
    }
    expect(executed().length).toBe(before);
    expect((await batches("SELECT ';' AS semicolon -- ;", [])).flat()).toEqual([[';']]);
  });

  it('times out with a 408, aborting the request and clearing the paging table', async () => {
    const error = await batches('SELECT 1 AS slow_marker', [], { timeoutMs: 200 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 408 });
    const options = executed().at(-1)!.body.options as Record<string, string>;
    await expect.poll(() => kinetica.aborted()).toContain('/execute/sql');
    expect(cleared()).toContain(options.paging_table);
  });

  it('stops with a 409 when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(batches('SELECT 2 AS slow_marker', [], { timeoutMs: 5000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses a host that is not allowed before dialling', async () => {
    const before = kinetica.requests().length;
    await expect(connector.testConnection(target(PASSWORD, []))).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    expect(kinetica.requests().length).toBe(before);
  });
});
