import { describe, expect, it } from 'vitest';
import { firstWord, isTrinoQuery, questionMarks } from './sql-text.js';

describe('SQL text', () => {
  it('turns $n into ? outside strings, quoted names and comments, values in order', () => {
    expect(questionMarks(`SELECT $2, '$1 it''s', "$1""", $1 -- $3\n/* $3 */ FROM t WHERE a = $2`, ['a', 'b'])).toEqual({
      sql: `SELECT ?, '$1 it''s', "$1""", ? -- $3\n/* $3 */ FROM t WHERE a = ?`,
      values: ['b', 'a', 'b'],
    });
    expect(questionMarks('SELECT t.`$1`, `it``s $1` FROM t WHERE a = $1', ['a'])).toEqual({ sql: 'SELECT t.`$1`, `it``s $1` FROM t WHERE a = ?', values: ['a'] });
    const bigquery = "SELECT 'it\\'s $1', t.`a\\`$1` FROM t WHERE a = $1";
    expect(questionMarks(bigquery, ['a'], 'backslash')).toEqual({ sql: bigquery.replace(/\$1$/, '?'), values: ['a'] });
    expect(questionMarks('SELECT 1', [])).toEqual({ sql: 'SELECT 1', values: [] });
    expect(() => questionMarks('SELECT $2', [1])).toThrow('$2 has no value');
  });

  it('finds the first word after comments and parentheses', () => {
    expect(firstWord('  -- note\n /* x */ ((select 1))')).toBe('select');
    expect(firstWord('WITH a AS (SELECT 1) SELECT * FROM a')).toBe('with');
    expect(firstWord('/* select */ insert into t values (1)')).toBe('insert');
    expect(firstWord("'select'")).toBe('');
  });

  it("tells a query of Trino's grammar from other statements", () => {
    for (const sql of ['SELECT 1', '(WITH a AS (SELECT 1) SELECT * FROM a)', 'VALUES 1', 'TABLE t']) expect(isTrinoQuery(sql), sql).toBe(true);
    for (const sql of ['EXPLAIN ANALYZE INSERT INTO t VALUES (1)', "UNLOAD (SELECT 1) TO 's3://x/'", '/* select */ DROP TABLE t', '']) expect(isTrinoQuery(sql), sql).toBe(false);
  });
});
