// What the benches share: order statistics, number formatting, and the built server started on a free port with a
// throw-away data folder, reached over HTTP as the analyst.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
  return { runs: sorted.length, p50: rank(0.5), p95: rank(0.95), min: sorted[0] };
}

export const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

export const fmt = (value) => (value === undefined ? '–' : value < 10 ? value.toFixed(2) : value.toFixed(1));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/server/dist/main.js on PGlite in `dataDir` (no DATABASE_URL, no Redis) and waits for its health answer
 * (longer than 120 s when a large demo panel is generated before it listens).
 */
export async function startServer(root, dataDir, env = {}, startTimeoutMs = 120_000) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the server did not start within ${startTimeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

/** Signs in as a demo user and answers the bearer token. */
export async function signIn(base, email = 'analyst@example.com') {
  const response = await fetch(`${base}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'demo' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  // The pages benched open behind the studio and analytic data terms (docs/legal.md): accepted once, as a user would.
  for (const type of ['studio-tos', 'fsq-bi']) {
    const consent = await fetch(`${base}/v1/legal/${type}/consent`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (!consent.ok) throw new Error(`consent to ${type}: ${consent.status} ${await consent.text()}`);
  }
  return token;
}

/** JSON bodies are encoded; a ReadableStream goes as it is (with the content type given in headers). */
export async function api(base, token, method, url, body, headers = {}) {
  const stream = body instanceof ReadableStream;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && !stream ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : stream ? body : JSON.stringify(body),
    duplex: 'half',
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Polls a dataset built in the background (a tileset, say) until it is ready; its error message when it fails. */
export async function waitReady(base, token, id) {
  for (;;) {
    const dataset = await (await api(base, token, 'GET', `/v1/datasets/${id}`)).json();
    if (dataset.status === 'ready') return dataset;
    if (dataset.status === 'error') throw new Error(`dataset ${id} ended in error: ${dataset.errorMessage}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the dataset's Arrow copy is written (written after an upload: its Arrow download then has a length); ms since `start`. */
export async function arrowCopyWritten(base, token, id, start) {
  for (;;) {
    const response = await api(base, token, 'GET', `/v1/datasets/${id}/data`);
    const stored = response.headers.get('content-length') !== null;
    await response.body?.cancel();
    if (stored) return ms(start);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
