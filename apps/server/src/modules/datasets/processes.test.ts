// Two real server processes (main.ts twice) on one PostgreSQL database (a fresh one), one S3-compatible bucket
// (s3rver on a free local port) and, when present, one Redis, with no disk in common, as docs/deployment.md describes: both start at once on the empty database, simultaneous
// uploads to one dataset through both leave one readable, consistent version, and a query cancelled through one
// process stops in the other.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { tableFromIPC } from 'apache-arrow';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, killServer, startServer, type ServerProcess } from './test-support/server-process.js';

const url = process.env.TEST_DATABASE_URL;

/** PUT /data whose body sends its header, then the rows once `release` settles; answers the status code. */
function heldUpload(server: ServerProcess, id: string, release: Promise<unknown>, rows: number): Promise<number> {
  const body = Readable.from(
    (async function* () {
      yield 'n,label\n';
      await release;
      yield Array.from({ length: rows }, (_, n) => `${n},row ${n}\n`).join('');
    })(),
  );
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.base}/v1/datasets/${id}/data`, { method: 'PUT', headers: { ...server.auth, 'content-type': 'text/csv' } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode!));
    });
    request.once('error', reject);
    body.pipe(request);
  });
}

const until = async (found: () => Promise<boolean>) => {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) if (await found()) return;
  throw new Error('timed out');
};

describe.runIf(url)('two server processes on one PostgreSQL, one bucket and one Redis', () => {
  const database = `atlas_processes_${randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: url });
  const folders: string[] = [];
  const folder = async (prefix: string) => {
    folders.push(await mkdtemp(path.join(os.tmpdir(), prefix)));
    return folders.at(-1)!;
  };
  let s3: S3rver;
  let s3Endpoint: string;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: await folder('atlas-s3rver-'), configureBuckets: [{ name: 'atlas', configs: [] }] });
    s3Endpoint = `http://127.0.0.1:${((await s3.run()) as { port: number }).port}`;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => killServer(server, 'SIGTERM')));
    await s3?.close();
    await Promise.all(folders.map((name) => rm(name, { recursive: true, force: true })));
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
  });

  it('start together, take turns on one dataset, and cancel each other\'s queries', { timeout: 300_000 }, async () => {
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${database}`;
    const settings = {
      DATABASE_URL: databaseUrl.href,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      S3_BUCKET: 'atlas',
      S3_ENDPOINT: s3Endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      SIGNING_SECRET: 'shared by both processes',
      INSTANCE_HEARTBEAT_SECONDS: '1',
    };
    // Both at once on the empty database, each on a DATA_DIR of its own: migrations and seeds take turns.
    servers = await Promise.all([startServer({ ...settings, DATA_DIR: await folder('atlas-process-a-') }), startServer({ ...settings, DATA_DIR: await folder('atlas-process-b-') })]);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const users = new pg.Client({ connectionString: databaseUrl.href });
    await users.connect();
    expect((await users.query(`SELECT count(*)::int AS n FROM users WHERE email = 'admin@example.com'`)).rows[0].n).toBe(1);
    expect((await users.query(`SELECT count(*)::int AS n FROM datasets WHERE metadata->>'panelTable' IS NOT NULL`)).rows[0].n).toBe(4);
    await users.end();

    // Simultaneous uploads to one dataset through both: the one that started runs, the other is refused.
    const { id } = (await callJson(a, '/v1/datasets', { method: 'POST', body: JSON.stringify({ name: 'Both processes' }) })) as { id: string };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = heldUpload(a, id, held, 1000);
    await until(async () => (await callJson(b, `/v1/datasets/${id}`)).status === 'pending');
    const second = await heldUpload(b, id, Promise.resolve(), 5);
    release();
    expect([await first, second]).toEqual([200, 409]);
    const described = await Promise.all([a, b].map((server) => callJson(server, `/v1/datasets/${id}`)));
    expect(described[0]).toMatchObject({ status: 'ready', metadata: { rowCount: 1000 } });
    expect((described[1]!.metadata as { dataVersion: string }).dataVersion).toBe((described[0]!.metadata as { dataVersion: string }).dataVersion);
    for (const server of [a, b]) {
      const download = await fetch(`${server.base}/v1/datasets/${id}/data`, { headers: server.auth });
      expect(download.status).toBe(200);
      expect(tableFromIPC(Buffer.from(await download.arrayBuffer())).numRows).toBe(1000);
    }

    // A query running in A, cancelled through B: A's client gets the cancelled answer.
    const { id: slow } = (await callJson(a, '/v1/datasets', { method: 'POST', body: JSON.stringify({ name: 'same key' }) })) as { id: string };
    const loaded = await fetch(`${a.base}/v1/datasets/${slow}/data`, { method: 'PUT', headers: { ...a.auth, 'content-type': 'text/csv' }, body: `k\n${'1\n'.repeat(200_000)}` });
    expect(loaded.status).toBe(200);
    const data = { type: 'dataset', props: { uuid: slow } };
    const pipeline = { type: 'group', props: { expressions: [{ expression: { kind: 'aggregate', fn: 'count' }, alias: 'n' }] }, inputs: [{ type: 'join', props: { on: [['k', 'k']] }, inputs: [data, data] }] };
    const running = fetch(`${a.base}/query?cacheMode=no-cache`, { method: 'POST', headers: { ...a.auth, 'content-type': 'application/json' }, body: JSON.stringify(pipeline) });
    let executionId: string | undefined;
    await until(async () => {
      const page = (await callJson(b, '/v1/data-queries?limit=5')) as { items: { id: string; status: string }[] };
      executionId = page.items.find((item) => item.status === 'running')?.id;
      return executionId !== undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cancel = await fetch(`${b.base}/v1/data-queries/${executionId}/cancel`, { method: 'POST', headers: b.auth });
    expect(await cancel.json()).toMatchObject({ status: 'cancelled' });
    const answer = await running;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ appStatusCode: 'QUERY_CANCELLED' });
  });
});
