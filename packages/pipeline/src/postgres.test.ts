// Compiled postgres-dialect SQL executed on a real PostgreSQL, compared with hand-computed answers.
// Runs when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import { latLngToCell } from 'h3-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compile,
  databaseQuery,
  dataset,
  enrich,
  expr as e,
  filter,
  group,
  inlineData,
  join,
  limit,
  select,
  sort,
  tileExtract,
  tileJoin,
  type ColumnInfo,
  type CompileContext,
  type PipelineNode,
} from './index.js';
import { SQUARE } from './test-support/examples.js';

const url = process.env['TEST_DATABASE_URL'];
const EVIL = 'a"; DROP TABLE sales; --';
const SALES = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const REGIONS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const POP = '9b2e6f1c-7a3d-4e2b-8c1d-2f3e4a5b6c7d';
const INSIDE = latLngToCell(37.75, -122.35, 7);
const INSIDE2 = latLngToCell(37.72, -122.38, 7);
const OUTSIDE = latLngToCell(40, -100, 7);

describe.skipIf(!url)('compiled SQL on PostgreSQL', () => {
  const schema = `pipeline_test_${randomBytes(4).toString('hex')}`;
  const q = (name: string) => `"${schema}"."${name}"`;
  let client: pg.Client;

  const COLUMNS: Record<string, { table: string; columns: ColumnInfo[] }> = {
    [SALES]: {
      table: 'sales',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'region', type: 'string' },
        { name: 'name', type: 'string' },
        { name: 'amount', type: 'number' },
        { name: 'qty', type: 'integer' },
        { name: 'sold_at', type: 'timestamp' },
        { name: 'active', type: 'boolean' },
        { name: EVIL, type: 'integer' },
      ],
    },
    [REGIONS]: {
      table: 'regions',
      columns: [
        { name: 'code', type: 'string' },
        { name: 'name', type: 'string' },
      ],
    },
    [POP]: {
      table: 'pop',
      columns: [
        { name: 'h3', type: 'h3' },
        { name: 'pop', type: 'integer' },
        { name: 'time', type: 'timestamp' },
      ],
    },
  };

  const context = (extra: Partial<CompileContext> = {}): CompileContext => ({
    dialect: 'postgres',
    resolveDataset: (uuid) => ({ relation: q(COLUMNS[uuid]!.table), columns: COLUMNS[uuid]!.columns }),
    ...extra,
  });

  async function run(node: PipelineNode, ctx = context()): Promise<Record<string, unknown>[]> {
    const compiled = await compile(node, ctx);
    const result = await client.query(compiled.sql, compiled.params as unknown[]);
    expect(result.fields.map((field) => field.name)).toEqual(compiled.columns.map((column) => column.name));
    return result.rows;
  }
  const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row['id']);
  const byId = (node: PipelineNode) => sort(node, [e.asc(e.col('id'))]);

  beforeAll(async () => {
    const numeric = (value: string | null) => (value === null ? null : Number(value));
    client = new pg.Client({
      connectionString: url,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20 || oid === 1700 ? numeric : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(
      `CREATE TABLE ${q('sales')} (id integer, region text, name text, amount double precision, qty integer, sold_at timestamp, active boolean, "a""; DROP TABLE sales; --" integer)`,
    );
    await client.query(`INSERT INTO ${q('sales')} VALUES
      (1, 'north', 'apple', 10.5, 2, '2024-01-15 10:30', true, 10),
      (2, 'south', 'pear', 20, 5, '2024-01-20 08:00', false, 20),
      (3, 'north', 'plum', 30, 1, '2024-02-03 12:00', true, 30),
      (4, 'east', 'fig', 5.25, 10, '2024-02-28 23:59', true, 40),
      (5, 'south', 'kiwi', 40, 3, '2024-03-01 00:00', true, 50),
      (6, NULL, 'lime', 7, NULL, NULL, NULL, 60)`);
    await client.query(`CREATE TABLE ${q('regions')} (code text, name text)`);
    await client.query(`INSERT INTO ${q('regions')} VALUES ('north', 'North'), ('south', 'South'), ('west', 'West')`);
    await client.query(`CREATE TABLE ${q('pop')} (h3 text, pop integer, time timestamp)`);
    await client.query(`INSERT INTO ${q('pop')} VALUES ($1, 100, '2024-05-01 03:00'), ($1, 150, '2024-05-02 03:00'), ($2, 7, '2024-05-01 00:00')`, [
      INSIDE,
      OUTSIDE,
    ]);
  });

  afterAll(async () => {
    if (!client) return;
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('filter with comparison, boolean logic and a sort', async () => {
    expect(ids(await run(byId(filter(dataset(SALES), e.and(e.gt(e.col('amount'), e.lit(10)), e.col('active'))))))).toEqual([1, 3, 5]);
  });

  it('IN, IS NULL, NOT and timestamp literals', async () => {
    expect(ids(await run(byId(filter(dataset(SALES), e.in(e.col('region'), ['north', 'east'])))))).toEqual([1, 3, 4]);
    expect(ids(await run(byId(filter(dataset(SALES), e.isNull(e.col('region'))))))).toEqual([6]);
    expect(ids(await run(byId(filter(dataset(SALES), e.not(e.col('active'))))))).toEqual([2]);
    expect(ids(await run(byId(filter(dataset(SALES), e.ge(e.col('sold_at'), e.lit('2024-02-01'))))))).toEqual([3, 4, 5]);
  });

  it('select with arithmetic, float division, modulo and division by zero', async () => {
    const node = select(byId(filter(dataset(SALES), e.le(e.col('id'), e.lit(2)))), [
      { expression: e.col('id') },
      e.as(e.mul(e.col('amount'), e.lit(2)), 'double'),
      e.as(e.div(e.col('qty'), e.lit(4)), 'quarter'),
      e.as(e.mod(e.col('qty'), e.lit(3)), 'rest'),
      e.as(e.div(e.col('amount'), e.sub(e.col('qty'), e.col('qty'))), 'zero'),
      e.as(e.lit('const'), 'label'),
    ]);
    expect(await run(node)).toEqual([
      { id: 1, double: 21, quarter: 0.5, rest: 2, zero: null, label: 'const' },
      { id: 2, double: 40, quarter: 1.25, rest: 2, zero: null, label: 'const' },
    ]);
  });

  it('group with every aggregation', async () => {
    const node = sort(
      group(dataset(SALES), {
        by: [{ expression: e.col('region') }],
        expressions: [
          e.as(e.sum(e.col('qty')), 'qty'),
          e.as(e.count(), 'rows'),
          e.as(e.count(e.col('qty')), 'with_qty'),
          e.as(e.mean(e.col('amount')), 'mean'),
          e.as(e.median(e.col('amount')), 'median'),
          e.as(e.min(e.col('amount')), 'min'),
          e.as(e.max(e.col('name')), 'last_name'),
          e.as(e.mode(e.col('active')), 'usual'),
        ],
      }),
      [e.asc(e.col('region'))],
    );
    expect(await run(node)).toEqual([
      { region: 'east', qty: 10, rows: 1, with_qty: 1, mean: 5.25, median: 5.25, min: 5.25, last_name: 'fig', usual: true },
      { region: 'north', qty: 3, rows: 2, with_qty: 2, mean: 20.25, median: 20.25, min: 10.5, last_name: 'plum', usual: true },
      { region: 'south', qty: 8, rows: 2, with_qty: 2, mean: 30, median: 30, min: 20, last_name: 'pear', usual: false },
      { region: null, qty: null, rows: 1, with_qty: 0, mean: 7, median: 7, min: 7, last_name: 'lime', usual: null },
    ]);
  });

  it('group by a time truncation, and a whole-table aggregate', async () => {
    const months = sort(
      group(dataset(SALES), { by: [e.as(e.timeTrunc('M', e.col('sold_at')), 'month')], expressions: [e.as(e.count(), 'n'), e.as(e.sum(e.col('amount')), 'total')] }),
      [e.asc(e.col('month'))],
    );
    expect(await run(months)).toEqual([
      { month: new Date(2024, 0, 1), n: 2, total: 30.5 },
      { month: new Date(2024, 1, 1), n: 2, total: 35.25 },
      { month: new Date(2024, 2, 1), n: 1, total: 40 },
      { month: null, n: 1, total: 7 },
    ]);
    const whole = select(dataset(SALES), [e.as(e.sum(e.col('qty')), 'qty'), e.as(e.div(e.sum(e.col('amount')), e.count()), 'avg')]);
    expect(await run(whole)).toEqual([{ qty: 21, avg: 112.75 / 6 }]);
  });

  it('group keys with literals reuse one parameter', async () => {
    const node = sort(group(dataset(SALES), { by: [e.as(e.mod(e.col('id'), e.lit(2)), 'odd')], expressions: [e.as(e.count(), 'n')] }), [e.asc(e.col('odd'))]);
    expect(await run(node)).toEqual([
      { odd: 0, n: 3 },
      { odd: 1, n: 3 },
    ]);
  });

  it('sort then limit with offset keeps the order', async () => {
    const node = limit(sort(dataset(SALES), [e.desc(e.col('amount'))]), 2, 1);
    expect(ids(await run(node))).toEqual([3, 2]);
    const nullsLast = sort(dataset(SALES), [e.desc(e.col('qty')), e.asc(e.col('id'))]);
    expect(ids(await run(nullsLast))).toEqual([4, 2, 5, 1, 3, 6]);
  });

  it('left, inner and full joins, with colliding names renamed', async () => {
    const left = await run(byId(join(dataset(SALES), dataset(REGIONS), [['region', 'code']], 'LEFT')));
    expect(left.map((row) => [row['id'], row['name'], row['name_right']])).toEqual([
      [1, 'apple', 'North'],
      [2, 'pear', 'South'],
      [3, 'plum', 'North'],
      [4, 'fig', null],
      [5, 'kiwi', 'South'],
      [6, 'lime', null],
    ]);
    expect(ids(await run(byId(join(dataset(SALES), dataset(REGIONS), [['region', 'code']], 'INNER'))))).toEqual([1, 2, 3, 5]);
    const full = await run(byId(join(dataset(SALES), dataset(REGIONS), [['region', 'code']], 'FULL')));
    expect(full.map((row) => row['id'])).toEqual([1, 2, 3, 4, 5, 6, null]);
    expect(full[6]).toMatchObject({ code: 'west', name_right: 'West' });
  });

  it('inline CSV joined to a table', async () => {
    const csv = inlineData('CSV', 'code,label,weight\nnorth,N,1.5\neast,"E, the east",2\n');
    const rows = await run(byId(join(dataset(SALES), csv, [['region', 'code']])));
    expect(rows.map((row) => [row['id'], row['label'], row['weight']])).toEqual([
      [1, 'N', 1.5],
      [3, 'N', 1.5],
      [4, 'E, the east', 2],
    ]);
  });

  it('inline JSON objects grouped', async () => {
    const data = inlineData('JSON_OBJECT', [
      { k: 'a', v: 1, ok: true },
      { k: 'b', v: 2, ok: false },
      { k: 'a', v: 3 },
    ]);
    const node = sort(group(data, { by: [{ expression: e.col('k') }], expressions: [e.as(e.sum(e.col('v')), 's'), e.as(e.count(e.col('ok')), 'known')] }), [
      e.asc(e.col('k')),
    ]);
    expect(await run(node)).toEqual([
      { k: 'a', s: 4, known: 1 },
      { k: 'b', s: 2, known: 1 },
    ]);
  });

  it('injection attempts in names and values run as plain data', async () => {
    const node = byId(
      select(filter(dataset(SALES), e.or(e.eq(e.col('region'), e.lit("north'; DROP TABLE sales; --")), e.gt(e.col(EVIL), e.lit(40)))), [
        { expression: e.col('id') },
        { expression: e.col(EVIL) },
        e.as(e.lit(EVIL), `${EVIL} label`),
      ]),
    );
    expect(await run(node)).toEqual([
      { id: 5, [EVIL]: 50, [`${EVIL} label`]: EVIL },
      { id: 6, [EVIL]: 60, [`${EVIL} label`]: EVIL },
    ]);
    const count = await client.query(`SELECT count(*)::int AS n FROM ${q('sales')}`);
    expect(count.rows[0].n).toBe(6);
  });

  it('databaseQuery inlined with its own parameters first', async () => {
    const ctx = context({
      describeDatabaseQuery: () => [
        { name: 'id', type: 'integer' },
        { name: 'amount', type: 'number' },
      ],
    });
    const query = databaseQuery('conn-1', `SELECT id, amount FROM ${q('sales')} WHERE qty > $1 -- warehouse query`, [2]);
    const compiled = await compile(byId(filter(query, e.lt(e.col('amount'), e.lit(30)))), ctx);
    expect(compiled.connectionId).toBe('conn-1');
    const rows = (await client.query(compiled.sql, compiled.params as unknown[])).rows;
    expect(rows).toEqual([
      { id: 2, amount: 20 },
      { id: 4, amount: 5.25 },
    ]);
  });

  it('enrich H3 on a cell column, matching on truncated time', async () => {
    const input = inlineData('CSV', `cell,at\n${INSIDE},2024-05-01 12:00\n${INSIDE},2024-05-02 01:00\n${INSIDE2},2024-05-01 12:00\n`);
    // Without timeColumn every source row of the cell matches.
    const rows = await run(sort(enrich(input, { source: POP, sourceColumn: 'pop', targetType: 'H3', column: 'cell' }), [e.asc(e.col('at')), e.asc(e.col('pop'))]));
    expect(rows.map((row) => [row['cell'], row['pop']])).toEqual([
      [INSIDE, 100],
      [INSIDE, 150],
      [INSIDE2, null],
      [INSIDE, 100],
      [INSIDE, 150],
    ]);
    const timed = select(dataset(POP), [e.as(e.col('h3'), 'cell'), e.as(e.col('time'), 'at'), e.as(e.col('pop'), 'own')]);
    const matched = await run(
      sort(enrich(timed, { source: POP, sourceColumn: 'pop', targetType: 'H3', column: 'cell', timeColumn: 'at', timeInterval: 'D' }), [e.asc(e.col('own'))]),
    );
    expect(matched.map((row) => [row['own'], row['pop']])).toEqual([
      [7, 7],
      [100, 100],
      [150, 150],
    ]);
  });

  it('tileExtract keeps the cells inside the feature; tileJoin full-joins on h3', async () => {
    const cells = inlineData('JSON_OBJECT', [
      { h3: INSIDE, v: 1 },
      { h3: OUTSIDE, v: 2 },
      { h3: INSIDE2, v: 3 },
    ]);
    const extracted = await run(sort(tileExtract(cells, { type: 'Feature', properties: {}, geometry: SQUARE }, 7), [e.asc(e.col('v'))]));
    expect(extracted).toEqual([
      { h3: INSIDE, v: 1 },
      { h3: INSIDE2, v: 3 },
    ]);
    const capped = await run(tileExtract(cells, { type: 'Feature', properties: {}, geometry: SQUARE }, 7, 1));
    expect(capped).toHaveLength(1);

    const a = inlineData('JSON_OBJECT', [
      { h3: INSIDE, v: 1 },
      { h3: INSIDE2, v: 2 },
    ]);
    const b = inlineData('JSON_OBJECT', [
      { h3: INSIDE2, v: 20 },
      { h3: OUTSIDE, v: 30 },
    ]);
    const joined = await run(sort(tileJoin([a, b]), [e.asc(e.col('h3'))]));
    const expected = [
      { h3: INSIDE, v: 1, v_1: null },
      { h3: INSIDE2, v: 2, v_1: 20 },
      { h3: OUTSIDE, v: null, v_1: 30 },
    ].sort((x, y) => (x.h3 < y.h3 ? -1 : 1));
    expect(joined).toEqual(expected);
  });
});
