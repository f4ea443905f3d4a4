// The big-query connector: @google-cloud/bigquery against a fake BigQuery and OAuth token endpoint on loopback
// (test-support/fake-bigquery.ts), given through the connector's endpoints seam; loopback allowed through the network
// policy as an administrator would. The service account key is made here, so no token is ever asked of Google.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowRows } from '../modules/query/test-support/helpers.js';
import { arrowFromBatches } from './arrow.js';
import { bigqueryConnector } from './bigquery.js';
import { fakeBigQuery, type FakeBigQuery } from './test-support/fake-bigquery.js';
import type { ConnectionTarget, RunOptions } from './types.js';

const EMAIL = 'atlas-reader@atlas-test.iam.gserviceaccount.com';
const SETUP = `CREATE SCHEMA sales; CREATE SCHEMA web;
  CREATE TABLE sales.visits (id BIGINT, place VARCHAR, seen_at TIMESTAMPTZ, amount DECIMAL(10, 2), note VARCHAR, shape VARCHAR, day DATE, ok BOOLEAN, score DOUBLE);
  INSERT INTO sales.visits VALUES
    (1, 'north', '2024-01-02 03:04:05+00', 1.50, 'first', 'POINT(1 2)', '2024-01-02', true, 0.5),
    (2, 'south', '2024-02-03 04:05:06+00', 2.25, NULL, NULL, '2024-02-03', false, NULL),
    (3, 'north', '2024-03-04 05:06:07+00', 3.00, NULL, 'POINT(3 4)', '2024-03-04', NULL, 2.5);
  CREATE TABLE sales.zones (code INTEGER); CREATE VIEW sales.northern AS SELECT * FROM sales.visits WHERE place = 'north';`;
const run: RunOptions = { timeoutMs: 5000 };

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = keyPair();
const serviceAccountKey = (privateKey = account.privateKey) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'atlas-test',
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: EMAIL,
    // Never followed: the connector's token endpoint is the only one.
    token_uri: 'https://token.example.invalid/token',
  });
const KEY = serviceAccountKey();
let bigquery: FakeBigQuery;

const connector = () => bigqueryConnector({ api: bigquery.api, token: bigquery.token });
const target = (secret: string | null = KEY, options: Record<string, unknown> = {}): ConnectionTarget => ({
  type: 'big-query',
  options: { projectId: 'atlas-test', ...options },
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

const realJobs = () => bigquery.jobs().filter((job) => !job.dryRun);

beforeAll(async () => {
  bigquery = await fakeBigQuery({ project: 'atlas-test', setup: SETUP, account: { email: EMAIL, publicKey: account.publicKey }, geography: ['shape'], pageRows: 2 });
});

afterAll(async () => {
  await bigquery.close();
});

describe('big-query connector (@google-cloud/bigquery against a fake BigQuery)', () => {
  it('tests the connection with a dry run, signed in with the service account', async () => {
    const issued = bigquery.tokensIssued();
    expect(await connector().testConnection(target())).toEqual({ serverVersion: 'BigQuery' });
    expect(bigquery.tokensIssued()).toBe(issued + 1);
    expect(bigquery.jobs().at(-1)).toMatchObject({ query: 'SELECT 1', dryRun: true });
    expect(realJobs()).toEqual([]);
  });

  it("lists the project's datasets, tables and columns", async () => {
    expect(await connector().listSchema(target(), [], run)).toEqual([
      { name: 'sales', kind: 'schema' },
      { name: 'web', kind: 'schema' },
    ]);
    expect(await connector().listSchema(target(), ['sales'], run)).toEqual([
      { name: 'northern', kind: 'table' },
      { name: 'visits', kind: 'table' },
      { name: 'zones', kind: 'table' },
    ]);
    expect(await connector().listSchema(target(), ['sales', 'visits'], run)).toEqual([
      { name: 'id', kind: 'column', type: 'INT64' },
      { name: 'place', kind: 'column', type: 'STRING' },
      { name: 'seen_at', kind: 'column', type: 'TIMESTAMP' },
      { name: 'amount', kind: 'column', type: 'NUMERIC' },
      { name: 'note', kind: 'column', type: 'STRING' },
      { name: 'shape', kind: 'column', type: 'GEOGRAPHY' },
      { name: 'day', kind: 'column', type: 'DATE' },
      { name: 'ok', kind: 'column', type: 'BOOL' },
      { name: 'score', kind: 'column', type: 'FLOAT64' },
    ]);
    await expect(connector().listSchema(target(), ['sales', 'nowhere'], run)).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('Not found: Table') });
  });

  it('binds numbers, strings, timestamps and nulls as typed positional parameters, page by page', async () => {
    const sql = 'SELECT id, place, seen_at, amount, note, CAST($4 AS STRING) AS missing, shape, day, ok, score FROM sales.visits WHERE id >= $1 AND place = $2 AND seen_at > $3 ORDER BY id';
    expect(await rows(sql, [1, 'north', new Date('2024-01-01T00:00:00Z'), null])).toEqual([
      [1n, 'north', new Date('2024-01-02T03:04:05Z'), 1.5, 'first', null, 'POINT(1 2)', new Date('2024-01-02T00:00:00Z'), true, 0.5],
      [3n, 'north', new Date('2024-03-04T05:06:07Z'), 3, null, null, 'POINT(3 4)', new Date('2024-03-04T00:00:00Z'), null, 2.5],
    ]);
    const [dry, job] = bigquery.jobs().slice(-2);
    expect(dry).toMatchObject({ query: sql.replace(/\$\d/g, '?'), dryRun: true });
    // In the order the ? appear ($4 first), each with its type; the job stops itself a little after the timeout.
    expect(job).toEqual({
      query: sql.replace(/\$\d/g, '?'),
      dryRun: false,
      parameters: [
        { type: 'STRING', value: null },
        { type: 'INT64', value: 1 },
        { type: 'STRING', value: 'north' },
        { type: 'TIMESTAMP', value: expect.stringMatching(/^2024-01-01[T ]00:00:00(\.000)?Z?/) },
      ],
      jobTimeoutMs: '10000',
    });
    // A value stays a value.
    expect(await rows('SELECT id FROM sales.visits WHERE place = $1', ["north' OR '1'='1"])).toEqual([]);
    const batches = [];
    for await (const batch of connector().runQuery(target(), 'SELECT id, score FROM sales.visits ORDER BY id', [], run)) batches.push(batch);
    expect(batches.map((batch) => batch.rows)).toEqual([
      [
        [1n, 0.5],
        [2n, null],
      ],
      [[3n, 2.5]],
    ]);
    expect(batches[0]!.columns).toEqual([
      { name: 'id', type: 'integer', dbType: 'INT64' },
      { name: 'score', type: 'number', dbType: 'FLOAT64' },
    ]);
    const bytes = await collect(await arrowFromBatches(connector().runQuery(target(), 'SELECT id, seen_at FROM sales.visits WHERE id = $1', [2], run)));
    expect(arrowRows(bytes, { temporal: ['seen_at'] })).toEqual([{ id: 2, seen_at: '2024-02-03T04:05:06.000Z' }]);
    // Described by a dry run: nothing runs.
    const ran = realJobs().length;
    expect(await connector().describeQuery(target(), 'SELECT amount, seen_at, shape FROM sales.visits', [], run)).toEqual([
      { name: 'amount', type: 'number', dbType: 'NUMERIC' },
      { name: 'seen_at', type: 'timestamp', dbType: 'TIMESTAMP' },
      { name: 'shape', type: 'string', dbType: 'GEOGRAPHY' },
    ]);
    expect(realJobs().length).toBe(ran);
    expect(await rows('SELECT id FROM sales.visits WHERE id > 5', [])).toEqual([]);
  });

  it('runs only what the dry run calls a SELECT: DML, DDL and scripts are refused before they run', async () => {
    const ran = realJobs().length;
    for (const sql of ['INSERT INTO sales.visits (id) VALUES (9)', 'DROP TABLE sales.zones', 'SELECT 1; DROP TABLE sales.zones']) {
      await expect(rows(sql, []), sql).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('read-only') });
    }
    expect(realJobs().length).toBe(ran);
    await expect(rows('SELECT nothing FROM sales.visits', [])).rejects.toMatchObject({ statusCode: 422, message: 'Query failed', details: expect.stringContaining('nothing') });
    expect(await rows('SELECT count(*) FROM sales.zones', [])).toEqual([[0n]]);
  });

  it('cancels the job at the timeout (408) and on the signal (409)', async () => {
    const slow = 'SELECT count(*) FROM range(10000000000) a, range(10) b';
    let before = bigquery.cancelled().length;
    let started = Date.now();
    await expect(rows(slow, [], { timeoutMs: 500 })).rejects.toMatchObject({ statusCode: 408, message: 'Query timed out' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => bigquery.cancelled().length > before);
    expect(bigquery.cancelled().length).toBe(before + 1);

    before = bigquery.cancelled().length;
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 500);
    await expect(rows(slow, [], { timeoutMs: 20_000, signal: controller.signal })).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    await until(() => bigquery.cancelled().length > before);
    expect(bigquery.cancelled().length).toBe(before + 1);
  });

  it("answers the token endpoint's refusal of a key without the key, and keeps to the network policy", async () => {
    const otherKey = serviceAccountKey(keyPair().privateKey);
    const error = await connector().testConnection(target(otherKey)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 422, message: 'Could not connect to the database', details: expect.stringContaining('invalid_grant') });
    expect(JSON.stringify(error)).not.toContain('PRIVATE KEY');
    await expect(connector().testConnection(target('{not json'))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('not JSON') });
    await expect(connector().testConnection(target(null))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('service account key') });
    await expect(connector().testConnection(target(KEY, { projectId: 'someone-else' }))).rejects.toMatchObject({ statusCode: 422, details: expect.stringContaining('Not found: Project') });
    const issued = bigquery.tokensIssued();
    const inserted = bigquery.jobs().length;
    await expect(connector().testConnection({ ...target(), allowedHosts: [] })).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    // The token endpoint is checked too: an API allowed, a token endpoint refused.
    const elsewhere = bigqueryConnector({ api: bigquery.api, token: bigquery.token.replace('127.0.0.1', '10.255.255.1') });
    await expect(elsewhere.testConnection(target())).rejects.toMatchObject({ statusCode: 422, message: 'Could not connect to the database' });
    expect(bigquery.tokensIssued()).toBe(issued);
    expect(bigquery.jobs().length).toBe(inserted);
  });
});
