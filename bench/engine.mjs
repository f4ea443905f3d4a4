// Engine bench: a group-by pipeline over a generated 10 M-row dataset, run through the HTTP API of the built server
// (cold: no-cache; cached: studio-cloud-cache hits), and the same query as plain SQL on the local PostgreSQL.
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import pg from 'pg';
import { api, fmt, ms, signIn, startServer, stats } from './support.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const CATEGORIES = 50;
const COLD_RUNS = 5;
const CACHED_RUNS = 20;
const POSTGRES_RUNS = 5;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Deterministic rows: the same formulas in DuckDB (the Parquet file) and in PostgreSQL (the fallback generator). */
const ROW_SQL = (i) => ({
  category: `'cat_' || lpad(CAST(${i} % ${CATEGORIES} AS VARCHAR), 2, '0')`,
  amount: `CAST((${i} * 7919) % 10007 AS DOUBLE) / 100`,
  qty: `CAST(${i} % 1000 AS INTEGER)`,
});

const PIPELINE = (uuid) => ({
  type: 'group',
  props: {
    by: [{ expression: { kind: 'column', name: 'category' } }],
    expressions: [
      { expression: { kind: 'aggregate', fn: 'sum', operand: { kind: 'column', name: 'amount' } }, alias: 'total' },
      { expression: { kind: 'aggregate', fn: 'mean', operand: { kind: 'column', name: 'amount' } }, alias: 'mean' },
      { expression: { kind: 'aggregate', fn: 'count' }, alias: 'n' },
    ],
  },
  inputs: [{ type: 'dataset', props: { uuid } }],
});
const POSTGRES_SQL = 'SELECT category, sum(amount) AS total, avg(amount) AS mean, count(*) AS n FROM bench_rows GROUP BY category ORDER BY category';

/** Writes the rows as Parquet (and CSV for PostgreSQL's COPY); answers the expected per-category result. */
async function generate(dir) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const row = ROW_SQL('i');
  const select = `SELECT i AS id, ${row.category} AS category, ${row.amount} AS amount, ${row.qty} AS qty FROM range(${ROWS}) t(i)`;
  const parquet = path.join(dir, 'rows.parquet');
  const csv = path.join(dir, 'rows.csv');
  await connection.run(`COPY (${select}) TO '${parquet}' (FORMAT parquet)`);
  await connection.run(`COPY (${select}) TO '${csv}' (FORMAT csv, HEADER)`);
  const expected = await connection.runAndReadAll(
    `SELECT category, sum(amount) AS total, avg(amount) AS mean, count(*) AS n FROM read_parquet('${parquet}') GROUP BY category ORDER BY category`,
  );
  const version = (await connection.runAndReadAll('SELECT version() AS v')).getRowObjectsJS()[0].v;
  connection.closeSync();
  instance.closeSync();
  return { parquet, csv, expected: expected.getRowObjectsJS().map((r) => ({ category: r.category, total: r.total, mean: r.mean, n: Number(r.n) })), duckdbVersion: version };
}

function sameResult(actual, expected) {
  if (actual.length !== expected.length) return false;
  const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  const byCategory = new Map(actual.map((row) => [row.category, row]));
  return expected.every((want) => {
    const got = byCategory.get(want.category);
    return got && close(Number(got.total), want.total) && close(Number(got.mean), want.mean) && Number(got.n) === want.n;
  });
}

async function runThroughApi(base, token, datasetId, cacheMode) {
  const start = process.hrtime.bigint();
  const response = await api(base, token, 'POST', '/v1/datasets/query', { pipeline: PIPELINE(datasetId), cacheMode }, { accept: 'application/vnd.apache.arrow.stream' });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const elapsed = ms(start);
  const rows = tableFromIPC(bytes).toArray().map((row) => row.toJSON());
  return { elapsed, rows, cache: response.headers.get('x-cache') };
}

async function postgresBench(csv, expected) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${POSTGRES_URL} is unreachable (${error.message})` };
  }
  try {
    const version = (await client.query('SHOW server_version')).rows[0].server_version;
    await client.query('CREATE TEMP TABLE bench_rows (id bigint, category text, amount double precision, qty integer)');
    const loadStart = process.hrtime.bigint();
    let loadedBy = 'COPY from the generated CSV';
    try {
      // Server-side COPY of the very rows the engine got (the server runs on this machine).
      await client.query(`COPY bench_rows FROM '${csv.replaceAll("'", "''")}' WITH (FORMAT csv, HEADER)`);
    } catch (error) {
      // A server that cannot read the file (remote, or not a superuser): generate the same rows there.
      loadedBy = `generate_series with the same formulas (COPY failed: ${error.message})`;
      const row = ROW_SQL('i');
      await client.query(
        `INSERT INTO bench_rows SELECT i, ${row.category.replace('AS VARCHAR', 'AS text')}, ${row.amount.replace('AS DOUBLE', 'AS double precision')}, ${row.qty} FROM generate_series(0, ${ROWS - 1}) AS i`,
      );
    }
    await client.query('ANALYZE bench_rows');
    const loadMs = ms(loadStart);
    const samples = [];
    let rows = [];
    for (let run = 0; run < POSTGRES_RUNS; run++) {
      const start = process.hrtime.bigint();
      rows = (await client.query(POSTGRES_SQL)).rows;
      samples.push(ms(start));
    }
    return { version, loadMs, loadedBy, stats: stats(samples), correct: sameResult(rows, expected) };
  } finally {
    await client.end();
  }
}

export async function runEngineBench({ root }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-bench-'));
  // PostgreSQL's server process reads the CSV for COPY.
  await chmod(dir, 0o755);
  const lines = [];
  let server;
  try {
    console.log(`engine bench: generating ${ROWS.toLocaleString('en')} rows…`);
    const generateStart = process.hrtime.bigint();
    const data = await generate(dir);
    const generateMs = ms(generateStart);
    const parquetBytes = (await stat(data.parquet)).size;

    server = await startServer(root, path.join(dir, 'data'));
    const token = await signIn(server.base);
    const dataset = await (await api(server.base, token, 'POST', '/v1/datasets', { name: `bench ${ROWS} rows` })).json();
    console.log('engine bench: uploading the Parquet file…');
    const uploadStart = process.hrtime.bigint();
    await api(server.base, token, 'PUT', `/v1/datasets/${dataset.id}/data?skipArrow=true`, Readable.toWeb(createReadStream(data.parquet)), {
      'content-type': 'application/vnd.apache.parquet',
    });
    const uploadMs = ms(uploadStart);

    console.log('engine bench: running the pipeline…');
    const cold = [];
    let correct = true;
    for (let run = 0; run < COLD_RUNS; run++) {
      const result = await runThroughApi(server.base, token, dataset.id, 'no-cache');
      if (result.cache !== 'bypass') throw new Error(`a no-cache run answered x-cache ${result.cache}`);
      correct &&= sameResult(result.rows, data.expected);
      cold.push(result.elapsed);
    }
    const fill = await runThroughApi(server.base, token, dataset.id, 'studio-cloud-cache');
    const cached = [];
    for (let run = 0; run < CACHED_RUNS; run++) {
      const result = await runThroughApi(server.base, token, dataset.id, 'studio-cloud-cache');
      if (result.cache !== 'hit') throw new Error(`a cached run answered x-cache ${result.cache}`);
      correct &&= sameResult(result.rows, data.expected);
      cached.push(result.elapsed);
    }
    await server.stop();
    server = null;

    console.log('engine bench: PostgreSQL…');
    const postgres = await postgresBench(data.csv, data.expected);

    const coldStats = stats(cold);
    const cachedStats = stats(cached);
    const date = new Date().toISOString().slice(0, 10);
    lines.push(
      `# Engine bench, ${date}`,
      '',
      `Group-by pipeline (group by \`category\` (${CATEGORIES} values): \`sum(amount)\`, \`mean(amount)\`, \`count()\`) over ${ROWS.toLocaleString('en')} generated rows ` +
        `(\`id\` BIGINT, \`category\` VARCHAR, \`amount\` DOUBLE, \`qty\` INTEGER; Parquet ${(parquetBytes / 1024 / 1024).toFixed(1)} MB), ` +
        'run through `POST /v1/datasets/query` of the built server (`node apps/server/dist/main.js`, PGlite, embedded DuckDB); ' +
        'times are wall-clock on the client, from the request to the last byte of the Arrow stream.',
      '',
      '| case | runs | p50 ms | p95 ms | min ms |',
      '|---|---:|---:|---:|---:|',
      `| HTTP API, cold (\`no-cache\`) | ${coldStats.runs} | ${fmt(coldStats.p50)} | ${fmt(coldStats.p95)} | ${fmt(coldStats.min)} |`,
      `| HTTP API, cached (\`studio-cloud-cache\` hits) | ${cachedStats.runs} | ${fmt(cachedStats.p50)} | ${fmt(cachedStats.p95)} | ${fmt(cachedStats.min)} |`,
      postgres.skipped
        ? `| PostgreSQL, plain SQL | – | – | – | – |`
        : `| PostgreSQL ${postgres.version}, plain SQL (temp table) | ${postgres.stats.runs} | ${fmt(postgres.stats.p50)} | ${fmt(postgres.stats.p95)} | ${fmt(postgres.stats.min)} |`,
      '',
      `- Results checked against DuckDB over the Parquet file: API ${correct ? 'identical' : '**DIFFERENT**'}` +
        (postgres.skipped ? '' : `, PostgreSQL ${postgres.correct ? 'identical' : '**DIFFERENT**'}`) +
        ' (sums and means to 1e-6 relative).',
      `- "Cold" means not served from the result cache (each run executes the query); the Parquet file is in the OS page cache after the upload. The cache was filled by one more run (x-cache ${fill.cache}, ${fmt(fill.elapsed)} ms).`,
      `- Data generation ${fmt(generateMs / 1000)} s; upload (\`PUT /v1/datasets/{id}/data?skipArrow=true\`, Parquet) ${fmt(uploadMs / 1000)} s.`,
      postgres.skipped
        ? `- PostgreSQL skipped: ${postgres.skipped}.`
        : `- PostgreSQL: the same rows loaded by ${postgres.loadedBy} in ${fmt(postgres.loadMs / 1000)} s (then ANALYZE); query \`${POSTGRES_SQL}\`; default settings (PostgreSQL scans temporary tables without parallel workers).`,
      `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM; Node ${process.version}; DuckDB ${data.duckdbVersion}.`,
      '',
    );
    return { markdown: lines.join('\n'), name: `engine-${date}.md` };
  } finally {
    if (server) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
