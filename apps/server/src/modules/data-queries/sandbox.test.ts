import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowRows, datasetWith, errorOf, type Headers } from '../query/test-support/helpers.js';

// Issue 14, item 1: a template run over a dataset reads that dataset by name and nothing else, writes nothing, and
// no setting, function, catalog view, virtual column or error tells where the data lives.

const SALES = 'region,product,qty\nnorth,a,3\nnorth,b,5\nsouth,a,2\n';
const ORIGINAL = [
  { region: 'north', product: 'a', qty: 3 },
  { region: 'north', product: 'b', qty: 5 },
  { region: 'south', product: 'a', qty: 2 },
];

describe.each(testStores())('the template sandbox on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers;
  let stranger: Headers;
  let limited: Headers;
  let sales = '';
  let file = '';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) => h.app.inject({ method, url, headers, payload: payload as object });
  /** Creates the caller's own template (no dataset of its own) and runs it over the shared dataset. */
  const run = async (headers: Headers, template: string, url = '/v1/data-queries') => {
    const created = await call('POST', '/v1/data-queries/templates', headers, { name: 'Attempt', template });
    expect(created.statusCode, created.body).toBe(201);
    return call('POST', url, headers, { queryTemplateId: created.json().id, datasetId: sales, cacheMode: 'no-cache' });
  };
  const rowsOf = async (headers: Headers, template: string) => {
    const response = await run(headers, template);
    expect(response.statusCode, response.body).toBe(200);
    return arrowRows(response.rawPayload);
  };
  const fileHash = () => createHash('sha256').update(readFileSync(file)).digest('hex');
  const serverPaths = () => [h.dataDir, os.tmpdir(), os.homedir(), process.cwd()];
  const expectNoPath = (text: string) => {
    for (const dir of serverPaths()) expect(text).not.toContain(dir);
  };

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    sales = await datasetWith(h, analyst, 'sandbox sales', SALES);
    await h.db.query("UPDATE datasets SET visibility = 'public_read' WHERE id = $1", [sales]);
    file = (await h.engine.datasetData(sales))!.parquetFiles[0]!;
    // A maker of a brand-new organization (as after sign-up) reads it as public_read; a limited-viewer of another one by a grant.
    stranger = await h.auth((await addUser(h.db, { email: 'stranger@sandbox.test', organization: 'Sandbox Newcomer' })).email);
    const viewer = await addUser(h.db, { email: 'limited@sandbox.test', organization: 'Sandbox Other' });
    await h.db.query('INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, $4, $5, $6)', [
      randomUUID(),
      'dataset',
      sales,
      'user',
      viewer.id,
      'limited-viewer',
    ]);
    limited = await h.auth(viewer.email);
  });

  describe.each([
    ['a fresh maker of another organization (public_read)', () => stranger],
    ['a limited-viewer of another organization', () => limited],
  ])('%s', (_name, caller) => {
    it('reads the dataset but cannot overwrite its file', async () => {
      expect(await rowsOf(caller(), 'SELECT region, product, CAST(qty AS INTEGER) AS qty FROM {{dataset}} ORDER BY region, product')).toEqual(ORIGINAL);
      const before = fileHash();
      for (const url of ['/v1/data-queries', '/v1/data-queries/json']) {
        const copy = await run(caller(), `COPY (SELECT 'gone' AS region, 'x' AS product, 0 AS qty) TO '${file}' (FORMAT parquet, USE_TMP_FILE false)`, url);
        expect(errorOf(copy)).toMatchObject({ status: 400, body: { message: 'Could not parse query template', appStatusCode: 'BAD_REQUEST' } });
        expectNoPath(copy.body);
      }
      expect(fileHash()).toBe(before);
      const data = await call('GET', `/v1/datasets/${sales}/data?format=arrow`, analyst);
      expect(arrowRows(data.rawPayload).map((row) => ({ ...row, qty: Number(row.qty) }))).toEqual(ORIGINAL);
    });
  });

  it.each([
    ["SELECT current_setting('allowed_paths') AS p", 'current_setting'],
    ["SELECT getvariable('x') AS v", 'getvariable'],
    ['SELECT pg_catalog.pg_get_viewdef(0) AS v', 'pg_get_viewdef'],
    ['SELECT * FROM duckdb_settings()', 'duckdb_settings'],
    ['SELECT sql FROM duckdb_views()', 'duckdb_views'],
    ['SELECT sql FROM duckdb_views', 'duckdb_views'],
    ['SELECT * FROM information_schema.tables', 'information_schema.tables'],
    ['SELECT * FROM main.dataset', 'main.dataset'],
    ["SELECT * FROM read_parquet('FILE')", 'read_parquet'],
    ["SELECT * FROM 'FILE'", 'FILE'],
    ["SELECT * FROM glob('*')", 'glob'],
    ["SELECT * FROM read_text('/etc/hostname')", 'read_text'],
    ["SELECT * FROM query('SELECT 1')", 'query'],
    ["SELECT * FROM query_table('dataset')", 'query_table'],
    ['SELECT * FROM (WITH duckdb_settings AS (SELECT 1) SELECT * FROM duckdb_settings) AS inner_one, duckdb_settings', 'duckdb_settings'],
    ['WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a', 'b'],
    ['SUMMARIZE SELECT 1', 'SUMMARIZE'],
    ["ATTACH ':memory:' AS other", 'SELECT'],
    ['SET threads = 1', 'SELECT'],
    ['INSTALL spatial', 'SELECT'],
    ['LOAD spatial', 'SELECT'],
    ['PRAGMA version', 'SELECT'],
    ['CALL pragma_version()', 'SELECT'],
    ["EXPORT DATABASE 'FILE'", 'SELECT'],
    ['CREATE TABLE t AS SELECT 1 AS n', 'SELECT'],
  ])('refuses %s', async (template, named) => {
    const response = await run(stranger, template.replaceAll('FILE', file));
    expect(errorOf(response)).toMatchObject({ status: 400, body: { message: 'Could not parse query template', appStatusCode: 'BAD_REQUEST' } });
    expect(response.json().details).toContain(named.replaceAll('FILE', '<server path>'));
    expectNoPath(response.body);
  });

  it('exposes only the declared columns: no filename virtual column', async () => {
    const response = await run(stranger, 'SELECT filename FROM {{dataset}}');
    expect(errorOf(response)).toMatchObject({ status: 422, body: { message: 'Query failed' } });
    expectNoPath(response.body);
    expect(Object.keys((await rowsOf(stranger, 'SELECT * FROM {{dataset}} LIMIT 1'))[0]!)).toEqual(['region', 'product', 'qty']);
  });

  it('still runs CTEs, self-joins, aggregates, generators and recursive CTEs', async () => {
    expect(
      await rowsOf(
        stranger,
        'WITH t AS (SELECT region, qty FROM {{dataset}}), u AS (SELECT region FROM t) SELECT a.region, CAST(sum(b.qty) AS INTEGER) AS qty FROM {{dataset}} a JOIN t b ON a.region = b.region WHERE a.region IN (SELECT region FROM u) GROUP BY a.region ORDER BY a.region',
      ),
    ).toEqual([
      { region: 'north', qty: 16 },
      { region: 'south', qty: 2 },
    ]);
    expect(await rowsOf(stranger, 'SELECT CAST(range AS INTEGER) AS n FROM range(3) ORDER BY n')).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(await rowsOf(stranger, 'SELECT CAST(generate_series AS INTEGER) AS n FROM generate_series(1, 2)')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await rowsOf(stranger, 'SELECT CAST(x AS INTEGER) AS x FROM unnest([7]) AS t(x)')).toEqual([{ x: 7 }]);
    expect(await rowsOf(stranger, 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT CAST(max(n) AS INTEGER) AS n FROM r')).toEqual([{ n: 3 }]);
    const page = await run(stranger, 'SELECT region FROM {{dataset}} ORDER BY region', '/v1/data-queries/json');
    expect(page.json()).toMatchObject({ rows: [{ region: 'north' }, { region: 'north' }, { region: 'south' }], total: 3 });
  });

  it('answers no server path: a failed upload, a DuckDB error', async () => {
    const broken = await datasetWith(h, analyst, 'broken', SALES);
    const upload = await call('PUT', `/v1/datasets/${broken}/data?format=parquet`, analyst, 'not a parquet file');
    const stored = (await call('GET', `/v1/datasets/${broken}`, analyst)).json();
    expect(stored.errorMessage).toMatch(/^Not a valid Parquet file/);
    expectNoPath(upload.body);
    expectNoPath(stored.errorMessage);
    const gone = await datasetWith(h, analyst, 'gone', SALES);
    rmSync((await h.engine.datasetData(gone))!.parquetFiles[0]!);
    const created = await call('POST', '/v1/data-queries/templates', analyst, { name: 'Gone', template: 'SELECT * FROM {{dataset}}', datasetId: gone });
    const missing = await call('POST', '/v1/data-queries/json', analyst, { queryTemplateId: created.json().id });
    expect(errorOf(missing)).toMatchObject({ status: 422, body: { message: 'Query failed' } });
    expect(missing.json().details).toContain('<server path>');
    expectNoPath(missing.body);
    const engineError = await h.engine.queryRows(`SELECT * FROM read_parquet('${file}.missing')`, []).catch((error: unknown) => error as { details: string });
    expect(JSON.stringify(engineError)).toContain('<server path>');
    expectNoPath(JSON.stringify(engineError));
  });

  it('reads every file of data that rows were appended to (a version of several files), and only those', async () => {
    const appended = await datasetWith(h, analyst, 'sandbox appended', SALES);
    const data = (await h.engine.datasetData(appended))!;
    const extended = await h.engine.materialize(appended, `SELECT * FROM ${data.relation} WHERE region = 'south'`, { extend: appended });
    expect(extended.parquetFiles).toHaveLength(2);
    const created = await call('POST', '/v1/data-queries/templates', analyst, { name: 'Count', template: 'SELECT region, CAST(COUNT(*) AS INTEGER) AS n FROM {{dataset}} GROUP BY region ORDER BY region' });
    const counted = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: created.json().id, datasetId: appended, cacheMode: 'no-cache' });
    expect(counted.statusCode, counted.body).toBe(200);
    const south = ORIGINAL.filter((row) => row.region === 'south').length;
    expect(arrowRows(counted.rawPayload)).toEqual([{ region: 'north', n: ORIGINAL.length - south }, { region: 'south', n: 2 * south }]);
    const other = await call('POST', '/v1/data-queries/templates', analyst, { name: 'Other file', template: `SELECT * FROM read_parquet('${file}')` });
    const refused = await call('POST', '/v1/data-queries', analyst, { queryTemplateId: other.json().id, datasetId: appended, cacheMode: 'no-cache' });
    expect(refused.statusCode).toBe(400);
    expectNoPath(refused.body);
  });
});
