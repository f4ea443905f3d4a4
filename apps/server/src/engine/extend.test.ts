// Versions of several Parquet files: rows appended to data (materialize with `extend`) are a file of their own after
// the extended data's files, which are linked, never copied (docs/panel-append.md).
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { MAX_DATA_FILES } from './types.js';
import { readAll, useEngine } from './test-support/engine.js';

describe('engine data of several files', () => {
  const env = useEngine();
  const values = async (relation: string) => (await env.engine.queryRows(`SELECT n FROM ${relation}`, [])).map((row) => row.n);
  const folder = (id: string) => readdir(path.join(env.dataDir, 'datasets', id)).then((names) => names.sort());

  it('appends rows to an entry as a file after its own, the previous version retired without losing them', async () => {
    const id = randomUUID();
    const first = await env.engine.materialize(id, 'SELECT range AS n FROM range(3)');
    const next = await env.engine.materialize(id, 'SELECT 10 + range AS n FROM range(2)', { extend: id });
    expect(next.parquetFiles).toHaveLength(2);
    expect(next.rowCount).toBe(5);
    expect(await values(next.relation)).toEqual([0, 1, 2, 10, 11]);
    // The first version's file is gone (retired at once here); its rows live on in the new version's link.
    expect(await folder(id)).toEqual([`${next.version}.p1.parquet`, `${next.version}.parquet`].sort());
    expect(first.version).not.toBe(next.version);
    const linked = await stat(next.parquetFiles[0]!);
    expect(next.sizeBytes).toBe(linked.size + (await stat(next.parquetFiles[1]!)).size);
    expect(await values((await env.engine.datasetData(id))!.relation)).toEqual([0, 1, 2, 10, 11]);
  });

  it('extends another entry by linking its files: the base stays as it was and may go', async () => {
    const base = randomUUID();
    const target = randomUUID();
    const source = await env.engine.materialize(base, 'SELECT range AS n FROM range(4)');
    const extended = await env.engine.materialize(target, 'SELECT CAST(7 AS BIGINT) AS n', { extend: base });
    expect(await values(extended.relation)).toEqual([0, 1, 2, 3, 7]);
    expect((await stat(extended.parquetFiles[0]!)).ino).toBe((await stat(source.parquetFiles[0]!)).ino);
    expect(await values((await env.engine.datasetData(base))!.relation)).toEqual([0, 1, 2, 3]);
    await env.engine.deleteData(base);
    expect(await values((await env.engine.datasetData(target))!.relation)).toEqual([0, 1, 2, 3, 7]);
  });

  it('refuses rows of other columns or types, and more files than a version may have, changing nothing', async () => {
    const id = randomUUID();
    const data = await env.engine.materialize(id, 'SELECT CAST(range AS BIGINT) AS n FROM range(2)');
    await expect(env.engine.materialize(id, 'SELECT CAST(1 AS INTEGER) AS n', { extend: id })).rejects.toThrow(/do not have its columns/);
    await expect(env.engine.materialize(id, 'SELECT CAST(1 AS BIGINT) AS m', { extend: id })).rejects.toThrow(/do not have its columns/);
    expect((await env.engine.datasetData(id))!.version).toBe(data.version);
    expect(await folder(id)).toEqual([`${data.version}.parquet`]);

    let last = data;
    for (let k = 1; k < MAX_DATA_FILES; k++) last = await env.engine.materialize(id, `SELECT CAST(${k + 1} AS BIGINT) AS n`, { extend: id });
    expect(last.parquetFiles).toHaveLength(MAX_DATA_FILES);
    await expect(env.engine.materialize(id, 'SELECT CAST(0 AS BIGINT) AS n', { extend: id })).rejects.toThrow(/rewrite it/);
    expect((await env.engine.datasetData(id))!.version).toBe(last.version);
    expect((await folder(id)).length).toBe(MAX_DATA_FILES);
  });

  it('runs the caller\'s commit in the switch: a commit that throws leaves the previous version and no new file', async () => {
    const id = randomUUID();
    const data = await env.engine.materialize(id, 'SELECT 1 AS n');
    const failing = env.engine.materialize(id, 'SELECT 2 AS n', {
      extend: id,
      commit: async () => {
        throw new Error('refused');
      },
    });
    await expect(failing).rejects.toThrow('refused');
    expect((await env.engine.datasetData(id))!.version).toBe(data.version);
    expect(await folder(id)).toEqual([`${data.version}.parquet`]);
    let seen = -1;
    await env.engine.materialize(id, 'SELECT 2 AS n', { extend: id, commit: async (_tx, next) => void (seen = next.rowCount) });
    expect(seen).toBe(2);
  });

  it('exports, copies and downloads such data as one table', async () => {
    const id = randomUUID();
    await env.engine.materialize(id, "SELECT range AS n, 'a' AS s FROM range(2)");
    await env.engine.materialize(id, "SELECT CAST(5 AS BIGINT) AS n, 'b' AS s", { extend: id });
    const csv = (await readAll((await env.engine.exportData(id, 'csv'))!)).toString('utf8');
    expect(csv.trim().split('\n')).toEqual(['n,s', '0,a', '1,a', '5,b']);
    const parquet = await readAll((await env.engine.exportData(id, 'parquet'))!);
    expect(parquet.subarray(0, 4).toString()).toBe('PAR1');
    const arrow = tableFromIPC(await readAll((await env.engine.exportData(id, 'arrow'))!));
    expect([...arrow.getChild('n')!].map(Number)).toEqual([0, 1, 5]);

    const copyId = randomUUID();
    const copy = await env.db.transaction((tx) => env.engine.copyData(id, copyId, tx));
    expect(copy!.parquetFiles).toHaveLength(2);
    expect(await values(copy!.relation)).toEqual([0, 1, 5]);
  });
});
