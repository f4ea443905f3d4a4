// Large uploads through real HTTP; run with RUN_LARGE_TESTS=1 (they write ~1.1 GB and ~200 MB files under the OS temp dir).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const LARGE = process.env.RUN_LARGE_TESTS === '1';

/** Writes `rows` lines produced by `line(i)` (plus an optional head and tail) to a file, honouring backpressure. */
async function writeFile(file: string, rows: number, line: (i: number) => string, head = '', tail = ''): Promise<void> {
  const out = createWriteStream(file);
  out.write(head);
  let buffer = '';
  for (let i = 0; i < rows; i++) {
    buffer += line(i);
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer + tail);
  await once(out, 'finish');
}

function sampleRss(): { baseline: number; stop(): number } {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  return {
    baseline,
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

describe.skipIf(!LARGE).each(testStores().slice(0, 1))('large dataset uploads on $name', (store) => {
  const h = useHarness(store);
  let dir = '';
  let port = 0;
  let authorization = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-large-'));
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
    ({ authorization } = await h.auth('analyst@example.com'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const createDataset = async () => {
    const response = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers: { authorization }, payload: { name: 'Large' } });
    return response.json().id as string;
  };

  /** PUTs a file from disk as a stream; the answer's JSON. */
  const putFile = (id: string, file: string, contentType: string, size: number, query = '') =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'PUT', path: `/v1/datasets/${id}/data${query}`, headers: { authorization, 'content-type': contentType, 'content-length': size } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => (text += part));
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown> }));
        },
      );
      request.on('error', reject);
      createReadStream(file).pipe(request);
    });

  it('uploads a 1.1 GB CSV streaming, with bounded memory', { timeout: 1_800_000 }, async () => {
    const file = path.join(dir, 'big.csv');
    const rows = 18_500_000;
    await writeFile(file, rows, (i) => `${i},${(i % 180) - 89.5},${(i % 360) - 179.5},category_${i % 97},${(i * 7) % 100003}.25,2024-01-${String((i % 28) + 1).padStart(2, '0')} 12:00:00\n`, 'id,lat,lng,category,value,at\n');
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(1.1e9);
    for (const query of ['?skipArrow=true', '']) {
      const id = await createDataset();
      const rss = sampleRss();
      const started = Date.now();
      const response = await putFile(id, file, 'text/csv', size, query);
      const seconds = (Date.now() - started) / 1000;
      const peak = rss.stop();
      console.log(`1.1 GB CSV upload${query || ' (with Arrow copy)'}: ${(size / 1e9).toFixed(2)} GB in ${seconds.toFixed(1)} s, peak RSS ${(peak / 1e6).toFixed(0)} MB (before: ${(rss.baseline / 1e6).toFixed(0)} MB)`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'ready', metadata: { rowCount: rows, latColumn: 'lat', lngColumn: 'lng' } });
      expect(peak).toBeLessThan(2.5e9);
    }
  });

  it('uploads a 200 MB GeoJSON FeatureCollection with bounded memory', { timeout: 900_000 }, async () => {
    const file = path.join(dir, 'big.geojson');
    const features = 1_500_000;
    await writeFile(
      file,
      features,
      (i) =>
        `${i ? ',' : ''}{"type":"Feature","properties":{"id":${i},"name":"place ${i}","kind":"k${i % 13}"},"geometry":{"type":"Point","coordinates":[${(i % 360) - 179.5},${(i % 170) - 84.5}]}}\n`,
      '{"type":"FeatureCollection","features":[\n',
      ']}\n',
    );
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(190e6);
    const id = await createDataset();
    const rss = sampleRss();
    const started = Date.now();
    const response = await putFile(id, file, 'application/geo+json', size);
    const peak = rss.stop();
    console.log(`200 MB GeoJSON upload: ${(size / 1e6).toFixed(0)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s, peak RSS ${(peak / 1e6).toFixed(0)} MB (before: ${(rss.baseline / 1e6).toFixed(0)} MB)`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ready', metadata: { rowCount: features, latColumn: 'lat', lngColumn: 'lng', geometryColumn: 'geometry' } });
    expect(peak).toBeLessThan(2e9);
  });
});
