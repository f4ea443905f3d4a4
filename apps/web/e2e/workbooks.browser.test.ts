// The workbook screens in a real browser against the real server (issue 17 "Workbooks list", "Tags in every list"):
// /workbook/new creates only when the analyst presses Create workbook, so opening it twice (and reloading the
// workbook) leaves exactly one new workbook, which the list shows with its owner and tags; a workbook is deleted from
// the list after a confirmation; the list searches, sorts and filters by tag; a viewer seat gets no "New workbook",
// no Delete on the organization's workbooks, and an explanation at /workbook/new; the dashboards list shows tags.
// Screenshots: test-results/screens/workbooks-new.png, workbooks-list.png, workbooks-delete.png,
// workbooks-viewer-list.png, workbooks-viewer-new.png, workbooks-dashboards-tags.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

/** How long a check may wait for the page. */
const POLL = { timeout: 20_000, interval: 200 };

const session = useBrowserSession();
let page: Page;
const tokens: Record<'analyst' | 'viewer', string> = { analyst: '', viewer: '' };
let createdId = '';

interface RecordList {
  items: Array<{ id: string; name: string; tags: Array<{ name: string }> }>;
  total: number;
}

const workbookCount = async (token: string) => (await session.api<RecordList>(token, 'GET', '/v1/workbooks?limit=1000')).total;
const row = (id: string) => page.locator(`tr[data-workbook="${id}"]`);
/** The names of the list's rows, top to bottom. */
const rowNames = () => page.locator('tbody tr[data-workbook] th a').allTextContents();

async function openPage(token: string): Promise<void> {
  page = await session.openPage(token);
}

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
});

describe('workbooks', () => {
  it('creates one workbook when /workbook/new is opened twice, and lists it', async () => {
    const before = await workbookCount(tokens.analyst);
    await openPage(tokens.analyst);

    await page.goto('/workbook/new');
    await page.getByRole('heading', { name: 'New workbook', exact: true }).waitFor();
    // The page alone creates nothing, also after React had every chance to run its effects.
    await page.waitForLoadState('networkidle');
    expect(await workbookCount(tokens.analyst)).toBe(before);
    await session.screenshot('workbooks-new');

    await page.getByRole('button', { name: 'Create workbook' }).dblclick();
    await page.waitForURL(/\/workbook\/[0-9a-f-]{36}$/, POLL);
    createdId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.getByTestId('workbook-name').textContent(), POLL).toBe('Untitled workbook');
    await page.reload();
    await page.getByTestId('workbook-name').waitFor();

    // The second visit: the form again, and nothing more is created.
    await page.goto('/workbook/new');
    await page.getByRole('button', { name: 'Create workbook' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await workbookCount(tokens.analyst)).toBe(before + 1);

    // From a dataset (?datasetId=): the form names the dataset, and still nothing is created until asked.
    const datasets = await session.api<{ items: Array<{ id: string; name: string }> }>(tokens.analyst, 'GET', '/v1/datasets/for-organization?limit=1');
    const dataset = datasets.items[0]!;
    await page.goto(`/workbook/new?datasetId=${dataset.id}`);
    await expect.poll(() => page.getByTestId('new-workbook-dataset').textContent(), POLL).toBe(dataset.name);
    await page.waitForLoadState('networkidle');
    expect(await workbookCount(tokens.analyst)).toBe(before + 1);

    await session.api(tokens.analyst, 'POST', '/v1/tags', { name: 'e2e-workbook', color: '#2f6fde', resourceId: createdId, resourceType: 'workbook' });
    await page.goto('/workspace/workbooks');
    await row(createdId).waitFor();
    expect(await row(createdId).locator('th a').textContent()).toBe('Untitled workbook');
    expect(await row(createdId).getByTestId('workbook-owner').textContent()).toBe('You');
    await row(createdId).locator('[data-tag="e2e-workbook"]').waitFor();
    expect(await page.getByRole('link', { name: 'New workbook' }).count()).toBe(1);
    await session.screenshot('workbooks-list');
  });

  it('searches, sorts, filters by tag and deletes after a confirmation', async () => {
    const doomed = await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/workbooks', { name: 'Aardvark counts to delete' });
    await openPage(tokens.analyst);
    await page.goto('/workspace/workbooks?sort=name');
    await row(doomed.id).waitFor();
    const names = await rowNames();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    expect(names[0]).toBe('Aardvark counts to delete');

    await page.getByLabel('Tag', { exact: true }).selectOption('e2e-workbook');
    await expect.poll(rowNames, POLL).toEqual(['Untitled workbook']);
    await page.getByLabel('Tag', { exact: true }).selectOption('');

    await page.getByLabel('Search workbooks').fill('aardvark');
    await expect.poll(rowNames, POLL).toEqual(['Aardvark counts to delete']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('aardvark');

    await row(doomed.id).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await session.screenshot('workbooks-delete');
    await dialog.getByRole('button', { name: 'Delete workbook' }).click();
    await page.getByText('No workbook matches “aardvark” here.').waitFor(POLL);
    expect((await session.request(tokens.analyst, 'GET', `/v1/workbooks/${doomed.id}`)).status).toBe(404);
  });

  it('offers a viewer seat no New workbook and no Delete, and explains /workbook/new', async () => {
    const before = await workbookCount(tokens.viewer);
    await openPage(tokens.viewer);
    await page.goto('/workspace/workbooks?scope=organization');
    await row(createdId).waitFor();
    expect(await row(createdId).getByTestId('workbook-owner').textContent()).not.toBe('You');
    expect(await row(createdId).getByRole('link', { name: 'Open' }).count()).toBe(1);
    expect(await row(createdId).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await row(createdId).getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New workbook' }).count()).toBe(0);
    await session.screenshot('workbooks-viewer-list');

    await page.goto('/workbook/new');
    await page.getByRole('heading', { name: 'Workbooks are created by makers' }).waitFor();
    expect(await page.getByText('Your seat in the organization is a viewer seat', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create workbook' }).count()).toBe(0);
    expect(await page.getByText('Could not create the workbook').count()).toBe(0);
    await session.screenshot('workbooks-viewer-new');
    expect(await workbookCount(tokens.viewer)).toBe(before);
  });

  it('shows the tags of saved dashboards in the dashboards list', async () => {
    const dashboard = await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/dashboards', { name: 'E2E tagged dashboard' });
    await session.api(tokens.analyst, 'POST', '/v1/tags', { name: 'e2e-dashboard', color: '#d9480f', resourceId: dashboard.id, resourceType: 'insight' });
    await openPage(tokens.analyst);
    await page.goto('/workspace/dashboards');
    await page.locator(`tr[data-dashboard="${dashboard.id}"] [data-tag="e2e-dashboard"]`).waitFor(POLL);
    await session.screenshot('workbooks-dashboards-tags');
  });
});
