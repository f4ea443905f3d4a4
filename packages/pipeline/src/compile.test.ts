// Compilation: whole pipelines against hand-written SQL and params, per-node behaviour, engine hooks and 422s.
import { Messages } from '@atlas/domain';
import { polygonToCells } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  compile,
  databaseQuery,
  dataset,
  deserialize,
  enrich,
  expr as e,
  filter,
  group,
  hexify,
  hexTile,
  inlineData,
  join,
  limit,
  PipelineError,
  select,
  sort,
  tileExtract,
  tileJoin,
  tileQuantiles,
  type ColumnInfo,
  type CompileContext,
  type ResolvedRelation,
} from './index.js';
import { SQUARE } from './test-support/examples.js';

const SALES = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const REGIONS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const POP = '9b2e6f1c-7a3d-4e2b-8c1d-2f3e4a5b6c7d';
const TILES = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const TILE = '85283083fffffff';

const TABLES: Record<string, ResolvedRelation> = {
  [SALES]: {
    relation: '"shop"."sales"',
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'region', type: 'string' },
      { name: 'amount', type: 'number' },
      { name: 'sold_at', type: 'timestamp' },
      { name: 'lat', type: 'number' },
      { name: 'lng', type: 'number' },
      { name: 'name', type: 'string' },
    ],
  },
  [REGIONS]: {
    relation: '"shop"."regions"',
    columns: [
      { name: 'code', type: 'string' },
      { name: 'name', type: 'string' },
    ],
  },
  [POP]: {
    relation: "read_parquet('/data/pop.parquet')",
    columns: [
      { name: 'h3', type: 'h3' },
      { name: 'pop', type: 'integer' },
      { name: 'time', type: 'timestamp' },
    ],
  },
  [TILES]: {
    relation: "read_parquet('/data/tiles.parquet')",
    columns: [
      { name: 'h3', type: 'h3' },
      { name: 'time', type: 'timestamp' },
      { name: 'visits', type: 'integer' },
      { name: 'label', type: 'string' },
    ],
  },
};

function context(dialect: 'duckdb' | 'postgres' = 'duckdb', extra: Partial<CompileContext> = {}): CompileContext & { resolved: string[] } {
  const resolved: string[] = [];
  return {
    dialect,
    resolved,
    resolveDataset(uuid) {
      resolved.push(uuid);
      const table = TABLES[uuid];
      if (!table) throw new Error(`no dataset ${uuid}`);
      return Promise.resolve(table);
    },
    ...extra,
  };
}

async function rejection(promise: Promise<unknown>): Promise<PipelineError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PipelineError) return error;
    throw error;
  }
  throw new Error('expected a PipelineError');
}

const SALES_CTE = 'WITH "n0" AS (SELECT t."id", t."region", t."amount", t."sold_at", t."lat", t."lng", t."name" FROM "shop"."sales" AS t)';

describe('whole pipelines', () => {
  it('filter → group → sort → limit (postgres)', async () => {
    const pipeline = limit(
      sort(
        group(filter(dataset(SALES), e.and(e.gt(e.col('amount'), e.lit(10)), e.ne(e.col('region'), e.lit('north')))), {
          by: [{ expression: e.col('region') }, e.as(e.timeTrunc('MONTH', e.col('sold_at')), 'month')],
          expressions: [e.as(e.sum(e.col('amount')), 'total'), e.as(e.count(), 'n'), e.as(e.median(e.col('amount')), 'med')],
        }),
        [e.desc(e.col('total')), e.asc(e.col('region'))],
      ),
      5,
      10,
    );
    const compiled = await compile(pipeline, context('postgres'));
    expect(compiled.sql).toBe(
      `${SALES_CTE}, ` +
        '"n1" AS (SELECT * FROM "n0" AS t WHERE ((t."amount" > CAST($1 AS BIGINT)) AND (t."region" <> CAST($2 AS VARCHAR)))), ' +
        '"n2" AS (SELECT t."region" AS "region", date_trunc(\'month\', CAST(t."sold_at" AS TIMESTAMP)) AS "month", sum(t."amount") AS "total", ' +
        'count(*) AS "n", percentile_cont(0.5) WITHIN GROUP (ORDER BY t."amount") AS "med" FROM "n1" AS t GROUP BY 1, 2), ' +
        '"n3" AS (SELECT * FROM "n2" AS t ORDER BY t."total" DESC NULLS LAST, t."region" ASC NULLS LAST) ' +
        'SELECT * FROM "n3" AS t ORDER BY t."total" DESC NULLS LAST, t."region" ASC NULLS LAST LIMIT $3 OFFSET $4',
    );
    expect(compiled.params).toEqual([10, 'north', 5, 10]);
    expect(compiled.columns).toEqual([
      { name: 'region', type: 'string' },
      { name: 'month', type: 'timestamp' },
      { name: 'total', type: 'number' },
      { name: 'n', type: 'integer' },
      { name: 'med', type: 'number' },
    ]);
    expect(compiled.connectionId).toBeUndefined();
  });

  it('join with renamed collisions → select (duckdb)', async () => {
    const pipeline = select(join(dataset(SALES), dataset(REGIONS), [['region', 'code']], 'LEFT'), [
      { expression: e.col('id') },
      e.as(e.col('name_right'), 'region_name'),
      e.as(e.div(e.col('amount'), e.lit(100)), 'hundreds'),
    ]);
    const compiled = await compile(pipeline, context());
    expect(compiled.sql).toBe(
      `${SALES_CTE}, "n1" AS (SELECT t."code", t."name" FROM "shop"."regions" AS t), ` +
        '"n2" AS (SELECT l."id" AS "id", l."region" AS "region", l."amount" AS "amount", l."sold_at" AS "sold_at", l."lat" AS "lat", l."lng" AS "lng", ' +
        'l."name" AS "name", r."code" AS "code", r."name" AS "name_right" FROM "n0" AS l LEFT JOIN "n1" AS r ON l."region" = r."code") ' +
        'SELECT t."id" AS "id", t."name_right" AS "region_name", (t."amount" / NULLIF(CAST($1 AS BIGINT), 0)) AS "hundreds" FROM "n2" AS t',
    );
    expect(compiled.params).toEqual([100]);
    expect(compiled.columns.map((column) => column.name)).toEqual(['id', 'region_name', 'hundreds']);
  });

  it('inline JSON objects → filter (duckdb)', async () => {
    const rows = [
      { city: 'Paris', pop: 2.1, big: true },
      { city: 'Lyon', pop: 0.5, big: false, code: 69 },
    ];
    const compiled = await compile(filter(inlineData('JSON_OBJECT', rows), e.col('big')), context());
    expect(compiled.sql).toBe(
      'WITH "n0" AS (SELECT * FROM (VALUES ' +
        '(CAST($1 AS VARCHAR), CAST($2 AS DOUBLE), CAST($3 AS BOOLEAN), CAST($4 AS BIGINT)), ' +
        '(CAST($5 AS VARCHAR), CAST($6 AS DOUBLE), CAST($7 AS BOOLEAN), CAST($8 AS BIGINT))) AS t("city", "pop", "big", "code")) ' +
        'SELECT * FROM "n0" AS t WHERE t."big"',
    );
    expect(compiled.params).toEqual(['Paris', 2.1, true, null, 'Lyon', 0.5, false, 69]);
    expect(compiled.columns).toEqual([
      { name: 'city', type: 'string' },
      { name: 'pop', type: 'number' },
      { name: 'big', type: 'boolean' },
      { name: 'code', type: 'integer' },
    ]);
  });

  it('inline CSV: header, inferred types, quoted fields, empty fields as null', async () => {
    const csv = 'name,count,ratio,flag,note\r\n"Smith, J",3,0.5,true,""\r\nDoe,,1e3,false,plain\r\n';
    const compiled = await compile(inlineData('CSV', csv), context('postgres'));
    expect(compiled.sql).toBe(
      'SELECT * FROM (VALUES (CAST($1 AS VARCHAR), CAST($2 AS BIGINT), CAST($3 AS DOUBLE PRECISION), CAST($4 AS BOOLEAN), CAST($5 AS VARCHAR)), ' +
        '(CAST($6 AS VARCHAR), CAST($7 AS BIGINT), CAST($8 AS DOUBLE PRECISION), CAST($9 AS BOOLEAN), CAST($10 AS VARCHAR))) ' +
        'AS t("name", "count", "ratio", "flag", "note")',
    );
    expect(compiled.params).toEqual(['Smith, J', 3, 0.5, true, '', 'Doe', null, 1000, false, 'plain']);
    expect(compiled.columns.map((column) => column.type)).toEqual(['string', 'integer', 'number', 'boolean', 'string']);
  });

  it('mixed JSON values become text; an all-null column is text', async () => {
    const compiled = await compile(inlineData('JSON_OBJECT', [{ a: 1, b: null }, { a: 'two', b: null }]), context());
    expect(compiled.params).toEqual(['1', null, 'two', null]);
    expect(compiled.columns).toEqual([
      { name: 'a', type: 'string' },
      { name: 'b', type: 'string' },
    ]);
  });

  it('shares one CTE between identical sub-pipelines and resolves each dataset once', async () => {
    const ctx = context();
    const left = filter(dataset(SALES), e.gt(e.col('amount'), e.lit(1)));
    const right = filter(dataset(SALES), e.gt(e.col('amount'), e.lit(1)));
    const compiled = await compile(join(left, right, [['id', 'id']]), ctx);
    expect(compiled.sql.match(/ AS \(/g)).toHaveLength(2);
    expect(compiled.sql).toContain('FROM "n1" AS l INNER JOIN "n1" AS r ON l."id" = r."id"');
    expect(compiled.params).toEqual([1]);
    expect(ctx.resolved).toEqual([SALES]);
    expect(compiled.columns.map((column) => column.name)).toContain('amount_right');
  });

  it('full joins and joins on multiple pairs', async () => {
    const compiled = await compile(join(dataset(SALES), dataset(REGIONS), [['region', 'code'], ['name', 'name']], 'FULL'), context());
    expect(compiled.sql).toContain('FROM "n0" AS l FULL OUTER JOIN "n1" AS r ON l."region" = r."code" AND l."name" = r."name"');
  });

  it('accepts the JSON form directly', async () => {
    const json = { type: 'limit', props: { length: 3 }, inputs: [{ type: 'dataset', props: { uuid: SALES } }] };
    const compiled = await compile(json as never, context());
    expect(compiled.sql).toBe(`${SALES_CTE} SELECT * FROM "n0" AS t LIMIT $1`);
    expect(compiled.params).toEqual([3]);
  });

  it('carries a sort through filter and select, not through group', async () => {
    const sorted = sort(dataset(SALES), [e.desc(e.col('amount'))]);
    const viaFilter = await compile(filter(sorted, e.gt(e.col('id'), e.lit(0))), context());
    expect(viaFilter.sql.endsWith('WHERE (t."id" > CAST($1 AS BIGINT)) ORDER BY t."amount" DESC NULLS LAST')).toBe(true);
    const viaSelect = await compile(select(sorted, [{ expression: e.col('id') }]), context());
    expect(viaSelect.sql.endsWith('SELECT t."id" AS "id" FROM "n1" AS t ORDER BY t."amount" DESC NULLS LAST')).toBe(true);
    const viaGroup = await compile(group(sorted, { by: [{ expression: e.col('region') }] }), context());
    expect(viaGroup.sql.endsWith('FROM "n1" AS t GROUP BY 1')).toBe(true);
  });
});

describe('node compilation', () => {
  it('group without by aggregates the whole input; without expressions lists distinct keys', async () => {
    const total = await compile(group(dataset(SALES), { expressions: [e.as(e.sum(e.col('amount')), 'total')] }), context());
    expect(total.sql).toBe(`${SALES_CTE} SELECT sum(t."amount") AS "total" FROM "n0" AS t`);
    const keys = await compile(group(dataset(SALES), { by: [{ expression: e.col('region') }] }), context());
    expect(keys.sql).toBe(`${SALES_CTE} SELECT t."region" AS "region" FROM "n0" AS t GROUP BY 1`);
  });

  it('enrich LATLNG computes cells with atlas_h3_cell and left-joins the source (duckdb)', async () => {
    const pipeline = enrich(dataset(SALES), {
      source: POP,
      sourceColumn: 'pop',
      targetType: 'LATLNG',
      latColumn: 'lat',
      lngColumn: 'lng',
      res: 9,
      timeColumn: 'sold_at',
      timeInterval: 'D',
    });
    const compiled = await compile(pipeline, context());
    expect(compiled.sql).toBe(
      `${SALES_CTE} SELECT i."id", i."region", i."amount", i."sold_at", i."lat", i."lng", i."name", i."h3", s."pop" AS "pop" ` +
        'FROM (SELECT t.*, atlas_h3_cell(CAST(t."lat" AS DOUBLE), CAST(t."lng" AS DOUBLE), CAST($1 AS INTEGER)) AS "h3" FROM "n0" AS t) AS i ' +
        "LEFT JOIN read_parquet('/data/pop.parquet') AS s ON i.\"h3\" = s.\"h3\" " +
        "AND date_trunc('day', CAST(i.\"sold_at\" AS TIMESTAMP)) = date_trunc('day', CAST(s.\"time\" AS TIMESTAMP))",
    );
    expect(compiled.params).toEqual([9]);
    expect(compiled.columns.slice(-2)).toEqual([
      { name: 'h3', type: 'h3' },
      { name: 'pop', type: 'integer' },
    ]);
  });

  it('enrich H3 joins on the given column and works on postgres', async () => {
    const cells = inlineData('JSON_OBJECT', [{ cell: '872830822ffffff', pop: 1 }]);
    const pipeline = enrich(cells, { source: POP, sourceColumn: 'pop', targetType: 'H3', column: 'cell' });
    const compiled = await compile(pipeline, context('postgres'));
    expect(compiled.sql).toContain('SELECT i."cell", i."pop", s."pop" AS "pop_right" FROM "n0" AS i LEFT JOIN read_parquet(\'/data/pop.parquet\') AS s ON i."cell" = s."h3"');
    expect(compiled.columns.map((column) => column.name)).toEqual(['cell', 'pop', 'pop_right']);
  });

  it('enrich checks its columns against the input and the source (422)', async () => {
    const base = { source: POP, sourceColumn: 'pop', targetType: 'LATLNG' as const, latColumn: 'lat', lngColumn: 'lng' };
    const run = (props: Partial<typeof base> & Record<string, unknown>) => rejection(compile(enrich(dataset(SALES), { ...base, ...props }), context()));
    expect(await run({ latColumn: 'latitude' })).toMatchObject({ status: 422, message: 'Unknown column "latitude"', path: '$.props.latColumn' });
    expect(await run({ lngColumn: 'region' })).toMatchObject({ status: 422, message: 'Column "region" is not numeric' });
    expect(await run({ sourceColumn: 'nope' })).toMatchObject({ status: 422, message: 'Unknown column "nope"', path: '$.props.sourceColumn' });
    expect(await run({ sourceHexColumn: 'cell' })).toMatchObject({ status: 422, message: 'Unknown column "cell"', path: '$.props.sourceHexColumn' });
    expect(await run({ targetColumn: 'name' })).toMatchObject({ status: 422, message: 'Column "name" already exists' });
    expect(await run({ timeColumn: 'region' })).toMatchObject({ status: 422, message: 'Column "region" is not a timestamp or date' });
    expect(await run({ timeColumn: 'sold_at', sourceTimeColumn: 'when' })).toMatchObject({ status: 422, message: 'Unknown column "when"' });
    const h3 = await rejection(compile(enrich(dataset(SALES), { source: POP, sourceColumn: 'pop', targetType: 'H3', column: 'amount' }), context()));
    expect(h3).toMatchObject({ status: 422, message: 'Column "amount" does not hold H3 cells' });
  });

  it('hexify emits the sorted polygonToCells cells as parameters', async () => {
    const compiled = await compile(hexify(SQUARE, 7), context());
    const expected = [...new Set(polygonToCells(SQUARE.coordinates, 7, true))].sort();
    expect(compiled.params).toEqual(expected);
    expect(compiled.sql).toBe(`SELECT * FROM (VALUES ${expected.map((_, i) => `(CAST($${i + 1} AS VARCHAR))`).join(', ')}) AS t("h3")`);
    expect(compiled.columns).toEqual([{ name: 'h3', type: 'h3' }]);
  });

  it('hexify unions MultiPolygons and FeatureCollections without duplicates, with a custom column', async () => {
    const multi = { type: 'MultiPolygon', coordinates: [SQUARE.coordinates, SQUARE.coordinates] };
    const collection = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: multi }] };
    const single = await compile(hexify(SQUARE, 8), context());
    const union = await compile(hexify(collection, 8, 'cell'), context());
    expect(union.params).toEqual(single.params);
    expect(union.columns).toEqual([{ name: 'cell', type: 'h3' }]);
  });

  it('hexify of a polygon smaller than a cell gives a typed empty relation', async () => {
    const tiny = { type: 'Polygon', coordinates: [[[0, 0], [0.0001, 0], [0.0001, 0.0001], [0, 0]]] };
    const compiled = await compile(hexify(tiny, 0), context());
    expect(compiled.sql).toBe('SELECT * FROM (SELECT CAST(NULL AS VARCHAR) AS "h3") AS t WHERE 1 = 0');
  });

  it('hexify refuses polygons covering more than 1,000,000 cells', async () => {
    const big = { type: 'Polygon', coordinates: [[[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]]] };
    const error = await rejection(compile(hexify(big, 9), context()));
    expect(error).toMatchObject({ status: 422, message: 'Polygon covers too many cells at resolution 9', path: '$.props.geojson' });
  });

  it('hexTile selects the tile cells through atlas_h3_parent', async () => {
    const compiled = await compile(hexTile(TILES, TILE, 2), context());
    expect(compiled.sql).toBe(
      'SELECT t."h3", t."time", t."visits", t."label" FROM read_parquet(\'/data/tiles.parquet\') AS t ' +
        'WHERE atlas_h3_parent(t."h3", CAST($1 AS INTEGER)) = CAST($2 AS VARCHAR) AND atlas_h3_parent(t."h3", CAST($3 AS INTEGER)) = t."h3"',
    );
    expect(compiled.params).toEqual([5, TILE, 7]);
    const anyRes = await compile(hexTile(TILES, TILE), context());
    expect(anyRes.params).toEqual([5, TILE]);
  });

  it('hexTile and tileQuantiles need the tileset metadata columns', async () => {
    expect(await rejection(compile(hexTile(SALES, TILE), context()))).toMatchObject({ status: 422, message: Messages.hexTileIndexMetadata });
    expect(await rejection(compile(tileQuantiles(SALES, 3, 'D'), context()))).toMatchObject({ status: 422, message: Messages.hexTileIndexMetadata });
    const ctx = context('duckdb', {
      resolveDataset: () => ({ relation: '"t"', columns: [{ name: 'h3', type: 'h3' }, { name: 'time', type: 'timestamp' }, { name: 'label', type: 'string' }] }),
    });
    expect(await rejection(compile(tileQuantiles(TILES, 3, 'D'), ctx))).toMatchObject({ status: 422, message: 'Tileset has no numeric columns' });
  });

  it('tileQuantiles rolls cells up to res and computes five quantiles per time bucket and numeric column', async () => {
    const compiled = await compile(tileQuantiles(TILES, 4, 'MONTH'), context());
    expect(compiled.sql).toBe(
      'WITH "n0" AS (SELECT date_trunc(\'month\', CAST(t."time" AS TIMESTAMP)) AS "time", atlas_h3_parent(t."h3", CAST($1 AS INTEGER)) AS "h3", ' +
        'sum(t."visits") AS "visits" FROM read_parquet(\'/data/tiles.parquet\') AS t WHERE atlas_h3_parent(t."h3", CAST($1 AS INTEGER)) IS NOT NULL GROUP BY 1, 2) ' +
        'SELECT * FROM (SELECT c."time" AS "time", CAST($2 AS VARCHAR) AS "column", quantile_cont(c."visits", 0) AS "q0", quantile_cont(c."visits", 0.25) AS "q25", ' +
        'quantile_cont(c."visits", 0.5) AS "q50", quantile_cont(c."visits", 0.75) AS "q75", quantile_cont(c."visits", 1) AS "q100" FROM "n0" AS c GROUP BY 1) AS t ' +
        'ORDER BY t."time" ASC NULLS LAST, t."column" ASC NULLS LAST',
    );
    expect(compiled.params).toEqual([4, 'visits']);
    expect(compiled.columns.map((column) => column.name)).toEqual(['time', 'column', 'q0', 'q25', 'q50', 'q75', 'q100']);
  });

  it('tileExtract semi-joins the cells of the feature and caps rows', async () => {
    const feature = { type: 'Feature', properties: {}, geometry: SQUARE };
    const compiled = await compile(tileExtract(hexTile(TILES, TILE, 2), feature, 7, 100), context());
    const cells = [...new Set(polygonToCells(SQUARE.coordinates, 7, true))].sort();
    expect(compiled.params).toEqual([5, TILE, 7, ...cells, 100]);
    expect(compiled.sql).toContain(`"n1" AS (SELECT * FROM (VALUES (CAST($4 AS VARCHAR)),`);
    expect(compiled.sql.endsWith(`SELECT * FROM "n0" AS t WHERE t."h3" IN (SELECT c."h3" FROM "n1" AS c) LIMIT $${cells.length + 4}`)).toBe(true);
  });

  it('tileExtract needs an h3 column in its input', async () => {
    const feature = { type: 'Feature', properties: {}, geometry: SQUARE };
    const error = await rejection(compile(tileExtract(dataset(SALES), feature, 7), context()));
    expect(error).toMatchObject({ status: 422, message: 'Unknown column "h3"', path: '$.inputs[0]' });
  });

  it('tileJoin full-joins on h3 and time, suffixing colliding columns with the input index', async () => {
    const compiled = await compile(tileJoin([hexTile(TILES, TILE), hexTile(TILES, TILE, 1), hexTile(TILES, TILE, 2)]), context());
    expect(compiled.sql.slice(compiled.sql.indexOf(') SELECT') + 2)).toBe(
      'SELECT COALESCE(t0."h3", t1."h3", t2."h3") AS "h3", COALESCE(t0."time", t1."time", t2."time") AS "time", ' +
        't0."visits" AS "visits", t0."label" AS "label", t1."visits" AS "visits_1", t1."label" AS "label_1", t2."visits" AS "visits_2", t2."label" AS "label_2" ' +
        'FROM "n0" AS t0 FULL OUTER JOIN "n1" AS t1 ON t1."h3" = t0."h3" AND t1."time" = t0."time" ' +
        'FULL OUTER JOIN "n2" AS t2 ON t2."h3" = COALESCE(t0."h3", t1."h3") AND t2."time" = COALESCE(t0."time", t1."time")',
    );
  });

  it('tileJoin joins on h3 alone when an input has no time', async () => {
    const cells = inlineData('JSON_OBJECT', [{ h3: TILE, score: 1 }]);
    const compiled = await compile(tileJoin([hexTile(TILES, TILE), cells]), context());
    expect(compiled.sql).toContain('ON t1."h3" = t0."h3"');
    expect(compiled.columns.map((column) => column.name)).toEqual(['h3', 'time', 'visits', 'label', 'score']);
  });
});

describe('dialects and engine hooks', () => {
  it('answers 422 for H3 functions on postgres', async () => {
    const message = 'H3 functions are not available on postgres connections';
    const latlng = enrich(dataset(SALES), { source: POP, sourceColumn: 'pop', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng' });
    expect(await rejection(compile(latlng, context('postgres')))).toMatchObject({ status: 422, message });
    expect(await rejection(compile(hexTile(TILES, TILE), context('postgres')))).toMatchObject({ status: 422, message });
    expect(await rejection(compile(tileQuantiles(TILES, 3, 'D'), context('postgres')))).toMatchObject({ status: 422, message });
    await expect(compile(hexify(SQUARE, 6), context('postgres'))).resolves.toBeDefined();
  });

  it('databaseQuery in duckdb: 422 without the hook, the hook relation with it', async () => {
    const node = databaseQuery('conn-1', 'select a from t where b = $1', ['x']);
    expect(await rejection(compile(node, context()))).toMatchObject({ status: 422, message: 'databaseQuery runs on its connection, not in the embedded engine' });
    const requests: unknown[] = [];
    const ctx = context('duckdb', {
      runDatabaseQuery(request) {
        requests.push(request);
        return { relation: '"tmp_q1"', columns: [{ name: 'a', type: 'integer' }] };
      },
    });
    const compiled = await compile(filter(node, e.gt(e.col('a'), e.lit(1))), ctx);
    expect(requests).toEqual([{ connectionId: 'conn-1', query: 'select a from t where b = $1', params: ['x'] }]);
    expect(compiled.sql).toBe('WITH "n0" AS (SELECT t."a" FROM "tmp_q1" AS t) SELECT * FROM "n0" AS t WHERE (t."a" > CAST($1 AS BIGINT))');
    expect(compiled.params).toEqual([1]);
    expect(compiled.connectionId).toBeUndefined();
  });

  it('databaseQuery in postgres: inlined first, its params first, marked with its connection', async () => {
    const node = databaseQuery('conn-7', 'SELECT id, region FROM shop.sales WHERE id > $1; ', [2]);
    const ctx = context('postgres', {
      describeDatabaseQuery: () => [
        { name: 'id', type: 'integer' },
        { name: 'region', type: 'string' },
      ],
    });
    const pipeline = join(inlineData('JSON_OBJECT', [{ code: 'north' }]), filter(node, e.ne(e.col('region'), e.lit('x'))), [['code', 'region']]);
    const compiled = await compile(pipeline, ctx);
    expect(compiled.connectionId).toBe('conn-7');
    expect(compiled.params).toEqual([2, 'north', 'x']);
    expect(compiled.sql).toContain('"n0" AS (SELECT * FROM (VALUES (CAST($2 AS VARCHAR))) AS t("code"))');
    expect(compiled.sql).toContain('"n1" AS (SELECT t."id", t."region" FROM (\nSELECT id, region FROM shop.sales WHERE id > $1\n) AS t)');
    expect(compiled.sql).toContain('WHERE (t."region" <> CAST($3 AS VARCHAR))');
  });

  it('databaseQuery in postgres needs describeDatabaseQuery; several join on one connection, one of them with params', async () => {
    expect(await rejection(compile(databaseQuery('c', 'select 1'), context('postgres')))).toMatchObject({ status: 422 });
    const ctx = context('postgres', { describeDatabaseQuery: () => [{ name: 'a', type: 'integer' }] });
    const two = await compile(join(databaseQuery('c', 'select 1 as a'), databaseQuery('c', 'select a from t where a > $1', [5]), [['a', 'a']]), ctx);
    expect(two.connectionId).toBe('c');
    expect(two.params).toEqual([5]);
    expect(two.sql).toContain('FROM (\nselect 1 as a\n) AS t');
    expect(two.sql).toContain('FROM (\nselect a from t where a > $1\n) AS t');
    const bothBound = join(databaseQuery('c', 'select $1 as a', [1]), databaseQuery('c', 'select $1 as a', [2]), [['a', 'a']]);
    expect(await rejection(compile(bothBound, ctx))).toMatchObject({ status: 422, message: 'Only one databaseQuery with params can run in one postgres statement' });
    const borrowing = join(databaseQuery('c', 'select $1 as a', [1]), databaseQuery('c', 'select a from t where a = $1'), [['a', 'a']]);
    expect(await rejection(compile(borrowing, ctx))).toMatchObject({ status: 422, message: 'A databaseQuery without params names a $n placeholder' });
    const twoConnections = join(databaseQuery('c', 'select 1 as a'), databaseQuery('d', 'select 2 as a'), [['a', 'a']]);
    expect(await rejection(compile(twoConnections, ctx))).toMatchObject({ status: 422, message: 'A postgres statement runs on one connection' });
  });

  it('refuses more parameters than postgres accepts', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => ({ a: i, b: i }));
    const error = await rejection(compile(inlineData('JSON_OBJECT', rows), context('postgres')));
    expect(error).toMatchObject({ status: 422, message: 'Pipeline has too many values for one postgres statement' });
    await expect(compile(inlineData('JSON_OBJECT', rows), context('duckdb'))).resolves.toBeDefined();
  });

  it('reports unknown columns of every column-taking node with their path', async () => {
    const checks: [unknown, string][] = [
      [select(dataset(SALES), [{ expression: e.col('price') }]), '$.props.expressions[0].expression.name'],
      [group(dataset(SALES), { by: [{ expression: e.col('price') }] }), '$.props.by[0].expression.name'],
      [sort(dataset(SALES), [e.asc(e.col('price'))]), '$.props.by[0].expression.name'],
      [join(dataset(SALES), dataset(REGIONS), [['region', 'price']]), '$.props.on[0][1]'],
      [limit(filter(dataset(SALES), e.isNull(e.col('price'))), 1), '$.inputs[0].props.expression.operand.name'],
    ];
    for (const [node, path] of checks) {
      expect(await rejection(compile(node as never, context()))).toMatchObject({ status: 422, message: 'Unknown column "price"', path });
    }
  });

  it('refuses joins of incomparable columns', async () => {
    const error = await rejection(compile(join(dataset(SALES), dataset(REGIONS), [['amount', 'code']]), context()));
    expect(error).toMatchObject({ status: 422, message: 'Cannot compare number with string', path: '$.props.on[0]' });
  });

  it('checks what the engine returns', async () => {
    const bad = context('duckdb', { resolveDataset: () => ({ relation: '', columns: [] }) });
    await expect(compile(dataset(SALES), bad)).rejects.toThrow(TypeError);
    const badType = context('duckdb', { resolveDataset: () => ({ relation: 'x', columns: [{ name: 'a', type: 'text' as ColumnInfo['type'] }] }) });
    await expect(compile(dataset(SALES), badType)).rejects.toThrow(TypeError);
  });

  it('compiles deserialized pipelines the same as built ones', async () => {
    const built = limit(dataset(SALES), 2);
    const parsed = deserialize(JSON.parse(JSON.stringify(built)));
    expect(await compile(parsed, context())).toEqual(await compile(built, context()));
  });
});
