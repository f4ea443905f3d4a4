// The presto/trino connector: trino-client against a fake Trino coordinator on loopback (test-support/fake-trino.ts),
// allowed through the network policy as an administrator would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowRows } from '../modules/query/test-support/helpers.js';
import { arrowFromBatches } from './arrow.js';
import { fakeTrino, type FakeTrino } from './test-support/fake-trino.js';
import { trinoConnector } from './trino.js';
import type { ConnectionTarget, RunOptions } from './types.js';
import { listenOnLoopback } from './test-support/loopback.js';

const PASSWORD = 's3cret-trino-password';
const SETUP = `CREATE SCHEMA sales;
  CREATE TABLE sales.visits (id BIGINT, place VARCHAR, seen_at TIMESTAMPTZ, amount DECIMAL(10, 2), note VARCHAR);
  INSERT INTO sales.visits VALUES (1, 'north', '2024-01-02 03:04:05+00', 1.50, 'first'), (2, 'south', '2024-02-03 04:05:06+00', 2.25, NULL),
    (3, 'north', '2024-03-04 05:06:07+00', 3.00, NULL);`;
let trino: FakeTrino;
const run: RunOptions = { timeoutMs: 5000 };

const target = (fake: FakeTrino = trino, password: string | null = PASSWORD): ConnectionTarget => ({
  type: 'presto',
  options: { host: '127.0.0.1', port: fake.port, catalog: 'lake', schema: 'sales', user: 'analyst', ssl: false },
  password: () => password,
  allowedHosts: ['127.0.0.1'],
});

async function rows(sql: string, params: unknown[], options = run, connection = target()) {
  const all: unknown[][] = [];
  for await (const batch of trinoConnector.runQuery(connection, sql, params, options)) all.push(...batch.rows);
  return all;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function listen(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  await listenOnLoopback(server);
  return server;
}
const port = (server: http.Server) => (server.address() as AddressInfo).port;

async function until(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  trino = await fakeTrino({ catalog: 'lake', setup: SETUP, login: { user: 'analyst', password: PASSWORD } });
});

afterAll(async () => {
  await trino.close();
});

describe('presto/trino connector (trino-client against a fake coordinator)', () => {
  it('tests the connection as the connection user', async () => {
    expect((await trinoConnector.testConnection(target())).serverVersion).toMatch(/^Trino \S+/);
    expect(trino.users().at(-1)).toBe('analyst');
  });

  it("lists the catalog's schemas, tables and columns", async () => {
    expect(await trinoConnector.listSchema(target(), [], run)).toEqual([
      { name: 'main', kind: 'schema' },
      { name: 'sales', kind: 'schema' },
    ]);
    expect(await trinoConnector.listSchema(target(), ['sales'], run)).toEqual([{ name: 'visits', kind: 'table' }]);
    const columns = await trinoConnector.listSchema(target(), ['sales', 'visits'], run);
    expect(columns.map((column) => [column.name, column.kind])).toEqual([
      ['id', 'column'],
      ['place', 'column'],
      ['seen_at', 'column'],
      ['amount', 'column'],
      ['note', 'column'],
    ]);
  });

  it('binds numbers, strings, timestamps and nulls through PREPARE and EXECUTE … USING, page by page', async () => {
    const sql = 'SELECT id, place, seen_at, amount, note, CAST($4 AS VARCHAR) AS missing FROM sales.visits WHERE id >= $1 AND place = $2 AND seen_at > $3 ORDER BY id';
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, 'first', null],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null, null],
    ]);
    const [prepare, execute] = trino.statements().slice(-2);
    expect(prepare).toBe(`PREPARE atlas_statement FROM\n${sql.replace(/\$\d/g, '?')}`);
    // In the order the ? appear ($4 first).
    expect(execute).toBe("EXECUTE atlas_statement USING NULL, 1, 'north', TIMESTAMP '2024-01-01 00:00:00.000 UTC'");
    // A value stays a value.
    expect(await rows('SELECT id FROM sales.visits WHERE place = $1', ["north' OR '1'='1"])).toEqual([]);
    const batches = [];
    for await (const batch of trinoConnector.runQuery(target(), 'SELECT id FROM sales.visits ORDER BY id', [], run)) batches.push(batch);
    expect(batches.map((batch) => batch.rows)).toEqual([[[1n], [2n]], [[3n]]]);
    expect(batches[0]!.columns).toEqual([{ name: 'id', type: 'integer', dbType: 'bigint' }]);
    const bytes = await collect(await arrowFromBatches(trinoConnector.runQuery(target(), 'SELECT id, seen_at FROM sales.visits WHERE id = $1', [2], run)));
    expect(arrowRows(bytes, { temporal: ['seen_at'] })).toEqual([{ id: 2, seen_at: '2024-02-03T04:05:06.000Z' }]);
    expect(await trinoConnector.describeQuery(target(), 'SELECT amount, seen_at FROM sales.visits', [], run)).toEqual([
      { name: 'amount', type: 'number', dbType: 'decimal(10,2)' },
      { name: 'seen_at', type: 'timestamp', dbType: 'timestamp(3) with time zone' },
    ]);
  });

  it('sends only queries: a write is refused before it reaches the server', async () => {
    const sent = trino.statements().length;
    for (const sql of ['INSERT INTO sales.visits (id) VALUES (9)', '/* select */ DELETE FROM sales.visits', 'EXPLAIN ANALYZE INSERT INTO sales.visits (id) VALUES (9)']) {
      await expect(rows(sql, []), sql).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('read-only') });
    }
    expect(trino.statements().length).toBe(sent);
    // One statement only: the server refuses a second one.
    await expect(rows('SELECT 1; DROP TABLE sales.visits', [])).rejects.toMatchObject({ statusCode: 422, message: 'Query failed' });
    expect(await rows('SELECT count(*) FROM sales.visits', [])).toEqual([[3n]]);
  });

  it('cancels the query on the server at the timeout (408) and on the signal (409)', async () => {
    const slow = 'SELECT count(*) FROM range(10000000000) a, range(10) b';
    let before = trino.cancelled().length;
    let started = Date.now();
    await expect(rows(slow, [], { timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => trino.cancelled().length > before);
    expect(trino.cancelled().length).toBe(before + 1);

    before = trino.cancelled().length;
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(rows(slow, [], { timeoutMs: 20_000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => trino.cancelled().length > before);
    expect(trino.cancelled().length).toBe(before + 1);
  });

  it("answers the server's refusal of a password without the password, and keeps to the network policy", async () => {
    const error = await trinoConnector.testConnection(target(trino, 'wrong-password-42')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('Access Denied') });
    expect(JSON.stringify(error)).not.toContain('wrong-password-42');
    const sent = trino.statements().length;
    await expect(trinoConnector.testConnection({ ...target(), allowedHosts: [] })).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    expect(trino.statements().length).toBe(sent);
  });

  it('follows neither a nextUri nor a redirect to another address (the credentials stay with the server)', async () => {
    let elsewhere = 0;
    const other = await listen((_, response) => {
      elsewhere++;
      response.end('{}');
    });
    const misdirecting = await fakeTrino({ catalog: 'lake', setup: SETUP, login: { user: 'analyst', password: PASSWORD }, nextUriOrigin: `http://127.0.0.1:${port(other)}` });
    const redirecting = await listen((_, response) => response.writeHead(307, { location: `http://127.0.0.1:${port(other)}/v1/statement` }).end());
    try {
      await expect(rows('SELECT 1', [], run, target(misdirecting))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('another address') });
      await expect(rows('SELECT 1', [], run, target({ port: port(redirecting) } as FakeTrino))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('307') });
      expect(elsewhere).toBe(0);
    } finally {
      await misdirecting.close();
      await Promise.all([other, redirecting].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
