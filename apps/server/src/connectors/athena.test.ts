// The athena connector: @aws-sdk/client-athena against a fake Athena on loopback (test-support/fake-athena.ts), the
// endpoint given through the connector's seam and loopback allowed through the network policy as an administrator would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowRows } from '../modules/query/test-support/helpers.js';
import { arrowFromBatches } from './arrow.js';
import { athenaConnector, awsEndpoint } from './athena.js';
import { fakeAthena, type FakeAthena } from './test-support/fake-athena.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const KEY = { accessKeyId: 'AKIAFAKEATHENA000001', secretAccessKey: 's3cret/athena+Secret-Access-Key' };
const SETUP = `CREATE SCHEMA sales; CREATE SCHEMA web;
  CREATE TABLE sales.visits (id BIGINT, place VARCHAR, seen_at TIMESTAMP, amount DECIMAL(10, 2), note VARCHAR);
  INSERT INTO sales.visits VALUES (1, 'north', '2024-01-02 03:04:05', 1.50, 'first'), (2, 'south', '2024-02-03 04:05:06', 2.25, NULL),
    (3, 'north', '2024-03-04 05:06:07', 3.00, NULL);
  CREATE TABLE sales.zones (code INTEGER); CREATE TABLE sales.places (name VARCHAR);`;
let athena: FakeAthena;
const run: RunOptions = { timeoutMs: 5000 };

const connector = () => athenaConnector(() => athena.endpoint);
const target = (secret: string | null = KEY.secretAccessKey, options: Record<string, unknown> = {}): ConnectionTarget => ({
  type: 'athena',
  options: { region: 'eu-west-1', outputLocation: 's3://results/atlas/', accessKeyId: KEY.accessKeyId, ...options },
  password: () => secret,
  allowedHosts: ['127.0.0.1'],
});

async function rows(sql: string, params: unknown[], options = run, connection = target()) {
  const all: unknown[][] = [];
  for await (const batch of connector().runQuery(connection, sql, params, options)) all.push(...batch.rows);
  return all;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function until(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(async () => {
  athena = await fakeAthena({ setup: SETUP, key: KEY, pageRows: 2, tablesPerPage: 2 });
});

afterAll(async () => {
  await athena.close();
});

describe('athena connector (@aws-sdk/client-athena against a fake Athena)', () => {
  it("tests the connection with the workgroup and answers Athena's engine version", async () => {
    expect(await connector().testConnection(target())).toEqual({ serverVersion: 'Athena (Athena engine version 3)' });
    await expect(connector().testConnection(target(KEY.secretAccessKey, { workgroup: 'missing' }))).rejects.toMatchObject({
      statusCode: 422,
      message: 'Could not connect to the database',
      details: expect.stringContaining('WorkGroup missing is not found'),
    });
  });

  it("lists the catalog's databases, tables (page by page) and columns", async () => {
    expect(await connector().listSchema(target(), [], run)).toEqual([
      { name: 'sales', kind: 'schema' },
      { name: 'web', kind: 'schema' },
    ]);
    expect(await connector().listSchema(target(), ['sales'], run)).toEqual([
      { name: 'places', kind: 'table' },
      { name: 'visits', kind: 'table' },
      { name: 'zones', kind: 'table' },
    ]);
    expect(await connector().listSchema(target(), ['sales', 'visits'], run)).toEqual([
      { name: 'id', kind: 'column', type: 'bigint' },
      { name: 'place', kind: 'column', type: 'string' },
      { name: 'seen_at', kind: 'column', type: 'timestamp' },
      { name: 'amount', kind: 'column', type: 'decimal(10,2)' },
      { name: 'note', kind: 'column', type: 'string' },
    ]);
    await expect(connector().listSchema(target(), ['sales', 'nowhere'], run)).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('MetadataException') });
  });

  it('binds numbers, strings, timestamps and nulls as ExecutionParameters, page by page', async () => {
    const sql = 'SELECT id, place, seen_at, amount, note, CAST($4 AS VARCHAR) AS missing FROM sales.visits WHERE id >= $1 AND place = $2 AND seen_at > $3 ORDER BY id';
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, 'first', null],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null, null],
    ]);
    const sent = athena.started().at(-1)!;
    expect(sent.QueryString).toBe(sql.replace(/\$\d/g, '?'));
    // In the order the ? appear ($4 first), each a literal.
    expect(sent.ExecutionParameters).toEqual(['NULL', '1', "'north'", "TIMESTAMP '2024-01-01 00:00:00.000 UTC'"]);
    expect(sent.QueryExecutionContext).toEqual({ Catalog: 'AwsDataCatalog' });
    // A value stays a value.
    expect(await rows('SELECT id FROM sales.visits WHERE place = $1', ["north' OR '1'='1"])).toEqual([]);
    const batches = [];
    for await (const batch of connector().runQuery(target(), 'SELECT id, id > 1 AS later FROM sales.visits ORDER BY id', [], run)) batches.push(batch);
    // The fake's pages hold two rows, the first of them Athena's header row.
    expect(batches.map((batch) => batch.rows)).toEqual([[[1n, false]], [[2n, true], [3n, true]]]);
    expect(batches[0]!.columns).toEqual([
      { name: 'id', type: 'integer', dbType: 'bigint' },
      { name: 'later', type: 'boolean', dbType: 'boolean' },
    ]);
    const bytes = await collect(await arrowFromBatches(connector().runQuery(target(), 'SELECT id, seen_at FROM sales.visits WHERE id = $1', [2], run)));
    expect(arrowRows(bytes, { temporal: ['seen_at'] })).toEqual([{ id: 2, seen_at: '2024-02-03T04:05:06.000Z' }]);
    expect(await connector().describeQuery(target(), 'SELECT amount, seen_at FROM sales.visits', [], run)).toEqual([
      { name: 'amount', type: 'number', dbType: 'decimal(10,2)' },
      { name: 'seen_at', type: 'timestamp', dbType: 'timestamp' },
    ]);
    expect(await rows('SELECT id FROM sales.visits WHERE id > 5', [])).toEqual([]);
  });

  it("sends only queries, and answers Athena's failure of one", async () => {
    const sent = athena.started().length;
    for (const sql of ['INSERT INTO sales.visits (id) VALUES (9)', '/* select */ DROP TABLE sales.visits', 'UNLOAD (SELECT 1) TO \'s3://x/\' WITH (format = \'CSV\')']) {
      await expect(rows(sql, []), sql).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('read-only') });
    }
    expect(athena.started().length).toBe(sent);
    await expect(rows('SELECT nothing FROM sales.visits', [])).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('nothing') });
  });

  it('stops the query on Athena at the timeout (408) and on the signal (409)', async () => {
    const slow = 'SELECT count(*) FROM range(10000000000) a, range(10) b';
    let before = athena.stopped().length;
    let started = Date.now();
    await expect(rows(slow, [], { timeoutMs: 300 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => athena.stopped().length > before);
    expect(athena.stopped().length).toBe(before + 1);

    before = athena.stopped().length;
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(rows(slow, [], { timeoutMs: 20_000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => athena.stopped().length > before);
    expect(athena.stopped().length).toBe(before + 1);
  });

  it("answers Athena's refusal of a key without the key, and keeps to the network policy", async () => {
    const error = await connector().testConnection(target('wrong/secret+key-42')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('InvalidSignatureException') });
    expect(JSON.stringify(error)).not.toContain('wrong/secret+key-42');
    await expect(connector().testConnection(target(KEY.secretAccessKey, { accessKeyId: 'AKIAUNKNOWN' }))).rejects.toMatchObject({
      details: expect.stringContaining('UnrecognizedClientException'),
    });
    await expect(connector().testConnection(target(null))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('secret access key') });
    const sent = athena.operations().length;
    await expect(connector().testConnection({ ...target(), allowedHosts: [] })).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    // A region is only a region: it cannot move the endpoint elsewhere.
    await expect(athenaConnector().testConnection(target(KEY.secretAccessKey, { region: 'evil.example#' }))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('not an AWS region') });
    expect(athena.operations().length).toBe(sent);
    // A host name is resolved and dialled through the policy's check.
    const byName = athenaConnector(() => athena.endpoint.replace('127.0.0.1', 'localhost'));
    expect(await byName.testConnection(target())).toMatchObject({ serverVersion: expect.stringContaining('Athena') });
    expect(awsEndpoint('eu-west-1')).toBe('https://athena.eu-west-1.amazonaws.com/');
    expect(awsEndpoint('cn-north-1')).toBe('https://athena.cn-north-1.amazonaws.com.cn/');
  });
});
