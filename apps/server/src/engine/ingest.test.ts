import { readdir, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Dictionary, Int32, Int64, makeTable, RecordBatchFileWriter, RecordBatchStreamWriter, Table, TimestampMillisecond, Utf8, vectorFromArray } from 'apache-arrow';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { filesOfVersion, readAll, readArrow, useEngine } from './test-support/engine.js';
import { featureTexts } from './ingest/geojson-features.js';

const body = (text: string | Uint8Array) => Readable.from([typeof text === 'string' ? Buffer.from(text) : Buffer.from(text)]);
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

describe('engine ingest', () => {
  const env = useEngine();

  it('loads a CSV with sniffed types, lat/lng and H3 columns, and serves it as Arrow and CSV', async () => {
    const id = newId();
    const csv = 'name,Latitude,lon,count,price,when,h3,flag\nA,40.5,-73.9,3,1.5,2024-01-02,8928308280fffff,true\n"B, quoted",41,-74,,2.25,2024-02-03,8928308280bffff,false\n';
    const data = await env.engine.ingest(id, body(csv), 'csv');
    expect(data).toMatchObject({
      datasetId: id,
      rowCount: 2,
      latColumn: 'Latitude',
      lngColumn: 'lon',
      geometryColumn: null,
      hasArrowCopy: false,
      columns: [
        { name: 'name', type: 'string' },
        { name: 'Latitude', type: 'number' },
        { name: 'lon', type: 'number' },
        { name: 'count', type: 'integer' },
        { name: 'price', type: 'number' },
        { name: 'when', type: 'date' },
        { name: 'h3', type: 'h3' },
        { name: 'flag', type: 'boolean' },
      ],
    });
    expect(data.sizeBytes).toBeGreaterThan(0);
    // The Arrow copy follows the ready version, and counts in its size.
    await env.engine.settled(id);
    const copied = await env.engine.datasetData(id);
    expect(copied).toEqual({ ...data, hasArrowCopy: true, sizeBytes: copied!.sizeBytes });
    expect(copied!.sizeBytes).toBeGreaterThan(data.sizeBytes);
    const rows = await env.engine.queryRows(`SELECT * FROM ${data.relation} ORDER BY name`, []);
    expect(rows).toEqual([
      { name: 'A', Latitude: 40.5, lon: -73.9, count: 3, price: 1.5, when: '2024-01-02', h3: '8928308280fffff', flag: true },
      { name: 'B, quoted', Latitude: 41, lon: -74, count: null, price: 2.25, when: '2024-02-03', h3: '8928308280bffff', flag: false },
    ]);
    // The H3 functions work on uploaded data as h3-js computes them.
    expect(await env.engine.queryRows(`SELECT atlas_h3_cell(Latitude, lon, 7) AS cell FROM ${data.relation} ORDER BY name`, [])).toEqual([
      { cell: latLngToCell(40.5, -73.9, 7) },
      { cell: latLngToCell(41, -74, 7) },
    ]);
    const table = await readArrow((await env.engine.exportData(id, 'arrow'))!);
    expect(table.numRows).toBe(2);
    expect(table.getChild('name')!.toArray()).toEqual(['A', 'B, quoted']);
    const text = (await readAll((await env.engine.exportData(id, 'csv'))!)).toString();
    expect(text).toBe('name,Latitude,lon,count,price,when,h3,flag\nA,40.5,-73.9,3,1.5,2024-01-02,8928308280fffff,true\n"B, quoted",41.0,-74.0,,2.25,2024-02-03,8928308280bffff,false\n');
  });

  it('drops an Arrow copy whose version a newer load replaced before the copy began', async () => {
    const id = newId();
    // Queued behind the second load in the dataset's lane, the first version's copy finds it no longer current.
    const [, second] = await Promise.all([env.engine.ingest(id, body('a\n1\n'), 'csv'), env.engine.ingest(id, body('a\n2\n'), 'csv', { skipArrow: true })]);
    await env.engine.settled(id);
    expect(await env.engine.datasetData(id)).toMatchObject({ version: second.version, hasArrowCopy: false });
    expect(filesOfVersion(await readdir(`${env.dataDir}/datasets/${id}`), second.version)).toEqual(['parquet']);
  });

  it('keeps the previous version when a load fails, and replaces it (removing the old files) when one succeeds', async () => {
    const id = newId();
    const first = await env.engine.ingest(id, body('a\n1\n2\n'), 'csv');
    await env.engine.settled(id);
    await expect(env.engine.ingest(id, body('a,b\n1,2\n"unterminated\n'), 'csv')).rejects.toMatchObject({
      statusCode: 422,
      message: 'Could not parse the CSV file',
      details: 'The rows do not share one layout (a different number of columns, or an unclosed quote)',
    });
    await expect(env.engine.ingest(id, body(`a,b\n${'1,2\n'.repeat(30000)}3,4,5\n`), 'csv')).rejects.toMatchObject({
      message: 'Could not parse the CSV file',
      details: 'CSV Error on Line: 30002; Original Line: 3,4,5; Expected Number of Columns: 2 Found: 3',
    });
    await expect(env.engine.ingest(id, body(''), 'csv')).rejects.toMatchObject({ message: 'The uploaded file is empty' });
    await expect(env.engine.ingest(id, body('not parquet'), 'parquet')).rejects.toMatchObject({ message: 'Not a valid Parquet file' });
    expect(await env.engine.datasetData(id)).toMatchObject({ version: first.version, hasArrowCopy: true });
    expect(filesOfVersion(await readdir(`${env.dataDir}/datasets/${id}`), first.version)).toEqual(['arrow', 'parquet']);
    expect(await readdir(`${env.dataDir}/tmp`)).toEqual([]);
    const second = await env.engine.ingest(id, body('a\n5\n'), 'csv', { skipArrow: true });
    expect(second.version).not.toBe(first.version);
    expect(second.hasArrowCopy).toBe(false);
    expect((await readdir(`${env.dataDir}/datasets/${id}`)).sort()).toEqual([`${second.version}.parquet`]);
    // Without the Arrow copy, Arrow downloads are encoded from Parquet.
    expect((await readArrow((await env.engine.exportData(id, 'arrow'))!)).toArray().map((row) => row.toJSON())).toEqual([{ a: 5n }]);
  });

  it('retypes a CSV whose later rows do not fit the sampled types', async () => {
    const id = newId();
    const lines = ['v'];
    for (let i = 0; i < 30000; i++) lines.push(String(i));
    lines.push('not a number');
    const data = await env.engine.ingest(id, body(`${lines.join('\n')}\n`), 'csv');
    expect(data.rowCount).toBe(30001);
    expect(data.columns).toEqual([{ name: 'v', type: 'string' }]);
  });

  it('loads Parquet (written by DuckDB) after checking it', async () => {
    const source = newId();
    const csv = await env.engine.ingest(source, body('x,y,label\n1.5,2,a\n3,4,b\n'), 'csv');
    const parquet = await readFile(csv.relation.slice("read_parquet('".length, -2));
    const id = newId();
    const data = await env.engine.ingest(id, body(parquet), 'parquet');
    expect(data).toMatchObject({ rowCount: 2, latColumn: 'y', lngColumn: 'x', columns: [{ name: 'x', type: 'number' }, { name: 'y', type: 'integer' }, { name: 'label', type: 'string' }] });
    expect(await env.engine.queryRows(`SELECT * FROM ${data.relation}`, [])).toEqual([{ x: 1.5, y: 2, label: 'a' }, { x: 3, y: 4, label: 'b' }]);
    const truncated = parquet.subarray(0, parquet.length - 20);
    await expect(env.engine.ingest(newId(), body(truncated), 'parquet')).rejects.toMatchObject({ message: 'Not a valid Parquet file' });
  });

  it('loads Arrow IPC streams and files batch by batch with their types', async () => {
    const table = makeTable({ i: Int32Array.from([1, 2, 3]), f: Float64Array.from([0.5, 1.5, 2.5]) });
    const stream = RecordBatchStreamWriter.writeAll([...table.batches, ...table.batches]).toUint8Array(true);
    const id = newId();
    const data = await env.engine.ingest(id, body(stream), 'arrow');
    expect(data).toMatchObject({ rowCount: 6, columns: [{ name: 'i', type: 'integer' }, { name: 'f', type: 'number' }] });
    expect(await env.engine.queryRows(`SELECT sum(i) AS i, sum(f) AS f FROM ${data.relation}`, [])).toEqual([{ i: 12, f: 9 }]);

    const rich = new Table({
      name: vectorFromArray(['a', null, 'c'], new Utf8()),
      big: vectorFromArray([1n, 2n, 3n], new Int64()),
      tag: vectorFromArray(['x', 'y', 'x'], new Dictionary(new Utf8(), new Int32())),
      at: vectorFromArray([Date.UTC(2024, 0, 1), null, Date.UTC(2024, 0, 2, 3, 4, 5)], new TimestampMillisecond()),
    });
    const file = RecordBatchFileWriter.writeAll(rich).toUint8Array(true);
    const second = await env.engine.ingest(newId(), body(file), 'arrow');
    expect(second.columns).toEqual([
      { name: 'name', type: 'string' },
      { name: 'big', type: 'integer' },
      { name: 'tag', type: 'string' },
      { name: 'at', type: 'timestamp' },
    ]);
    expect(await env.engine.queryRows(`SELECT * FROM ${second.relation}`, [])).toEqual([
      { name: 'a', big: 1, tag: 'x', at: '2024-01-01T00:00:00.000Z' },
      { name: null, big: 2, tag: 'y', at: null },
      { name: 'c', big: 3, tag: 'x', at: '2024-01-02T03:04:05.000Z' },
    ]);
    await expect(env.engine.ingest(newId(), body('garbage that is no arrow'), 'arrow')).rejects.toMatchObject({ message: 'Not a valid Arrow IPC file' });
  });

  it('loads GeoJSON features with properties, geometry text and point coordinates', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      name: 'places',
      features: [
        { type: 'Feature', properties: { name: 'a "quoted" {name}', pop: 10, tags: { k: 1 }, lat: 'kept' }, geometry: { type: 'Point', coordinates: [-73.5, 40.25] } },
        { type: 'Feature', properties: { name: 'b', pop: null }, geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] } },
        { type: 'Feature', properties: null, geometry: null },
      ],
    });
    const id = newId();
    const data = await env.engine.ingest(id, body(geojson), 'geojson');
    expect(data.columns).toEqual([
      { name: 'name', type: 'string' },
      { name: 'pop', type: 'integer' },
      { name: 'tags', type: 'string' },
      { name: 'properties.lat', type: 'string' },
      { name: 'geometry', type: 'geometry' },
      { name: 'lat', type: 'number' },
      { name: 'lng', type: 'number' },
    ]);
    expect(data).toMatchObject({ rowCount: 3, latColumn: 'lat', lngColumn: 'lng', geometryColumn: 'geometry' });
    expect(await env.engine.queryRows(`SELECT * FROM ${data.relation}`, [])).toEqual([
      { name: 'a "quoted" {name}', pop: 10, tags: '{"k":1}', 'properties.lat': 'kept', geometry: '{"type":"Point","coordinates":[-73.5,40.25]}', lat: 40.25, lng: -73.5 },
      { name: 'b', pop: null, tags: null, 'properties.lat': null, geometry: '{"type":"LineString","coordinates":[[0,0],[1,1]]}', lat: null, lng: null },
      { name: null, pop: null, tags: null, 'properties.lat': null, geometry: null, lat: null, lng: null },
    ]);
    await expect(env.engine.ingest(newId(), body('{"type":"Feature","properties":{},"geometry":null}'), 'geojson')).rejects.toMatchObject({
      message: 'Not a valid GeoJSON FeatureCollection',
      details: '"type" must be "FeatureCollection", got "Feature"',
    });
    await expect(env.engine.ingest(newId(), body('{"type":"FeatureCollection"}'), 'geojson')).rejects.toMatchObject({ details: '"features" is missing' });
    await expect(env.engine.ingest(newId(), body('{"type":"FeatureCollection","features":[{"type":"Feature","properties":[1]}]}'), 'geojson')).rejects.toMatchObject({
      details: 'Feature 1: "properties" must be an object',
    });
    await expect(env.engine.ingest(newId(), body('{"type":"FeatureCollection","features":[{"type":"Feature"'), 'geojson')).rejects.toMatchObject({
      details: 'The JSON text ends early',
    });
    await expect(env.engine.ingest(newId(), body('{"type":"FeatureCollection","features":[]}'), 'geojson')).rejects.toMatchObject({
      message: 'The FeatureCollection has no features',
    });
  });

  it('splits features across chunk boundaries anywhere', async () => {
    const text = '{"features":[{"a":"x\\"}]","b":[1,{"c":2}]} , {"d":"\u00e9"}],"type":"FeatureCollection","bbox":[0,1]}';
    for (const size of [1, 2, 3, 7]) {
      const pieces: Buffer[] = [];
      const bytes = Buffer.from(text);
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      const features: string[] = [];
      for await (const feature of featureTexts(Readable.from(pieces))) features.push(feature);
      expect(features).toEqual(['{"a":"x\\"}]","b":[1,{"c":2}]}', '{"d":"\u00e9"}']);
    }
  });

  it('copies and deletes data', async () => {
    const from = newId();
    const to = newId();
    await env.engine.ingest(from, body('a\n1\n'), 'csv');
    const copy = await env.db.transaction((tx) => env.engine.copyData(from, to, tx));
    expect(copy).toMatchObject({ datasetId: to, rowCount: 1 });
    expect(await env.engine.queryRows(`SELECT * FROM ${copy!.relation}`, [])).toEqual([{ a: 1 }]);
    expect(await env.db.transaction((tx) => env.engine.copyData(newId(), newId(), tx))).toBeNull();
    await env.engine.deleteData(from);
    expect(await env.engine.datasetData(from)).toBeNull();
    expect(await readdir(`${env.dataDir}/datasets`)).not.toContain(from);
    expect(await env.engine.datasetData(to)).toEqual(copy);
  });
});

describe('engine upload limit', () => {
  const env = useEngine({ maxUploadBytes: 1000 });

  it('refuses an upload larger than the limit while it arrives, keeping nothing', async () => {
    const id = newId();
    await expect(env.engine.ingest(id, body(`a\n${'1\n'.repeat(600)}`), 'csv')).rejects.toMatchObject({
      statusCode: 422,
      message: 'The upload is too large',
      details: 'At most 1000 bytes',
    });
    expect(await env.engine.datasetData(id)).toBeNull();
    expect(await readdir(`${env.dataDir}/tmp`)).toEqual([]);
    await expect(env.engine.ingest(id, body('a\n1\n'), 'csv')).resolves.toMatchObject({ rowCount: 1 });
  });
});
