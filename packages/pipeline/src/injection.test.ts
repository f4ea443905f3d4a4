// Injection attempts in every string field: names reach SQL only as correctly quoted identifiers, values only as
// parameters, and fields that are neither (uuids, H3 indexes, keywords) are refused with 400.
import { describe, expect, it } from 'vitest';
import {
  compile,
  dataset,
  databaseQuery,
  deserialize,
  enrich,
  expr as e,
  filter,
  group,
  hexify,
  inlineData,
  join,
  PipelineError,
  select,
  sort,
  tileJoin,
  tileQuantiles,
  type ColumnInfo,
  type CompileContext,
  type CompiledQuery,
  type PipelineNode,
} from './index.js';

const EVIL = [
  'a"; DROP TABLE x; --',
  "b'; DROP TABLE y; --",
  '"); DROP TABLE z; --',
  '$1); DROP TABLE w; --',
  '" OR ""="',
  'c\\"; DROP TABLE v; /*',
];

const UUID_A = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const UUID_B = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const RELATIONS = { [UUID_A]: '"safe"."a"', [UUID_B]: "read_parquet('/data/b.parquet')" };
const ALLOWED_STRINGS = new Set(['year', 'month', 'day', 'hour', 'minute', '/data/b.parquet']);

/** A context whose datasets have a column named `evil` beside ordinary ones. */
function contextWith(evil: string, dialect: 'duckdb' | 'postgres' = 'duckdb'): CompileContext {
  const columns: Record<string, ColumnInfo[]> = {
    [UUID_A]: [
      { name: evil, type: 'integer' },
      { name: 'lat', type: 'number' },
      { name: 'lng', type: 'number' },
      { name: 'when', type: 'timestamp' },
      { name: 'h3', type: 'h3' },
      { name: 'time', type: 'timestamp' },
    ],
    [UUID_B]: [
      { name: evil, type: 'integer' },
      { name: 'h3', type: 'h3' },
      { name: 'time', type: 'timestamp' },
      { name: `${evil}_h3`, type: 'h3' },
      { name: `${evil}_time`, type: 'timestamp' },
    ],
  };
  return {
    dialect,
    resolveDataset: (uuid) => ({ relation: RELATIONS[uuid as keyof typeof RELATIONS], columns: columns[uuid]! }),
    runDatabaseQuery: () => ({ relation: '"tmp"', columns: [{ name: evil, type: 'string' }] }),
  };
}

interface Tokens {
  /** The SQL with identifiers and strings removed. */
  readonly code: string;
  readonly identifiers: string[];
  readonly strings: string[];
}

/** Splits SQL into code, double-quoted identifiers (unescaped) and single-quoted strings (unescaped). */
function tokenize(sql: string): Tokens {
  let code = '';
  const identifiers: string[] = [];
  const strings: string[] = [];
  for (let i = 0; i < sql.length; ) {
    const quote = sql[i];
    if (quote === '"' || quote === "'") {
      let text = '';
      i++;
      for (;;) {
        if (i >= sql.length) throw new Error(`unterminated ${quote} in SQL`);
        if (sql[i] === quote) {
          if (sql[i + 1] === quote) {
            text += quote;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += sql[i++];
      }
      (quote === '"' ? identifiers : strings).push(text);
      code += quote === '"' ? ' ID ' : ' STR ';
    } else {
      code += sql[i++];
    }
  }
  return { code, identifiers, strings };
}

/** Nothing of `evil` in the SQL except as an identifier; no statement separators or comments; fixed strings only. */
function expectSafe(compiled: CompiledQuery, evil: string, asIdentifier: boolean): Tokens {
  const tokens = tokenize(compiled.sql);
  expect(tokens.code).not.toMatch(/DROP|;|--|\/\*/i);
  for (const text of tokens.strings) expect(ALLOWED_STRINGS.has(text)).toBe(true);
  if (asIdentifier) expect(tokens.identifiers.some((identifier) => identifier.includes(evil))).toBe(true);
  const placeholders = [...tokens.code.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
  for (const n of placeholders) expect(n).toBeGreaterThanOrEqual(1);
  expect(Math.max(0, ...placeholders)).toBe(compiled.params.length);
  return tokens;
}

function expect400(fn: () => unknown): void {
  let error: unknown;
  try {
    fn();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(PipelineError);
  expect((error as PipelineError).status).toBe(400);
}

for (const evil of EVIL) {
  describe(`injection ${JSON.stringify(evil)}`, () => {
    const ctx = contextWith(evil);
    const run = async (node: PipelineNode, asIdentifier = true, dialect: 'duckdb' | 'postgres' = 'duckdb') =>
      expectSafe(await compile(node, dialect === 'duckdb' ? ctx : contextWith(evil, dialect)), evil, asIdentifier);

    it('in column names and aliases of select', async () => {
      const tokens = await run(select(dataset(UUID_A), [{ expression: e.col(evil) }, e.as(e.col('lat'), evil + '2')]));
      expect(tokens.identifiers).toContain(evil);
      expect(tokens.identifiers).toContain(evil + '2');
    });

    it('in filter columns, literal strings and IN values', async () => {
      const node = filter(dataset(UUID_A), e.and(e.isNotNull(e.col(evil)), e.or(e.eq(e.lit(evil), e.lit(evil)), e.in(e.lit(evil), [evil, 'x']))));
      const compiled = await compile(node, ctx);
      expectSafe(compiled, evil, true);
      expect(compiled.params).toEqual([evil, evil, evil, evil, 'x']);
    });

    it('in sort keys and group by/aggregate names', async () => {
      await run(sort(dataset(UUID_A), [e.desc(e.col(evil))]));
      await run(group(dataset(UUID_A), { by: [e.as(e.col('lat'), evil)], expressions: [e.as(e.sum(e.col(evil)), `sum ${evil}`)] }));
    });

    it('in join keys, and in renamed colliding columns', async () => {
      const tokens = await run(join(dataset(UUID_A), dataset(UUID_B), [[evil, evil]], 'FULL'));
      expect(tokens.identifiers).toContain(`${evil}_right`);
    });

    it('in every enrich column prop', async () => {
      await run(
        enrich(dataset(UUID_A), {
          source: UUID_B,
          sourceColumn: evil,
          targetType: 'LATLNG',
          latColumn: 'lat',
          lngColumn: 'lng',
          targetColumn: `${evil} cell`,
          sourceHexColumn: `${evil}_h3`,
          timeColumn: 'when',
          timeInterval: 'H',
          sourceTimeColumn: `${evil}_time`,
        }),
      );
      await run(
        enrich(select(dataset(UUID_A), [e.as(e.col('h3'), evil + 'cell'), e.as(e.col('when'), evil + 'when')]), {
          source: UUID_B,
          sourceColumn: 'h3',
          targetType: 'H3',
          column: evil + 'cell',
          timeColumn: evil + 'when',
        }),
        true,
        'postgres',
      );
    });

    it('in inline CSV headers and values, and JSON keys and values', async () => {
      const csvField = `"${evil.replaceAll('"', '""')}"`;
      const csv = await compile(inlineData('CSV', `${csvField},n\n${csvField},1\n`), ctx);
      expect(expectSafe(csv, evil, true).identifiers).toContain(evil);
      expect(csv.params).toEqual([evil, 1]);
      const json = await compile(inlineData('JSON_OBJECT', [{ [evil]: evil }]), ctx);
      expectSafe(json, evil, true);
      expect(json.params).toEqual([evil]);
    });

    it('in the hexify column name', async () => {
      const square = { type: 'Polygon', coordinates: [[[-122.4, 37.7], [-122.3, 37.7], [-122.3, 37.8], [-122.4, 37.8], [-122.4, 37.7]]] };
      await run(hexify(square, 6, evil), true, 'postgres');
    });

    it('in tileset column names (quantile labels are parameters)', async () => {
      const compiled = await compile(tileQuantiles(UUID_B, 3, 'D'), ctx);
      expectSafe(compiled, evil, true);
      expect(compiled.params).toContain(evil);
    });

    it('in tileJoin input columns', async () => {
      await run(tileJoin([dataset(UUID_B), dataset(UUID_B), dataset(UUID_A)]));
    });

    it('in databaseQuery connection ids, which never reach SQL', async () => {
      const node = databaseQuery(evil, 'select 1');
      const compiled = await compile(node, ctx);
      expectSafe(compiled, evil, true);
      expect(compiled.sql).not.toContain('select 1');
    });

    it('in fields that are not names: refused with 400', () => {
      expect400(() => dataset(evil));
      expect400(() => deserialize({ type: 'hexTile', props: { uuid: UUID_A, tileIndex: evil } }));
      expect400(() => deserialize({ type: 'tileQuantiles', props: { uuid: evil, res: 3, timeInterval: 'D' } }));
      expect400(() => deserialize({ type: 'tileQuantiles', props: { uuid: UUID_A, res: 3, timeInterval: evil } }));
      expect400(() => enrich(dataset(UUID_A), { source: evil, sourceColumn: 'x', targetType: 'H3', column: 'h3' }));
      expect400(() => deserialize({ type: 'enrich', props: { source: UUID_B, sourceColumn: 'x', targetType: evil, column: 'h3' }, inputs: [{ type: 'dataset', props: { uuid: UUID_A } }] }));
      expect400(() => join(dataset(UUID_A), dataset(UUID_B), [['a', 'b']], evil as 'LEFT'));
      expect400(() => sort(dataset(UUID_A), [{ expression: e.col('a'), direction: evil as 'asc' }]));
      expect400(() => filter(dataset(UUID_A), { kind: 'binary', op: evil, left: e.col('a'), right: e.lit(1) } as never));
      expect400(() => select(dataset(UUID_A), [e.as({ kind: 'aggregate', fn: evil, operand: e.col('a') } as never, 'x')]));
      expect400(() => select(dataset(UUID_A), [e.as(e.timeTrunc(evil as 'Y', e.col('when')), 'x')]));
      expect400(() => deserialize({ type: 'inline_data', props: { format: evil, data: 'a\n1' } }));
      expect400(() => deserialize({ type: 'limit', props: { length: evil }, inputs: [{ type: 'dataset', props: { uuid: UUID_A } }] }));
      expect400(() => deserialize({ type: evil, props: {} }));
      expect400(() => deserialize({ type: 'filter', props: { expression: { kind: evil } }, inputs: [{ type: 'dataset', props: { uuid: UUID_A } }] }));
    });
  });
}

describe('tokenizer used by these tests', () => {
  it('reads quoted identifiers and strings', () => {
    expect(tokenize(`SELECT "a""b" FROM t WHERE x = 'it''s'`)).toEqual({
      code: 'SELECT  ID  FROM t WHERE x =  STR ',
      identifiers: ['a"b'],
      strings: ["it's"],
    });
  });
});
