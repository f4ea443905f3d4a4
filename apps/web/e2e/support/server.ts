// What every browser test needs: the built server running on a free port with a throw-away data directory and a
// small demo panel, and Debian's Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
export const SCREENS_DIR = join(RESULTS_DIR, 'screens');
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/main.js');
// WEB_DIST_DIR lets a test run serve a web build kept elsewhere (the server reads the same setting).
const WEB_INDEX = join(process.env.WEB_DIST_DIR || join(REPO_ROOT, 'apps/web/dist'), 'index.html');
const STARTUP_TIMEOUT_MS = 120_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now: bind to port 0, read it, let it go. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('Could not get a free port'))));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

export interface RunningServer {
  baseUrl: string;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /**
   * Set PUBLIC_URL to the address the browser uses (default). False leaves it unset, as `npm start` does: the server
   * then names itself http://localhost:$PORT while the browser opens http://127.0.0.1:$PORT.
   */
  publicUrl?: boolean;
}

/**
 * Starts apps/server/dist/main.js (which serves apps/web/dist) with the demo organization and a 20,000-visit panel, on a
 * copy of the data directory the browser project's global setup prepared (data-template.ts): a first start (initdb,
 * migrations, the demo panel and its rollups) takes seconds that every test file would otherwise spend again.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atlas-web-e2e-'));
  await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
  return launchServer(dataDir, options);
}

/** Starts the server on `dataDir` and waits until it is healthy; stopping it removes the directory unless `keepData`. */
export async function launchServer(dataDir: string, { publicUrl = true }: ServerOptions = {}, keepData = false): Promise<RunningServer> {
  for (const [file, build] of [
    [SERVER_ENTRY, 'npm run build (or npx tsc -b apps/server)'],
    [WEB_INDEX, 'npm run build -w @atlas/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing; build it first: ${build}`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  await mkdir(SCREENS_DIR, { recursive: true });

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: publicUrl ? baseUrl : '', DATA_DIR: dataDir, DEMO_PASSWORD: 'demo', DEMO_VISITS: '20000', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let collected = '';
  const collect = (chunk: Buffer) => {
    collected = (collected + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => collected.slice(-4000);
  const stop = async () => {
    await stopProcess(child);
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return { baseUrl, output, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`The server was not healthy after ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Headless Chromium (CHROMIUM_PATH or /usr/bin/chromium), with WebGL through SwiftShader so maps draw. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--use-gl=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A file name for a test's failure screenshot. */
export function fileNameFor(testName: string): string {
  return testName.replace(/[^a-z0-9-_]+/gi, '-').replace(/^-+|-+$/g, '') || 'test';
}
