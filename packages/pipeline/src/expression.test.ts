// Expressions: shape checks (400), type checks against input columns (422), and their SQL per dialect.
import { Messages } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { compile, deserialize, expr as e, filter, group, PipelineError, select, sort, type ColumnInfo, type CompileContext, type Expression } from './index.js';
import * as build from './index.js';

const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const COLUMNS: ColumnInfo[] = [
  { name: 'i', type: 'integer' },
  { name: 'n', type: 'number' },
  { name: 's', type: 'string' },
  { name: 'b', type: 'boolean' },
  { name: 't', type: 'timestamp' },
  { name: 'd', type: 'date' },
  { name: 'g', type: 'geometry' },
  { name: 'c', type: 'h3' },
  { name: 'u', type: 'unknown' },
];
const context = (dialect: 'duckdb' | 'postgres' = 'duckdb'): CompileContext => ({
  dialect,
  resolveDataset: () => ({ relation: '"src"', columns: COLUMNS }),
});
const ds = () => build.dataset(UUID);

function catchSync(fn: () => unknown): PipelineError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PipelineError) return error;
    throw error;
  }
  throw new Error('expected a PipelineError');
}
async function catchAsync(fn: () => Promise<unknown>): Promise<PipelineError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof PipelineError) return error;
    throw error;
  }
  throw new Error('expected a PipelineError');
}

/** The SQL of a filter on the test columns: just the WHERE condition. */
async function where(expression: Expression, dialect: 'duckdb' | 'postgres' = 'duckdb') {
  const compiled = await compile(filter(ds(), expression), context(dialect));
  const condition = /WHERE (.*)$/.exec(compiled.sql)![1];
  return { condition, params: compiled.params };
}
/** The SQL of one select item on the test columns. */
async function item(expression: Expression, dialect: 'duckdb' | 'postgres' = 'duckdb') {
  const compiled = await compile(select(ds(), [e.as(expression, 'x')]), context(dialect));
  const sql = /\) SELECT (.*) AS "x" FROM "n0" AS t$/.exec(compiled.sql)![1];
  return { sql, params: compiled.params, type: compiled.columns[0]!.type };
}

describe('expression shapes (400)', () => {
  const filterWith = (expression: unknown) => ({ type: 'filter', props: { expression }, inputs: [{ type: 'dataset', props: { uuid: UUID } }] });
  const cases: [string, unknown, string][] = [
    ['unknown kind', { kind: 'sql', text: '1=1' }, '$.props.expression.kind'],
    ['not an object', 'a = 1', '$.props.expression'],
    ['unknown binary op', { kind: 'binary', op: 'like', left: e.col('s'), right: e.lit('%') }, '$.props.expression.op'],
    ['missing right', { kind: 'binary', op: '=', left: e.col('s') }, '$.props.expression.right'],
    ['column without name', { kind: 'column' }, '$.props.expression.name'],
    ['empty column name', { kind: 'column', name: '' }, '$.props.expression.name'],
    ['column name over 255 chars', { kind: 'column', name: 'x'.repeat(256) }, '$.props.expression.name'],
    ['column name with NUL', { kind: 'column', name: 'a\u0000b' }, '$.props.expression.name'],
    ['extra field', { kind: 'column', name: 'a', sql: 'DROP' }, '$.props.expression.sql'],
    ['literal without value', { kind: 'literal' }, '$.props.expression.value'],
    ['object literal', { kind: 'literal', value: { a: 1 } }, '$.props.expression.value'],
    ['array literal', { kind: 'literal', value: [1] }, '$.props.expression.value'],
    ['infinite literal', { kind: 'literal', value: Infinity }, '$.props.expression.value'],
    ['NaN literal', { kind: 'literal', value: NaN }, '$.props.expression.value'],
    ['in without values', { kind: 'in', operand: e.col('s'), values: [] }, '$.props.expression.values'],
    ['in with 1001 values', { kind: 'in', operand: e.col('s'), values: Array.from({ length: 1001 }, (_, i) => e.lit(i)) }, '$.props.expression.values'],
    ['in with a column value', { kind: 'in', operand: e.col('s'), values: [e.col('s')] }, '$.props.expression.values[0]'],
    ['isNull with text negate', { kind: 'isNull', operand: e.col('s'), negate: 'yes' }, '$.props.expression.negate'],
    ['timeTrunc SECOND', { kind: 'timeTrunc', interval: 'SECOND', operand: e.col('t') }, '$.props.expression.interval'],
    ['timeTrunc lower case', { kind: 'timeTrunc', interval: 'y', operand: e.col('t') }, '$.props.expression.interval'],
    ['aggregate in filter', e.gt(e.sum(e.col('i')), e.lit(1)), '$.props.expression'],
  ];
  for (const [name, expression, path] of cases) {
    it(name, () => {
      const error = catchSync(() => deserialize(filterWith(expression)));
      expect(error).toMatchObject({ status: 400, message: Messages.invalidNodeProps('filter'), path });
    });
  }

  it('refuses expressions nested deeper than 64 levels', () => {
    let deep: Expression = e.col('b');
    for (let i = 0; i < 70; i++) deep = e.not(deep);
    expect(catchSync(() => filter(ds(), deep))).toMatchObject({ status: 400, message: Messages.invalidNodeProps('filter') });
  });

  it('checks aggregate shapes', () => {
    const selectWith = (expression: unknown) => () => deserialize({ type: 'select', props: { expressions: [{ expression, alias: 'x' }] }, inputs: [{ type: 'dataset', props: { uuid: UUID } }] });
    const message = Messages.invalidNodeProps('select');
    expect(catchSync(selectWith({ kind: 'aggregate', fn: 'avg', operand: e.col('i') }))).toMatchObject({ message, path: '$.props.expressions[0].expression.fn' });
    expect(catchSync(selectWith({ kind: 'aggregate', fn: 'sum' }))).toMatchObject({ message, path: '$.props.expressions[0].expression.operand' });
    expect(catchSync(selectWith(e.sum(e.max(e.col('i')))))).toMatchObject({ message, details: 'aggregates cannot be nested' });
    expect(catchSync(selectWith(e.median(e.col('i'), { distinct: true })))).toMatchObject({ message, path: '$.props.expressions[0].expression.distinct' });
    expect(catchSync(selectWith({ kind: 'aggregate', fn: 'count', distinct: true }))).toMatchObject({ message });
    expect(() => selectWith(e.count())()).not.toThrow();
    expect(() => selectWith(e.count(e.col('s'), { distinct: true }))()).not.toThrow();
  });

  it('checks select, group and sort items', () => {
    expect(catchSync(() => select(ds(), [{ expression: e.lit(1) }]))).toMatchObject({ status: 400, path: '$.props.expressions[0].alias' });
    expect(catchSync(() => select(ds(), [e.as(e.col('i'), 'x'), e.as(e.col('n'), 'x')]))).toMatchObject({ status: 400, path: '$.props.expressions[1].alias' });
    expect(catchSync(() => select(ds(), [e.as(e.col('i'), '')]))).toMatchObject({ status: 400, path: '$.props.expressions[0].alias' });
    expect(catchSync(() => select(ds(), [{ expression: e.col('i') }, e.as(e.sum(e.col('n')), 'total')]))).toMatchObject({
      status: 400,
      path: '$.props.expressions[0].expression',
    });
    expect(catchSync(() => group(ds(), { by: [e.as(e.sum(e.col('i')), 'x')] }))).toMatchObject({ status: 400, path: '$.props.by[0].expression' });
    expect(catchSync(() => group(ds(), { by: [{ expression: e.col('s') }], expressions: [e.as(e.col('i'), 'x')] }))).toMatchObject({
      status: 400,
      path: '$.props.expressions[0].expression',
    });
    expect(catchSync(() => group(ds(), { by: [{ expression: e.col('s') }], expressions: [e.as(e.add(e.col('i'), e.sum(e.col('n'))), 'x')] }))).toMatchObject({
      status: 400,
      details: expect.stringMatching(/must be inside an aggregate/),
    });
    expect(catchSync(() => group(ds(), { by: [{ expression: e.col('s') }], expressions: [e.as(e.count(), 's')] }))).toMatchObject({
      status: 400,
      path: '$.props.expressions[0].alias',
    });
    expect(catchSync(() => sort(ds(), [{ expression: e.count() }]))).toMatchObject({ status: 400, path: '$.props.by[0].expression' });
  });
});

describe('expression types (422)', () => {
  const cases: [string, Expression, string, string][] = [
    ['unknown column', e.eq(e.col('nope'), e.lit(1)), 'Unknown column "nope"', '$.props.expression.left.name'],
    ['string in arithmetic', e.gt(e.add(e.col('s'), e.lit(1)), e.lit(2)), 'Column "s" is not numeric', '$.props.expression.left.left'],
    ['boolean in arithmetic', e.gt(e.mul(e.lit(2), e.col('b')), e.lit(2)), 'Column "b" is not numeric', '$.props.expression.left.right'],
    ['string literal in arithmetic', e.gt(e.sub(e.col('i'), e.lit('1')), e.lit(2)), 'Operand of - is not numeric', '$.props.expression.left.right'],
    ['string against number', e.eq(e.col('s'), e.lit(1)), 'Cannot compare string with integer', '$.props.expression'],
    ['timestamp against boolean', e.lt(e.col('t'), e.col('b')), 'Cannot compare timestamp with boolean', '$.props.expression'],
    ['geometry equality', e.eq(e.col('g'), e.col('g')), 'Cannot compare geometry with geometry', '$.props.expression'],
    ['and on integers', e.and(e.col('i'), e.col('b')), 'Column "i" is not boolean', '$.props.expression.left'],
    ['or on a string literal', e.or(e.col('b'), e.lit('true')), 'Operand of or is not boolean', '$.props.expression.right'],
    ['not on a number', e.not(e.col('n')), 'Column "n" is not boolean', '$.props.expression.operand'],
    ['modulo on a float', e.eq(e.mod(e.col('n'), e.lit(2)), e.lit(0)), 'Column "n" is not an integer', '$.props.expression.left.left'],
    ['in with mixed types', e.in(e.col('i'), [1, 'two']), 'Cannot compare integer with string', '$.props.expression.values[1]'],
    ['timeTrunc of a number', e.eq(e.timeTrunc('D', e.col('i')), e.col('t')), 'Column "i" is not a timestamp or date', '$.props.expression.left.operand'],
    ['filter not boolean', e.add(e.col('i'), e.lit(1)), 'Filter expression must be boolean', '$.props.expression'],
  ];
  for (const [name, expression, message, path] of cases) {
    it(name, async () => {
      const error = await catchAsync(() => compile(filter(ds(), expression), context()));
      expect(error).toMatchObject({ status: 422, message, path });
    });
  }

  it('checks aggregate operand types', async () => {
    const run = (expression: Expression) => catchAsync(() => compile(select(ds(), [e.as(expression, 'x')]), context()));
    expect(await run(e.sum(e.col('s')))).toMatchObject({ status: 422, message: 'Column "s" is not numeric' });
    expect(await run(e.mean(e.col('t')))).toMatchObject({ status: 422, message: 'Column "t" is not numeric' });
    expect(await run(e.median(e.col('b')))).toMatchObject({ status: 422, message: 'Column "b" is not numeric' });
    expect(await run(e.max(e.col('g')))).toMatchObject({ status: 422, message: 'Column "g" is not orderable' });
    expect(await run(e.sum(e.col('zz')))).toMatchObject({ status: 422, message: 'Unknown column "zz"', path: '$.props.expressions[0].expression.operand.name' });
  });

  it('names the available columns in the details', async () => {
    const error = await catchAsync(() => compile(filter(ds(), e.isNull(e.col('missing'))), context()));
    expect(error.details).toContain('"i", "n", "s"');
  });

  it('lets unknown-typed columns through every check', async () => {
    await expect(compile(filter(ds(), e.and(e.col('u'), e.gt(e.add(e.col('u'), e.lit(1)), e.col('s')))), context())).resolves.toBeDefined();
  });

  it('sorts by no geometry', async () => {
    const error = await catchAsync(() => compile(sort(ds(), [e.asc(e.col('g'))]), context()));
    expect(error).toMatchObject({ status: 422, message: 'Cannot sort by a geometry' });
  });
});

describe('expression SQL', () => {
  it('writes columns quoted and literals as typed parameters', async () => {
    expect(await where(e.and(e.gt(e.col('i'), e.lit(3)), e.eq(e.col('s'), e.lit('x'))))).toEqual({
      condition: '((t."i" > CAST($1 AS BIGINT)) AND (t."s" = CAST($2 AS VARCHAR)))',
      params: [3, 'x'],
    });
    expect(await where(e.or(e.le(e.col('n'), e.lit(2.5)), e.ne(e.col('b'), e.lit(true))))).toEqual({
      condition: '((t."n" <= CAST($1 AS DOUBLE)) OR (t."b" <> CAST($2 AS BOOLEAN)))',
      params: [2.5, true],
    });
    expect((await where(e.le(e.col('n'), e.lit(2.5)), 'postgres')).condition).toBe('(t."n" <= CAST($1 AS DOUBLE PRECISION))');
  });

  it('writes NULL, IS NULL, IN and NOT', async () => {
    expect(await where(e.not(e.isNull(e.col('s'))))).toEqual({ condition: '(NOT (t."s" IS NULL))', params: [] });
    expect(await where(e.isNotNull(e.col('s')))).toEqual({ condition: '(t."s" IS NOT NULL)', params: [] });
    expect(await where(e.in(e.col('s'), ['a', 'b', null]))).toEqual({
      condition: '(t."s" IN (CAST($1 AS VARCHAR), CAST($2 AS VARCHAR), NULL))',
      params: ['a', 'b'],
    });
    expect(await where(e.eq(e.col('s'), e.lit(null)))).toEqual({ condition: '(t."s" = NULL)', params: [] });
  });

  it('types a string literal meeting a timestamp or date as that type', async () => {
    expect(await where(e.ge(e.col('t'), e.lit('2024-01-01')))).toEqual({ condition: '(t."t" >= CAST($1 AS TIMESTAMP))', params: ['2024-01-01'] });
    expect(await where(e.lt(e.lit('2024-01-01'), e.col('d')))).toEqual({ condition: '(CAST($1 AS DATE) < t."d")', params: ['2024-01-01'] });
    expect(await where(e.in(e.col('d'), ['2024-01-01']))).toEqual({ condition: '(t."d" IN (CAST($1 AS DATE)))', params: ['2024-01-01'] });
  });

  it('writes arithmetic, float division and modulo', async () => {
    expect(await item(e.add(e.col('i'), e.lit(1)))).toEqual({ sql: '(t."i" + CAST($1 AS BIGINT))', params: [1], type: 'integer' });
    expect(await item(e.mul(e.col('i'), e.col('n')))).toMatchObject({ sql: '(t."i" * t."n")', type: 'number' });
    expect(await item(e.div(e.col('i'), e.lit(2)))).toMatchObject({ sql: '(t."i" / NULLIF(CAST($1 AS BIGINT), 0))', type: 'number' });
    expect(await item(e.div(e.col('i'), e.lit(2)), 'postgres')).toMatchObject({ sql: '(CAST(t."i" AS DOUBLE PRECISION) / NULLIF(CAST($1 AS BIGINT), 0))' });
    expect(await item(e.mod(e.col('i'), e.lit(2)))).toMatchObject({ sql: '(t."i" % NULLIF(CAST($1 AS BIGINT), 0))', type: 'integer' });
  });

  it('writes aggregates per dialect', async () => {
    const both = async (expression: Expression) => [(await item(expression)).sql, (await item(expression, 'postgres')).sql];
    expect(await both(e.sum(e.col('i')))).toEqual(['sum(t."i")', 'sum(t."i")']);
    expect(await both(e.count())).toEqual(['count(*)', 'count(*)']);
    expect(await both(e.count(e.col('s'), { distinct: true }))).toEqual(['count(DISTINCT t."s")', 'count(DISTINCT t."s")']);
    expect(await both(e.min(e.col('t')))).toEqual(['min(t."t")', 'min(t."t")']);
    expect(await both(e.max(e.col('s')))).toEqual(['max(t."s")', 'max(t."s")']);
    expect(await both(e.mean(e.col('n')))).toEqual(['avg(t."n")', 'avg(t."n")']);
    expect(await both(e.median(e.col('n')))).toEqual(['median(t."n")', 'percentile_cont(0.5) WITHIN GROUP (ORDER BY t."n")']);
    expect(await both(e.mode(e.col('s')))).toEqual(['mode(t."s")', 'mode() WITHIN GROUP (ORDER BY t."s")']);
    expect(await both(e.div(e.sum(e.col('n')), e.count()))).toEqual(['(sum(t."n") / NULLIF(count(*), 0))', '(CAST(sum(t."n") AS DOUBLE PRECISION) / NULLIF(count(*), 0))']);
    expect((await item(e.count())).type).toBe('integer');
    expect((await item(e.mean(e.col('i')))).type).toBe('number');
    expect((await item(e.mode(e.col('s')))).type).toBe('string');
  });

  it('writes time truncation with fixed unit keywords', async () => {
    const units: [string, string][] = [
      ['Y', 'year'],
      ['M', 'month'],
      ['D', 'day'],
      ['H', 'hour'],
      ['T', 'minute'],
      ['YEAR', 'year'],
      ['MINUTE', 'minute'],
    ];
    for (const [interval, unit] of units) {
      const result = await item(e.timeTrunc(interval as 'Y', e.col('t')));
      expect(result).toEqual({ sql: `date_trunc('${unit}', CAST(t."t" AS TIMESTAMP))`, params: [], type: 'timestamp' });
    }
    expect((await item(e.timeTrunc('M', e.col('d')))).sql).toBe(`date_trunc('month', CAST(t."d" AS TIMESTAMP))`);
  });
});
