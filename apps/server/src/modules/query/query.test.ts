import { randomUUID } from 'node:crypto';
import { DEFAULT_CACHE_MAX_AGE_SECONDS } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowRows, createDataset, datasetWith, errorOf, eventually, loadCsv, sortRows, type Headers } from './test-support/helpers.js';

const inline = (data: string) => ({ type: 'inline_data', props: { format: 'CSV', data } });
const ds = (uuid: string) => ({ type: 'dataset', props: { uuid } });
const totals = (uuid: string) => ({
  type: 'group',
  props: {
    by: [{ expression: { kind: 'column', name: 'k' } }],
    expressions: [{ expression: { kind: 'aggregate', fn: 'sum', operand: { kind: 'column', name: 'v' } }, alias: 'v' }],
  },
  inputs: [ds(uuid)],
});
/** A dataset of n rows with the same key: its self-join has n² rows. */
const sameKeyRows = (n: number) => `k\n${'1\n'.repeat(n)}`;
/** count(*) over the self-join of such a dataset: slow enough to time out or cancel. */
function slowPipeline(uuid: string) {
  const data = ds(uuid);
  return {
    type: 'group',
    props: { expressions: [{ expression: { kind: 'aggregate', fn: 'count' }, alias: 'n' }] },
    inputs: [{ type: 'join', props: { on: [['k', 'k']] }, inputs: [data, data] }],
  };
}

describe.each(testStores())('query service on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let outsider: Headers;
  let salesId: string;
  let slowId: string;

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    await addUser(h.db, { email: 'query-outsider@example.org', organization: 'Elsewhere' });
    outsider = await h.auth('query-outsider@example.org');
    salesId = await datasetWith(h, analyst, 'kv', 'k,v\na,1\nb,2\na,3\n');
    slowId = await datasetWith(h, analyst, 'same key', sameKeyRows(100_000));
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = analyst) => h.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const execution = async (id: string, headers = analyst) => (await h.app.inject({ url: `/v1/data-queries/${id}`, headers })).json();

  describe('POST /query', () => {
    it('answers an Arrow stream with the execution id and cache headers', async () => {
      const response = await post('/query?format=arrow&cacheMode=no-cache', totals(salesId));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
      expect(response.headers['x-cache']).toBe('bypass');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Date.parse(String(response.headers['x-cache-expires']))).toBeLessThanOrEqual(Date.now());
      expect(sortRows(arrowRows(response.rawPayload), 'k')).toEqual([
        { k: 'a', v: 4 },
        { k: 'b', v: 2 },
      ]);
      const id = String(response.headers['x-query-execution-id']);
      const record = await execution(id);
      expect(record).toMatchObject({
        id,
        status: 'success',
        kind: 'pipeline',
        datasetId: salesId,
        queryTemplateId: null,
        cacheMode: 'no-cache',
        cacheHit: false,
        cacheExpiresAt: null,
        rowCount: 2,
        error: null,
      });
      expect(Object.keys(record.datasetVersions)).toEqual([salesId]);
      expect(record.pipelineHash).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(record.startedAt)).toBeLessThanOrEqual(Date.parse(record.finishedAt));
    });

    it('requires authentication although it lives outside /v1', async () => {
      const response = await h.app.inject({ method: 'POST', url: '/query?format=arrow', payload: inline('a\n1\n') });
      expect(errorOf(response)).toEqual({ status: 401, body: { message: 'Authentication required', details: '', appStatusCode: 'UNAUTHORIZED' } });
    });

    it('serves Arrow only: other formats and Accept types answer 406 Unsupported content type', async () => {
      const before = await h.count('query_executions');
      expect(errorOf(await post('/query?format=csv', inline('a\n1\n')))).toEqual({
        status: 406,
        body: { message: 'Unsupported content type', details: 'format=csv; only format=arrow is served', appStatusCode: 'NOT_ACCEPTABLE' },
      });
      expect(errorOf(await post('/query', inline('a\n1\n'), { ...analyst, accept: 'text/csv' }))).toEqual({
        status: 406,
        body: { message: 'Unsupported content type', details: 'Accept: text/csv; results are application/vnd.apache.arrow.stream', appStatusCode: 'NOT_ACCEPTABLE' },
      });
      expect((await post('/query', inline('a\n1\n'), { ...analyst, accept: 'application/vnd.apache.arrow.stream' })).statusCode).toBe(200);
      expect((await post('/query?format=ARROW', inline('a\n1\n'), { ...analyst, accept: 'text/html, */*;q=0.8' })).statusCode).toBe(200);
      expect(await h.count('query_executions')).toBe(before + 2);
    });

    it('answers pipeline errors with their status, message and details, and records no execution', async () => {
      const before = await h.count('query_executions');
      expect(errorOf(await post('/query', { type: 'limit', props: { length: 0 }, inputs: [inline('a\n1\n')] }))).toEqual({
        status: 400,
        body: { message: 'Invalid props for limit node', details: 'length must be an integer greater than 0', appStatusCode: 'BAD_REQUEST' },
      });
      expect(errorOf(await post('/query', { type: 'select', props: { expressions: [{ expression: { kind: 'column', name: 'nope' } }] }, inputs: [ds(salesId)] }))).toEqual({
        status: 422,
        body: { message: 'Unknown column "nope"', details: 'Unknown column "nope"; available columns: "k", "v"', appStatusCode: 'INVALID_INPUT' },
      });
      expect(errorOf(await post('/query', { type: 'teleport' }))).toEqual({
        status: 400,
        body: { message: 'Invalid props for teleport node', details: expect.stringContaining('Unknown node type') as unknown as string, appStatusCode: 'BAD_REQUEST' },
      });
      expect(await h.count('query_executions')).toBe(before);
    });

    it('keeps injection attempts in string fields as values or refuses them', async () => {
      const evil = `x'); DROP TABLE users; --`;
      const filter = { type: 'filter', props: { expression: { kind: 'binary', op: '=', left: { kind: 'column', name: 'k' }, right: { kind: 'literal', value: evil } } }, inputs: [ds(salesId)] };
      const response = await post('/query', filter);
      expect(response.statusCode).toBe(200);
      expect(arrowRows(response.rawPayload)).toEqual([]);
      const column = await post('/query', { type: 'select', props: { expressions: [{ expression: { kind: 'column', name: `k" FROM users; --` } }] }, inputs: [ds(salesId)] });
      expect(column.statusCode).toBe(422);
      expect(column.json().message).toBe('Unknown column "k\\" FROM users; --"');
      expect(errorOf(await post('/query', ds(`${salesId}' OR 1=1 --`))).status).toBe(400);
      expect(await h.count('users')).toBeGreaterThan(0);
    });

    it('hides datasets of other organizations (404) and refuses datasets without data (422)', async () => {
      const before = await h.count('query_executions');
      expect(errorOf(await post('/query', totals(salesId), outsider))).toEqual({
        status: 404,
        body: { message: 'Dataset not found', details: `No dataset with id ${salesId}`, appStatusCode: 'NOT_FOUND' },
      });
      const joined = { type: 'join', props: { on: [['k', 'k']] }, inputs: [inline('k\na\n'), ds(salesId)] };
      expect(errorOf(await post('/query', joined, outsider)).status).toBe(404);
      const unknown = randomUUID();
      expect(errorOf(await post('/query', ds(unknown))).body).toEqual({ message: 'Dataset not found', details: `No dataset with id ${unknown}`, appStatusCode: 'NOT_FOUND' });
      const empty = await createDataset(h, analyst, 'empty');
      expect(errorOf(await post('/query', ds(empty)))).toEqual({
        status: 422,
        body: { message: `Dataset ${empty} has no data`, details: 'Upload data with PUT /v1/datasets/{id}/data first', appStatusCode: 'INVALID_INPUT' },
      });
      expect(await h.count('query_executions')).toBe(before);
    });
  });

  describe('POST /v1/datasets/query', () => {
    it('runs the pipeline of the body like /query', async () => {
      const direct = await post('/query?cacheMode=no-cache', totals(salesId));
      const response = await post('/v1/datasets/query', { pipeline: totals(salesId), cacheMode: 'no-cache' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
      expect(response.headers['x-query-execution-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(sortRows(arrowRows(response.rawPayload), 'k')).toEqual(sortRows(arrowRows(direct.rawPayload), 'k'));
    });

    it('validates the body and the format', async () => {
      expect(errorOf(await post('/v1/datasets/query', { pipeline: totals(salesId), extra: 1 })).status).toBe(400);
      expect(errorOf(await post('/v1/datasets/query', { pipeline: totals(salesId), cacheMode: 'sometimes' })).status).toBe(400);
      expect(errorOf(await post('/v1/datasets/query?format=json', { pipeline: totals(salesId) })).body.message).toBe('Unsupported content type');
      expect(errorOf(await h.app.inject({ method: 'POST', url: '/v1/datasets/query', payload: { pipeline: totals(salesId) } })).status).toBe(401);
    });
  });

  describe('result cache', () => {
    it('serves the second run from the cache: same bytes, x-cache hit, an execution marked cacheHit', async () => {
      const pipeline = { pipeline: totals(salesId), cacheMode: 'studio-cloud-cache' };
      const first = await post('/v1/datasets/query', pipeline);
      const second = await post('/v1/datasets/query', pipeline);
      expect(first.headers['x-cache']).toBe('miss');
      expect(second.headers['x-cache']).toBe('hit');
      expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
      expect(second.headers['x-cache-expires']).toBe(first.headers['x-cache-expires']);
      const expires = Date.parse(String(first.headers['x-cache-expires']));
      expect(expires).toBeGreaterThan(Date.now() + (DEFAULT_CACHE_MAX_AGE_SECONDS - 60) * 1000);
      expect(second.headers['cache-control']).toMatch(/^private, max-age=26783\d\d$/);
      const [a, b] = [await execution(String(first.headers['x-query-execution-id'])), await execution(String(second.headers['x-query-execution-id']))];
      expect([a.cacheHit, b.cacheHit, a.status, b.status, a.rowCount, b.rowCount]).toEqual([false, true, 'success', 'success', 2, 2]);
      expect(b.cacheExpiresAt).toBe(a.cacheExpiresAt);
    });

    it('uses the cache by default in an organization with query-cache-enabled, and not elsewhere', async () => {
      const pipeline = inline(`n\n${randomUUID().length}\n`);
      await post('/query', pipeline);
      expect((await post('/query', pipeline)).headers['x-cache']).toBe('hit');
      await post('/query', pipeline, outsider);
      expect((await post('/query', pipeline, outsider)).headers['x-cache']).toBe('bypass');
    });

    it('bypasses the cache with no-cache, and honours maxAge', async () => {
      const pipeline = inline(`u\n${Date.now()}\n`);
      const fresh = await post('/query?cacheMode=no-cache', pipeline);
      expect(fresh.headers['x-cache']).toBe('bypass');
      expect((await post('/query?cacheMode=no-cache', pipeline)).headers['x-cache']).toBe('bypass');
      const short = await post('/query?cacheMode=studio-cloud-cache&maxAge=60', pipeline);
      expect(short.headers['x-cache']).toBe('miss');
      const expires = Date.parse(String(short.headers['x-cache-expires']));
      expect(expires).toBeGreaterThan(Date.now() + 50_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 60_000);
      expect(short.headers['cache-control']).toMatch(/^private, max-age=(59|60)$/);
      expect((await post('/query?cacheMode=studio-cloud-cache', pipeline)).headers['x-cache']).toBe('hit');
    });

    it('never serves old results once the data changes', async () => {
      const id = await datasetWith(h, analyst, 'changing', 'k,v\na,1\n');
      const before = await post('/query', totals(id));
      expect(arrowRows(before.rawPayload)).toEqual([{ k: 'a', v: 1 }]);
      expect((await post('/query', totals(id))).headers['x-cache']).toBe('hit');
      await loadCsv(h, analyst, id, 'k,v\na,10\nb,5\n');
      const after = await post('/query', totals(id));
      expect(after.headers['x-cache']).toBe('miss');
      expect(sortRows(arrowRows(after.rawPayload), 'k')).toEqual([
        { k: 'a', v: 10 },
        { k: 'b', v: 5 },
      ]);
      expect((await post('/query', totals(id))).headers['x-cache']).toBe('hit');
    });
  });

  describe('cancel', () => {
    it('cancels a running query: the run answers 409 and the execution ends cancelled', async () => {
      const running = post('/query?cacheMode=no-cache', slowPipeline(slowId));
      const list = await eventually(
        async () => (await h.app.inject({ url: '/v1/data-queries?limit=5', headers: analyst })).json(),
        (page) => page.items.some((item: { status: string }) => item.status === 'running'),
      );
      const id = list.items.find((item: { status: string }) => item.status === 'running').id;
      expect(errorOf(await post(`/v1/data-queries/${id}/cancel`, undefined, outsider)).status).toBe(404);
      // "running" is recorded just before the engine starts; give DuckDB time to be inside the query.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const cancelledAt = Date.now();
      const cancel = await post(`/v1/data-queries/${id}/cancel`, undefined);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toMatchObject({ id, status: 'cancelled', error: 'Cancelled by the user' });
      const response = await running;
      expect(Date.now() - cancelledAt).toBeLessThan(5_000);
      expect(response.headers['x-query-execution-id']).toBe(id);
      expect(errorOf(response)).toEqual({
        status: 409,
        body: { message: 'Query was cancelled', details: 'The query was cancelled before it finished', appStatusCode: 'QUERY_CANCELLED' },
      });
      expect(await execution(id)).toMatchObject({ status: 'cancelled', error: 'Cancelled by the user', rowCount: null });
      expect(errorOf(await post(`/v1/data-queries/${id}/cancel`, undefined))).toEqual({
        status: 409,
        body: { message: 'Query execution has already finished', details: `Query execution ${id} is cancelled`, appStatusCode: 'CONFLICT' },
      });
    });
  });
});

describe.each(testStores())('query timeouts on $name', (store) => {
  const h = useHarness(store, { queryTimeoutMs: 300 } as Partial<Config>);

  it('stops a query running longer than the timeout with 408 and records the failure', async () => {
    const headers = await h.auth('analyst@example.com');
    const slowId = await datasetWith(h, headers, 'same key', sameKeyRows(50_000));
    const started = Date.now();
    const response = await h.app.inject({ method: 'POST', url: '/query?cacheMode=no-cache', headers, payload: slowPipeline(slowId) });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errorOf(response)).toEqual({
      status: 408,
      body: { message: 'Query timed out', details: 'The query ran longer than 300 ms and was cancelled', appStatusCode: 'QUERY_TIMEOUT' },
    });
    const id = String(response.headers['x-query-execution-id']);
    const record = (await h.app.inject({ url: `/v1/data-queries/${id}`, headers })).json();
    expect(record).toMatchObject({ id, status: 'failure', error: 'Query timed out: The query ran longer than 300 ms and was cancelled', rowCount: null });
  });
});
