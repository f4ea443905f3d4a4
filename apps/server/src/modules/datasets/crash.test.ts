// kill -9 of a real server (main.ts, PGlite under a temporary DATA_DIR) during an upload and during its
// conversion, then a restart on the same DATA_DIR: loads are failed, datasets leave `pending`, no leftovers.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_LOAD } from './recovery.js';
import { callJson, killServer as kill, startServer, type ServerProcess as Server } from './test-support/server-process.js';

const MEGABYTE = 1 << 20;

const start = (dataDir: string) => startServer({ DATA_DIR: dataDir });
const json = callJson;
const download = async (server: Server, id: string) => Buffer.from(await (await fetch(`${server.base}/v1/datasets/${id}/data`, { headers: server.auth })).arrayBuffer());

/** CSV rows, `megabytes` of them; with `stall`, the body then stops without ending (a client still sending). */
async function* csv(megabytes: number, stall: boolean): AsyncGenerator<string> {
  yield 'id,value,name\n';
  let row = 0;
  for (let sent = 0; sent < megabytes; sent++) {
    let chunk = '';
    while (chunk.length < MEGABYTE) chunk += `${row},${row * 0.5},name-${row++}\n`;
    yield chunk;
  }
  if (stall) await new Promise(() => undefined);
}

/** PUT /data with a streamed body; the answer (or the connection error a kill causes) settles the promise. */
function upload(server: Server, id: string, body: Readable): Promise<number | Error> {
  return new Promise((resolve) => {
    const request = http.request(`${server.base}/v1/datasets/${id}/data`, { method: 'PUT', headers: { ...server.auth, 'content-type': 'text/csv' } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode!));
    });
    request.once('error', resolve);
    body.once('error', resolve);
    body.pipe(request);
  });
}

/** Polls until `found` answers true (every 10 ms, at most 30 s). */
async function until(found: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (await found()) return;
  }
  throw new Error('timed out');
}

const files = (folder: string) => readdir(folder).catch(() => [] as string[]);

describe('kill -9 during an upload, then a restart', () => {
  let dataDir: string;
  let server: Server | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-crash-'));
  });
  afterAll(async () => {
    if (server) await kill(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails the interrupted loads, keeps the previous data, removes leftovers, and takes the upload again', { timeout: 240_000 }, async () => {
    server = await start(dataDir);
    const create = async () => (await json(server!, '/v1/datasets', { method: 'POST', body: JSON.stringify({ name: 'Crash test' }) })).id as string;
    const kept = await create();
    const fresh = await create();
    expect(await upload(server, kept, Readable.from('a,b\n1,x\n2,y\n'))).toBe(200);
    const version = ((await json(server, `/v1/datasets/${kept}`)).metadata as { dataVersion: string }).dataVersion;
    const bytes = await download(server, kept);
    const tmp = path.join(dataDir, 'tmp');
    const keptFolder = path.join(dataDir, 'datasets', kept);

    // 1. Mid-transfer: both bodies are being received when the process dies.
    const transfers = [upload(server, kept, Readable.from(csv(8, true))), upload(server, fresh, Readable.from(csv(8, true)))];
    await until(async () => (await files(tmp)).filter((name) => name.endsWith('.upload')).length === 2);
    await until(async () => (await json(server!, `/v1/datasets/${fresh}`)).status === 'pending');
    await kill(server);
    expect((await Promise.all(transfers)).every((outcome) => outcome instanceof Error)).toBe(true);

    server = await start(dataDir);
    expect(await files(tmp)).not.toContainEqual(expect.stringMatching(/\.upload$/));
    expect(await json(server, `/v1/datasets/${kept}`)).toMatchObject({ status: 'ready', errorMessage: null, metadata: { dataVersion: version } });
    expect((await download(server, kept)).equals(bytes)).toBe(true);
    expect(await json(server, `/v1/datasets/${fresh}`)).toMatchObject({ status: 'error', errorMessage: INTERRUPTED_LOAD });
    for (const id of [kept, fresh]) expect(await json(server, `/v1/datasets/${id}/query-execution`)).toMatchObject({ status: 'failure', error: INTERRUPTED_LOAD });

    // 2. Mid-conversion: the whole body arrived and DuckDB is writing the new version.
    const conversion = upload(server, kept, Readable.from(csv(80, false)));
    await until(async () => (await files(keptFolder)).some((name) => name.endsWith('.tmp')));
    await kill(server);
    expect(await conversion).toBeInstanceOf(Error);

    server = await start(dataDir);
    expect((await files(keptFolder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await files(tmp)).not.toContainEqual(expect.stringMatching(/\.upload$/));
    expect(await json(server, `/v1/datasets/${kept}`)).toMatchObject({ status: 'ready', errorMessage: null, metadata: { dataVersion: version } });
    expect((await download(server, kept)).equals(bytes)).toBe(true);
    expect(await json(server, `/v1/datasets/${kept}/query-execution`)).toMatchObject({ status: 'failure', error: INTERRUPTED_LOAD });

    // 3. Both take a new upload.
    for (const id of [kept, fresh]) {
      expect(await upload(server, id, Readable.from('c\n3\n'))).toBe(200);
      expect(await json(server, `/v1/datasets/${id}`)).toMatchObject({ status: 'ready', metadata: { rowCount: 1 } });
    }
  });
});
