// Published reports in a real browser against the real server (issue 17, reports): the analyst publishes a report over
// a demo dataset with a password from the Reports screen, invites two people by e-mail and sees the stored invitation;
// signed out, /public/report/{id} refuses a wrong password with the server's message and shows the report read-only
// with the right one; a viewer seat is offered no "Publish report". Screenshots: test-results/screens/reports-*.png.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
let analystToken = '';
let viewerToken = '';
let publicLink = '';

const PASSWORD = 'quarterly figures';
const DATASET = 'Foot traffic: places';
const REPORT = 'Places overview';

const screenshot = (name: string) => session.screenshot(`reports-${name}`);

beforeAll(async () => {
  analystToken = (await session.signIn('analyst@example.com')).token;
  viewerToken = (await session.signIn('viewer@example.com')).token;
});

describe('reports', () => {
  it('says why the list is empty, and publishes a report over a demo dataset with a password', async () => {
    const page = await session.openPage(analystToken);
    await page.goto('/workspace/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor({ timeout: 60_000 });
    await page.getByTestId('reports-empty').filter({ hasText: 'You have published no reports yet' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).count()).toBe(1);
    await screenshot('empty');

    await page.getByRole('button', { name: 'Publish report' }).click();
    const dialog = page.getByRole('dialog');
    // Nothing picked: the browser says so before anything is sent.
    await dialog.getByRole('button', { name: 'Publish report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Pick at least one dataset.' }).waitFor();
    await dialog.getByLabel('Search datasets').fill('places');
    await dialog.getByLabel(DATASET).check({ timeout: 30_000 });
    await dialog.getByLabel('Name').fill(REPORT);
    await dialog.getByLabel('Description').fill('Where the panel’s visits happen');
    await dialog.getByLabel('Password (optional)').fill('abc');
    await dialog.getByRole('button', { name: 'Publish report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A password has at least 4 characters.' }).waitFor();
    await dialog.getByLabel('Password (optional)').fill(PASSWORD);
    await screenshot('publish-dialog');
    await dialog.getByRole('button', { name: 'Publish report' }).click();
    await page.getByTestId('report-published').waitFor({ timeout: 60_000 });
    publicLink = await page.getByRole('dialog').getByLabel('Public link').inputValue();
    expect(publicLink).toMatch(/\/public\/report\/[0-9a-f-]{36}$/);
    await screenshot('published');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    const row = page.locator('tr[data-report]').filter({ hasText: REPORT });
    await row.waitFor();
    expect(await row.getByTestId('report-state').innerText()).toBe('Published');
    expect(await row.getByTestId('report-password').innerText()).toBe('Set');
    expect(await row.innerText()).toContain(DATASET);
    expect(await page.getByTestId('list-summary').innerText()).toContain('1–1 of 1');
    await screenshot('list');

    const listed = await session.api<{ items: Array<{ id: string; name: string; passwordProtected: boolean; status: string; datasets: Array<{ name: string }> }>; total: number }>(
      analystToken,
      'GET',
      '/v1/reports/published',
    );
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ name: REPORT, passwordProtected: true, status: 'published', datasets: [{ name: DATASET }] });
    expect(publicLink.endsWith(listed.items[0]!.id)).toBe(true);
  });

  it('invites two e-mails with a description and shows the stored invitation', async () => {
    const page = session.page;
    const row = page.locator('tr[data-report]').filter({ hasText: REPORT });
    await row.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog');
    const emails = dialog.getByLabel('E-mail addresses');
    await emails.fill('Ann@Example.com, not-an-address');
    await dialog.getByRole('alert').filter({ hasText: 'Not an e-mail address: not-an-address' }).waitFor();
    await emails.fill('Ann@Example.com\nbo@other.org, ann@example.com');
    await dialog.getByLabel('Description').fill('The places behind this quarter’s visits');
    await dialog.getByRole('button', { name: 'Invite 2 people' }).click();
    const stored = dialog.getByTestId('stored-invitation');
    await stored.waitFor();
    expect(await stored.locator('li').allInnerTexts()).toEqual(['ann@example.com', 'bo@other.org']);
    expect(await stored.innerText()).toContain('The places behind this quarter’s visits');
    await screenshot('invite');
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('publishes the report again with a new copy of its dataset', async () => {
    const page = session.page;
    const before = await session.api<{ items: Array<{ publishedAt: string }> }>(analystToken, 'GET', '/v1/reports/published');
    await page.locator('tr[data-report]').filter({ hasText: REPORT }).getByRole('button', { name: 'Publish again' }).click();
    const dialog = page.getByTestId('republish-dialog');
    await dialog.getByRole('button', { name: 'Publish again' }).click();
    await dialog.getByRole('status').filter({ hasText: 'published with a new copy' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    const after = await session.api<{ items: Array<{ publishedAt: string; passwordProtected: boolean }> }>(analystToken, 'GET', '/v1/reports/published');
    expect(after.items[0]!.passwordProtected).toBe(true);
    expect(after.items[0]!.publishedAt > before.items[0]!.publishedAt).toBe(true);
  });

  it('lists every report to an administrator in admin mode, with the owner’s actions', async () => {
    const adminToken = (await session.signIn('admin@example.com')).token;
    const page = await session.openPage(adminToken);
    await page.goto('/workspace/reports');
    await page.getByTestId('reports-empty').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Everyone’s (administrator)' }).click();
    const row = page.locator('tr[data-report]').filter({ hasText: REPORT });
    await row.waitFor();
    expect(await row.innerText()).toContain('Another user');
    expect(await row.getByRole('button', { name: 'Invite' }).count()).toBe(1);
    expect(page.url()).toContain('all=1');
    await screenshot('admin');
  });

  it('opens the report signed out: a wrong password is refused with the server’s message, the right one shows it', async () => {
    const page = await session.openPage('');
    await page.goto(new URL(publicLink).pathname);
    await page.getByRole('heading', { name: REPORT }).waitFor({ timeout: 60_000 });
    expect(await page.locator('body').innerText()).toContain('Where the panel’s visits happen');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByTestId('unlock-error').innerText()).toBe('Incorrect password');
    await screenshot('wrong-password');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open' }).click();
    const view = page.getByTestId('report-view');
    await view.waitFor();
    const dataset = view.getByTestId('report-dataset');
    expect(await dataset.count()).toBe(1);
    expect(await dataset.getByRole('heading', { name: DATASET }).count()).toBe(1);
    expect(await dataset.locator('code').count()).toBeGreaterThan(0);
    expect(await dataset.locator('tbody tr').count()).toBe(10);
    // Read-only and still signed out: nothing to change, no workspace.
    expect(await view.locator('input, textarea, select, button').count()).toBe(0);
    expect(page.url()).toContain('/public/report/');
    await screenshot('public');

    await page.goto(`/public/report/${randomUUID()}`);
    await page.getByTestId('not-published').waitFor();
  });

  it('offers a viewer seat no "Publish report", and says why its list is empty', async () => {
    const page = await session.openPage(viewerToken);
    await page.goto('/workspace/reports');
    await page.getByTestId('reports-empty').filter({ hasText: 'a viewer seat' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Publish report' }).count()).toBe(0);
    await screenshot('viewer');
    const refused = await session.request<{ message: string }>(viewerToken, 'POST', '/v1/reports/published/resources', {
      datasets: [randomUUID()],
      uploadOptions: { name: 'Nope' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('A viewer seat cannot create reports');
  });
});
