// The MotherDuck connector on a local DuckDB file (test-support/local-duckdb.ts stands in for md:), so DuckDB's own
// code runs every query; nothing reaches the internet.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowRows } from '../modules/query/test-support/helpers.js';
import { arrowFromBatches } from './arrow.js';
import { motherduckConnector, openMotherDuck } from './motherduck.js';
import { createDuckDBFile, localDuckDB } from './test-support/local-duckdb.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const TOKEN = 'md-token-for-tests';
let folder: string;
let connector: ReturnType<typeof motherduckConnector>;
const target = (token: string | null = TOKEN): ConnectionTarget => ({ type: 'motherduck', options: { database: 'analytics' }, password: () => token, allowedHosts: [] });
const run: RunOptions = { timeoutMs: 5000 };

async function rows(sql: string, params: unknown[], options = run) {
  const all: unknown[][] = [];
  for await (const batch of connector.runQuery(target(), sql, params, options)) all.push(...batch.rows);
  return all;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'atlas-motherduck-'));
  const file = path.join(folder, 'analytics.duckdb');
  await createDuckDBFile(
    file,
    `CREATE SCHEMA sales;
     CREATE TABLE sales.visits (id BIGINT, place VARCHAR, seen_at TIMESTAMPTZ, amount DECIMAL(10, 2), note VARCHAR);
     INSERT INTO sales.visits VALUES (1, 'north', '2024-01-02 03:04:05+00', 1.50, 'first'), (2, 'south', '2024-02-03 04:05:06+00', 2.25, NULL),
       (3, 'north', '2024-03-04 05:06:07+00', 3.00, NULL);
     CREATE SEQUENCE sales.counter;`,
  );
  connector = motherduckConnector(localDuckDB(file, TOKEN));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('motherduck connector (on a local DuckDB file)', () => {
  it('is registered with MotherDuck as its opener', () => {
    expect(motherduckConnector().type).toBe('motherduck');
    expect(openMotherDuck).toBeTypeOf('function');
  });

  it('tests the connection and answers the DuckDB version', async () => {
    expect((await connector.testConnection(target())).serverVersion).toMatch(/^DuckDB v\d+\.\d+/);
  });

  it('lists schemas, tables and columns', async () => {
    expect(await connector.listSchema(target(), [], run)).toEqual([
      { name: 'main', kind: 'schema' },
      { name: 'sales', kind: 'schema' },
    ]);
    expect(await connector.listSchema(target(), ['sales'], run)).toEqual([{ name: 'visits', kind: 'table' }]);
    expect(await connector.listSchema(target(), ['sales', 'visits'], run)).toEqual([
      { name: 'id', kind: 'column', type: 'BIGINT' },
      { name: 'place', kind: 'column', type: 'VARCHAR' },
      { name: 'seen_at', kind: 'column', type: 'TIMESTAMP WITH TIME ZONE' },
      { name: 'amount', kind: 'column', type: 'DECIMAL(10,2)' },
      { name: 'note', kind: 'column', type: 'VARCHAR' },
    ]);
  });

  it('binds numbers, strings, timestamps and nulls as parameters, and streams Arrow', async () => {
    const sql = 'SELECT id, place, seen_at, amount, note, $4::VARCHAR AS missing FROM sales.visits WHERE id >= $1 AND place = $2 AND seen_at > $3 ORDER BY id';
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, 'first', null],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null, null],
    ]);
    expect(await rows('SELECT id FROM sales.visits WHERE place = $1', ["north' OR '1'='1"])).toEqual([]);
    const columns = await connector.describeQuery(target(), 'SELECT id, seen_at, amount FROM sales.visits WHERE id = $1', [1], run);
    expect(columns).toEqual([
      { name: 'id', type: 'integer', dbType: 'BIGINT' },
      { name: 'seen_at', type: 'timestamp', dbType: 'TIMESTAMP WITH TIME ZONE' },
      { name: 'amount', type: 'number', dbType: 'DECIMAL(10,2)' },
    ]);
    const bytes = await collect(await arrowFromBatches(connector.runQuery(target(), 'SELECT id, place FROM sales.visits ORDER BY id', [], run)));
    expect(arrowRows(bytes)).toEqual([
      { id: 1, place: 'north' },
      { id: 2, place: 'south' },
      { id: 3, place: 'north' },
    ]);
  });

  it('refuses to write or to read server files', async () => {
    const refused = { statusCode: 422, message: 'Query failed' };
    await expect(rows('INSERT INTO sales.visits (id) VALUES (9)', [])).rejects.toMatchObject(refused);
    await expect(rows('CREATE TABLE sales.copy AS SELECT 1', [])).rejects.toMatchObject(refused);
    await expect(rows("SELECT nextval('sales.counter')", [])).rejects.toMatchObject({ ...refused, details: expect.stringContaining('read-only') });
    await expect(rows("SELECT * FROM read_csv('/etc/passwd')", [])).rejects.toMatchObject(refused);
    await expect(rows('SELECT 1; DROP TABLE sales.visits', [])).rejects.toMatchObject(refused);
    expect(await rows('SELECT count(*)::INTEGER FROM sales.visits', [])).toEqual([[3]]);
  });

  it('stops a long query at the timeout (408) and on cancel (409)', async () => {
    const slow = 'SELECT count(*) FROM range(10000000000) a, range(10) b';
    let started = Date.now();
    await expect(rows(slow, [], { timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await expect(rows(slow, [], { timeoutMs: 20_000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a refused token without the token, and needs one', async () => {
    const error = await connector.testConnection(target('wrong-token-123')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('not authenticated') });
    expect(JSON.stringify(error)).not.toContain('wrong-token-123');
    await expect(connector.testConnection(target(null))).rejects.toMatchObject({ statusCode: 422, details: 'A MotherDuck connection needs its MotherDuck token' });
  });
});
