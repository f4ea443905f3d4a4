import { Messages, type TemplateParameter } from '@atlas/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { checkTemplate, expandTemplate, templatePlaceholders, tokenizeTemplate, wrapRollup } from './template.js';

const ids: TemplateParameter = { name: 'ids', type: 'string' };
const min: TemplateParameter = { name: 'min', type: 'integer', default: 3 };

function parseFailure(run: () => unknown): { message: string; details: string; status: number } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { message: error.message, details: error.details, status: error.statusCode };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('template expansion', () => {
  it('binds scalars and turns lists into lists of bound values', () => {
    const result = expandTemplate('SELECT * FROM {{dataset}} WHERE id IN ({{ids}}) AND n >= {{ min }}', [ids, min], { ids: ['a', 'b', 'c'] }, { dataset: "read_parquet('/d/v1.parquet')" });
    expect(result).toEqual({
      sql: "SELECT * FROM read_parquet('/d/v1.parquet') WHERE id IN (CAST($1 AS VARCHAR), CAST($2 AS VARCHAR), CAST($3 AS VARCHAR)) AND n >= CAST($4 AS BIGINT)",
      params: ['a', 'b', 'c', 3],
    });
  });

  it('keeps injection attempts as bound values', () => {
    const evil = "x'); DROP TABLE users; --";
    const result = expandTemplate("SELECT {{name}} AS a, 'pre {{name}} post' AS b", [{ name: 'name', type: 'string' }], { name: evil });
    expect(result.sql).toBe('SELECT CAST($1 AS VARCHAR) AS a, CAST($2 AS VARCHAR) AS b');
    expect(result.params).toEqual([evil, `pre ${evil} post`]);
  });

  it('joins a list inside a string literal with the delimiter, or a comma', () => {
    const piped: TemplateParameter = { name: 'tags', type: 'string', delimiter: '|' };
    expect(expandTemplate("SELECT '{{tags}}' AS t", [piped], { tags: ['a', 'b'] })).toEqual({ sql: 'SELECT CAST($1 AS VARCHAR) AS t', params: ['a|b'] });
    expect(expandTemplate("SELECT 'n={{ids}}' AS t", [ids], { ids: ['a', 'b'] })).toEqual({ sql: 'SELECT CAST($1 AS VARCHAR) AS t', params: ['n=a,b'] });
    expect(expandTemplate("SELECT 'it''s {{ids}}'", [ids], { ids: 'x' }).params).toEqual(["it's x"]);
  });

  it('renders an empty list as NULL so IN () stays valid', () => {
    expect(expandTemplate('SELECT 1 WHERE a IN ({{ids}})', [ids], { ids: [] }).sql).toBe('SELECT 1 WHERE a IN (NULL)');
  });

  it('casts per declared type and uses defaults', () => {
    const parameters: TemplateParameter[] = [
      { name: 'n', type: 'number' },
      { name: 'b', type: 'boolean', default: true },
      { name: 'd', type: 'date' },
      { name: 't', type: 'timestamp' },
    ];
    expect(expandTemplate('SELECT {{n}}, {{b}}, {{d}}, {{t}}', parameters, { n: 1.5, d: '2024-02-29', t: '2024-03-01T10:00:00Z' })).toEqual({
      sql: 'SELECT CAST($1 AS DOUBLE), CAST($2 AS BOOLEAN), CAST($3 AS DATE), CAST($4 AS TIMESTAMP)',
      params: [1.5, true, '2024-02-29', '2024-03-01T10:00:00Z'],
    });
  });

  it('strips comments outside string literals and keeps comment-like text inside them', () => {
    const result = expandTemplate("SELECT 1 -- {{nope}}\n/* {{nope}} /* nested */ */ , '-- kept /* too */' AS s; -- trailing\n", [], {});
    expect(result).toEqual({ sql: "SELECT 1  \n  , '-- kept /* too */' AS s", params: [] });
  });

  it('lists placeholders in order of first use', () => {
    expect(templatePlaceholders("SELECT {{b}}, '{{a}}', {{b}} FROM {{dataset}}")).toEqual(['b', 'a', 'dataset']);
  });

  it.each([
    ['SELECT {{unknown}}', 'Unknown placeholder {{unknown}}'],
    ["SELECT 'open", 'Unclosed string literal at line 1'],
    ['SELECT "open', 'Unclosed quoted identifier at line 1'],
    ['SELECT 1 /* open', 'Unclosed comment "/*" at line 1'],
    ['SELECT 1 */', 'Unbalanced comment "*/" at line 1'],
    ['SELECT {{ids', 'Unclosed placeholder "{{" at line 1'],
    ['SELECT ids}}', 'Unbalanced "}}" at line 1'],
    ['SELECT {{a b}}', 'Invalid placeholder name "a b" at line 1'],
    ['SELECT "{{ids}}"', 'Placeholders cannot name identifiers (line 1)'],
    ["SELECT E'{{ids}}'", "Placeholders are not allowed in E'' strings (line 1)"],
    ['SELECT $1', 'Positional parameters and dollar quotes are not allowed; use {{name}} placeholders (line 1)'],
    ['SELECT $$x$$', 'Positional parameters and dollar quotes are not allowed; use {{name}} placeholders (line 1)'],
    ['SELECT ?', 'Positional parameters and dollar quotes are not allowed; use {{name}} placeholders (line 1)'],
    ['SELECT 1; DROP TABLE x', 'A template holds one statement (";" at line 1)'],
    ['-- only a comment', 'The template is empty'],
  ])('refuses %j', (template, details) => {
    expect(parseFailure(() => checkTemplate(template, [ids]))).toEqual({ message: Messages.couldNotParseQueryTemplate, details, status: 400 });
  });

  it('refuses bad declarations', () => {
    expect(parseFailure(() => checkTemplate('SELECT 1', [{ name: 'dataset', type: 'string' }])).details).toBe('"dataset" is reserved for the dataset and cannot be a parameter');
    expect(parseFailure(() => checkTemplate('SELECT 1', [ids, ids])).details).toBe('Parameter "ids" is declared twice');
    expect(parseFailure(() => checkTemplate('SELECT 1', [{ name: 'n', type: 'integer', default: 'x' }]))).toEqual({
      message: 'Invalid query parameters',
      details: 'The default of parameter "n" must be a integer (got "x")',
      status: 400,
    });
  });

  it('refuses undeclared, missing and mistyped values', () => {
    expect(parseFailure(() => expandTemplate('SELECT {{ids}}', [ids], { ids: 'a', other: 1 })).details).toBe('Unknown parameter "other"');
    expect(parseFailure(() => expandTemplate('SELECT {{ids}}', [ids], {})).details).toBe('Parameter "ids" has no value and no default');
    expect(parseFailure(() => expandTemplate('SELECT {{min}}', [min], { min: 1.5 })).details).toBe('The value of parameter "min" must be a integer (got 1.5)');
    expect(parseFailure(() => expandTemplate('SELECT {{min}}', [min], { min: [1, 'x'] })).details).toBe('The value of item of parameter "min" must be a integer (got "x")');
    expect(parseFailure(() => expandTemplate('SELECT {{d}}', [{ name: 'd', type: 'date' }], { d: '2024-13-45' })).details).toBe(
      'The value of parameter "d" must be a date (got "2024-13-45")',
    );
  });

  it('needs a dataset for {{dataset}}', () => {
    expect(parseFailure(() => expandTemplate('SELECT * FROM {{dataset}}', [], {}))).toEqual({
      message: 'Query template needs a dataset',
      details: 'Send datasetId, or set the datasetId of the template',
      status: 400,
    });
  });

  it('tokenizes literals with placeholders separately', () => {
    expect(tokenizeTemplate("a '{{x}}y' b")).toEqual([
      { kind: 'sql', text: 'a ' },
      { kind: 'literal', parts: [{ name: 'x' }, 'y'] },
      { kind: 'sql', text: ' b' },
    ]);
  });
});

describe('rollup', () => {
  const query = { sql: 'SELECT * FROM t WHERE a = CAST($1 AS VARCHAR)', params: ['x'] };

  it('wraps the result in GROUP BY ROLLUP over quoted identifiers', () => {
    expect(wrapRollup(query, { rows: ['region'], columns: ['we"ek'], values: [{ column: 'visits', fn: 'sum' }, { column: 'visits', fn: 'mean', alias: 'avg visits' }] })).toEqual({
      sql:
        'SELECT "region", "we""ek", sum("visits") AS "visits", avg("visits") AS "avg visits" FROM (\nSELECT * FROM t WHERE a = CAST($1 AS VARCHAR)\n) AS atlas_rollup ' +
        'GROUP BY ROLLUP ("region", "we""ek") ORDER BY "region" NULLS LAST, "we""ek" NULLS LAST',
      params: ['x'],
    });
  });

  it('needs rows or columns', () => {
    for (const rollup of [{ values: [] }, { rows: [], columns: [], values: [] }]) {
      expect(parseFailure(() => wrapRollup(query, rollup))).toEqual({ message: Messages.rollupNeedsRowsOrColumns, details: 'rollup needs at least one of rows or columns', status: 400 });
    }
  });
});
