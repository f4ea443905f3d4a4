import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { filesOfVersion, useEngine } from '../test-support/engine.js';
import { formatOfFileName, sniffCompression } from './decompress.js';

const MAX_DECOMPRESSED = 64 * 1024;
const body = (bytes: Uint8Array | string) => Readable.from([Buffer.from(bytes)]);
/** The bytes arriving a few at a time, as a slow client sends them. */
const trickle = (bytes: Uint8Array) => Readable.from(Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => Buffer.from(bytes.subarray(i * 3, i * 3 + 3))));
const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)])));
let n = 0;
const newId = () => `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;

describe('compressed uploads', () => {
  const env = useEngine({ maxDecompressedBytes: MAX_DECOMPRESSED });
  const rows = async (id: string) => env.engine.queryRows(`SELECT * FROM ${(await env.engine.datasetData(id))!.relation} ORDER BY 1`, []);
  const tmpFiles = async () => readdir(path.join(env.dataDir, 'tmp'));

  it('tells gzip and zip from their first bytes, whole or split across chunks, and leaves the body whole', async () => {
    const gzipped = gzipSync('a\n1\n');
    const zipped = zip({ 'a.csv': 'a\n1\n' });
    const whole = async (bytes: Uint8Array | string, stream: Readable) => {
      const sniffed = await sniffCompression(stream);
      const back: Buffer[] = [];
      for await (const chunk of sniffed.chunks) back.push(chunk);
      expect(Buffer.concat(back)).toEqual(Buffer.from(bytes));
      return sniffed.compression;
    };
    expect(await whole(gzipped, trickle(gzipped))).toBe('gzip');
    expect(await whole(zipped, trickle(zipped))).toBe('zip');
    expect(await whole(zipped, body(zipped))).toBe('zip');
    expect(await whole('a,b\n1,2\n', body('a,b\n1,2\n'))).toBeNull();
    expect(await whole('P', body('P'))).toBeNull();
    expect(await whole('', Readable.from([]))).toBeNull();
  });

  it('names formats by file extension', () => {
    expect(['a.CSV', 'dir/b.tsv', 'c.geojson', 'd.json', 'e.parquet', 'f.arrow', 'g.feather', 'h.txt', 'noext'].map(formatOfFileName)).toEqual([
      'csv',
      'csv',
      'geojson',
      'geojson',
      'parquet',
      'arrow',
      'arrow',
      null,
      null,
    ]);
  });

  it('loads a gzip body told by its bytes or by the caller, and a zip whose file name gives the format', async () => {
    const gzipId = newId();
    await env.engine.ingest(gzipId, trickle(gzipSync('n,name\n2,b\n1,a\n')), 'csv');
    expect(await rows(gzipId)).toEqual([
      { n: 1, name: 'a' },
      { n: 2, name: 'b' },
    ]);
    const said = newId();
    await env.engine.ingest(said, body(gzipSync('n\n7\n')), 'csv', { compression: 'gzip' });
    expect(await rows(said)).toEqual([{ n: 7 }]);

    const zipId = newId();
    const geojson = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { v: 3 }, geometry: { type: 'Point', coordinates: [2, 48] } }] });
    let committed: string | null = null;
    const data = await env.engine.ingest(zipId, trickle(zip({ 'exports/': '', 'exports/points.geojson': geojson, '__MACOSX/exports/._points.geojson': 'fork', '.DS_Store': 'x' })), null, {
      commit: async (_tx, _data, format) => void (committed = format),
    });
    expect(committed).toBe('geojson');
    expect(data).toMatchObject({ rowCount: 1, latColumn: 'lat', lngColumn: 'lng' });
    expect(await tmpFiles()).toEqual([]);
  });

  it('refuses zips without exactly one data file (400 naming them), unknown names (415) and corrupt bodies (422)', async () => {
    const id = newId();
    await env.engine.ingest(id, body('n\n1\n'), 'csv');
    await env.engine.settled(id);
    const before = await env.engine.datasetData(id);
    await expect(env.engine.ingest(id, body(zip({ 'a.csv': 'n\n2\n', 'b.csv': 'n\n3\n' })), 'csv')).rejects.toMatchObject({
      statusCode: 400,
      message: 'The zip file must hold exactly one data file',
      details: 'It holds a.csv and b.csv',
    });
    await expect(env.engine.ingest(id, body(zip({ 'docs/': '', '__MACOSX/._a.csv': 'x' })), 'csv')).rejects.toMatchObject({
      statusCode: 400,
      details: 'It holds docs/, __MACOSX/._a.csv',
    });
    await expect(env.engine.ingest(id, body(zip({ 'notes.txt': 'n\n2\n' })), null)).rejects.toMatchObject({
      statusCode: 415,
      details: 'The zip holds notes.txt: name its format with ?format=csv|geojson|parquet|arrow, or use a .csv, .geojson, .parquet or .arrow file',
    });
    const corrupt = gzipSync('n\n2\n');
    corrupt[12] = corrupt[12]! ^ 0xff;
    await expect(env.engine.ingest(id, body(corrupt), 'csv')).rejects.toMatchObject({ statusCode: 422, message: 'Could not decompress the gzip upload' });
    const numbers = new TextEncoder().encode(`n\n${Array.from({ length: 2000 }, (_, i) => i * 7919).join('\n')}`);
    for (const level of [6, 0] as const) {
      const cut = zipSync({ 'a.csv': [numbers, { level }] });
      await expect(env.engine.ingest(id, body(cut.subarray(0, cut.length / 2)), 'csv')).rejects.toMatchObject({ statusCode: 422, message: 'Could not read the zip file' });
    }
    expect(await env.engine.datasetData(id)).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('refuses a zip or gzip bomb with 413 once past the decompressed cap, writing nothing', async () => {
    const id = newId();
    await env.engine.ingest(id, body('n\n1\n'), 'csv');
    await env.engine.settled(id);
    const before = await env.engine.datasetData(id);
    const huge = `n\n${'1\n'.repeat(MAX_DECOMPRESSED)}`;
    const zipped = zip({ 'bomb.csv': huge });
    const gzipped = gzipSync(huge);
    expect(zipped.length + gzipped.length).toBeLessThan(MAX_DECOMPRESSED / 10);
    for (const bomb of [zipped, gzipped]) {
      await expect(env.engine.ingest(id, body(bomb), 'csv')).rejects.toMatchObject({
        statusCode: 413,
        message: 'The upload is too large once decompressed',
        appStatusCode: 'PAYLOAD_TOO_LARGE',
        details: `At most ${MAX_DECOMPRESSED} bytes after decompression`,
      });
    }
    // Entries beside the data file count too.
    await expect(env.engine.ingest(id, body(zip({ 'a.csv': 'n\n2\n', '__MACOSX/._a.csv': huge })), 'csv')).rejects.toMatchObject({ statusCode: 413 });
    expect(await env.engine.datasetData(id)).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
    expect(filesOfVersion(await readdir(path.join(env.dataDir, 'datasets', id)), before!.version)).toEqual(['arrow', 'parquet']);
  });
});
