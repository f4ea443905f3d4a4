// The web shell in a real browser against the real server: sign-in, workspace chrome, navigation,
// an unbuilt screen, sign-out, and a wrong password. Needs `apps/server/dist/main.js` and the built
// web app (apps/web/dist), and Chromium (CHROMIUM_PATH or /usr/bin/chromium).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');
const RESULTS_DIR = join(REPO_ROOT, 'test-results');
const SCREENS_DIR = join(RESULTS_DIR, 'screens');
const STARTUP_TIMEOUT_MS = 120_000;

const NAV_ENTRIES = ['Datasets', 'Connectors', 'Queries', 'Maps', 'Dashboards', 'Workbooks', 'Basemaps', 'Colors'];
const ANALYST = { email: 'analyst@example.com', password: 'demo', name: 'Demo Analyst', organization: 'Demo' };

let dataDir: string | undefined;
let server: ChildProcess | undefined;
let serverOutput = '';
let baseUrl = '';
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lastOutput(): string {
  return serverOutput.slice(-4000);
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null || server?.signalCode !== null) {
      throw new Error(`The server exited (code ${server?.exitCode}, signal ${server?.signalCode}) before it was healthy:\n${lastOutput()}`);
    }
    try {
      const response = await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The server was not healthy after ${STARTUP_TIMEOUT_MS / 1000} s:\n${lastOutput()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

function fileNameFor(testName: string): string {
  return testName.replace(/[^a-z0-9-_]+/gi, '-').replace(/^-+|-+$/g, '') || 'test';
}

const pathOf = (p: Page) => new URL(p.url()).pathname;

async function signIn(p: Page, email: string, password: string): Promise<void> {
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

async function navLabels(p: Page): Promise<string[]> {
  const links = p.getByRole('navigation', { name: 'Workspace' }).getByRole('link');
  return (await links.allTextContents()).map((text) => text.trim());
}

beforeAll(async () => {
  for (const [file, build] of [
    [SERVER_ENTRY, 'npm run build (or npx tsc -b apps/server)'],
    [WEB_INDEX, 'npm run build -w @atlas/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing; build it first: ${build}`);
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'atlas-web-e2e-'));
  await mkdir(SCREENS_DIR, { recursive: true });

  server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: 'demo', DEMO_VISITS: '20000', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  await waitForHealth(baseUrl);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  if (!browser) throw new Error('The browser did not start');
  // A fresh context per test: its own localStorage, so no test inherits another's session.
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
    await mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(RESULTS_DIR, `${fileNameFor(ctx.task.name)}.png`), fullPage: true }).catch(() => undefined);
  }
  await context?.close();
  context = undefined;
});

describe('web shell', () => {
  it('signs in, shows the workspace, keeps the navigation on an unbuilt screen and signs out', async () => {
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByText('Demo accounts: admin@example.com, analyst@example.com, viewer@example.com').waitFor();

    await signIn(page, ANALYST.email, ANALYST.password);
    await page.waitForURL((url) => url.pathname === '/workspace');

    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe(ANALYST.name);
    await expect.poll(() => page.getByTestId('organization-name').textContent()).toBe(ANALYST.organization);
    await page.getByRole('heading', { name: `Welcome, ${ANALYST.name}` }).waitFor();
    await page.getByRole('banner').getByText('Atlas Studio').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('atlas.token'))).toBeTruthy();
    expect(await navLabels(page)).toEqual(NAV_ENTRIES);
    await page.screenshot({ path: join(SCREENS_DIR, 'workspace.png'), fullPage: true });

    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Datasets' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace/datasets');
    await page.getByRole('heading', { name: 'Page not available' }).waitFor();
    await page.getByText('not available in this version').waitFor();
    await expect.poll(() => page.getByTestId('requested-path').textContent()).toBe('/workspace/datasets');
    expect(await navLabels(page)).toEqual(NAV_ENTRIES);
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe(ANALYST.name);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('atlas.token'))).toBeNull();

    // The session is really over: the workspace asks for sign-in again.
    await page.goto('/workspace');
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });

  it('shows the server error for a wrong password and stays on sign-in', async () => {
    await page.goto('/sign-in');
    await signIn(page, ANALYST.email, 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid email or password');
    expect(pathOf(page)).toBe('/sign-in');
    expect(await page.evaluate(() => localStorage.getItem('atlas.token'))).toBeNull();
  });

  it('drops a token the server no longer accepts and asks for sign-in', async () => {
    await page.goto('/sign-in');
    await page.evaluate(() => localStorage.setItem('atlas.token', 'not-a-valid-token'));
    await page.goto('/workspace/maps');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/workspace/maps');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('atlas.token'))).toBeNull();
  });

  it('tells unknown addresses apart from screens not built yet', async () => {
    await page.goto('/a/b/c');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => page.getByTestId('requested-path').textContent()).toBe('/a/b/c');
    await page.getByRole('link', { name: 'Back to workspace' }).waitFor();
  });
});
