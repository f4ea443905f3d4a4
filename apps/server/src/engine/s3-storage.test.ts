// Dataset files in S3-compatible storage (s3rver, on a free local port): two engines with no disk in common, on one
// metadata database, read each other's versions; each fills its own folder on first read; replaced versions leave
// the bucket.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../blobs/s3.js';
import type { Db } from '../store/index.js';
import { openPgliteSnapshot } from '../test-support/stores.js';
import type { DuckDbEngine } from './duckdb.js';
import { filesOfVersion, openTestEngine } from './test-support/engine.js';

const BUCKET = 'atlas-data';
const body = (text: string) => Readable.from([Buffer.from(text)]);

describe('dataset files in S3-compatible storage', () => {
  let s3: S3rver;
  let client: S3Client;
  let db: Db;
  const folders: string[] = [];
  const engines: DuckDbEngine[] = [];

  beforeAll(async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'atlas-s3rver-'));
    folders.push(directory);
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = (await s3.run()) as { port: number };
    client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    db = await openPgliteSnapshot('migrated');
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await db.close();
    await s3.close();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  /** An engine on a DATA_DIR of its own: what it shares with others is the database and the bucket. */
  const open = async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-s3-engine-'));
    folders.push(dataDir);
    const engine = await openTestEngine({ dataDir, db, objects: new S3BlobStore({ bucket: BUCKET, region: 'us-east-1', endpoint: null, forcePathStyle: true }, client) });
    engines.push(engine);
    return { engine, dataDir };
  };
  const objects = async (id: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `datasets/${id}/` }))).Contents ?? []).map((entry) => entry.Key!.split('/').pop()!).sort();

  it('writes versions to the bucket, and another process reads them through its own local copy', async () => {
    const [a, b] = [await open(), await open()];
    const id = randomUUID();
    const first = await a.engine.ingest(id, body('x,y\n1,2\n3,4\n'), 'csv');
    // The Arrow copy follows the version into the bucket once written.
    await a.engine.settled(id);
    expect(filesOfVersion(await objects(id), first.version)).toEqual(['arrow', 'parquet']);
    expect(await readdir(path.join(b.dataDir, 'datasets'))).toEqual([]);

    const seen = (await b.engine.datasetData(id))!;
    expect(seen.version).toBe(first.version);
    expect(seen.parquetFiles[0]!.startsWith(b.dataDir)).toBe(true);
    expect(await b.engine.queryRows(`SELECT sum(x)::int AS x FROM ${seen.relation}`, [])).toEqual([{ x: 4 }]);
    const csv = await b.engine.exportData(id, 'csv');
    let text = '';
    for await (const chunk of csv!) text += String(chunk);
    expect(text).toBe('x,y\n1,2\n3,4\n');

    // A new version written by B replaces A's in the bucket (at once here: no grace), and A reads B's.
    const second = await b.engine.ingest(id, body('x,y\n10,20\n'), 'csv', { skipArrow: true });
    expect(await objects(id)).toEqual([`${second.version}.parquet`]);
    const fresh = (await a.engine.datasetData(id))!;
    expect(fresh.version).toBe(second.version);
    expect(await a.engine.queryRows(`SELECT x FROM ${fresh.relation}`, [])).toEqual([{ x: 10 }]);
    // A's own copies of the replaced version go at its next sweep.
    await a.engine.sweep();
    expect(await readdir(path.join(a.dataDir, 'datasets', id))).toEqual([`${second.version}.parquet`]);

    await a.engine.deleteData(id);
    expect(await objects(id)).toEqual([]);
    expect(await b.engine.datasetData(id)).toBeNull();
  });
});
