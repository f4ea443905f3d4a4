import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSelect, REFUSED_FUNCTIONS, selectStatement } from './sandbox-sql.js';

describe('what a template may run', () => {
  let connection: DuckDBConnection;
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });
  const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  const check = async (sql: string) => {
    const serialized = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
    checkSelect(selectStatement(String(serialized.getRows()[0]![0])), ['dataset']);
  };

  it('lets SELECTs of the dataset, WITH names and generators through', async () => {
    for (const sql of [
      'SELECT a, count(*) FROM dataset GROUP BY a',
      'WITH t AS (SELECT * FROM "DATASET"), u AS (SELECT * FROM t) SELECT * FROM u JOIN dataset USING (a) WHERE a IN (SELECT a FROM t)',
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r, range(2), generate_series(1, 2), unnest([1])',
      'SELECT * FROM (VALUES (1)) v(a) PIVOT (sum(a) FOR a IN (1))',
      'SELECT * FROM (SELECT a FROM dataset) AS atlas_page LIMIT $1 OFFSET $2',
    ]) {
      await expect(check(sql), sql).resolves.toBeUndefined();
    }
  });

  it('refuses other tables, table functions, settings and statements', async () => {
    for (const sql of [
      'SELECT * FROM duckdb_settings',
      'SELECT * FROM system.main.dataset',
      'SELECT (SELECT sql FROM duckdb_views() LIMIT 1)',
      'SELECT * FROM dataset WHERE EXISTS (SELECT 1 FROM information_schema.tables)',
      'WITH t AS (SELECT * FROM t) SELECT * FROM t',
      'SELECT * FROM (WITH x AS (SELECT 1) SELECT * FROM x), x',
      'SELECT CURRENT_SETTING(\'allowed_paths\')',
      'SELECT main.getvariable(\'x\')',
      'SELECT * FROM read_csv(\'/etc/passwd\')',
      'DESCRIBE dataset',
      'COPY dataset TO \'x.csv\'',
      'SELECT 1; SELECT 2',
      'SELEC 1',
    ]) {
      await expect(check(sql), sql).rejects.toMatchObject({ statusCode: 400, message: 'Could not parse query template' });
    }
  });

  // A DuckDB upgrade that adds a way to read settings or the catalog from a scalar call fails here until it is refused.
  it('refuses every built-in function that reads settings, variables or the catalog', async () => {
    const risky = await rows(`
      SELECT DISTINCT lower(function_name) AS name FROM duckdb_functions()
      WHERE function_type IN ('scalar', 'macro')
        AND (regexp_matches(function_name, 'setting|variable|secret')
          OR regexp_matches(coalesce(macro_definition, ''), '(?i)\\bFROM\\b|duckdb_|pragma_|current_setting|getvariable'))`);
    expect(risky.map((row) => row.name)).toEqual(expect.arrayContaining(['current_setting', 'getvariable', 'pg_get_viewdef']));
    expect(risky.map((row) => String(row.name)).filter((name) => !REFUSED_FUNCTIONS.has(name))).toEqual([]);
  });
});
