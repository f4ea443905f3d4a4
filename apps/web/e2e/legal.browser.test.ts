// Legal agreements in the browser (docs/legal.md): a user who has not accepted the studio terms signs in through the
// form and reads them before anything of the workspace, accepts and lands where they were going; the next sign-in
// asks nothing; declining signs out. The first dashboard asks for the analytic data terms (fsq-bi) once: declining
// returns to the workspace, accepting opens the analytic set. Every user here signs in without the consents that
// session.signIn records by default.
// Screenshots: test-results/screens/legal-studio-terms.png, legal-workspace.png, legal-bi-terms.png, legal-dashboard.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const ANALYST = { email: 'analyst@example.com', name: 'Demo Analyst' };
const VIEWER = 'viewer@example.com';

const session = useBrowserSession();
let page: Page;
const tokens = { analyst: '', viewer: '' };

interface Consent {
  agreementId: string;
  consented: boolean;
}
const consentOf = (token: string, type: string) => session.api<Consent>(token, 'GET', `/v1/legal/latest/${type}/consent`);
const pathOf = () => new URL(page.url()).pathname;
const agreement = () => page.getByTestId('legal-agreement');
const workspaceNav = () => page.getByRole('navigation', { name: 'Workspace' });

async function signInWithForm(email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOutFromTopBar(): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/sign-in');
}

/** Waits until every chart card of the dashboard shows its chart. */
async function waitForCharts(): Promise<void> {
  await expect
    .poll(() => page.locator('[data-chart-card]').evaluateAll((cards) => cards.map((element) => element.getAttribute('data-state'))), { timeout: 60_000 })
    .toSatisfy((states: (string | null)[]) => states.length > 0 && states.every((state) => state === 'ready'));
}

beforeAll(async () => {
  tokens.analyst = (await session.signIn(ANALYST.email, { consent: false })).token;
  tokens.viewer = (await session.signIn(VIEWER, { consent: false })).token;
  // A fresh organization: nobody has accepted anything yet.
  for (const token of Object.values(tokens))
    for (const type of ['studio-tos', 'fsq-bi']) expect(await consentOf(token, type)).toMatchObject({ agreementId: `${type}-v1`, consented: false });
  // No token in the page: the user signs in through the form. (The page is left only through the app's own links, so
  // the empty token openPage puts back at each page load never replaces the one the form got.)
  page = await session.openPage('');
});

describe('the studio terms', () => {
  it('are shown after sign-in, before anything of the workspace, and accepting lands where the user was going', async () => {
    await page.goto('/workspace/maps');
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/workspace/maps');
    await signInWithForm(ANALYST.email);

    await agreement().waitFor();
    expect(await agreement().getAttribute('data-agreement')).toBe('studio-tos-v1');
    await page.getByRole('heading', { name: 'Atlas Studio Terms of Service' }).waitFor();
    await page.getByText('These terms govern your use of Atlas Studio.', { exact: false }).waitFor();
    expect(pathOf()).toBe('/workspace/maps');
    expect(await workspaceNav().count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Maps', level: 1 }).count()).toBe(0);
    expect(await page.title()).toBe('Atlas Studio Terms of Service · Atlas Studio');
    await session.screenshot('legal-studio-terms');

    await page.getByRole('button', { name: 'I accept' }).click();
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor();
    expect(pathOf()).toBe('/workspace/maps');
    expect(await agreement().count()).toBe(0);
    await workspaceNav().waitFor();
    expect(await consentOf(tokens.analyst, 'studio-tos')).toMatchObject({ agreementId: 'studio-tos-v1', consented: true });
    // The analytic data terms are asked only before the first dashboard.
    expect(await consentOf(tokens.analyst, 'fsq-bi')).toMatchObject({ consented: false });
  });

  it('are not shown again at the next sign-in', async () => {
    await signOutFromTopBar();
    await signInWithForm(ANALYST.email);
    await page.waitForURL((url) => url.pathname === '/workspace');
    await page.getByRole('heading', { name: `Welcome, ${ANALYST.name}` }).waitFor();
    expect(await agreement().count()).toBe(0);
    await session.screenshot('legal-workspace');
  });

  it('declined: Sign out ends the session and records nothing', async () => {
    await signOutFromTopBar();
    await signInWithForm(VIEWER);
    await agreement().waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('atlas.token'))).toBeNull();
    expect(await consentOf(tokens.viewer, 'studio-tos')).toMatchObject({ consented: false });

    // Signing in again asks again.
    await signInWithForm(VIEWER);
    await agreement().waitFor();
    expect(await agreement().getAttribute('data-agreement')).toBe('studio-tos-v1');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });
});

describe('the analytic data terms', () => {
  const openTemplate = async (setId: string) => {
    await workspaceNav().getByRole('link', { name: 'Dashboards' }).click();
    await page.locator(`a[data-template="${setId}"]`).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/new' && url.searchParams.get('templateId') === setId);
  };

  it('are shown before the first analytic set; declining returns to the workspace', async () => {
    await signInWithForm(ANALYST.email);
    await page.getByRole('heading', { name: `Welcome, ${ANALYST.name}` }).waitFor();
    await openTemplate('audience-insight');

    await agreement().waitFor();
    expect(await agreement().getAttribute('data-agreement')).toBe('fsq-bi-v1');
    await page.getByRole('heading', { name: 'Business Intelligence Data Terms' }).waitFor();
    // Under the workspace's top bar, with no chart of the set.
    await page.getByRole('banner').getByText(ANALYST.name).waitFor();
    expect(await page.locator('[data-chart-card]').count()).toBe(0);
    expect(await page.getByTestId('dashboard-title').count()).toBe(0);
    await session.screenshot('legal-bi-terms');

    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace');
    await page.getByRole('heading', { name: `Welcome, ${ANALYST.name}` }).waitFor();
    expect(await consentOf(tokens.analyst, 'fsq-bi')).toMatchObject({ consented: false });
  });

  it('accepted once: the dashboard loads, and no analytic set asks again', async () => {
    await openTemplate('audience-insight');
    await agreement().waitFor();
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.getByTestId('dashboard-title').filter({ hasText: 'Audience Insight' }).waitFor();
    await waitForCharts();
    expect(await agreement().count()).toBe(0);
    expect(await consentOf(tokens.analyst, 'fsq-bi')).toMatchObject({ agreementId: 'fsq-bi-v1', consented: true });
    await session.screenshot('legal-dashboard');

    await page.getByRole('banner').getByRole('link', { name: 'Atlas Studio' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace');
    await openTemplate('visitation-trends');
    await page.getByTestId('dashboard-title').waitFor();
    expect(await agreement().count()).toBe(0);
  });
});
