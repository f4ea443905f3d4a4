// The web shell in a real browser against the real server: sign-in, workspace chrome, navigation,
// an unbuilt screen, sign-out, and a wrong password. Needs `apps/server/dist/main.js` and the built
// web app (apps/web/dist), and Chromium (CHROMIUM_PATH or /usr/bin/chromium).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESULTS_DIR, SCREENS_DIR, fileNameFor, launchBrowser, startServer, type RunningServer } from './support/server.js';

const NAV_ENTRIES = ['Datasets', 'Connectors', 'Queries', 'Maps', 'Dashboards', 'Workbooks', 'Projects', 'Reports', 'Basemaps', 'Colors'];
const ANALYST = { email: 'analyst@example.com', password: 'demo', name: 'Demo Analyst', organization: 'Demo' };

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;

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
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

beforeEach(async () => {
  if (!browser) throw new Error('The browser did not start');
  // A fresh context per test: its own localStorage, so no test inherits another's session.
  context = await browser.newContext({ baseURL: server?.baseUrl, viewport: { width: 1440, height: 900 } });
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
    // A user who has not accepted the studio terms accepts them first (docs/legal.md).
    await page.getByRole('button', { name: 'I accept' }).click();

    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe(ANALYST.name);
    await expect.poll(() => page.getByTestId('organization-name').textContent()).toBe(ANALYST.organization);
    await page.getByRole('heading', { name: `Welcome, ${ANALYST.name}` }).waitFor();
    await page.getByRole('banner').getByText('Atlas Studio').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('atlas.token'))).toBeTruthy();
    expect(await navLabels(page)).toEqual(NAV_ENTRIES);
    await page.screenshot({ path: join(SCREENS_DIR, 'workspace.png'), fullPage: true });

    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Queries' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace/queries');
    // Queries is built (docs/queries-screen.md): its own screen in the workspace chrome.
    await page.getByRole('heading', { name: 'Queries', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Queries sections' }).waitFor();
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
