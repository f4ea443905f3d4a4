// Vector tile bench: a dataset of BENCH_VT_POLYGONS small polygons (WKT, default 1 M) spread over the contiguous US is
// uploaded to the built server, tiled with POST /v1/datasets/vectortile (mvt, zoom 0 to BENCH_VT_MAX_ZOOM, default 10)
// and timed from the request to the dataset being ready; then BENCH_VT_TILES random tiles (default 1000) inside the
// data's bounds are fetched twice (cold, then warm), one at a time, for their latency.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import { api, fmt, ms, signIn, startServer, stats, waitReady } from './support.mjs';

const POLYGONS = Number(process.env.BENCH_VT_POLYGONS ?? 1_000_000);
const MAX_ZOOM = Number(process.env.BENCH_VT_MAX_ZOOM ?? 10);
const TILES = Number(process.env.BENCH_VT_TILES ?? 1000);
const MB = 1024 * 1024;
const WEST = -124.7;
const SOUTH = 24.5;
const EAST = -66.9;
const NORTH = 49.4;

/** Squares of 100 to 1100 m side (parcels, buildings, blocks) with a category and a number. */
async function generateCsv(file) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT i AS id, 'category_' || (i % 12) AS category, (i * 7919) % 10007 / 100.0 AS amount,
       'POLYGON((' || x || ' ' || y || ', ' || (x + d) || ' ' || y || ', ' || (x + d) || ' ' || (y + d) || ', ' || x || ' ' || (y + d) || ', ' || x || ' ' || y || '))' AS shape
     FROM (SELECT i, round(${WEST} + (hash(i) % 5780000) / 100000.0, 5) AS x, round(${SOUTH} + (hash(i + 1) % 2490000) / 100000.0, 5) AS y,
                  round(0.001 + (hash(i + 2) % 1000) / 100000.0, 5) AS d FROM range(${POLYGONS}) t(i))) TO '${file}' (FORMAT csv, HEADER)`,
  );
  connection.closeSync();
  instance.closeSync();
}

const tileX = (lng, z) => Math.floor(((lng + 180) / 360) * 2 ** z);
const tileY = (lat, z) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

/** Random tiles inside the data's bounds, zoom 0 to MAX_ZOOM (a fixed seed: the same tiles every run). */
function randomTiles() {
  let seed = 1;
  const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  return Array.from({ length: TILES }, () => {
    const z = Math.floor(random() * (MAX_ZOOM + 1));
    const [x0, x1, y0, y1] = [tileX(WEST, z), tileX(EAST, z), tileY(NORTH, z), tileY(SOUTH, z)];
    return [z, x0 + Math.floor(random() * (x1 - x0 + 1)), y0 + Math.floor(random() * (y1 - y0 + 1))];
  });
}

async function fetchTiles(base, token, id, version, tiles) {
  const samples = [];
  let bytes = 0;
  for (const [z, x, y] of tiles) {
    const start = process.hrtime.bigint();
    const response = await api(base, token, 'GET', `/v1/datasets/${id}/tiles/${z}/${x}/${y}.pbf?v=${version}`, undefined, { 'accept-encoding': 'gzip' });
    const body = await response.arrayBuffer();
    samples.push(ms(start));
    if (response.status !== 200 && response.status !== 204) throw new Error(`tile ${z}/${x}/${y} answered ${response.status}`);
    bytes += body.byteLength;
  }
  return { ...stats(samples), max: Math.max(...samples), bytes };
}

export async function runVectorTilesBench({ root }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-vectortiles-bench-'));
  let server;
  try {
    const file = path.join(dir, 'polygons.csv');
    console.log(`vector tiles bench: generating ${POLYGONS.toLocaleString('en')} polygons…`);
    await generateCsv(file);
    const csvBytes = (await stat(file)).size;
    server = await startServer(root, path.join(dir, 'data'), { DEMO_VISITS: '20000' });
    const token = await signIn(server.base);
    const source = await (await api(server.base, token, 'POST', '/v1/datasets', { name: `vector tiles bench ${POLYGONS}` })).json();
    const uploaded = await api(server.base, token, 'PUT', `/v1/datasets/${source.id}/data`, Readable.toWeb(createReadStream(file)), { 'content-type': 'text/csv' });
    if ((await uploaded.json()).status !== 'ready') throw new Error('the polygons did not upload');

    const start = process.hrtime.bigint();
    const response = await api(server.base, token, 'POST', '/v1/datasets/vectortile', { source: source.id, geometryColumn: 'shape', maxZoom: MAX_ZOOM });
    if (response.status !== 202) throw new Error(`POST /v1/datasets/vectortile answered ${response.status}: ${await response.text()}`);
    const tileset = await waitReady(server.base, token, (await response.json()).id);
    const buildMs = ms(start);
    const meta = tileset.metadata.vectorTile;

    const tiles = randomTiles();
    const cold = await fetchTiles(server.base, token, tileset.id, meta.version, tiles);
    const warm = await fetchTiles(server.base, token, tileset.id, meta.version, tiles);
    const date = new Date().toISOString().slice(0, 10);
    const markdown = [
      `# Vector tiles bench, ${date}`,
      '',
      `${POLYGONS.toLocaleString('en')} squares (WKT, 100–1100 m sides, over the contiguous US; a ${(csvBytes / MB).toFixed(0)} MB CSV) tiled with ` +
        `\`POST /v1/datasets/vectortile\` (mvt, zoom 0–${MAX_ZOOM}, the default 500 KiB tile cap) on the built server, timed from the request to the dataset ready.`,
      '',
      '| build | polygons | s | polygons/s | tiles | tiles/s | thinned tiles | archive MB |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      `| mvt z0–${MAX_ZOOM} | ${POLYGONS.toLocaleString('en')} | ${fmt(buildMs / 1000)} | ${fmt(POLYGONS / (buildMs / 1000))} | ${meta.tileCount} | ${fmt(meta.tileCount / (buildMs / 1000))} | ${meta.thinnedTiles} | ${fmt(meta.archiveBytes / MB)} |`,
      '',
      `${TILES} random tiles inside the data's bounds (zoom 0–${MAX_ZOOM}), fetched one at a time with gzip, first right after the build (cold: the archive opened, its directories read), then again (warm):`,
      '',
      '| tiles | n | p50 ms | p95 ms | max ms | KB sent |',
      '|---|---:|---:|---:|---:|---:|',
      `| cold | ${cold.runs} | ${fmt(cold.p50)} | ${fmt(cold.p95)} | ${fmt(cold.max)} | ${fmt(cold.bytes / 1024)} |`,
      `| warm | ${warm.runs} | ${fmt(warm.p50)} | ${fmt(warm.p95)} | ${fmt(warm.max)} | ${fmt(warm.bytes / 1024)} |`,
      '',
      `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM; Node ${process.version}.`,
      '',
    ].join('\n');
    return { markdown, name: `vectortiles-${date}.md` };
  } finally {
    if (server) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
