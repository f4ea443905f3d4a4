// Two server processes (two apps with their own engine and pool) on one PostgreSQL and one DATA_DIR: uploads to one
// dataset through both at once. One load runs, the other is refused with 409, and the dataset ends readable through
// both with the version the database names.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { filesOfVersion } from '../../engine/test-support/engine.js';
import { testStores } from '../../test-support/stores.js';
import { useProcesses, type TestProcess } from './test-support/processes.js';

const ANALYST = 'analyst@example.com';
const postgres = testStores().find((store) => store.name === 'postgres');

/** A CSV body that sends its header, then waits for `release` before the rows: the load stays running meanwhile. */
function heldCsv(release: Promise<unknown>, rows: number): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from('n,label\n');
      await release;
      yield Buffer.from(Array.from({ length: rows }, (_, n) => `${n},row ${n}\n`).join(''));
    })(),
  );
}

describe.runIf(postgres)('concurrent loads of one dataset through two processes', () => {
  const cluster = useProcesses(postgres!, 2);
  const upload = async (through: TestProcess, id: string, payload: string | Readable) =>
    through.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...(await through.auth(ANALYST)), 'content-type': 'text/csv' }, payload });
  const get = async (through: TestProcess, url: string) => through.app.inject({ method: 'GET', url, headers: await through.auth(ANALYST) });

  it('runs one load, refuses the other with 409, and leaves one consistent, readable version', async () => {
    const [a, b] = cluster.processes as [TestProcess, TestProcess];
    const created = await a.app.inject({ method: 'POST', url: '/v1/datasets', headers: await a.auth(ANALYST), payload: { name: `Both ${randomUUID().slice(0, 8)}` } });
    const { id } = created.json() as { id: string };

    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = upload(a, id, heldCsv(held, 3));
    // The first load is running (the dataset is pending) before the second arrives at the other process.
    for (let n = 0; n < 200 && (await get(b, `/v1/datasets/${id}`)).json().status !== 'pending'; n++) await new Promise((r) => setTimeout(r, 20));
    const second = await upload(b, id, 'n,label\n9,other\n');
    release();
    const answers = [await first, second];

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 409]);
    expect(second.json()).toMatchObject({ message: 'A data load is already running', appStatusCode: expect.any(String) });
    const version = (await a.engine.datasetData(id))!.version;
    for (const through of [a, b]) {
      expect((await through.engine.datasetData(id))!.version).toBe(version);
      expect((await get(through, `/v1/datasets/${id}`)).json()).toMatchObject({ status: 'ready', metadata: { dataVersion: version, rowCount: 3 } });
      const download = await get(through, `/v1/datasets/${id}/data`);
      expect(download.statusCode).toBe(200);
      expect(tableFromIPC(download.rawPayload).numRows).toBe(3);
    }

    // Uploads one after another through either process replace the version, and only the current one's files stay.
    expect((await upload(b, id, 'n,label\n1,b\n')).json()).toMatchObject({ status: 'ready', metadata: { rowCount: 1 } });
    expect((await upload(a, id, 'n,label\n1,a\n2,a\n')).json()).toMatchObject({ status: 'ready', metadata: { rowCount: 2 } });
    await Promise.all([a.engine.settled(id), b.engine.settled(id)]);
    const current = (await b.engine.datasetData(id))!;
    expect(filesOfVersion(await readdir(path.join(cluster.dataDir, 'datasets', id)), current.version)).toEqual(['arrow', 'parquet']);
    expect(tableFromIPC((await get(b, `/v1/datasets/${id}/data`)).rawPayload).numRows).toBe(2);
  });
});
