// Hex tiles bench: a generated dataset of points (BENCH_HEX_POINTS, default 10 M) uploaded as Parquet to the built
// server, built into a hex tileset with POST /v1/datasets/hextile (timed from the request to the record turning ready:
// points per second), then 1000 random tiles of the tileset's index fetched through the tile proxy, cold (first
// request) and warm (the same tiles again), p50 and p95 on the client.
import { mkdtemp, rm, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { api, fmt, ms, signIn, startServer, stats, waitReady } from './support.mjs';

const POINTS = Number(process.env.BENCH_HEX_POINTS ?? 10_000_000);
export const FINEST = 9;
const TILES = 1000;

/** `points` points over the contiguous US with a timestamp and two numbers (the hex-pan bench draws them too). */
export async function generateParquet(file, points = POINTS) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT 24.5 + (hash(i) % 2400000) / 100000.0 AS lat, -124.7 + (hash(i + 1) % 5800000) / 100000.0 AS lng,
       TIMESTAMP '2026-01-01' + to_seconds(CAST(i % 31536000 AS BIGINT)) AS observed_at,
       (i * 7919) % 10007 / 100.0 AS amount, CAST(i % 1000 AS INTEGER) AS quantity FROM range(${points}) t(i)) TO '${file}' (FORMAT parquet)`,
  );
  connection.closeSync();
  instance.closeSync();
}

/**
 * The points file uploaded as a dataset and built into a hex tileset of resolutions 0..FINEST from its lat/lng (the
 * hex-pan bench builds its tileset so too): the tileset's id, its ready record and the build's time from the request.
 */
export async function buildPointsTileset(base, token, file, name, outputColumns) {
  const source = await (await api(base, token, 'POST', '/v1/datasets', { name })).json();
  await api(base, token, 'PUT', `/v1/datasets/${source.id}/data?skipArrow=true`, new Blob([await readFile(file)]).stream(), { 'content-type': 'application/vnd.apache.parquet' });
  const start = process.hrtime.bigint();
  const build = { source: source.id, sourceLatColumn: 'lat', sourceLngColumn: 'lng', finestResolution: FINEST, outputColumns };
  const tileset = await (await api(base, token, 'POST', '/v1/datasets/hextile', build)).json();
  const ready = await waitReady(base, token, tileset.id);
  return { id: tileset.id, ready, buildMs: ms(start) };
}

/** A deterministic shuffle's first `count` entries. */
function sample(items, count) {
  const copy = [...items];
  let seed = 7;
  for (let index = copy.length - 1; index > 0; index--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const other = seed % (index + 1);
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy.slice(0, count);
}

async function timeTiles(base, token, urls) {
  const samples = [];
  let bytes = 0;
  for (const url of urls) {
    const start = process.hrtime.bigint();
    const response = await api(base, token, 'GET', url);
    bytes += (await response.arrayBuffer()).byteLength;
    samples.push(ms(start));
  }
  return { ...stats(samples), bytes };
}

export async function runHextilesBench({ root }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-hextiles-bench-'));
  let server;
  try {
    const file = path.join(dir, 'points.parquet');
    console.log(`hextiles bench: generating ${POINTS.toLocaleString('en')} points…`);
    await generateParquet(file);
    server = await startServer(root, path.join(dir, 'data'), { DEMO_VISITS: '20000' });
    const { base } = server;
    const token = await signIn(base);
    console.log('hextiles bench: uploading and building…');
    const { id, ready, buildMs } = await buildPointsTileset(base, token, file, `hextiles bench ${POINTS} points`, [
      { sourceColumn: 'amount', aggMethod: 'sum' },
      { sourceColumn: 'quantity', targetColumn: 'mean_quantity', aggMethod: 'mean' },
      { sourceColumn: 'quantity', targetColumn: 'points', aggMethod: 'count' },
    ]);
    const index = await (await api(base, token, 'GET', `/v1/tileset/${id}/tileset-index`)).json();
    const tiles = index.levels.filter((level) => level.tiles).flatMap((level) => level.tiles.map((hex) => `/v1/tileset/${id}/${level.z}/${hex}`));
    // Every tile of every level: its tileCount, as a level lists its tiles only up to a limit (4096).
    const tileCount = index.levels.reduce((sum, level) => sum + level.tileCount, 0);
    const urls = sample(tiles, TILES);
    console.log(`hextiles bench: ${urls.length} tiles cold, then warm…`);
    const cold = await timeTiles(base, token, urls);
    const warm = await timeTiles(base, token, urls);
    const date = new Date().toISOString().slice(0, 10);
    const markdown = [
      `# Hex tiles bench, ${date}`,
      '',
      `${POINTS.toLocaleString('en')} points (uniform over the contiguous US) built into a hex tileset of resolutions 0..${FINEST} (tile size M: tiles hold cells 4 resolutions finer; ` +
        'columns sum, mean and count) with `POST /v1/datasets/hextile` on the built server (PGlite, embedded DuckDB), timed from the request to the record turning ready; ' +
        `then ${urls.length} random tiles of its index (all tile resolutions) fetched through \`GET /v1/tileset/{id}/{z}/{hexId}\` one after another, cold and then warm (the server's tile cache).`,
      '',
      '| build | points | rows stored | tiles | seconds | points/s | tiles/s |',
      '|---|---:|---:|---:|---:|---:|---:|',
      `| lat/lng → resolutions 0..${FINEST} | ${POINTS.toLocaleString('en')} | ${Number(ready.metadata.rowCount).toLocaleString('en')} | ${tileCount.toLocaleString('en')} | ${fmt(buildMs / 1000)} | ` +
        `${Math.round(POINTS / (buildMs / 1000)).toLocaleString('en')} | ${Math.round(tileCount / (buildMs / 1000)).toLocaleString('en')} |`,
      '',
      '| tiles | count | p50 ms | p95 ms | mean KB |',
      '|---|---:|---:|---:|---:|',
      `| cold | ${cold.runs} | ${fmt(cold.p50)} | ${fmt(cold.p95)} | ${fmt(cold.bytes / cold.runs / 1024)} |`,
      `| warm | ${warm.runs} | ${fmt(warm.p50)} | ${fmt(warm.p95)} | ${fmt(warm.bytes / warm.runs / 1024)} |`,
      '',
      `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM; Node ${process.version}.`,
      '',
    ].join('\n');
    return { markdown, name: `hextiles-${date}.md` };
  } finally {
    if (server) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
