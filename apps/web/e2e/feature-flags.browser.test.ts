// Feature flags in a real browser against the real server (issue 20, docs/feature-flags.md): the administrator turns
// the Demo organization's workbooks-enabled off in the console, the analyst loses Workbooks from the navigation and
// the workbook screens say they are not enabled; storage-connectors-enabled and pivot-table-enabled change the
// connectors' type picker and the analytic-set gallery; turning the flags back restores everything. The Demo
// organization's flags are left as they were found. Screenshots: test-results/screens/flags-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
let adminToken = '';
let analystToken = '';
let demoId = '';
let initial: Record<string, boolean> = {};
let page: Page;

const POLL = { timeout: 20_000 };
const navLabels = async () => (await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link').allTextContents()).map((text) => text.trim());
const analystFlags = () => session.api<Record<string, boolean>>(analystToken, 'GET', '/v1/users/me/flags');
const flagItem = (flag: string) => page.getByTestId('feature-flags').locator(`li[data-flag="${flag}"]`);
const flagSwitch = (flag: string) => page.getByRole('switch', { name: flag, exact: true });

/** Opens the console's feature flags of Demo from the Organizations tab's row. */
async function openDemoFlags(): Promise<void> {
  page = await session.openPage(adminToken);
  await page.goto('/admin');
  await page.getByTestId('organization-row').filter({ hasText: 'Demo' }).getByRole('link', { name: 'Feature flags' }).click();
  await page.getByTestId('feature-flags').waitFor();
  expect(await page.getByRole('combobox', { name: 'Organization' }).inputValue()).toBe(demoId);
}

/** Clicks a flag's switch and waits until the console shows the stored state. */
async function toggle(flag: string, on: boolean): Promise<void> {
  expect(await flagSwitch(flag).isChecked()).toBe(!on);
  await flagSwitch(flag).click();
  await expect.poll(() => flagItem(flag).locator('.feature-flags__state').textContent(), POLL).toBe(on ? 'On' : 'Off');
  expect(await flagSwitch(flag).isChecked()).toBe(on);
}

beforeAll(async () => {
  adminToken = (await session.signIn('admin@example.com')).token;
  const analyst = await session.signIn('analyst@example.com');
  analystToken = analyst.token;
  demoId = analyst.user.organization.id;
  initial = await analystFlags();
});

afterAll(async () => {
  // Leave Demo as it was found, whatever failed on the way.
  if (demoId && adminToken) await session.api(adminToken, 'PUT', `/v1/admin/organizations/${demoId}/flags`, initial);
});

describe('feature flags', () => {
  it('lists every flag of an organization with a switch and what it does; an unknown organization reads as "message (details)"', async () => {
    expect(initial['workbooks-enabled']).toBe(true);
    await openDemoFlags();
    const flags = await page.getByTestId('feature-flags').locator('li[data-flag]').evaluateAll((items) => items.map((item) => item.getAttribute('data-flag')));
    expect(flags).toHaveLength(13);
    expect(await flagSwitch('workbooks-enabled').isChecked()).toBe(true);
    expect(await flagSwitch('storage-connectors-enabled').isChecked()).toBe(initial['storage-connectors-enabled']);
    expect(await flagItem('workbooks-enabled').textContent()).toContain('Shows Workbooks in the navigation and opens the workbook screens.');
    expect(await flagItem('dummy').locator('.feature-flags__state').textContent()).toBe('Off (default)');
    expect(await flagItem('dummy').textContent()).toContain('Does nothing: a flag to try the switches with.');
    await session.screenshot('flags-console');

    const missing = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/admin?section=feature-flags&organizationId=${missing}`);
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toBe(`Organization not found (No organization with id ${missing})`);
  });

  it('turning workbooks-enabled off hides Workbooks from the analyst and the workbook screens say so; on again restores them', async () => {
    await openDemoFlags();
    await toggle('workbooks-enabled', false);
    await session.screenshot('flags-workbooks-off-console');
    expect((await analystFlags())['workbooks-enabled']).toBe(false);

    page = await session.openPage(analystToken);
    await page.goto('/workspace');
    // Dashboards needs flags too: once it shows, the flags are read (entries that need one wait for them).
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboards' }).waitFor();
    expect(await navLabels()).not.toContain('Workbooks');
    expect(await navLabels()).toContain('Datasets');

    await page.goto('/workspace/workbooks');
    await page.getByRole('heading', { name: 'Not enabled for your organization' }).waitFor();
    expect(await page.getByTestId('feature-not-enabled').textContent()).toContain('Workbooks is not enabled for your organization.');
    expect(await page.getByRole('heading', { name: 'Workbooks', exact: true }).count()).toBe(0);
    await session.screenshot('flags-workbooks-off');

    await page.goto('/workbook/new');
    await page.getByRole('heading', { name: 'Not enabled for your organization' }).waitFor();
    expect(await page.getByRole('heading', { name: 'New workbook', exact: true }).count()).toBe(0);
    await session.screenshot('flags-workbook-new-off');

    await openDemoFlags();
    await toggle('workbooks-enabled', true);
    page = await session.openPage(analystToken);
    await page.goto('/workspace');
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Workbooks' }).click();
    await page.getByRole('heading', { name: 'Workbooks', exact: true }).waitFor();
    expect(await page.getByTestId('feature-not-enabled').count()).toBe(0);
    await session.screenshot('flags-workbooks-restored');
  });

  it('offers the storage connection types only with storage-connectors-enabled, and the Movement Pivot only with pivot-table-enabled', async () => {
    const storage = ['s3', 'google-cloud-storage', 'planet'];
    const pickerTypes = async () => {
      await page.goto('/workspace/connectors');
      await page.getByRole('button', { name: 'New connection' }).click();
      const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Type' });
      await picker.waitFor();
      return picker.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    };

    // Off (Demo leaves it unset, or it is turned off here): no storage type, and the form says why.
    await session.api(adminToken, 'PUT', `/v1/admin/organizations/${demoId}/flags`, { 'storage-connectors-enabled': false });
    page = await session.openPage(analystToken);
    const without = await pickerTypes();
    expect(without).toContain('postgres');
    expect(without.filter((type) => storage.includes(type))).toEqual([]);
    await page.getByText('Storage connection types are not enabled for your organization.').waitFor();
    await session.screenshot('flags-connectors-storage-off');

    await openDemoFlags();
    await toggle('storage-connectors-enabled', true);
    await toggle('pivot-table-enabled', false);
    page = await session.openPage(analystToken);
    expect((await pickerTypes()).filter((type) => storage.includes(type))).toEqual(storage);
    expect(await page.getByText('Storage connection types are not enabled for your organization.').count()).toBe(0);

    await page.goto('/dashboard/new');
    await page.locator('[data-template="audience-insight"]').waitFor();
    expect(await page.locator('[data-template="movement-pivot"]').count()).toBe(0);
    await session.screenshot('flags-pivot-off');
    await page.goto('/dashboard/new?templateId=movement-pivot');
    await page.getByTestId('pivot-not-enabled').first().waitFor();
    await session.screenshot('flags-pivot-table-off');

    await openDemoFlags();
    await toggle('storage-connectors-enabled', false);
    await toggle('pivot-table-enabled', true);
    page = await session.openPage(analystToken);
    await page.goto('/dashboard/new');
    await page.locator('[data-template="movement-pivot"]').waitFor();
    expect(await analystFlags()).toEqual({ ...initial, 'storage-connectors-enabled': false });
  });
});
