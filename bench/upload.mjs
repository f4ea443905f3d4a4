// Upload bench: a generated CSV of points (BENCH_UPLOAD_ROWS, default 5 M rows, about 300 MB) sent to
// PUT /v1/datasets/{id}/data of the built server, timed from the first byte sent to the answer that the dataset is
// ready (transfer and conversion to Parquet), as the map builder's users wait for it; then the Arrow copy written after it.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import { api, arrowCopyWritten, fmt, ms, signIn, startServer, stats } from './support.mjs';

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 5_000_000);
const RUNS = 3;
const MB = 1024 * 1024;

/** Points spread over the contiguous US with a timestamp, a category and two numbers: what analysts upload. */
async function generateCsv(file) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT i AS id, 24.5 + (hash(i) % 2400000) / 100000.0 AS latitude, -124.7 + (hash(i + 1) % 5800000) / 100000.0 AS longitude,
       TIMESTAMP '2026-01-01' + to_seconds(CAST(i % 31536000 AS BIGINT)) AS observed_at, 'category_' || (i % 40) AS category,
       (i * 7919) % 10007 / 100.0 AS amount, CAST(i % 1000 AS INTEGER) AS quantity FROM range(${ROWS}) t(i)) TO '${file}' (FORMAT csv, HEADER)`,
  );
  connection.closeSync();
  instance.closeSync();
}

async function timeUpload(base, token, file, skipArrow) {
  const dataset = await (await api(base, token, 'POST', '/v1/datasets', { name: `upload bench ${ROWS} rows` })).json();
  const start = process.hrtime.bigint();
  const response = await api(base, token, 'PUT', `/v1/datasets/${dataset.id}/data${skipArrow ? '?skipArrow=true' : ''}`, Readable.toWeb(createReadStream(file)), {
    'content-type': 'text/csv',
  });
  const elapsed = ms(start);
  const ready = await response.json();
  if (ready.status !== 'ready') throw new Error(`the upload ended ${ready.status}: ${ready.errorMessage ?? ''}`);
  const rowCount = Number(ready.metadata?.rowCount ?? ready.rowCount);
  if (rowCount !== ROWS) throw new Error(`the dataset holds ${rowCount} rows, not ${ROWS}`);
  // The Arrow copy is written after the answer: waited for (an Arrow download with a known length) so that it does
  // not run under the next upload, and timed.
  const copied = skipArrow ? null : await arrowCopyWritten(base, token, dataset.id, start);
  await api(base, token, 'DELETE', `/v1/datasets/${dataset.id}`);
  return { elapsed, copied };
}


export async function runUploadBench({ root }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-upload-bench-'));
  let server;
  try {
    const file = path.join(dir, 'points.csv');
    console.log(`upload bench: generating ${ROWS.toLocaleString('en')} CSV rows…`);
    await generateCsv(file);
    const bytes = (await stat(file)).size;
    server = await startServer(root, path.join(dir, 'data'), { DEMO_VISITS: '20000' });
    const token = await signIn(server.base);
    const rows = [];
    for (const skipArrow of [false, true]) {
      const samples = [];
      for (let run = 0; run < RUNS; run++) samples.push(await timeUpload(server.base, token, file, skipArrow));
      const s = stats(samples.map((sample) => sample.elapsed));
      const copied = skipArrow ? '–' : fmt(stats(samples.map((sample) => sample.copied)).p50 / 1000);
      const rate = (msValue) => fmt(bytes / MB / (msValue / 1000));
      rows.push(`| CSV${skipArrow ? ', `skipArrow=true`' : ', with the Arrow copy'} | ${s.runs} | ${fmt(s.p50 / 1000)} | ${rate(s.p50)} | ${rate(s.min)} | ${copied} |`);
    }
    const date = new Date().toISOString().slice(0, 10);
    const markdown = [
      `# Upload bench, ${date}`,
      '',
      `A ${(bytes / MB).toFixed(0)} MB CSV (${ROWS.toLocaleString('en')} rows: id, latitude, longitude, observed_at, category, amount, quantity) sent with ` +
        '`PUT /v1/datasets/{id}/data` to the built server on this machine (PGlite, embedded DuckDB), timed on the client from the first byte to the answer `ready` ' +
        '(receiving and conversion to Parquet). Rates are the CSV bytes over that time. The Arrow copy (unless skipped) is written after the answer; ' +
        'its column is the time from the first byte until Arrow downloads stream it, waited for before the next upload.',
      '',
      '| upload | runs | ready p50 s | p50 MB/s | best MB/s | Arrow copy written p50 s |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM; Node ${process.version}.`,
      '',
    ].join('\n');
    return { markdown, name: `upload-${date}.md` };
  } finally {
    if (server) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
