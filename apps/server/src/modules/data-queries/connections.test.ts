// Queries on a data connection, run for real on the local PostgreSQL (a throw-away schema as the user's warehouse).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakePostgres, type FakePostgres } from '../../connectors/test-support/fake-postgres.js';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness, type Harness } from '../../test-support/harness.js';
import { onLocalPostgres } from '../../test-support/local-postgres.js';
import { testStores } from '../../test-support/stores.js';
import { arrowColumns, arrowRows, datasetWith } from '../query/test-support/helpers.js';

const URL = process.env.TEST_DATABASE_URL;
/** The local test server is an internal address: the administrator's allow-list lets connections reach it. */
const ALLOW_LOCAL = { allowedConnectionHosts: ['127.0.0.1'] };
const schema = `wh_${randomBytes(5).toString('hex')}`;

const SALES = `
  CREATE TABLE ${schema}.sales (id int PRIMARY KEY, region text, qty int8, price numeric, day date, at timestamptz, ok boolean);
  INSERT INTO ${schema}.sales VALUES
    (1, 'north', 5, 1.5, '2024-01-01', '2024-01-01 10:00:00+00', true),
    (2, 'south', 3, 2.0, '2024-01-02', '2024-01-02 11:30:00+02', false),
    (3, 'north', 7, NULL, NULL, NULL, NULL),
    (4, 'east', 1, 4.25, '2024-01-03', '2024-01-03 00:00:00+00', true);
  CREATE FUNCTION ${schema}.wipe() RETURNS int LANGUAGE sql AS 'DELETE FROM ${schema}.sales; SELECT 1';`;

async function connectionFor(h: Harness, email: string): Promise<string> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/v1/data-connections',
    headers: await h.auth(email),
    payload: { name: `Warehouse ${randomUUID().slice(0, 6)}`, type: 'postgres', options: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' } },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id;
}

const dq = (connectionId: string, query: string, params: unknown[] = []) => ({ type: 'databaseQuery', props: { connectionId, query, params } });
const col = (name: string) => ({ kind: 'column', name });
const lit = (value: unknown) => ({ kind: 'literal', value });

describe.skipIf(!URL)('queries on a PostgreSQL connection', () => {
  beforeAll(() => onLocalPostgres(async (client) => {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(SALES);
  }));
  afterAll(() => onLocalPostgres((client) => client.query(`DROP SCHEMA ${schema} CASCADE`)));

  describe.each(testStores())('on $name', (store) => {
    const h = useHarness(store, ALLOW_LOCAL);
    let connectionId: string;
    beforeAll(async () => {
      connectionId = await connectionFor(h, 'analyst@example.com');
    });
    const post = async (url: string, payload: object, email = 'analyst@example.com') => h.app.inject({ method: 'POST', url, headers: await h.auth(email), payload });
    const get = async (url: string, email = 'analyst@example.com') => h.app.inject({ method: 'GET', url, headers: await h.auth(email) });
    const salesCount = () => onLocalPostgres(async (client) => Number((await client.query(`SELECT count(*) AS n FROM ${schema}.sales`)).rows[0].n));

    it('runs raw SQL with bound parameters and records the execution', async () => {
      const response = await post('/v1/data-queries', {
        connectionId,
        query: `SELECT id, region, qty FROM ${schema}.sales WHERE qty > $1 AND region = ANY($2) ORDER BY id;`,
        parameters: { '1': 2, '2': ['north', 'south'] },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
      expect(arrowRows(response.rawPayload)).toEqual([
        { id: 1, region: 'north', qty: 5 },
        { id: 2, region: 'south', qty: 3 },
        { id: 3, region: 'north', qty: 7 },
      ]);
      const executionId = response.headers['x-query-execution-id'] as string;
      // The demo organization caches query results: the same query on the unchanged connection is served from the cache.
      expect(response.headers['x-cache']).toBe('miss');
      const again = await post('/v1/data-queries', {
        connectionId,
        query: `SELECT id, region, qty FROM ${schema}.sales WHERE qty > $1 AND region = ANY($2) ORDER BY id;`,
        parameters: { '1': 2, '2': ['north', 'south'] },
      });
      expect([again.headers['x-cache'], arrowRows(again.rawPayload).length]).toEqual(['hit', 3]);
      const uncached = await post('/v1/data-queries', { connectionId, query: `SELECT id FROM ${schema}.sales WHERE qty > $1`, parameters: { '1': 2 }, cacheMode: 'no-cache' });
      expect(uncached.headers['x-cache']).toBe('bypass');
      const execution = (await get(`/v1/data-queries/${executionId}`)).json();
      expect(execution).toMatchObject({ id: executionId, status: 'success', kind: 'pipeline', rowCount: 3, error: null, parameters: { '1': 2, '2': ['north', 'south'] } });
    });

    it('carries the warehouse types into Arrow', async () => {
      const response = await post('/v1/data-queries', { connectionId, query: `SELECT * FROM ${schema}.sales WHERE id IN (2, 3) ORDER BY id` });
      expect(arrowColumns(response.rawPayload)).toEqual(['id', 'region', 'qty', 'price', 'day', 'at', 'ok']);
      expect(arrowRows(response.rawPayload, { temporal: ['day', 'at'] })).toEqual([
        { id: 2, region: 'south', qty: 3, price: 2, day: '2024-01-02T00:00:00.000Z', at: '2024-01-02T09:30:00.000Z', ok: false },
        { id: 3, region: 'north', qty: 7, price: null, day: null, at: null, ok: null },
      ]);
      const empty = await post('/v1/data-queries', { connectionId, query: `SELECT id FROM ${schema}.sales WHERE false` });
      expect([empty.statusCode, arrowColumns(empty.rawPayload), arrowRows(empty.rawPayload)]).toEqual([200, ['id'], []]);
    });

    it('answers a JSON page with the total', async () => {
      const response = await post('/v1/data-queries/json', { connectionId, query: `SELECT id FROM ${schema}.sales ORDER BY id`, offset: 1, limit: 2 });
      expect(response.json()).toEqual({ executionId: expect.any(String), columns: [{ name: 'id', type: 'integer' }], rows: [{ id: 2 }, { id: 3 }], total: 4, offset: 1, limit: 2 });
    });

    it('keeps injection attempts in parameters as values, runs one read-only statement', async () => {
      const quoted = await post('/v1/data-queries', { connectionId, query: `SELECT id FROM ${schema}.sales WHERE region = $1`, parameters: { '1': "north' OR '1'='1" } });
      expect([quoted.statusCode, arrowRows(quoted.rawPayload)]).toEqual([200, []]);
      const typed = await post('/v1/data-queries', { connectionId, query: `SELECT id FROM ${schema}.sales WHERE id = $1`, parameters: { '1': `1; DROP TABLE ${schema}.sales` } });
      expect(typed.statusCode).toBe(422);
      expect(typed.json()).toMatchObject({ message: 'Query failed', details: expect.stringContaining('invalid input syntax for type integer'), appStatusCode: 'INVALID_INPUT' });
      const second = await post('/v1/data-queries', { connectionId, query: `SELECT 1; DROP TABLE ${schema}.sales` });
      expect(second.statusCode).toBe(422);
      const write = await post('/v1/data-queries', { connectionId, query: `DELETE FROM ${schema}.sales RETURNING id` });
      expect(write.statusCode).toBe(422);
      // A write hidden in a function still meets the read-only transaction.
      for (const [url, payload] of [
        ['/v1/data-queries', { connectionId, query: `SELECT ${schema}.wipe()` }],
        ['/query', dq(connectionId, `SELECT ${schema}.wipe() AS n`)],
      ] as const) {
        const hidden = await post(url, payload);
        expect([hidden.statusCode, hidden.json()], url).toEqual([422, { message: 'Query failed', details: 'cannot execute DELETE in a read-only transaction', appStatusCode: 'INVALID_INPUT' }]);
      }
      expect(await salesCount()).toBe(4);
      const failed = (await get(`/v1/data-queries/${typed.headers['x-query-execution-id']}`)).json();
      expect(failed).toMatchObject({ status: 'failure', error: expect.stringContaining('invalid input syntax') });
      const badParameters = await post('/v1/data-queries', { connectionId, query: 'SELECT $1', parameters: { name: 'x' } });
      expect([badParameters.statusCode, badParameters.json().message]).toEqual([400, 'Parameters of a query on a connection are positional']);
    });

    it('runs filter(databaseQuery) and group(databaseQuery) pipelines on the connection', async () => {
      const source = dq(connectionId, `SELECT region, qty, price FROM ${schema}.sales WHERE id <> $1`, [4]);
      const filtered = await post('/query?format=arrow', {
        type: 'filter',
        props: { expression: { kind: 'binary', op: '>', left: col('qty'), right: lit(3) } },
        inputs: [source],
      });
      expect(filtered.statusCode, filtered.body).toBe(200);
      // id 4 excluded by the query's own $1; qty > 3 keeps 5 and 7.
      expect(arrowRows(filtered.rawPayload).sort((a, b) => Number(a.qty) - Number(b.qty))).toEqual([
        { region: 'north', qty: 5, price: 1.5 },
        { region: 'north', qty: 7, price: null },
      ]);

      const grouped = await post('/v1/datasets/query', {
        pipeline: {
          type: 'sort',
          props: { by: [{ expression: col('region') }] },
          inputs: [
            {
              type: 'group',
              props: {
                by: [{ expression: col('region') }],
                expressions: [
                  { expression: { kind: 'aggregate', fn: 'sum', operand: col('qty') }, alias: 'qty' },
                  { expression: { kind: 'aggregate', fn: 'count' }, alias: 'n' },
                  { expression: { kind: 'aggregate', fn: 'max', operand: col('price') }, alias: 'top' },
                ],
              },
              inputs: [dq(connectionId, `SELECT region, qty, price FROM ${schema}.sales`)],
            },
          ],
        },
      });
      expect(grouped.statusCode, grouped.body).toBe(200);
      expect(arrowRows(grouped.rawPayload)).toEqual([
        { region: 'east', qty: 1, n: 1, top: 4.25 },
        { region: 'north', qty: 12, n: 2, top: 1.5 },
        { region: 'south', qty: 3, n: 1, top: 2 },
      ]);
      const execution = (await get(`/v1/data-queries/${grouped.headers['x-query-execution-id']}`)).json();
      expect(execution).toMatchObject({ status: 'success', kind: 'pipeline', rowCount: 3 });
    });

    it('refuses pipelines mixing connections or embedded datasets, and unknown columns', async () => {
      const other = await connectionFor(h, 'analyst@example.com');
      const join = (left: object, right: object) => ({ type: 'join', props: { on: [['region', 'region']] }, inputs: [left, right] });
      const two = await post('/query', join(dq(connectionId, `SELECT region FROM ${schema}.sales`), dq(other, `SELECT region FROM ${schema}.sales`)));
      expect([two.statusCode, two.json()]).toEqual([422, { message: 'A pipeline runs on one connection', details: 'Its databaseQuery nodes name 2 connections', appStatusCode: 'INVALID_INPUT' }]);
      const dataset = await datasetWith(h, await h.auth('analyst@example.com'), 'Regions', 'region,label\nnorth,N\n');
      const mixed = await post('/query', join(dq(connectionId, `SELECT region FROM ${schema}.sales`), { type: 'dataset', props: { uuid: dataset } }));
      expect([mixed.statusCode, mixed.json().message]).toEqual([422, 'Datasets cannot be mixed into a pipeline that runs on a connection']);
      const unknown = await post('/query', { type: 'filter', props: { expression: { kind: 'binary', op: '>', left: col('nope'), right: lit(1) } }, inputs: [dq(connectionId, `SELECT qty FROM ${schema}.sales`)] });
      expect([unknown.statusCode, unknown.json().message]).toEqual([422, 'Unknown column "nope"']);
      const stranger = await post('/query', dq(randomUUID(), 'SELECT 1'));
      expect([stranger.statusCode, stranger.json().message]).toEqual([404, 'Data connection not found']);
      const notUuid = await post('/v1/data-queries', { connectionId: 'conn-1', query: 'SELECT 1' });
      expect([notUuid.statusCode, notUuid.json().message]).toEqual([404, 'Data connection not found']);
    });

    it('runs a SQL dataset on its connection for whoever may read the dataset, and no other SQL there', async () => {
      const created = await post('/v1/datasets', { name: 'Sales', type: 'sql', dataConnectionId: connectionId, metadata: { type: 'sql', source: `SELECT region, qty FROM ${schema}.sales` } });
      expect(created.statusCode, created.body).toBe(201);
      const datasetId = created.json().id as string;
      const byRegion = (input: object) => ({
        type: 'sort',
        props: { by: [{ expression: col('region') }] },
        inputs: [{ type: 'group', props: { by: [{ expression: col('region') }], expressions: [{ expression: { kind: 'aggregate', fn: 'sum', operand: col('qty') }, alias: 'qty' }] }, inputs: [input] }],
      });
      const pipeline = byRegion({ type: 'dataset', props: { uuid: datasetId } });
      const expected = [{ region: 'east', qty: 1 }, { region: 'north', qty: 12 }, { region: 'south', qty: 3 }];
      const mine = await post('/v1/datasets/query', { pipeline });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(arrowRows(mine.rawPayload)).toEqual(expected);
      // Two tables of the connection, joined there.
      const labels = await post('/v1/datasets', { name: 'Labels', type: 'sql', dataConnectionId: connectionId, metadata: { type: 'sql', source: `SELECT region AS code, upper(region) AS label FROM ${schema}.sales` } });
      const joined = {
        type: 'sort',
        props: { by: [{ expression: col('id') }] },
        inputs: [{ type: 'join', props: { on: [['region', 'code']] }, inputs: [dq(connectionId, `SELECT id, region FROM ${schema}.sales WHERE qty > $1`, [4]), { type: 'group', props: { by: [{ expression: col('code') }, { expression: col('label') }] }, inputs: [{ type: 'dataset', props: { uuid: labels.json().id } }] }] }],
      };
      const both = await post('/v1/datasets/query', { pipeline: joined });
      expect(both.statusCode, both.body).toBe(200);
      expect(arrowRows(both.rawPayload).map((row) => [row.id, row.label])).toEqual([[1, 'NORTH'], [3, 'NORTH']]);
      // Someone of another organization: nothing, then the dataset shared with them (never the connection).
      const outsider = await addUser(h.db, { email: `sql-${store.name}@other.org`, organization: `Other ${store.name}` });
      expect((await post('/v1/datasets/query', { pipeline }, outsider.email)).json().message).toBe('Dataset not found');
      const shared = await post('/v1/permissions', { resourceType: 'dataset', resourceId: datasetId, granteeType: 'user', granteeId: outsider.id, role: 'viewer' });
      expect(shared.statusCode, shared.body).toBe(201);
      const theirs = await post('/v1/datasets/query', { pipeline }, outsider.email);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(arrowRows(theirs.rawPayload)).toEqual(expected);
      // SQL of their own on the dataset's connection still needs the connection, which was not shared.
      const own = dq(connectionId, `SELECT region FROM ${schema}.sales`);
      expect((await post('/query', own, outsider.email)).json().message).toBe('Data connection not found');
      const join = { type: 'join', props: { on: [['region', 'region']] }, inputs: [pipeline, own] };
      expect((await post('/query', join, outsider.email)).json().message).toBe('Data connection not found');
    });

    it("lists the connection's schemas, tables and columns", async () => {
      const schemas = (await get(`/v1/data-queries/schema/${connectionId}`)).json();
      expect(schemas.path).toEqual([]);
      expect(schemas.items).toContainEqual({ name: schema, kind: 'schema' });
      expect(schemas.items).not.toContainEqual({ name: 'pg_catalog', kind: 'schema' });
      expect((await get(`/v1/data-queries/schema/${connectionId}/${schema}`)).json()).toEqual({ path: [schema], items: [{ name: 'sales', kind: 'table' }] });
      expect((await get(`/v1/data-queries/schema/${connectionId}/${schema}/sales`)).json()).toEqual({
        path: [schema, 'sales'],
        items: [
          { name: 'id', kind: 'column', type: 'integer' },
          { name: 'region', kind: 'column', type: 'text' },
          { name: 'qty', kind: 'column', type: 'bigint' },
          { name: 'price', kind: 'column', type: 'numeric' },
          { name: 'day', kind: 'column', type: 'date' },
          { name: 'at', kind: 'column', type: 'timestamp with time zone' },
          { name: 'ok', kind: 'column', type: 'boolean' },
        ],
      });
      expect((await get(`/v1/data-queries/schema/${connectionId}/a/b/c`)).statusCode).toBe(400);
      const outsider = await get(`/v1/data-queries/schema/${randomUUID()}`);
      expect(outsider.statusCode).toBe(404);
    });
  });

  describe('with a short statement timeout', () => {
    const h = useHarness(testStores()[0]!, { ...ALLOW_LOCAL, queryTimeoutMs: 300 });
    it('stops a slow query with 408 and records the failure', async () => {
      const connectionId = await connectionFor(h, 'analyst@example.com');
      const headers = await h.auth('analyst@example.com');
      const started = Date.now();
      const response = await h.app.inject({ method: 'POST', url: '/v1/data-queries', headers, payload: { connectionId, query: 'SELECT pg_sleep(5)' } });
      expect(Date.now() - started).toBeLessThan(4000);
      expect([response.statusCode, response.json()]).toEqual([
        408,
        { message: 'Query timed out', details: 'The query ran longer than 300 ms and was cancelled', appStatusCode: 'QUERY_TIMEOUT' },
      ]);
      const execution = await h.app.inject({ method: 'GET', url: `/v1/data-queries/${response.headers['x-query-execution-id']}`, headers });
      expect(execution.json()).toMatchObject({ status: 'failure', error: 'Query timed out: The query ran longer than 300 ms and was cancelled' });
    });
  });
});

describe('queries on a connection into the server\'s own network', () => {
  // No ATLAS_ALLOWED_CONNECTION_HOSTS: the default.
  const h = useHarness(testStores()[0]!);
  let fake: FakePostgres;
  beforeAll(async () => {
    fake = await fakePostgres();
  });
  afterAll(() => fake.close());

  it('refuses every way of using it (queries, JSON pages, pipelines, schema listing) with the one answer for unreachable servers', async () => {
    const headers = await h.auth('analyst@example.com');
    const created = await h.app.inject({
      method: 'POST',
      url: '/v1/data-connections',
      headers,
      payload: { name: 'Loopback', type: 'postgres', options: { host: '127.0.0.1', port: fake.port, database: 'test', user: 'postgres' } },
    });
    const connectionId = created.json().id;
    const refused = {
      message: 'Could not connect to the database',
      details: 'The server did not answer or refused the connection, or its address is not allowed (ATLAS_ALLOWED_CONNECTION_HOSTS)',
      appStatusCode: 'INVALID_INPUT',
    };
    for (const [method, url, payload] of [
      ['POST', '/v1/data-queries', { connectionId, query: 'SELECT 1' }],
      ['POST', '/v1/data-queries/json', { connectionId, query: 'SELECT 1' }],
      ['POST', '/query', dq(connectionId, 'SELECT 1 AS n')],
      ['POST', '/query', { type: 'filter', props: { expression: { kind: 'binary', op: '>', left: col('n'), right: lit(0) } }, inputs: [dq(connectionId, 'SELECT 1 AS n')] }],
      ['GET', `/v1/data-queries/schema/${connectionId}`, undefined],
      ['GET', `/v1/data-queries/schema/${connectionId}/public`, undefined],
      ['POST', '/v1/test-connection', { connectionId }],
    ] as const) {
      const response = await h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect([response.statusCode, response.json()], url).toEqual([422, refused]);
    }
    expect(fake.connections()).toBe(0);
  });
});
