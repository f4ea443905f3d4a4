// The dataset screens in a real browser against the real server (issue 15 "Datasets"): the analyst uploads a CSV
// generated here through the screen (upload throttled so its progress can be watched) and it reaches ready; its
// details show the columns, the row count, the first 100 rows and a map preview; tags, clone and delete (with
// confirmation) work; the list shows the demo organization's datasets; a viewer seat gets no upload, replace, share
// or delete controls; the list sorts and pages on the server. Screenshots: test-results/screens/datasets-list.png,
// datasets-list-page-2.png, dataset-upload.png, dataset-details.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accentPixels } from './support/map-preview.js';
import { useBrowserSession } from './support/session.js';

const ROWS = 3000;
/** How long a check may wait for the page (the server converts and queries meanwhile). */
const POLL = { timeout: 20_000, interval: 200 };
const DEMO_PLACES = 'Foot traffic: places';

const session = useBrowserSession();
let page: Page;
const tokens: Record<'analyst' | 'viewer', string> = { analyst: '', viewer: '' };

interface Dataset {
  id: string;
  name: string;
  status: string;
  tags: Array<{ name: string }>;
  metadata: { rowCount?: number };
}

const api = <T>(token: string, method: string, path: string) => session.request<T>(token, method, path);

async function openPage(token: string): Promise<void> {
  page = await session.openPage(token);
}

/** Stores in the world: lat/lng around New York, a numeric and a text column. */
function storesCsv(rows: number): Buffer {
  const lines = ['lat,lng,visits,name'];
  for (let index = 0; index < rows; index += 1) {
    const lat = 40.55 + ((index * 7919) % 1000) / 2500;
    const lng = -74.2 + ((index * 104729) % 1000) / 2000;
    lines.push(`${lat.toFixed(5)},${lng.toFixed(5)},${(index * 37) % 500},Store ${index + 1} on Main Street`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const uploadRow = (fileName: string) => page.locator(`[data-upload="${fileName}"]`);
const datasetRow = (name: string) => page.locator(`tr[data-dataset="${name}"]`);
/** The names of the list's rows, top to bottom. */
const names = () => page.locator('tbody tr[data-dataset]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-dataset')));

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
});

describe('datasets', () => {
  it('uploads a CSV through the screen with progress, then shows its details, tags, clone and delete', async () => {
    await openPage(tokens.analyst);
    await page.goto('/workspace/datasets');
    await page.getByRole('heading', { name: 'Datasets', exact: true }).waitFor();
    await page.getByText('You have no datasets yet.').waitFor();

    // Slow the upload down (about 400 kB/s) so the bar's progress is seen between 0 and 100 %.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400_000 });
    // Every value the bar and the row take, recorded in the page as they change.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenUpload: string[] }).seenUpload = seen;
      new MutationObserver(() => {
        const row = document.querySelector('[data-upload="stores.csv"]');
        const bar = row?.querySelector('[role="progressbar"]');
        if (row) seen.push(`${row.getAttribute('data-phase')}:${bar?.getAttribute('aria-valuenow') ?? 'busy'}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });

    const csv = storesCsv(ROWS);
    await page.getByTestId('upload-input').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: csv });
    await expect.poll(() => uploadRow('stores.csv').getAttribute('data-phase'), { timeout: 60_000 }).toBe('ready');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await uploadRow('stores.csv').getByTestId('upload-status').textContent()).toBe('Ready: 3,000 rows');

    const seen = await page.evaluate(() => (window as unknown as { seenUpload: string[] }).seenUpload);
    const sending = seen.filter((entry) => entry.startsWith('sending:')).map((entry) => Number(entry.split(':')[1]));
    expect(sending.some((percent) => percent > 0 && percent < 100), `progress seen: ${seen.join(' ')}`).toBe(true);
    // Never backwards while sending, and the phases in order.
    expect(sending).toEqual([...sending].sort((a, b) => a - b));
    const phases = seen.map((entry) => entry.split(':')[0]).filter((phase, index, list) => phase !== list[index - 1]);
    expect(phases.at(-1)).toBe('ready');
    expect(phases.indexOf('sending')).toBeLessThan(phases.indexOf('ready'));
    await datasetRow('stores').waitFor();
    await session.screenshot('dataset-upload');

    const mine = await api<{ items: Dataset[] }>(tokens.analyst, 'GET', '/v1/datasets?search=stores');
    const uploaded = mine.body.items.find((dataset) => dataset.name === 'stores')!;
    expect(uploaded).toMatchObject({ status: 'ready', metadata: { rowCount: ROWS } });

    // Details
    await uploadRow('stores.csv').getByRole('link', { name: 'stores.csv' }).click();
    await page.waitForURL((url) => url.pathname === `/workspace/datasets/${uploaded.id}`);
    await expect.poll(() => page.getByTestId('dataset-name').textContent(), POLL).toBe('stores');
    await expect.poll(() => page.getByTestId('dataset-rows').textContent(), POLL).toBe('3,000');
    const columns = await page.locator('[data-testid="dataset-columns"] tbody tr').evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector('th')?.textContent}:${row.querySelector('td')?.textContent}`),
    );
    expect(columns).toEqual(['lat:number', 'lng:number', 'visits:integer', 'name:string']);
    const preview = page.getByTestId('preview-table');
    await expect.poll(() => preview.locator('tbody tr').count(), POLL).toBe(100);
    expect(await page.getByTestId('preview-summary').textContent()).toBe('Rows 1–100 of 3,000');
    expect(await preview.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['1', '40.55', '-74.2', '0', 'Store 1 on Main Street']);
    await page.getByRole('navigation', { name: 'Preview pages' }).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('preview-summary').textContent(), POLL).toBe('Rows 101–200 of 3,000');
    expect(await preview.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('Store 101 on Main Street');

    await expect.poll(() => page.getByTestId('map-caption').textContent(), POLL).toBe('Drawing points from lat / lng: 3,000 features from the first 3,000 rows.');
    await expect.poll(() => page.getByTestId('map-preview').getAttribute('data-state'), { timeout: 30_000 }).toBe('drawn');
    expect(await page.locator('[data-testid="map-preview"] canvas').count()).toBe(1);
    // The drawn canvas is not blank: the points are there in the accent color.
    expect(await accentPixels(page)).toBeGreaterThan(200);
    expect(await page.getByRole('link', { name: 'New map' }).getAttribute('href')).toBe(`/new?datasetUuid=${uploaded.id}`);
    await page.getByText('No map you can open uses this dataset yet.').waitFor();

    // Tags
    await page.getByLabel('New tag').fill('retail, nyc');
    await page.getByRole('form', { name: 'Add tags' }).getByRole('button', { name: 'Add' }).click();
    await page.locator('[data-testid="dataset-tags"] [data-tag="nyc"]').waitFor();
    await page.locator('[data-testid="dataset-tags"] [data-tag="retail"]').waitFor();
    await page.mouse.move(0, 0);
    // The workspace scrolls inside its main area: a tall window shows the whole screen at once.
    await page.setViewportSize({ width: 1440, height: 2000 });
    await expect.poll(() => page.getByTestId('map-preview').getAttribute('data-state'), { timeout: 30_000 }).toBe('drawn');
    await session.screenshot('dataset-details');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Remove tag nyc' }).click();
    await expect.poll(() => page.locator('[data-testid="dataset-tags"] [data-tag]').count(), POLL).toBe(1);
    expect((await api<Dataset>(tokens.analyst, 'GET', `/v1/datasets/${uploaded.id}`)).body.tags.map((tag) => tag.name)).toEqual(['retail']);

    // Clone, then delete the clone after confirming
    await page.getByRole('button', { name: 'Clone' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/workspace/datasets/') && !url.pathname.endsWith(uploaded.id));
    await expect.poll(() => page.getByTestId('dataset-name').textContent(), POLL).toBe('stores (copy)');
    await expect.poll(() => page.getByTestId('dataset-rows').textContent(), POLL).toBe('3,000');
    const cloneId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “stores (copy)”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api(tokens.analyst, 'GET', `/v1/datasets/${cloneId}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete dataset' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace/datasets');
    expect((await api(tokens.analyst, 'GET', `/v1/datasets/${cloneId}`)).status).toBe(404);
    await datasetRow('stores').waitFor();
    expect(await datasetRow('stores (copy)').count()).toBe(0);
  });

  it('shows the demo organization’s datasets to the analyst, with search, sort, the address filter and a new map from a pick', async () => {
    await openPage(tokens.analyst);
    await page.goto('/workspace/datasets');
    await page.getByRole('button', { name: 'Your organization' }).click();
    await datasetRow(DEMO_PLACES).waitFor();
    expect(await names()).toEqual(expect.arrayContaining([DEMO_PLACES, 'Foot traffic: visits', 'Foot traffic: device panel', 'Foot traffic: population']));
    // The owner column names the owning user (the demo administrator owns the panel).
    expect(await datasetRow(DEMO_PLACES).getByTestId('dataset-owner').textContent()).toBe('Demo Administrator');

    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names, POLL).toEqual([...(await names())].sort((a, b) => a!.localeCompare(b!, 'en', { sensitivity: 'base', numeric: true })));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name-asc');
    await session.screenshot('datasets-list');

    await page.getByLabel('Search datasets').fill('places');
    await expect.poll(names, POLL).toEqual([DEMO_PLACES]);
    await page.getByLabel('Search datasets').fill('no such dataset anywhere');
    await page.getByText('No dataset matches “no such dataset anywhere” here.').waitFor();

    const organization = await api<{ items: Dataset[] }>(tokens.analyst, 'GET', '/v1/datasets/for-organization?search=Foot%20traffic');
    const places = organization.body.items.find((dataset) => dataset.name === DEMO_PLACES)!;
    const visits = organization.body.items.find((dataset) => dataset.name === 'Foot traffic: visits')!;
    await page.goto(`/workspace/datasets?datasetUuid=${places.id}&datasetUuid=${visits.id}`);
    await page.getByText('Showing the 2 datasets named in the address.').waitFor();
    await expect.poll(async () => (await names()).sort(), POLL).toEqual([DEMO_PLACES, 'Foot traffic: visits']);
    await page.getByLabel(`Pick ${DEMO_PLACES} for a new map`).check();
    await page.getByLabel('Pick Foot traffic: visits for a new map').check();
    const newMap = page.getByTestId('new-map-from-selection');
    await expect.poll(() => newMap.textContent(), POLL).toBe('New map from 2 datasets');
    const href = new URL((await newMap.getAttribute('href'))!, session.server.baseUrl);
    expect(href.pathname).toBe('/new');
    expect(href.searchParams.getAll('datasetUuid').sort()).toEqual([places.id, visits.id].sort());

    // The places can be mapped at once: their details draw them.
    await page.getByRole('link', { name: DEMO_PLACES }).click();
    await expect.poll(() => page.getByTestId('map-preview').getAttribute('data-state'), { timeout: 30_000 }).toBe('drawn');
  });

  it('gives a viewer seat no upload, replace, share, clone, write-to-warehouse or delete controls', async () => {
    await openPage(tokens.viewer);
    await page.goto('/workspace/datasets');
    await page.getByRole('heading', { name: 'Datasets', exact: true }).waitFor();
    await page.getByText('a viewer seat reads datasets but does not upload them').waitFor();
    expect(await page.getByTestId('dropzone').count()).toBe(0);
    expect(await page.getByTestId('upload-input').count()).toBe(0);
    expect(await page.getByTestId('new-map-from-selection').count()).toBe(0);

    await page.getByRole('button', { name: 'Your organization' }).click();
    await datasetRow(DEMO_PLACES).waitFor();
    expect(await page.locator('input[type="checkbox"]').count()).toBe(0);
    await datasetRow(DEMO_PLACES).getByRole('link', { name: DEMO_PLACES }).click();
    await page.getByTestId('dataset-name').waitFor();
    await page.getByRole('button', { name: 'Download as CSV' }).waitFor();
    for (const name of ['Replace data', 'Delete', 'Share', 'Clone', 'Write to warehouse']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByRole('link', { name: 'New map' }).count()).toBe(0);
    expect(await page.getByLabel('New tag').count()).toBe(0);
  });

  it('sorts and pages on the server: every page holds its place in the whole order', async () => {
    const created: string[] = [];
    for (let index = 1; index <= 30; index += 1) {
      created.push((await session.api<Dataset>(tokens.analyst, 'POST', '/v1/datasets', { name: `Paging ${String(index).padStart(2, '0')}` })).id);
    }
    const expected = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `Paging ${String(from + (to > from ? i : -i)).padStart(2, '0')}`);
    await openPage(tokens.analyst);
    const listCalls: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/datasets') listCalls.push(url.searchParams);
    });
    await page.goto('/workspace/datasets?q=Paging&sort=name-asc');
    await expect.poll(names, POLL).toEqual(expected(1, 25));
    expect(await page.getByTestId('list-summary').textContent()).toBe('1–25 of 30');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(names, POLL).toEqual(expected(26, 30));
    expect(await page.getByTestId('list-summary').textContent()).toBe('26–30 of 30');
    await session.screenshot('datasets-list-page-2');
    // The server sorted and cut that page: the browser asked for it, not for the whole list.
    const asked = (params: URLSearchParams) => Object.fromEntries(['search', 'sort', 'order', 'limit', 'offset'].map((key) => [key, params.get(key)]));
    expect(listCalls.map(asked)).toContainEqual({ search: 'Paging', sort: 'name', order: 'asc', limit: '25', offset: '25' });
    expect(listCalls.every((params) => params.get('limit') === '25')).toBe(true);

    // Another order starts again at page 1 of that order.
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names, POLL).toEqual(expected(30, 6));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name-desc');
    expect(listCalls.map(asked)).toContainEqual({ search: 'Paging', sort: 'name', order: 'desc', limit: '25', offset: '0' });
    for (const id of created) await session.api(tokens.analyst, 'DELETE', `/v1/datasets/${id}`);
  });
});
