// Account merge and provisioning in a real browser against the real server (issue 20, docs/admin.md "Console:
// Accounts and Provision"): the administrator finds two accounts, picks the primary and the secondary, reads what will
// move, confirms, and the secondary's map is the primary's while the secondary can no longer sign in; then an empty
// organization is provisioned from its row. Screenshots: test-results/screens/admin-accounts-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
const PASSWORD = 'merge-e2e-password';
const PRIMARY = 'merge-primary@e2e.example';
const SECONDARY = 'merge-secondary@e2e.example';
const ORGANIZATION = 'E2E Provisioned Co';
let adminToken = '';
let page: Page;

async function signIn(email: string): Promise<Response> {
  return fetch(`${session.server.baseUrl}/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
}

/** A maker of Demo with an account of its own: signed up, then linked to Demo by the administrator. */
async function demoMaker(email: string, name: string, demoId: string): Promise<{ id: string; token: string }> {
  const signUp = await fetch(`${session.server.baseUrl}/v1/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, name, password: PASSWORD }) });
  expect(signUp.ok).toBe(true);
  const [user] = await session.api<Array<{ id: string }>>(adminToken, 'GET', `/v1/users?email=${encodeURIComponent(email)}`);
  await session.api(adminToken, 'POST', `/v1/organizations/${demoId}/link`, { userId: user!.id, seat: 'maker' });
  const signedIn = await signIn(email);
  expect(signedIn.status).toBe(200);
  return { id: user!.id, token: ((await signedIn.json()) as { token: string }).token };
}

beforeAll(async () => {
  const admin = await session.signIn('admin@example.com');
  adminToken = admin.token;
  page = await session.openPage(adminToken);
});

describe('accounts in the administration console', () => {
  it('merges a secondary into the primary after showing what will move', async () => {
    const demoId = (await session.api<{ organization: { id: string } }>(adminToken, 'GET', '/v1/users/me')).organization.id;
    const primary = await demoMaker(PRIMARY, 'Merge E2E Primary', demoId);
    const secondary = await demoMaker(SECONDARY, 'Merge E2E Secondary', demoId);
    const map = await session.api<{ id: string }>(secondary.token, 'POST', '/v1/maps', { name: 'Secondary’s harbour map' });

    await page.goto('/admin?section=accounts');
    await page.getByText('Find the accounts to merge').waitFor();
    await page.getByRole('searchbox', { name: 'Find users' }).fill('Merge E2E');
    await page.getByRole('button', { name: 'Find' }).click();
    const candidate = (text: string) => page.getByTestId('merge-candidate').filter({ hasText: text });
    await candidate(PRIMARY).getByRole('button', { name: 'Primary' }).click();
    await candidate(SECONDARY).getByRole('button', { name: 'Secondary' }).click();
    // The primary can no longer be picked as a secondary, nor the secondary as primary.
    expect(await candidate(PRIMARY).getByRole('button', { name: 'Secondary' }).isDisabled()).toBe(true);
    expect(await candidate(SECONDARY).getByRole('button', { name: 'Primary' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Show what will move' }).click();
    const summary = page.getByTestId('merge-report');
    await summary.getByText('Dry run, nothing changed').waitFor();
    expect(await summary.getByTestId('merge-count').filter({ hasText: 'Maps' }).textContent()).toBe('Maps1');
    await page.getByTestId('merge-usage').waitFor();
    await session.screenshot('admin-accounts-summary');
    // The dry run changed nothing.
    expect((await session.api<{ ownerId: string }>(adminToken, 'GET', `/v1/maps/${map.id}?isAdmin=true`)).ownerId).toBe(secondary.id);

    await page.getByRole('button', { name: 'Merge accounts' }).click();
    const dialog = page.getByRole('dialog', { name: `Merge 1 account(s) into ${PRIMARY}?` });
    await dialog.waitFor();
    await session.screenshot('admin-accounts-confirm');
    await dialog.getByRole('button', { name: 'Merge accounts' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('merge-message').filter({ hasText: 'the secondaries are disabled' }).waitFor();
    await page.getByText('What moved to the primary').waitFor();
    await session.screenshot('admin-accounts-merged');

    expect((await session.api<{ ownerId: string }>(primary.token, 'GET', `/v1/maps/${map.id}`)).ownerId).toBe(primary.id);
    const refused = await signIn(SECONDARY);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe('This account is disabled');
    expect((await session.request(secondary.token, 'GET', '/v1/users/me')).status).toBe(401);

    // The Users tab says which account is disabled.
    await page.goto(`/admin?section=users&q=${encodeURIComponent('Merge E2E')}`);
    await page.getByTestId('user-row').filter({ hasText: SECONDARY }).getByTestId('user-disabled').filter({ hasText: /^ ?Disabled: merged into another account on / }).waitFor();
    expect(await page.getByTestId('user-row').filter({ hasText: PRIMARY }).getByTestId('user-disabled').count()).toBe(0);
    await page.goto('/admin?section=accounts');
    await page.getByText('Find the accounts to merge').waitFor();
  });

  it('shows a refusal as "message (details)": the disabled account cannot be merged again', async () => {
    await page.getByRole('searchbox', { name: 'Find users' }).fill(SECONDARY);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('merge-candidate').filter({ hasText: SECONDARY }).getByRole('button', { name: 'Primary' }).click();
    await page.getByRole('searchbox', { name: 'Find users' }).fill(PRIMARY);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('merge-candidate').filter({ hasText: PRIMARY }).getByRole('button', { name: 'Secondary' }).click();
    await page.getByRole('button', { name: 'Show what will move' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Account is disabled (' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`${SECONDARY} was merged into another account`);
    expect(await page.getByRole('button', { name: 'Merge accounts' }).count()).toBe(0);
  });

  it('provisions an organization from its row', async () => {
    const organization = await session.api<{ id: string }>(adminToken, 'POST', '/v1/organizations', { name: ORGANIZATION });
    await page.goto(`/admin?q=${encodeURIComponent(ORGANIZATION)}`);
    await page.getByTestId('organization-row').filter({ hasText: ORGANIZATION }).getByRole('button', { name: 'Provision' }).click();
    const dialog = page.getByRole('dialog', { name: `Provision ${ORGANIZATION}` });
    await dialog.getByText(`Demo data needs a maker to own it: ${ORGANIZATION} has none yet.`).waitFor();
    expect(await dialog.getByRole('checkbox').isDisabled()).toBe(true);
    await session.screenshot('admin-accounts-provision');
    await dialog.getByRole('button', { name: 'Provision' }).click();
    await dialog.getByTestId('provision-message').filter({ hasText: `${ORGANIZATION} provisioned` }).waitFor();
    await session.screenshot('admin-accounts-provisioned');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    const flags = await session.api<Record<string, unknown>>(adminToken, 'GET', `/v1/organizations/${organization.id}`);
    expect(flags).toMatchObject({ makerQuotaPolicy: 'maker' });
  });
});
