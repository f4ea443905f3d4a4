// What a screen test file shares: the server and browser for the file, users signed in through the API, a page of a
// fresh browser context per user, calls to the API as a user, and a screenshot of the page when a test fails.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { RESULTS_DIR, SCREENS_DIR, fileNameFor, launchBrowser, startServer, type RunningServer } from './server.js';

export interface SignedIn {
  token: string;
  user: { id: string; organization: { id: string } };
}

export interface BrowserSession {
  readonly server: RunningServer;
  /** The page openPage last opened. */
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * Signs in with the demo password and, unless `consent: false`, accepts the studio terms and the analytic data terms
   * (CONSENTED_AGREEMENTS) through the API, so that pages opened with the token go straight to their screen.
   */
  signIn(email: string, options?: SignInOptions): Promise<SignedIn>;
  /** A page of a new browser context signed in with the token (the web app reads it from localStorage). */
  openPage(token: string): Promise<Page>;
  /** An API call as the token's user: the status and the parsed answer, whatever the status. */
  request<T>(token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
  /** An API call as the token's user that must succeed: its parsed answer. */
  api<T>(token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** The current page, whole, as test-results/screens/{name}.png. */
  screenshot(name: string): Promise<Buffer>;
}

export interface SignInOptions {
  /** Accept CONSENTED_AGREEMENTS after signing in (default true); false leaves the user's consents as they are. */
  consent?: boolean;
}

/** The agreements the web app asks for before the workspace (studio-tos) and before the dashboards (fsq-bi). */
export const CONSENTED_AGREEMENTS = ['studio-tos', 'fsq-bi'] as const;

/** Accepts the latest version of each of CONSENTED_AGREEMENTS as the token's user (repeating it changes nothing). */
export async function acceptAgreements(baseUrl: string, token: string): Promise<void> {
  for (const type of CONSENTED_AGREEMENTS) {
    const response = await fetch(`${baseUrl}/v1/legal/${type}/consent`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`Consent to ${type} answered ${response.status}: ${await response.text()}`);
  }
}

/** Registers the file's hooks (start, stop, failure screenshots) and answers the session they run. */
export function useBrowserSession(): BrowserSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  // Requests of any page this session opened that went to another host than ours (the offline rule).
  let offHost: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
      await mkdir(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: join(RESULTS_DIR, `${fileNameFor(ctx.task.name)}.png`), fullPage: true }).catch(() => undefined);
    }
    const leaked = offHost;
    offHost = [];
    expect(leaked, 'requests to other hosts than the studio').toEqual([]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} did not start`);
    return value;
  };

  const session: BrowserSession = {
    get server() {
      return started(server, 'The server');
    },
    get page() {
      return started(page, 'The page');
    },
    get context() {
      return started(context, 'The browser context');
    },
    async signIn(email, { consent = true } = {}) {
      const response = await fetch(`${session.server.baseUrl}/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo' }),
      });
      if (!response.ok) throw new Error(`Sign-in of ${email} answered ${response.status}`);
      const signedIn = (await response.json()) as SignedIn;
      if (consent) await acceptAgreements(session.server.baseUrl, signedIn.token);
      return signedIn;
    },
    async openPage(token) {
      await context?.close();
      context = await started(browser, 'The browser').newContext({ baseURL: session.server.baseUrl, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
      context.setDefaultTimeout(20_000);
      await context.addInitScript((value) => window.localStorage.setItem('atlas.token', value), token);
      const host = new URL(session.server.baseUrl).host;
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (/^(https?|wss?):$/.test(url.protocol) && url.host !== host) offHost.push(request.url());
      });
      page = await context.newPage();
      return page;
    },
    async request(token, method, path, body, headers = {}) {
      const json = body !== undefined && typeof body !== 'string';
      const response = await fetch(`${session.server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as string),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
    },
    async api(token, method, path, body, headers) {
      const { status, body: answer } = await session.request(token, method, path, body, headers);
      if (status < 200 || status >= 300) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(answer)}`);
      return answer as never;
    },
    screenshot: (name) => session.page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true }),
  };
  return session;
}
