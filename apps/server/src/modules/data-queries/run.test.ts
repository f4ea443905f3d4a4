import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowRows, datasetWith, errorOf, eventually, type Headers } from '../query/test-support/helpers.js';

const SALES = 'region,product,qty\nnorth,a,3\nnorth,b,5\nsouth,a,2\neast,b,7\nsouth,c,1\n';
const TOTALS = "SELECT region, CAST(sum(qty) AS INTEGER) AS qty FROM {{dataset}} WHERE region IN ({{regions}}) AND qty >= {{min}} GROUP BY region ORDER BY region";

describe.each(testStores())('running query templates on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let viewer: Headers;
  let outsider: Headers;
  let sales: string;
  let totals: { id: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    h.app.inject({ method, url, headers, payload: payload as object });
  const createTemplate = async (template: string, parameters: object[] = [], datasetId: string | null = sales) => {
    const response = await call('POST', '/v1/data-queries/templates', analyst, { name: 'T', template, parameters, datasetId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const execution = async (id: string, headers = analyst) => (await call('GET', `/v1/data-queries/${id}`, headers)).json();

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    viewer = await h.auth('viewer@example.com');
    await addUser(h.db, { email: 'runs-outsider@example.org', organization: 'Runs Elsewhere' });
    outsider = await h.auth('runs-outsider@example.org');
    sales = await datasetWith(h, analyst, 'sales', SALES);
    totals = await createTemplate(TOTALS, [
      { name: 'regions', type: 'string', default: ['north', 'south', 'east'] },
      { name: 'min', type: 'integer', default: 0 },
    ]);
  });

  describe('POST /v1/data-queries', () => {
    it('runs a template over its dataset with bound parameters and answers Arrow with execution headers', async () => {
      const response = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, parameters: { regions: ['north', 'south'], min: 2 }, cacheMode: 'no-cache' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
      expect(response.headers['x-cache']).toBe('bypass');
      expect(response.headers['x-cache-expires']).toBeDefined();
      expect(arrowRows(response.rawPayload)).toEqual([
        { region: 'north', qty: 8 },
        { region: 'south', qty: 2 },
      ]);
      const record = await execution(String(response.headers['x-query-execution-id']));
      expect(record).toMatchObject({
        status: 'success',
        kind: 'template',
        queryTemplateId: totals.id,
        queryTemplateVersion: 1,
        datasetId: sales,
        recordId: null,
        parameters: { regions: ['north', 'south'], min: 2 },
        cacheMode: 'no-cache',
        rowCount: 2,
        error: null,
      });
      expect(Object.keys(record.datasetVersions)).toEqual([sales]);
      expect(Date.parse(record.createdAt)).toBeLessThanOrEqual(Date.parse(record.startedAt));
      expect(Date.parse(record.startedAt)).toBeLessThanOrEqual(Date.parse(record.finishedAt));
    });

    it('uses defaults, and another dataset when datasetId is given', async () => {
      const other = await datasetWith(h, analyst, 'other sales', 'region,product,qty\nnorth,z,100\n');
      const defaults = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id });
      expect(arrowRows(defaults.rawPayload)).toEqual([
        { region: 'east', qty: 7 },
        { region: 'north', qty: 8 },
        { region: 'south', qty: 3 },
      ]);
      const swapped = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, datasetId: other });
      expect(arrowRows(swapped.rawPayload)).toEqual([{ region: 'north', qty: 100 }]);
    });

    it('caches template results like pipelines', async () => {
      const body = { queryTemplateId: totals.id, parameters: { min: 3 }, cacheMode: 'studio-cloud-cache' };
      const first = await call('POST', '/v1/data-queries', analyst, body);
      const second = await call('POST', '/v1/data-queries', analyst, body);
      expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
      expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
      const other = await call('POST', '/v1/data-queries', analyst, { ...body, parameters: { min: 4 } });
      expect(other.headers['x-cache']).toBe('miss');
    });

    it('keeps injection attempts in parameters as bound values', async () => {
      const evil = "north') OR 1=1 --";
      const response = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, parameters: { regions: [evil] } });
      expect(response.statusCode).toBe(200);
      expect(arrowRows(response.rawPayload)).toEqual([]);
      const echo = await createTemplate("SELECT {{s}} AS s, 'x{{s}}y' AS t", [{ name: 's', type: 'string' }], null);
      const echoed = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: echo.id, parameters: { s: "'; DROP TABLE users; --" } });
      expect(arrowRows(echoed.rawPayload)).toEqual([{ s: "'; DROP TABLE users; --", t: "x'; DROP TABLE users; --y" }]);
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, parameters: { min: '0 OR 1=1' } }))).toEqual({
        status: 400,
        body: { message: 'Invalid query parameters', details: 'The value of parameter "min" must be a integer (got "0 OR 1=1")', appStatusCode: 'BAD_REQUEST' },
      });
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, parameters: { extra: 1 } })).body.details).toBe('Unknown parameter "extra"');
    });

    it('runs in a sandbox: no other files, no writes', async () => {
      const secret = await datasetWith(h, analyst, 'secret', 'token\nhidden\n');
      const relation = (await h.engine.datasetData(secret))!.relation;
      const peek = await createTemplate(`SELECT * FROM ${relation}`, [], sales);
      const response = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: peek.id, cacheMode: 'no-cache' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Could not parse query template');
      expect(response.json().details).toContain('read_parquet');
      const record = await execution(String(response.headers['x-query-execution-id']));
      expect(record).toMatchObject({ status: 'failure', rowCount: null });
      expect(record.error).toContain('Could not parse query template: The table function read_parquet');
      const target = path.join(h.dataDir, 'written.csv');
      const write = await createTemplate(`COPY (SELECT 1) TO '${target}'`, [], null);
      expect((await call('POST', '/v1/data-queries', analyst, { queryTemplateId: write.id })).statusCode).toBe(400);
      expect(existsSync(target)).toBe(false);
    });

    it('wraps the result in a rollup, and needs rows or columns for it', async () => {
      const rows = await createTemplate('SELECT region, product, qty FROM {{dataset}}');
      const response = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: rows.id, rollup: { rows: ['region'], values: [{ column: 'qty', fn: 'sum' }] } });
      expect(response.statusCode, response.body).toBe(200);
      expect(arrowRows(response.rawPayload)).toEqual([
        { region: 'east', qty: 7 },
        { region: 'north', qty: 8 },
        { region: 'south', qty: 3 },
        { region: null, qty: 18 },
      ]);
      const pivot = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: rows.id, rollup: { rows: ['region'], columns: ['product'], values: [{ column: 'qty', fn: 'count', alias: 'n' }] } });
      expect(arrowRows(pivot.rawPayload).filter((row) => row.region === 'north')).toEqual([
        { region: 'north', product: 'a', n: 1 },
        { region: 'north', product: 'b', n: 1 },
        { region: 'north', product: null, n: 2 },
      ]);
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { queryTemplateId: rows.id, rollup: { rows: [], values: [] } }))).toEqual({
        status: 400,
        body: { message: 'Please specify rows or columns for rollup', details: 'rollup needs at least one of rows or columns', appStatusCode: 'BAD_REQUEST' },
      });
    });

    it('answers SQL text and data connections with the exact errors', async () => {
      // Queries on real connections: data-connections and connections.test.ts; an id naming no connection is 404.
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { query: 'SELECT 1', connectionId: 'conn-1' }))).toEqual({
        status: 404,
        body: { message: 'Data connection not found', details: 'No data connection with id conn-1', appStatusCode: 'NOT_FOUND' },
      });
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { query: 'SELECT 1' }))).toEqual({
        status: 400,
        body: { message: 'A query runs on a data connection', details: 'Send connectionId with query, or queryTemplateId (and datasetId) to run a query template', appStatusCode: 'BAD_REQUEST' },
      });
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, {})).body.message).toBe('Nothing to run');
      expect(errorOf(await call('GET', '/v1/data-queries/schema/conn-1', analyst)).body.appStatusCode).toBe('VALIDATION_FAILED');
      expect(errorOf(await call('GET', `/v1/data-queries/schema/${randomUUID()}/public/table`, analyst)).status).toBe(404);
      expect(errorOf(await h.app.inject({ url: '/v1/data-queries/schema/conn-1' })).status).toBe(401);
      expect(errorOf(await call('POST', '/v1/data-queries?format=csv', analyst, { queryTemplateId: totals.id })).status).toBe(406);
    });

    it('hides templates and datasets of other organizations, and needs data', async () => {
      expect(errorOf(await call('POST', '/v1/data-queries', outsider, { queryTemplateId: totals.id })).body.message).toBe('Query template not found');
      const theirs = await datasetWith(h, outsider, 'theirs', 'region,product,qty\nx,y,1\n');
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, datasetId: theirs })).body.message).toBe('Dataset not found');
      const empty = (await call('POST', '/v1/datasets', analyst, { name: 'empty' })).json().id;
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id, datasetId: empty })).body.message).toBe(`Dataset ${empty} has no data`);
      const needsData = await createTemplate('SELECT * FROM {{dataset}}', [], null);
      expect(errorOf(await call('POST', '/v1/data-queries', analyst, { queryTemplateId: needsData.id })).body).toEqual({
        message: 'Query template needs a dataset',
        details: 'Send datasetId, or set the datasetId of the template',
        appStatusCode: 'BAD_REQUEST',
      });
    });
  });

  describe('POST /v1/data-queries/json', () => {
    it('answers a page of rows with columns and the total (offset 0, limit 100 by default)', async () => {
      const rows = await createTemplate('SELECT region, product, qty FROM {{dataset}} ORDER BY qty');
      const all = (await call('POST', '/v1/data-queries/json', analyst, { queryTemplateId: rows.id })).json();
      expect(all).toEqual({
        executionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        columns: [
          { name: 'region', type: 'VARCHAR' },
          { name: 'product', type: 'VARCHAR' },
          { name: 'qty', type: 'BIGINT' },
        ],
        rows: [
          { region: 'south', product: 'c', qty: 1 },
          { region: 'south', product: 'a', qty: 2 },
          { region: 'north', product: 'a', qty: 3 },
          { region: 'north', product: 'b', qty: 5 },
          { region: 'east', product: 'b', qty: 7 },
        ],
        total: 5,
        offset: 0,
        limit: 100,
      });
      expect(await execution(all.executionId)).toMatchObject({ status: 'success', rowCount: 5, cacheMode: 'no-cache', kind: 'template' });
      const page = (await call('POST', '/v1/data-queries/json', analyst, { queryTemplateId: rows.id, offset: 1, limit: 2 })).json();
      expect(page).toMatchObject({ rows: [{ qty: 2 }, { qty: 3 }], total: 5, offset: 1, limit: 2 });
      expect(errorOf(await call('POST', '/v1/data-queries/json', analyst, { queryTemplateId: rows.id, limit: 10_001 })).status).toBe(400);
      expect(errorOf(await call('POST', '/v1/data-queries/json', analyst, { queryTemplateId: rows.id, offset: -1 })).status).toBe(400);
    });

    it('records failures and answers them with the execution id', async () => {
      const cast = await createTemplate('SELECT CAST({{s}} AS INTEGER) AS n', [{ name: 's', type: 'string' }], null);
      const response = await call('POST', '/v1/data-queries/json', analyst, { queryTemplateId: cast.id, parameters: { s: 'abc' } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: 'Query failed', appStatusCode: 'INVALID_INPUT' });
      expect(response.json().details).toContain('Conversion Error');
      const record = await execution(String(response.headers['x-query-execution-id']));
      expect(record).toMatchObject({ status: 'failure', rowCount: null, queryTemplateId: cast.id });
      expect(record.error).toBe(`Query failed: ${response.json().details}`);
    });
  });

  describe('executions', () => {
    it('POST /templates/{id} answers Arrow; /templates/{id}/executions answers the record', async () => {
      const arrow = await call('POST', `/v1/data-queries/templates/${totals.id}`, analyst, { parameters: { regions: ['east'] } });
      expect(arrow.statusCode).toBe(200);
      expect(arrowRows(arrow.rawPayload)).toEqual([{ region: 'east', qty: 7 }]);
      const created = await call('POST', `/v1/data-queries/templates/${totals.id}/executions`, analyst, { parameters: { regions: ['north'] }, cacheMode: 'no-cache' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ status: 'success', rowCount: 1, queryTemplateId: totals.id, parameters: { regions: ['north'] } });
      const cast = await createTemplate('SELECT CAST({{s}} AS INTEGER) AS n', [{ name: 's', type: 'string', default: 'x' }], null);
      const failed = await call('POST', `/v1/data-queries/templates/${cast.id}/executions`, analyst, {});
      expect(failed.statusCode).toBe(201);
      expect(failed.json()).toMatchObject({ status: 'failure', rowCount: null });
      expect(failed.json().error).toContain('Conversion Error');
      expect(errorOf(await call('POST', `/v1/data-queries/templates/${randomUUID()}/executions`, analyst, {})).status).toBe(404);
    });

    it('lists the caller\'s executions newest first with offset and limit; others see none of them', async () => {
      const list = (await call('GET', '/v1/data-queries?limit=2', analyst)).json();
      expect(list.items).toHaveLength(2);
      expect(list.total).toBeGreaterThan(2);
      expect(Date.parse(list.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list.items[1].createdAt));
      const next = (await call('GET', '/v1/data-queries?offset=1&limit=1', analyst)).json();
      expect(next.items[0].id).toBe(list.items[1].id);
      const theirs = (await call('GET', '/v1/data-queries', outsider)).json();
      expect(theirs.items.every((item: { ownerId: string }) => item.ownerId !== list.items[0].ownerId)).toBe(true);
      expect(errorOf(await call('GET', `/v1/data-queries/${list.items[0].id}`, outsider))).toEqual({
        status: 404,
        body: { message: 'Query execution not found', details: `No query execution with id ${list.items[0].id}`, appStatusCode: 'NOT_FOUND' },
      });
      expect(errorOf(await call('GET', `/v1/data-queries/${randomUUID()}/`, analyst)).status).toBe(404);
    });

    it('cancels a running template: the record ends cancelled', async () => {
      const slow = await createTemplate('SELECT count(*) AS n FROM range({{n}}) a, range({{n}}) b WHERE (a.range * 7 + b.range) % 13 = 5', [{ name: 'n', type: 'integer' }], null);
      const pending = call('POST', `/v1/data-queries/templates/${slow.id}/executions`, analyst, { parameters: { n: 400_000 }, cacheMode: 'no-cache' });
      const running = await eventually(
        async () => (await call('GET', '/v1/data-queries?limit=3', analyst)).json().items.find((item: { status: string; queryTemplateId: string }) => item.queryTemplateId === slow.id),
        (item) => item?.status === 'running',
      );
      // "running" is recorded just before the engine starts; give DuckDB time to be inside the query.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const cancelledAt = Date.now();
      const cancel = await call('POST', `/v1/data-queries/${running.id}/cancel`, analyst);
      expect(cancel.json()).toMatchObject({ id: running.id, status: 'cancelled' });
      const done = await pending;
      expect(Date.now() - cancelledAt).toBeLessThan(5_000);
      expect(done.statusCode).toBe(201);
      expect(done.json()).toMatchObject({ id: running.id, status: 'cancelled', error: 'Cancelled by the user', rowCount: null });
    });
  });

  describe('column-distinct', () => {
    it('answers the distinct values of a dataset column, sorted, limited', async () => {
      const response = await call('GET', `/v1/data-queries/column-distinct?datasetId=${sales}&column=region`, analyst);
      expect(response.json()).toEqual({ datasetId: sales, column: 'region', values: ['east', 'north', 'south'] });
      expect((await call('GET', `/v1/data-queries/column-distinct?datasetId=${sales}&column=qty&limit=2`, viewer)).json().values).toEqual([1, 2]);
    });

    it('checks the column against the dataset and the caller against the dataset', async () => {
      const injected = 'region" FROM users --';
      expect(errorOf(await call('GET', `/v1/data-queries/column-distinct?datasetId=${sales}&column=${encodeURIComponent(injected)}`, analyst))).toEqual({
        status: 422,
        body: { message: `Unknown column ${JSON.stringify(injected)}`, details: 'Columns: region, product, qty', appStatusCode: 'INVALID_INPUT' },
      });
      expect(errorOf(await call('GET', `/v1/data-queries/column-distinct?datasetId=${sales}&column=region`, outsider)).status).toBe(404);
      expect(errorOf(await call('GET', `/v1/data-queries/column-distinct?datasetId=${sales}`, analyst)).status).toBe(400);
      expect(errorOf(await call('GET', `/v1/data-queries/column-distinct?datasetId=${sales}&column=region&limit=0`, analyst)).status).toBe(400);
    });
  });

  describe('records', () => {
    it('finds executions run for a map, for readers of the map', async () => {
      const map = (await call('POST', '/v1/maps', analyst, { name: 'Query map' })).json();
      const run = await call('POST', `/v1/data-queries/templates/${totals.id}`, analyst, { mapId: map.id, parameters: { regions: ['south'] } });
      expect(run.statusCode).toBe(200);
      const id = String(run.headers['x-query-execution-id']);
      expect((await execution(id)).recordId).toBe(map.id);
      const later = await call('POST', `/v1/data-queries/templates/${totals.id}/executions`, analyst, { mapId: map.id });
      expect(later.statusCode).toBe(201);

      const byId = await call('GET', `/v1/maps/${map.id}/query-executions/${id}`, viewer);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({ id, recordId: map.id, status: 'success' });
      const latest = await call('GET', `/v1/maps/${map.id}/query-executions/templates/${totals.id}`, viewer);
      expect(latest.json().id).toBe(later.json().id);
      // The reader of the map also gets it through the data gateway with mapId, and not without.
      expect((await call('GET', `/v1/data-queries/${id}?mapId=${map.id}`, viewer)).json().id).toBe(id);
      expect(errorOf(await call('GET', `/v1/data-queries/${id}`, viewer)).status).toBe(404);

      expect(errorOf(await call('GET', `/v1/maps/${map.id}/query-executions/${id}`, outsider)).body.message).toBe('Map not found');
      const unrelated = String((await call('POST', '/v1/data-queries', analyst, { queryTemplateId: totals.id })).headers['x-query-execution-id']);
      expect(errorOf(await call('GET', `/v1/maps/${map.id}/query-executions/${unrelated}`, analyst)).body.message).toBe('Query execution not found');
      expect(errorOf(await call('GET', `/v1/insights/${map.id}/query-executions/${id}`, analyst)).body.message).toBe('Insight not found');
      const other = await createTemplate('SELECT 1 AS one', [], null);
      expect(errorOf(await call('GET', `/v1/maps/${map.id}/query-executions/templates/${other.id}`, analyst))).toEqual({
        status: 404,
        body: { message: 'Query execution not found', details: `No execution of template ${other.id} for map ${map.id}`, appStatusCode: 'NOT_FOUND' },
      });
    });

    it('serves dashboards and workbooks the same way, and checks the record given to a run', async () => {
      const dashboard = (await call('POST', '/v1/dashboards', analyst, { name: 'Board' })).json();
      const run = await call('POST', `/v1/data-queries/templates/${totals.id}/executions`, analyst, { insightId: dashboard.id });
      expect((await call('GET', `/v1/dashboards/${dashboard.id}/query-executions/${run.json().id}`, analyst)).statusCode).toBe(200);
      expect((await call('GET', `/v1/insights/${dashboard.id}/query-executions/templates/${totals.id}`, analyst)).json().id).toBe(run.json().id);
      const workbook = (await call('POST', '/v1/workbooks', analyst, { name: 'Book' })).json();
      const inBook = await call('POST', `/v1/data-queries/templates/${totals.id}/executions`, analyst, { workbookId: workbook.id });
      expect((await call('GET', `/v1/workbooks/${workbook.id}/query-executions/${inBook.json().id}`, analyst)).statusCode).toBe(200);

      const before = await h.count('query_executions');
      const theirs = (await call('POST', '/v1/maps', outsider, { name: 'Theirs' })).json();
      expect(errorOf(await call('POST', `/v1/data-queries/templates/${totals.id}`, analyst, { mapId: theirs.id })).body.message).toBe('Map not found');
      expect(errorOf(await call('POST', `/v1/data-queries/templates/${totals.id}`, analyst, { mapId: dashboard.id })).body.message).toBe('Map not found');
      expect(errorOf(await call('POST', `/v1/data-queries/templates/${totals.id}`, analyst, { mapId: theirs.id, insightId: dashboard.id })).body.message).toBe(
        'Give at most one of mapId, insightId and workbookId',
      );
      expect(await h.count('query_executions')).toBe(before);
    });
  });
});
