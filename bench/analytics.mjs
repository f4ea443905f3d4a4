// Analytic-set bench: every view's query at 5 M and 100 M visits on the embedded engine (cold: computed from the
// rollups, with the set's default values and with its heaviest legal ones; cached: answered from the result cache), the
// rollup build it relies on, and the same SQL on the local PostgreSQL with the same data (rows compared at relative 1e-9).
// BENCH_VISITS (default "5M,100M"), BENCH_PG_VISITS (default "5M": copying 100 M visits into PostgreSQL and building the
// rollups there takes far longer than the bench itself), BENCH_DATA (generated panels are kept there between runs),
// BENCH_COLD_RUNS / BENCH_CACHED_RUNS / BENCH_PG_RUNS (runs per view, default 20 / 50 / 5: fewer for a quick check),
// BENCH_APPEND_VISITS (sizes the day's append is measured at, default every size).
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fmt, stats } from './support.mjs';
import { dashboardValues, heaviestValue } from './values.mjs';

const runs = (name, fallback) => Math.max(1, Math.trunc(Number(process.env[name] ?? fallback)) || fallback);
const COLD_RUNS = runs('BENCH_COLD_RUNS', 20);
const CACHED_RUNS = runs('BENCH_CACHED_RUNS', 50);
const POSTGRES_RUNS = runs('BENCH_PG_RUNS', 5);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TABLES = ['visits', 'places', 'panel', 'population'];

const parseSizes = (text) => text.split(',').filter(Boolean).map((size) => ({ label: size, visits: Number(size.replace(/K$/i, 'e3').replace(/M$/i, 'e6').replace(/B$/i, 'e9')) }));

const time = async (task) => {
  const start = process.hrtime.bigint();
  const result = await task();
  return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
};

/** Rows equal field by field, numbers within relative 1e-9 (summation order differs between engines). */
function sameRows(a, b) {
  if (a.length !== b.length) return false;
  return a.every((row, r) =>
    Object.entries(row).every(([field, value]) => {
      const other = b[r][field];
      if (typeof value === 'number' && typeof other === 'number') return value === other || Math.abs(value - other) <= 1e-9 * Math.abs(value);
      return JSON.stringify(value) === JSON.stringify(other);
    }),
  );
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The panel's Parquet files for a size, generated once with the demo seed, and the generation's time when it ran. */
function panelFiles(root, dataDir, size) {
  const dir = path.join(dataDir, `panel-${size.label}`);
  let generatedMs = null;
  if (!TABLES.every((table) => existsSync(path.join(dir, `${table}.parquet`)))) {
    console.log(`> generating ${size.label} visits into ${dir}`);
    const start = performance.now();
    execFileSync('node', [path.join(root, 'packages/analytics/dist/cli/generate.js'), '--visits', String(size.visits), '--seed', '1', '--out', dir], { stdio: 'inherit' });
    generatedMs = performance.now() - start;
  }
  return { files: Object.fromEntries(TABLES.map((table) => [table, path.join(dir, `${table}.parquet`)])), generatedMs };
}

/**
 * A day of visits appended to the panel (docs/panel-append.md): the panel's last day again, one day later, with new
 * visit ids. Times: the incremental rollups (each), the new visits version (as the append route writes it), and every
 * view's first answer with it: the time until every view answers with the new day. Measured twice from the same
 * panel: as an append does when each rollup and the visits may take one more file, and as it does when they are
 * rewritten whole (every 16th append, when they have MAX_DATA_FILES files).
 */
async function benchAppend({ engine, relations, stored, datasets, engineDir, appendRollups, appendVisitsData, MAX_DATA_FILES, VIEWS, defaults }) {
  const partFile = path.join(engineDir, 'tmp', 'append-day.parquet');
  const [{ last, top }] = await engine.queryRows(`SELECT MAX(CAST(started_at AS DATE)) AS last, MAX(visit_id) AS top FROM ${relations.visits}`, []);
  await engine.queryRows(
    `COPY (SELECT visit_id + ${top} AS visit_id, device_id, place_id, started_at + INTERVAL 1 DAY AS started_at, dwell_minutes FROM ${relations.visits}
           WHERE CAST(started_at AS DATE) = DATE '${last}' ORDER BY place_id, started_at) TO '${partFile}' (FORMAT parquet)`,
    [],
  );
  const part = await engine.ingest(randomUUID(), createReadStream(partFile), 'parquet', { skipArrow: true });
  await rm(partFile, { force: true });
  const visitsData = await engine.datasetData(datasets.visits);
  // As if every file a version may have were taken: what a rewrite costs.
  const full = (data) => ({ ...data, parquetFiles: Array.from({ length: MAX_DATA_FILES }, () => data.parquetFiles[0]) });
  const lines = [];
  for (const rewrite of [true, false]) {
    const each = [];
    let started = 0;
    const previous = rewrite ? Object.fromEntries(Object.entries(stored).map(([name, data]) => [name, full(data)])) : stored;
    const rollups = await time(() =>
      appendRollups(engine, { previous: relations, stored: previous, part: part.relation, scratch: randomUUID() }, () => randomUUID(), (name, rowCount) => {
        if (rowCount === null) started = performance.now();
        else each.push(`${name} ${((performance.now() - started) / 1000).toFixed(2)} s`);
      }),
    );
    // The rewrite goes to an entry of its own, so that the other run starts from the same visits.
    const visits = await time(() => (rewrite ? appendVisitsData(engine, randomUUID(), full(visitsData), part.relation) : appendVisitsData(engine, datasets.visits, visitsData, part.relation)));
    const next = { ...rollups.result, visits: visits.result.relation };
    // Rollups stored as a file after the previous one's (the day's partitions are new) rather than rewritten.
    const extended = Object.keys(stored).filter((name) => next[name].startsWith('read_parquet(['));
    const views = await time(async () => {
      for (const [setId, all] of Object.entries(VIEWS)) for (const { run } of Object.values(all)) await run(engine, next, defaults(setId), defaults(setId));
    });
    const total = rollups.ms + visits.ms + views.ms;
    const how = rewrite ? 'every rollup and the visits rewritten whole' : `the day's rows a file of their own after the previous ones: the visits${extended.map((name) => `, ${name}`).join('')}`;
    lines.push(
      `Append of a day (${part.rowCount.toLocaleString('en-US')} visits, ${last} again one day later; ${how}): every view answers with it after ${(total / 1000).toFixed(1)} s = incremental rollups ${(rollups.ms / 1000).toFixed(1)} s (${each.join(', ')}) + new visits version ${(visits.ms / 1000).toFixed(1)} s + every view's first answer ${(views.ms / 1000).toFixed(1)} s.`,
    );
    console.log(lines.at(-1));
  }
  return lines;
}

export async function runAnalyticsBench({ root }) {
  const server = (file) => import(path.join(root, 'apps/server/dist', file));
  const { ANALYTIC_SETS, createProgress, formatProgress } = await import(path.join(root, 'packages/analytics/dist/index.js'));
  const domain = await import(path.join(root, 'packages/domain/dist/index.js'));
  const { DuckDbEngine } = await server('engine/duckdb.js');
  const { migrate, openPglite } = await server('store/index.js');
  const { MemoryResultCache } = await server('cache/index.js');
  const { ROLLUP_NAMES } = await server('modules/analytics/rollups/definitions.js');
  const { materializeRollup } = await server('modules/analytics/rollups/store.js');
  const { appendRollups, appendVisitsData } = await server('modules/analytics/rollups/append.js');
  const { MAX_DATA_FILES } = await server('engine/types.js');
  const { ROLLUP_COST } = await server('modules/analytics/rollups/costs.js');
  const { VIEWS } = await server('modules/analytics/views/index.js');
  const { copyPanelToPostgres } = await server('modules/analytics/warehouse-copy.js');
  const { warehouseRunner } = await server('modules/analytics/warehouse.js');
  const { postgresConnector } = await server('connectors/postgres.js');

  const sizes = parseSizes(process.env.BENCH_VISITS ?? '5M,100M');
  const postgresSizes = new Set(parseSizes(process.env.BENCH_PG_VISITS ?? '5M').map((size) => size.label));
  const appendSizes = process.env.BENCH_APPEND_VISITS === undefined ? null : new Set(parseSizes(process.env.BENCH_APPEND_VISITS).map((size) => size.label));
  const dataDir = process.env.BENCH_DATA ?? path.join(root, 'bench', 'tmp');
  await mkdir(dataDir, { recursive: true });
  const withPostgres = await postgresReachable();
  const { hostname, port, pathname, username } = new URL(POSTGRES_URL);
  const target = { type: 'postgres', options: { host: hostname, port: Number(port || 5432), database: pathname.slice(1), user: decodeURIComponent(username), ssl: false }, password: () => null };

  const lines = [
    `# Analytic-set bench (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}.`,
    'Each view runs with its set\'s default query-bar values (the first draw of the dashboard). First: each view\'s first run right',
    'after the rollups are built. Cold: the view\'s SQL computed by the engine from the rollups once every view ran once and the',
    `builds' files are on disk, ${COLD_RUNS} runs (no answer cache); heaviest: the same with the set's heaviest legal values (every`,
    'value a list takes, the country, the whole panel at the finest granularity, a pivot over every dimension; bench/values.mjs),',
    `after one untimed run; cached: the answer read from the in-process result cache and`,
    `parsed, ${CACHED_RUNS} runs; PostgreSQL: the same SQL on the local server over the same data and rollups (built there by the same`,
    `SQL), ${POSTGRES_RUNS} runs, and whether its rows equal DuckDB's at relative 1e-9. Times in ms.`,
    '',
  ];

  for (const size of sizes) {
    const { files, generatedMs } = panelFiles(root, dataDir, size);
    const engineDir = await mkdtemp(path.join(os.tmpdir(), 'atlas-analytics-bench-'));
    // The engine records each dataset's current version in a metadata database: an in-memory one of its own here.
    const db = await openPglite(null);
    await migrate(db);
    const engine = await DuckDbEngine.open({ dataDir: engineDir, db, cluster: { instanceId: randomUUID(), instanceTimeoutMs: 30_000 }, retireDelayMs: 0 });
    const cache = new MemoryResultCache();
    try {
      const datasets = {};
      const relations = {};
      /** Each rollup's engine data (what an append extends). */
      const stored = {};
      const load = await time(async () => {
        for (const table of TABLES) {
          datasets[table] = randomUUID();
          relations[table] = (await engine.ingest(datasets[table], createReadStream(files[table]), 'parquet', { skipArrow: true })).relation;
        }
      });
      const builds = [];
      // One line as each rollup starts and ends, with the build's share done and time left (docs/analytics.md "Progress").
      const progress = createProgress(ROLLUP_NAMES.map((name) => ({ name, weight: ROLLUP_COST[name] })), (report) => console.log(`> rollups: ${formatProgress(report)}`));
      for (const name of ROLLUP_NAMES) {
        progress.update(name, 0, 0);
        const built = await time(() => materializeRollup(engine, randomUUID(), name, relations));
        progress.finish(name, built.result.rowCount);
        relations[name] = built.result.relation;
        stored[name] = built.result;
        builds.push(`${name} ${(built.ms / 1000).toFixed(1)} s (${built.result.rowCount.toLocaleString('en-US')} rows)`);
      }

      let warehouse = null;
      let warehouseNote = withPostgres ? `not run at this size (BENCH_PG_VISITS)` : `PostgreSQL at ${POSTGRES_URL} is unreachable`;
      const schema = `atlas_bench_${size.label.toLowerCase()}`;
      if (withPostgres && postgresSizes.has(size.label)) {
        const copied = await time(() => copyPanelToPostgres(engine, datasets, POSTGRES_URL, schema));
        warehouse = copied.result;
        warehouseNote = `copied and rolled up in ${(copied.ms / 1000).toFixed(1)} s`;
      }

      const generated = generatedMs === null ? '' : `Panel generated in ${(generatedMs / 1000).toFixed(1)} s. `;
      lines.push(`## ${size.label} visits`, '', `${generated}Panel loaded in ${(load.ms / 1000).toFixed(1)} s. Rollups: ${builds.join(', ')}.`, `PostgreSQL: ${warehouseNote}.`, '');
      lines.push(
        '| set / view | rows | first | cold p50 | cold p95 | heaviest rows | heaviest p50 | heaviest p95 | cached p50 | cached p95 | PostgreSQL p50 | PostgreSQL p95 | same rows |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      );
      const runner = warehouse ? warehouseRunner(postgresConnector, target, 600_000) : null;
      const defaults = (setId) => Object.fromEntries(ANALYTIC_SETS[setId].queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));
      // Every view's first run, then the timed runs once the builds' writes are on disk: steady state, as a server sees it.
      const firsts = new Map();
      for (const [setId, views] of Object.entries(VIEWS))
        for (const [viewId, { run }] of Object.entries(views)) firsts.set(`${setId}/${viewId}`, await time(() => run(engine, relations, defaults(setId), defaults(setId))));
      execFileSync('sync');
      for (const [setId, views] of Object.entries(VIEWS)) {
        const values = defaults(setId);
        for (const [viewId, { run }] of Object.entries(views)) {
          const first = firsts.get(`${setId}/${viewId}`);
          const cold = [];
          for (let k = 0; k < COLD_RUNS; k++) cold.push((await time(() => run(engine, relations, values, values))).ms);
          const heavy = dashboardValues(domain, ANALYTIC_SETS[setId], heaviestValue);
          const heaviestRows = (await run(engine, relations, heavy, heavy)).length;
          const heaviest = [];
          for (let k = 0; k < COLD_RUNS; k++) heaviest.push((await time(() => run(engine, relations, heavy, heavy))).ms);
          const key = createHash('sha256').update(JSON.stringify([setId, viewId, values])).digest('hex');
          await cache.set(key, Buffer.from(JSON.stringify(first.result)), { expiresAt: new Date(Date.now() + 3600_000), tags: [] });
          const cached = [];
          for (let k = 0; k < CACHED_RUNS; k++) cached.push((await time(async () => JSON.parse((await cache.get(key)).bytes.toString('utf8')))).ms);
          let onPostgres = null;
          if (runner) {
            const samples = [];
            let rows = null;
            for (let k = 0; k < POSTGRES_RUNS; k++) {
              const timed = await time(() => run(runner, warehouse, values, values));
              samples.push(timed.ms);
              rows = timed.result;
            }
            onPostgres = { ...stats(samples), same: sameRows(first.result, rows) ? 'yes' : 'NO' };
          }
          const c = stats(cold);
          const w = stats(heaviest);
          const h = stats(cached);
          lines.push(
            `| ${setId} / ${viewId} | ${first.result.length} | ${fmt(first.ms)} | ${fmt(c.p50)} | ${fmt(c.p95)} | ${heaviestRows} | ${fmt(w.p50)} | ${fmt(w.p95)} | ${fmt(h.p50)} | ${fmt(h.p95)} | ${fmt(onPostgres?.p50)} | ${fmt(onPostgres?.p95)} | ${onPostgres?.same ?? '–'} |`,
          );
          console.log(lines.at(-1));
        }
      }
      lines.push('');
      if (!appendSizes || appendSizes.has(size.label))
        lines.push(...(await benchAppend({ engine, relations, stored, datasets, engineDir, appendRollups, appendVisitsData, MAX_DATA_FILES, VIEWS, defaults })), '');
      if (warehouse) {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    } finally {
      await engine.close();
      await db.close();
      await rm(engineDir, { recursive: true, force: true });
    }
  }
  return { name: `analytics-${new Date().toISOString().slice(0, 10)}.md`, markdown: lines.join('\n') };
}
