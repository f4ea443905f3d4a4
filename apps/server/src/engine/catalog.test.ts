// Two engines (two server processes) on one metadata database and one DATA_DIR: the database decides which version
// is current, and files are removed only when no version names them and no live writer is writing them.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../store/index.js';
import { testStores } from '../test-support/stores.js';
import type { DuckDbEngine } from './duckdb.js';
import { openTestEngine, testCluster } from './test-support/engine.js';

const body = (text: string) => Readable.from([Buffer.from(text)]);

describe.each(testStores())('engine catalog in the metadata database ($name)', (store) => {
  let db: Db;
  let dataDir: string;
  let engines: DuckDbEngine[] = [];
  const open = async (options: { retireDelayMs?: number } = {}) => {
    const engine = await openTestEngine({ dataDir, db, ...options });
    engines.push(engine);
    return engine;
  };
  beforeAll(async () => {
    db = await store.openMigrated();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-catalog-'));
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const files = (id: string) => readdir(path.join(dataDir, 'datasets', id)).then((names) => names.sort());

  it('both processes read the version the last switch made current, and the replaced files go', async () => {
    const [a, b] = [await open(), await open()];
    const id = randomUUID();
    const first = await a.ingest(id, body('x\n1\n'), 'csv', { skipArrow: true });
    const second = await b.ingest(id, body('x\n2\n3\n'), 'csv', { skipArrow: true });
    expect(await a.datasetData(id)).toEqual(second);
    expect(await b.datasetData(id)).toEqual(second);
    expect(await a.queryRows(`SELECT count(*)::int AS n FROM ${(await a.datasetData(id))!.relation}`, [])).toEqual([{ n: 2 }]);
    expect(await files(id)).toEqual([`${second.version}.parquet`]);
    expect(first.version).not.toBe(second.version);
    // No manifest on disk decides anything.
    await expect(readdir(path.join(dataDir, 'datasets', id))).resolves.not.toContain('manifest.json');
  });

  it('reads the current data of several entries at once, as datasetData reads each; those without data are absent', async () => {
    const [a, b] = [await open(), await open()];
    const [one, two, none] = [randomUUID(), randomUUID(), randomUUID()];
    await a.ingest(one, body('x\n1\n'), 'csv', { skipArrow: true });
    await a.ingest(two, body('y\n1\n2\n'), 'csv', { skipArrow: true });
    await b.ingest(two, body('y\n3\n'), 'csv', { skipArrow: true });
    const read = await a.datasetsData([one, two, none]);
    expect([...read.keys()].sort()).toEqual([one, two].sort());
    expect(read.get(one)).toEqual(await a.datasetData(one));
    expect(read.get(two)).toEqual(await b.datasetData(two));
    expect(read.get(two)!.rowCount).toBe(1);
    expect(await a.datasetsData([])).toEqual(new Map());
  });

  it('keeps a replaced version for its grace period, then any process removes it', async () => {
    const [a, b] = [await open({ retireDelayMs: 200 }), await open({ retireDelayMs: 200 })];
    const id = randomUUID();
    const first = await a.ingest(id, body('x\n1\n'), 'csv', { skipArrow: true });
    const second = await a.ingest(id, body('x\n2\n'), 'csv', { skipArrow: true });
    expect(await files(id)).toEqual([`${first.version}.parquet`, `${second.version}.parquet`]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await b.sweep(); // the other process
    expect(await files(id)).toEqual([`${second.version}.parquet`]);
  });

  it('reads a manifest.json of an earlier release into the database once, retiring the files it does not name', async () => {
    const id = randomUUID();
    const folder = path.join(dataDir, 'datasets', id);
    await mkdir(folder, { recursive: true });
    const source = await open();
    const data = await source.ingest(randomUUID(), body('x,y\n1,2\n'), 'csv', { skipArrow: true });
    const manifest = {
      version: 'legacy-1', parquet: 'legacy-1.parquet', arrow: null, columns: data.columns, rowCount: 1, sizeBytes: data.sizeBytes,
      latColumn: 'y', lngColumn: 'x', geometryColumn: null, createdAt: new Date().toISOString(),
    };
    await writeFile(path.join(folder, 'legacy-1.parquet'), await import('node:fs/promises').then((fs) => fs.readFile(data.parquetFiles[0]!)));
    await writeFile(path.join(folder, 'legacy-0.parquet'), 'an older version');
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));

    const engine = await open();
    expect(await engine.datasetData(id)).toMatchObject({ version: 'legacy-1', rowCount: 1, latColumn: 'y', lngColumn: 'x', sizeBytes: data.sizeBytes });
    expect(await engine.queryRows(`SELECT * FROM ${(await engine.datasetData(id))!.relation}`, [])).toEqual([{ x: 1, y: 2 }]);
    expect(await files(id)).toEqual(['legacy-1.parquet']);
  });

  it.runIf(store.name === 'postgres')('spares the files a live process is writing, and removes those of a dead one', async () => {
    const engine = await open();
    const id = randomUUID();
    const folder = path.join(dataDir, 'datasets', id);
    await mkdir(folder, { recursive: true });
    const live = testCluster().instanceId;
    const dead = testCluster().instanceId;
    await db.query(`INSERT INTO server_instances (id) VALUES ($1)`, [live]);
    await db.query(`INSERT INTO server_instances (id, heartbeat_at) VALUES ($1, now() - interval '1 hour')`, [dead]);
    await db.query(`INSERT INTO engine_writes (data_id, version, instance_id) VALUES ($1, 'v-live', $2), ($1, 'v-dead', $3)`, [id, live, dead]);
    // A version of several files (rows appended: linked files, then the new part) included.
    const written = ['v-live.parquet', 'v-live.p1.parquet.tmp', 'v-dead.parquet', 'v-dead.p1.parquet', 'v-dead.p15.parquet.tmp', 'v-dead.arrow.tmp'];
    for (const name of written) await writeFile(path.join(folder, name), 'half');

    await engine.sweep();

    expect(await files(id)).toEqual(['v-live.p1.parquet.tmp', 'v-live.parquet']);
    expect((await db.query(`SELECT version FROM engine_writes WHERE data_id = $1`, [id])).map((row) => row.version)).toEqual(['v-live']);
  });
});
