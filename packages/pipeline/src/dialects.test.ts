// The same pipelines compiled for every dialect: identifiers, casts, division, aggregates and LIMIT in each
// warehouse's own form, and 422 where a warehouse has no exact form of an aggregate.
import { describe, expect, it } from 'vitest';
import { dialectSql } from './dialects.js';
import {
  compile,
  databaseQuery,
  dataset,
  enrich,
  expr as e,
  filter,
  group,
  hexTile,
  inlineData,
  join,
  limit,
  PipelineError,
  select,
  sort,
  type CompileContext,
  type Dialect,
} from './index.js';
import { DIALECTS } from './types.js';

const SALES = '00000000-0000-4000-8000-000000000001';
const REGIONS = '00000000-0000-4000-8000-000000000002';
const TABLES = {
  [SALES]: { relation: 'shop.sales', columns: [{ name: 'id', type: 'integer' }, { name: 'region', type: 'string' }, { name: 'amount', type: 'integer' }, { name: 'at', type: 'timestamp' }] },
  [REGIONS]: { relation: 'shop.regions', columns: [{ name: 'code', type: 'string' }, { name: 'name', type: 'string' }] },
} as const;
const context = (dialect: Dialect): CompileContext => ({ dialect, resolveDataset: (uuid) => TABLES[uuid as keyof typeof TABLES] });
const sql = async (dialect: Dialect, pipeline: Parameters<typeof compile>[0]) => (await compile(pipeline, context(dialect))).sql;

async function rejection(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  if (!(error instanceof PipelineError)) throw new Error(`expected a PipelineError, got ${String(error)}`);
  return error;
}

const DOUBLE_QUOTING: Dialect[] = ['duckdb', 'postgres', 'redshift', 'snowflake', 'trino', 'kinetica'];

describe('identifier quoting', () => {
  it('double-quotes (doubling embedded quotes) or backticks (Databricks doubles, BigQuery escapes)', () => {
    for (const dialect of DOUBLE_QUOTING) expect(dialectSql(dialect).ident('a"; DROP TABLE x; --')).toBe('"a""; DROP TABLE x; --"');
    expect(dialectSql('databricks').ident('a`b"c')).toBe('`a``b"c`');
    expect(dialectSql('bigquery').ident('a`b\\c"')).toBe('`a\\`b\\\\c"`');
    expect(dialectSql('postgres').ident('')).toBe('""');
    for (const dialect of DIALECTS) expect(() => dialectSql(dialect).ident('a\u0000')).toThrow(TypeError);
    expect(() => dialectSql('oracle' as Dialect)).toThrow(TypeError);
  });

  it('quotes every name of every dialect with its own quotes', async () => {
    const pipeline = limit(
      sort(
        group(join(dataset(SALES), dataset(REGIONS), [['region', 'code']], 'LEFT'), {
          by: [e.as(e.col('name'), 'region name')],
          expressions: [e.as(e.sum(e.col('amount')), 'total'), e.as(e.count(), 'n')],
        }),
        [e.desc(e.col('total'))],
      ),
      10,
      5,
    );
    expect(await sql('databricks', pipeline)).toBe(
      'WITH `n0` AS (SELECT t.`id`, t.`region`, t.`amount`, t.`at` FROM shop.sales AS t), `n1` AS (SELECT t.`code`, t.`name` FROM shop.regions AS t),' +
        ' `n2` AS (SELECT l.`id` AS `id`, l.`region` AS `region`, l.`amount` AS `amount`, l.`at` AS `at`, r.`code` AS `code`, r.`name` AS `name`' +
        ' FROM `n0` AS l LEFT JOIN `n1` AS r ON l.`region` = r.`code`),' +
        ' `n3` AS (SELECT t.`name` AS `region name`, sum(t.`amount`) AS `total`, count(*) AS `n` FROM `n2` AS t GROUP BY 1),' +
        ' `n4` AS (SELECT * FROM `n3` AS t ORDER BY t.`total` DESC NULLS LAST)' +
        ' SELECT * FROM `n4` AS t ORDER BY t.`total` DESC NULLS LAST LIMIT $1 OFFSET $2',
    );
    for (const dialect of DIALECTS) {
      const text = await sql(dialect, pipeline);
      const [open, other] = dialect === 'bigquery' || dialect === 'databricks' ? ['`', '"'] : ['"', '`'];
      expect(text).toContain(`${open}region name${open}`);
      expect(text).not.toContain(other);
    }
  });
});

describe('SQL per dialect', () => {
  it('casts literals to each warehouse’s type names', async () => {
    const pipeline = filter(dataset(SALES), e.and(e.gt(e.col('amount'), e.lit(1)), e.lt(e.col('amount'), e.lit(2.5)), e.ne(e.col('region'), e.lit('x')), e.eq(e.lit(true), e.lit(false))));
    const casts = async (dialect: Dialect) => [...(await sql(dialect, pipeline)).matchAll(/CAST\(\$\d+ AS (\w+(?: \w+)?(?:\(\d+\))?)\)/g)].map((match) => match[1]);
    expect(await casts('duckdb')).toEqual(['BIGINT', 'DOUBLE', 'VARCHAR', 'BOOLEAN', 'BOOLEAN']);
    expect(await casts('postgres')).toEqual(['BIGINT', 'DOUBLE PRECISION', 'VARCHAR', 'BOOLEAN', 'BOOLEAN']);
    expect(await casts('redshift')).toEqual(['BIGINT', 'DOUBLE PRECISION', 'VARCHAR(65535)', 'BOOLEAN', 'BOOLEAN']);
    expect(await casts('bigquery')).toEqual(['INT64', 'FLOAT64', 'STRING', 'BOOL', 'BOOL']);
    expect(await casts('databricks')).toEqual(['BIGINT', 'DOUBLE', 'STRING', 'BOOLEAN', 'BOOLEAN']);
    for (const dialect of ['snowflake', 'trino', 'kinetica'] as const) expect(await casts(dialect)).toEqual(['BIGINT', 'DOUBLE', 'VARCHAR', 'BOOLEAN', 'BOOLEAN']);
  });

  it('divides as floats and takes remainders in each warehouse’s form', async () => {
    const pipeline = select(dataset(SALES), [e.as(e.div(e.col('amount'), e.col('id')), 'ratio'), e.as(e.mod(e.col('amount'), e.col('id')), 'rest')]);
    const expressions = async (dialect: Dialect) => (await sql(dialect, pipeline)).split(' SELECT ')[1];
    expect(await expressions('duckdb')).toBe('(t."amount" / NULLIF(t."id", 0)) AS "ratio", (t."amount" % NULLIF(t."id", 0)) AS "rest" FROM "n0" AS t');
    expect(await expressions('postgres')).toBe('(CAST(t."amount" AS DOUBLE PRECISION) / NULLIF(t."id", 0)) AS "ratio", (t."amount" % NULLIF(t."id", 0)) AS "rest" FROM "n0" AS t');
    expect(await expressions('trino')).toBe('(CAST(t."amount" AS DOUBLE) / NULLIF(t."id", 0)) AS "ratio", (t."amount" % NULLIF(t."id", 0)) AS "rest" FROM "n0" AS t');
    expect(await expressions('snowflake')).toContain('(CAST(t."amount" AS DOUBLE) / NULLIF(t."id", 0))');
    expect(await expressions('bigquery')).toBe('(t.`amount` / NULLIF(t.`id`, 0)) AS `ratio`, MOD(t.`amount`, NULLIF(t.`id`, 0)) AS `rest` FROM `n0` AS t');
    expect(await expressions('databricks')).toBe('(t.`amount` / NULLIF(t.`id`, 0)) AS `ratio`, (t.`amount` % NULLIF(t.`id`, 0)) AS `rest` FROM `n0` AS t');
  });

  it('groups with sum, count, mean, median and mode in each warehouse’s exact form', async () => {
    const aggregates = (fns: ('sum' | 'count' | 'mean' | 'median' | 'mode')[]) =>
      group(dataset(SALES), { by: [e.as(e.col('region'), 'region')], expressions: fns.map((fn) => e.as(e[fn](e.col('amount')), fn)) });
    const all = aggregates(['sum', 'count', 'mean', 'median', 'mode']);
    const list = async (dialect: Dialect, pipeline = all) => (await sql(dialect, pipeline)).split(' SELECT ')[1];
    expect(await list('duckdb')).toBe(
      't."region" AS "region", sum(t."amount") AS "sum", count(t."amount") AS "count", avg(t."amount") AS "mean", median(t."amount") AS "median", mode(t."amount") AS "mode" FROM "n0" AS t GROUP BY 1',
    );
    expect(await list('postgres')).toBe(
      't."region" AS "region", sum(t."amount") AS "sum", count(t."amount") AS "count", avg(t."amount") AS "mean",' +
        ' percentile_cont(0.5) WITHIN GROUP (ORDER BY t."amount") AS "median", mode() WITHIN GROUP (ORDER BY t."amount") AS "mode" FROM "n0" AS t GROUP BY 1',
    );
    expect(await list('snowflake')).toContain('median(t."amount") AS "median", mode(t."amount") AS "mode"');
    expect(await list('databricks')).toContain('median(t.`amount`) AS `median`, mode(t.`amount`) AS `mode`');
    expect(await list('redshift', aggregates(['sum', 'median']))).toContain('percentile_cont(0.5) WITHIN GROUP (ORDER BY t."amount") AS "median"');
    expect(await list('bigquery', aggregates(['sum', 'count', 'mean']))).toBe('t.`region` AS `region`, sum(t.`amount`) AS `sum`, count(t.`amount`) AS `count`, avg(t.`amount`) AS `mean` FROM `n0` AS t GROUP BY 1');
    const refused: [Dialect, 'median' | 'mode'][] = [
      ['redshift', 'mode'],
      ['bigquery', 'median'],
      ['bigquery', 'mode'],
      ['trino', 'median'],
      ['trino', 'mode'],
      ['kinetica', 'median'],
      ['kinetica', 'mode'],
    ];
    for (const [dialect, fn] of refused) {
      const error = await rejection(compile(aggregates(['sum', fn]), context(dialect)));
      expect(error).toMatchObject({ status: 422, message: `${fn} is not available on ${dialect}`, path: '$.props.expressions[1].expression' });
    }
  });

  it('truncates times in each warehouse’s form', async () => {
    const pipeline = select(dataset(SALES), [e.as(e.timeTrunc('M', e.col('at')), 'month')]);
    expect(await sql('postgres', pipeline)).toContain(`date_trunc('month', CAST(t."at" AS TIMESTAMP)) AS "month"`);
    expect(await sql('bigquery', pipeline)).toContain('TIMESTAMP_TRUNC(CAST(t.`at` AS TIMESTAMP), MONTH) AS `month`');
  });

  it('writes LIMIT … OFFSET, and OFFSET before LIMIT on Trino', async () => {
    const pipeline = limit(sort(dataset(SALES), [e.asc(e.col('id'))]), 10, 20);
    for (const dialect of DIALECTS) {
      const compiled = await compile(pipeline, context(dialect));
      expect(compiled.params).toEqual([10, 20]);
      expect(compiled.sql.endsWith(dialect === 'trino' ? ' OFFSET $2 LIMIT $1' : ' LIMIT $1 OFFSET $2')).toBe(true);
    }
    expect(await sql('trino', limit(dataset(SALES), 3))).toMatch(/ LIMIT \$1$/);
  });

  it('writes literal tables as VALUES, or as an UNNEST of STRUCTs on BigQuery', async () => {
    const pipeline = inlineData('JSON_OBJECT', [{ a: 1, b: 'x' }, { a: 2, b: 'y' }]);
    expect(await sql('trino', pipeline)).toBe('SELECT * FROM (VALUES (CAST($1 AS BIGINT), CAST($2 AS VARCHAR)), (CAST($3 AS BIGINT), CAST($4 AS VARCHAR))) AS t("a", "b")');
    expect(await sql('bigquery', pipeline)).toBe(
      'SELECT * FROM UNNEST([STRUCT(CAST($1 AS INT64) AS `a`, CAST($2 AS STRING) AS `b`), STRUCT(CAST($3 AS INT64) AS `a`, CAST($4 AS STRING) AS `b`)])',
    );
  });

  it('refuses more parameters than a warehouse documents, and H3 functions on every warehouse', async () => {
    const rows = Array.from({ length: 5_001 }, (_, i) => ({ a: i, b: i }));
    const error = await rejection(compile(inlineData('JSON_OBJECT', rows), context('bigquery')));
    expect(error).toMatchObject({ status: 422, message: 'Pipeline has too many values for one bigquery statement', details: '10002 parameters; bigquery accepts at most 10000' });
    await expect(compile(inlineData('JSON_OBJECT', rows), context('snowflake'))).resolves.toBeDefined();
    for (const dialect of DIALECTS.filter((name) => name !== 'duckdb')) {
      const h3 = await rejection(compile(hexTile(SALES, '8428309ffffffff'), context(dialect)));
      expect(h3).toMatchObject({ status: 422, message: `H3 functions are not available on ${dialect} connections` });
    }
  });

  it('inlines a databaseQuery for its connection in the connection’s dialect, MotherDuck’s duckdb included', async () => {
    for (const dialect of DIALECTS) {
      const compiled = await compile(group(databaseQuery('c1', 'SELECT * FROM big WHERE k > $1', [0]), { by: [e.as(e.col('k'), 'k')], expressions: [e.as(e.count(), 'n')] }), {
        ...context(dialect),
        describeDatabaseQuery: () => [{ name: 'k', type: 'integer' }],
      });
      const q = dialectSql(dialect).ident;
      expect(compiled.sql).toBe(`WITH ${q('n0')} AS (SELECT t.${q('k')} FROM (\nSELECT * FROM big WHERE k > $1\n) AS t) SELECT t.${q('k')} AS ${q('k')}, count(*) AS ${q('n')} FROM ${q('n0')} AS t GROUP BY 1`);
      expect(compiled).toMatchObject({ params: [0], connectionId: 'c1' });
    }
    const onMotherDuck = { ...context('duckdb'), describeDatabaseQuery: () => [{ name: 'lat', type: 'number' as const }, { name: 'lng', type: 'number' as const }] };
    const cells = enrich(databaseQuery('c1', 'SELECT lat, lng FROM points'), { source: SALES, sourceColumn: 'amount', sourceHexColumn: 'region', targetType: 'LATLNG', latColumn: 'lat', lngColumn: 'lng' });
    expect(await rejection(compile(cells, onMotherDuck))).toMatchObject({ status: 422, message: 'H3 functions are not available on duckdb connections' });
  });
});

describe('backtick quoting against injection', () => {
  const EVIL = ['a`; DROP TABLE x; --', 'b\\`; DROP TABLE y; --', '`) ; DROP TABLE z; /*', 'c\\', 'd``e'];

  /** The names between backticks (read as the warehouse reads them) and the code outside them. */
  function tokens(sql: string, escape: 'backslash' | 'doubled'): { code: string; names: string[] } {
    let code = '';
    const names: string[] = [];
    for (let i = 0; i < sql.length; ) {
      if (sql[i] !== '`') {
        code += sql[i++];
        continue;
      }
      let name = '';
      for (i++; i < sql.length; ) {
        if (escape === 'backslash' && sql[i] === '\\') {
          name += sql[i + 1];
          i += 2;
        } else if (escape === 'doubled' && sql[i] === '`' && sql[i + 1] === '`') {
          name += '`';
          i += 2;
        } else if (sql[i] === '`') {
          i++;
          break;
        } else name += sql[i++];
      }
      names.push(name);
      code += '?';
    }
    return { code, names };
  }

  for (const [dialect, escape] of [['bigquery', 'backslash'], ['databricks', 'doubled']] as const) {
    it(`${dialect}: every name stays one identifier`, async () => {
      for (const evil of EVIL) {
        const columns = [{ name: evil, type: 'integer' as const }];
        const compiled = await compile(
          group(select(dataset(SALES), [e.as(e.col('amount'), evil)]), { by: [e.as(e.col(evil), `${evil}2`)], expressions: [e.as(e.sum(e.col(evil)), `${evil}3`)] }),
          { dialect, resolveDataset: () => ({ relation: 'shop.sales', columns: [...columns, { name: 'amount', type: 'integer' }] }) },
        );
        const { code, names } = tokens(compiled.sql, escape);
        expect(names).toEqual(expect.arrayContaining([evil, `${evil}2`, `${evil}3`]));
        expect(code).not.toMatch(/DROP|--|\/\*|;/);
      }
    });
  }
});
