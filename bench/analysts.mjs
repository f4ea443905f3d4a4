// Many-analysts bench: BENCH_USERS simulated analysts (default 50), each in its own signed-in session, open dashboards
// through HTTP for BENCH_SECONDS (default 60) on the built server holding a BENCH_VISITS panel (default 100M; of a list
// such as "5M,100M" the largest). A dashboard is one analytic set with random legal query-bar values and every chart of
// its template queried at once, as the dashboard page asks (one request per distinct chart query), with
// cache-control: no-cache so each answer is computed, never read from the result cache. The server's data folder is
// kept in BENCH_DATA (default bench/tmp/analysts-<size>): the first start at a size generates the panel and builds its
// rollups (minutes at 100 M), later runs start at once.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fmt, ms, signIn, startServer, stats } from './support.mjs';
import { charts, dashboardValues, randomOf, randomValue, referencedId } from './values.mjs';

const whole = (name, fallback) => Math.max(1, Math.trunc(Number(process.env[name] ?? fallback)) || fallback);
const USERS = whole('BENCH_USERS', 50);
const SECONDS = whole('BENCH_SECONDS', 60);
/** Generating 100 M visits and building their rollups before the server listens takes many minutes. */
const START_TIMEOUT_MS = 60 * 60_000;
/** Every session signs in as the demo analyst: the server's work for a query depends on the organization, not the user. */
const ANALYST = 'analyst@example.com';

const parseSize = (text) => ({ label: text, visits: Number(text.replace(/_/g, '').replace(/M$/i, 'e6').replace(/B$/i, 'e9')) });
const largest = (list) => list.split(',').filter(Boolean).map(parseSize).sort((a, b) => b.visits - a.visits)[0];

/**
 * The chart queries a dashboard of the set sends: every chart's (as the web's ChartCard asks each, with only its own
 * parameters), one request per distinct template and parameters (the web shares those).
 */
function chartQueries(definition, values) {
  const queries = new Map();
  for (const chart of charts(definition)) {
    const parameters = {};
    for (const [name, reference] of Object.entries(chart.query.parameters)) {
      const value = values[referencedId(reference)];
      if (value !== undefined) parameters[name] = value;
    }
    queries.set(JSON.stringify([chart.query.templateId, parameters]), { templateId: chart.query.templateId, parameters });
  }
  return [...queries.values()];
}

/** One chart's answer, read to its end; an error names the chart and the server's answer. */
async function queryChart(base, token, setId, { templateId, parameters }) {
  const response = await fetch(`${base}/v1/query/${setId}/template/${templateId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'cache-control': 'no-cache' },
    body: JSON.stringify({ parameters }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${setId}/${templateId}: ${response.status} ${text.slice(0, 300)}`);
  if (response.headers.get('x-cache') !== 'miss') throw new Error(`${setId}/${templateId}: answered from the cache (x-cache ${response.headers.get('x-cache')})`);
}

/** Opens one dashboard: all its chart queries at once; the time until the last one answered and the failed ones' messages. */
async function openDashboard(base, token, definition, values) {
  const start = process.hrtime.bigint();
  const queries = chartQueries(definition, values);
  const settled = await Promise.allSettled(queries.map((query) => queryChart(base, token, definition.id, query)));
  const failed = settled.filter((result) => result.status === 'rejected').map((result) => result.reason?.message ?? String(result.reason));
  return { ms: ms(start), charts: queries.length, failed };
}

/** One analyst: dashboards opened one after another until the time is up (one started before it ends completes). */
async function analyst(base, token, definitions, domain, until, record) {
  while (Date.now() < until) {
    const definition = randomOf(definitions);
    record(definition.id, await openDashboard(base, token, definition, dashboardValues(domain, definition, randomValue)));
  }
}

export async function runAnalystsBench({ root }) {
  const domain = await import(path.join(root, 'packages/domain/dist/index.js'));
  const size = largest(process.env.BENCH_VISITS ?? '100M');
  if (!Number.isInteger(size.visits) || size.visits <= 0) throw new Error(`BENCH_VISITS: not a size: ${size.label}`);
  const dataDir = process.env.BENCH_DATA ? path.join(process.env.BENCH_DATA, `analysts-${size.label}`) : path.join(root, 'bench', 'tmp', `analysts-${size.label}`);
  await mkdir(dataDir, { recursive: true });
  console.log(`analysts bench: starting the server on ${dataDir} (a first start at ${size.label} visits generates the panel and builds its rollups)…`);
  const started = process.hrtime.bigint();
  // The simulated analysts all connect from this machine's one address, where real ones come from many: the per-address
  // connection cap (MAX_CONNECTIONS_PER_CLIENT, 64) would cut the connections of their concurrent charts.
  const server = await startServer(root, dataDir, { DEMO_VISITS: String(size.visits), MAX_CONNECTIONS_PER_CLIENT: String(USERS * 16) }, START_TIMEOUT_MS);
  const startSeconds = ms(started) / 1000;
  try {
    const { base } = server;
    const tokens = [];
    for (let user = 0; user < USERS; user++) tokens.push(await signIn(base, ANALYST));
    const definitions = [];
    for (const setId of domain.ANALYTIC_SET_IDS) {
      const response = await fetch(`${base}/v1/analytic-sets/${setId}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
      if (!response.ok) throw new Error(`GET /v1/analytic-sets/${setId}: ${response.status} ${await response.text()}`);
      definitions.push(await response.json());
    }
    // Each set once with its defaults, untimed: the engine opens the panel's files before the analysts arrive.
    for (const definition of definitions) {
      const warm = await openDashboard(base, tokens[0], definition, dashboardValues(domain, definition));
      if (warm.failed.length) throw new Error(`warm-up of ${definition.id}: ${warm.failed[0]}`);
    }

    const bySet = new Map(definitions.map((definition) => [definition.id, { samples: [], charts: 0, failed: 0 }]));
    const errors = [];
    let chartRequests = 0;
    const record = (setId, result) => {
      const entry = bySet.get(setId);
      entry.charts = result.charts;
      chartRequests += result.charts;
      if (result.failed.length) {
        entry.failed += 1;
        errors.push(...result.failed);
      } else entry.samples.push(result.ms);
    };
    console.log(`analysts bench: ${USERS} analysts for ${SECONDS} s…`);
    const begin = process.hrtime.bigint();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(tokens.map((token) => analyst(base, token, definitions, domain, until, record)));
    return report({ size, startSeconds, elapsed: ms(begin) / 1000, bySet, errors, chartRequests });
  } finally {
    await server.stop();
  }
}

/** The table: every dashboard, then each set's; the errors' first distinct messages. */
function report({ size, startSeconds, elapsed, bySet, errors, chartRequests }) {
  const sets = [...bySet.entries()];
  const all = sets.flatMap(([, entry]) => entry.samples);
  const failed = sets.reduce((sum, [, entry]) => sum + entry.failed, 0);
  const row = (name, charts, samples, failures) => {
    const s = stats(samples);
    return `| ${name} | ${charts} | ${samples.length + failures} | ${fmt((samples.length + failures) / elapsed)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(samples.length ? Math.max(...samples) : undefined)} | ${failures} |`;
  };
  const p95 = stats(all).p95;
  const lines = [
    `# Many-analysts bench (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}.`,
    `${USERS} analysts, each in its own session, open dashboards one after another for ${SECONDS} s (${elapsed.toFixed(1)} s until the last`,
    `finished) against the built server holding ${size.label} visits (started in ${startSeconds.toFixed(1)} s). A dashboard: an analytic set`,
    'picked at random with random legal query-bar values, every chart of its template queried at once through HTTP with',
    'cache-control: no-cache (computed, never read from the result cache); its time runs until its last chart answered.',
    `${chartRequests.toLocaleString('en-US')} chart queries in all (${fmt(chartRequests / elapsed)} per second). Times in ms; target: p95 ≤ 1000 ms, no errors.`,
    '',
    '| set | chart queries | dashboards | per second | p50 | p95 | max | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('**every set**', '–', all, failed),
    ...sets.map(([setId, entry]) => row(setId, entry.charts || '–', entry.samples, entry.failed)),
    '',
    `Target ${p95 !== undefined && p95 <= 1000 && failed === 0 ? 'met' : 'missed'}: p95 ${fmt(p95)} ms, ${failed} dashboards with errors.`,
    ...(errors.length ? ['', 'First errors:', '', ...[...new Set(errors)].slice(0, 5).map((message) => `- ${message}`)] : []),
    '',
  ];
  return { name: `analysts-${new Date().toISOString().slice(0, 10)}.md`, markdown: lines.join('\n') };
}
