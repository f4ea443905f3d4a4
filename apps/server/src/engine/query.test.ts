import { latLngToCell, cellToParent } from 'h3-js';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { readAll, readArrow, useEngine } from './test-support/engine.js';

describe('engine queries', () => {
  const env = useEngine();

  it('returns JSON-safe rows with bound parameters', async () => {
    const rows = await env.engine.queryRows(
      `SELECT $1::INTEGER + 1 AS n, $2 AS s, 12345678901234::BIGINT AS big, 123456789012345678901::HUGEINT AS huge, 1.25::DECIMAL(10,2) AS d,
              DATE '2024-02-29' AS day, TIMESTAMP '2024-01-02 03:04:05.678' AS ts, NULL AS nothing, [1, 2] AS list, true AS flag`,
      [41, "it's"],
    );
    expect(rows).toEqual([
      {
        n: 42,
        s: "it's",
        big: 12345678901234,
        huge: '123456789012345678901',
        d: 1.25,
        day: '2024-02-29',
        ts: '2024-01-02T03:04:05.678Z',
        nothing: null,
        list: [1, 2],
        flag: true,
      },
    ]);
  });

  it('binds a list of numbers with the type its statement declares, whatever its first item', async () => {
    const rows = await env.engine.queryRows('SELECT unnest($1::FLOAT8[]) AS x, unnest($2::BIGINT[]) AS y', [[1, 0.5], [1, 2 ** 40]]);
    expect(rows).toEqual([{ x: 1, y: 1 }, { x: 0.5, y: 2 ** 40 }]);
  });

  it('names no server path in its errors (files, the extension folder)', async () => {
    for (const sql of [`SELECT * FROM read_parquet('${env.dataDir}/datasets/none.parquet')`, 'LOAD spatial']) {
      const error = (await env.engine.queryRows(sql, []).catch((failure: unknown) => failure)) as { details: string };
      expect(error).toMatchObject({ statusCode: 422, message: 'Query failed' });
      if (sql.includes(env.dataDir)) expect(error.details).toContain('"<server path>"');
      for (const folder of [env.dataDir, os.tmpdir(), os.homedir()]) expect(error.details).not.toContain(folder);
    }
  });

  it('never treats a parameter as SQL', async () => {
    const rows = await env.engine.queryRows('SELECT $1 AS v', ["x'); DROP TABLE t; --"]);
    expect(rows).toEqual([{ v: "x'); DROP TABLE t; --" }]);
  });

  it('streams an Arrow IPC result with Arrow types for each DuckDB type', async () => {
    const stream = await env.engine.queryArrow(
      `SELECT i::INTEGER AS i, i::BIGINT AS b, i / 2 AS d, 'v' || i AS s, i % 2 = 0 AS even, (i * 1.5)::DECIMAL(8,2) AS dec,
              DATE '2024-01-01' + i::INTEGER AS day, TIMESTAMP '2024-01-01 00:00:00' + INTERVAL (i) SECOND AS ts,
              CASE WHEN i = 1 THEN NULL ELSE i END AS maybe, sum(i) OVER () AS total
       FROM range(3) t(i) ORDER BY i`,
      [],
    );
    const table = await readArrow(stream);
    expect(table.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual([
      'i:Int32',
      'b:Int64',
      'd:Float64',
      's:Utf8',
      'even:Bool',
      'dec:Float64',
      'day:Date32<DAY>',
      'ts:Timestamp<MICROSECOND>',
      'maybe:Int64',
      'total:Float64',
    ]);
    expect(table.toArray().map((row) => row.toJSON())).toEqual([
      { i: 0, b: 0n, d: 0, s: 'v0', even: true, dec: 0, day: Date.UTC(2024, 0, 1), ts: Date.UTC(2024, 0, 1), maybe: 0n, total: 3 },
      { i: 1, b: 1n, d: 0.5, s: 'v1', even: false, dec: 1.5, day: Date.UTC(2024, 0, 2), ts: Date.UTC(2024, 0, 1, 0, 0, 1), maybe: null, total: 3 },
      { i: 2, b: 2n, d: 1, s: 'v2', even: true, dec: 3, day: Date.UTC(2024, 0, 3), ts: Date.UTC(2024, 0, 1, 0, 0, 2), maybe: 2n, total: 3 },
    ]);
  });

  it('streams large results in several batches and an empty result with its schema', async () => {
    const table = await readArrow(await env.engine.queryArrow('SELECT i FROM range(200000) t(i)', []));
    expect(table.numRows).toBe(200000);
    expect(table.batches.length).toBeGreaterThan(1);
    expect(Number(table.getChild('i')!.get(199999))).toBe(199999);
    const empty = await readArrow(await env.engine.queryArrow('SELECT 1 AS a, $1 AS b WHERE false', ['x']));
    expect(empty.numRows).toBe(0);
    expect(empty.schema.fields.map((field) => field.name)).toEqual(['a', 'b']);
    // DuckDB types without an Arrow twin travel as text (DuckDB itself gives an untyped NULL the type INTEGER).
    const text = await readArrow(await env.engine.queryArrow("SELECT NULL AS nothing, INTERVAL 2 DAY AS span, [1, 2] AS list, NULL::UUID AS id", []));
    expect(text.schema.fields.map((field) => `${field.name}:${field.type}`)).toEqual(['nothing:Int32', 'span:Utf8', 'list:Utf8', 'id:Utf8']);
    expect(text.toArray().map((row) => row.toJSON())).toEqual([{ nothing: null, span: '2 days', list: '[1, 2]', id: null }]);
  });

  it('streams: the first batches of a huge result arrive at once, and destroying the stream frees its connection', async () => {
    const started = Date.now();
    const stream = await env.engine.queryArrow('SELECT i, i * 2 AS j FROM range(1000000000) t(i)', []);
    let bytes = 0;
    for await (const part of stream) {
      bytes += (part as Buffer).length;
      if (bytes > 4 * 1024 * 1024) break; // leaving the loop destroys the stream
    }
    expect(bytes).toBeGreaterThan(4 * 1024 * 1024);
    // A billion rows (16 GB as Arrow) were never materialized.
    expect(Date.now() - started).toBeLessThan(5000);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => env.engine.queryRows('SELECT $1::INTEGER AS n', [n])));
    expect(results.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('registers the H3 functions of the pipeline', async () => {
    const rows = await env.engine.queryRows('SELECT atlas_h3_cell($1, $2, 9) AS cell, atlas_h3_parent(atlas_h3_cell($1, $2, 9), 5) AS parent, atlas_h3_cell(NULL, 1, 9) AS none', [
      40.7128, -74.006,
    ]);
    const cell = latLngToCell(40.7128, -74.006, 9);
    expect(rows).toEqual([{ cell, parent: cellToParent(cell, 5), none: null }]);
  });

  it('answers a SQL error as 422', async () => {
    await expect(env.engine.queryRows('SELECT nope FROM range(1)', [])).rejects.toMatchObject({ statusCode: 422, message: 'Query failed' });
  });

  it('times out a slow query with 408 and keeps serving others', async () => {
    const started = Date.now();
    await expect(env.engine.queryArrow('SELECT count(*) FROM range(100000000) a, range(100000) b', [], { timeoutMs: 50 })).rejects.toMatchObject({
      statusCode: 408,
      message: 'Query timed out',
      appStatusCode: 'QUERY_TIMEOUT',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(env.engine.queryRows('SELECT 1 AS one', [])).resolves.toEqual([{ one: 1 }]);
  });

  it('cancels a query through its signal with 409', async () => {
    const controller = new AbortController();
    const pending = env.engine.queryRows('SELECT count(*) FROM range(100000000) a, range(100000) b', [], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(env.engine.queryRows('SELECT 1', [], { signal: aborted.signal })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('fails a stream that is cancelled midway and frees its connection', async () => {
    const controller = new AbortController();
    const stream = await env.engine.queryArrow('SELECT i, md5(i::VARCHAR) AS h FROM range(50000000) t(i)', [], { signal: controller.signal });
    controller.abort();
    await expect(readAll(stream)).rejects.toMatchObject({ statusCode: 409 });
    // All four pooled connections are still usable.
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => env.engine.queryRows('SELECT $1::INTEGER AS n', [n])));
    expect(results.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('runs a fast query while slow ones occupy other connections', async () => {
    const slow = [1, 2].map(() => env.engine.queryRows('SELECT count(*) FROM range(100000000) a, range(100000) b', [], { timeoutMs: 1500 }).catch((error) => error));
    const started = Date.now();
    await expect(env.engine.queryRows('SELECT 7 AS seven', [])).resolves.toEqual([{ seven: 7 }]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await Promise.all(slow)).map((error) => error.statusCode)).toEqual([408, 408]);
  });

  it('keeps files outside DATA_DIR out of reach of SQL', async () => {
    await expect(env.engine.queryRows("SELECT * FROM read_csv('/etc/passwd')", [])).rejects.toMatchObject({ statusCode: 422 });
  });
});
