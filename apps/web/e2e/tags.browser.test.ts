// Tags in every list in a real browser against the real server (issue 17 "Tags in every list"): the analyst makes a
// tag with a color of the palette while tagging three of their maps at once; one of them is deleted by another
// session between listing and tagging, and the result names exactly that map with the server's reason while the
// two others are tagged; the maps and datasets lists filter by the tag (kept in the address); only maps the analyst
// may change can be picked; a viewer seat sees the tags and the filter but no tagging controls; the tag is then
// taken off many maps at once; workbooks (a table) are ticked in their rows, a pick column only for the workbooks
// the analyst may change; projects show their tags and pick box on their cards.
// Screenshots: test-results/screens/tags-bulk-dialog.png, tags-bulk-result.png, tags-filter-maps.png,
// tags-filter-datasets.png, tags-viewer.png, tags-removed.png, tags-workbooks-picked.png, tags-workbooks.png,
// tags-projects.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

/** How long a check may wait for the page. */
const POLL = { timeout: 20_000, interval: 200 };

const session = useBrowserSession();
let page: Page;
const tokens: Record<'analyst' | 'viewer' | 'admin', string> = { analyst: '', viewer: '', admin: '' };

const prefix = `E2E tagged ${Math.random().toString(36).slice(2, 8)}`;
const tagName = `e2e-bulk-${Math.random().toString(36).slice(2, 8)}`;
const VIOLET = '#7c3aed';
const maps: Array<{ id: string; name: string }> = [];
let adminMap = '';
let tagId = '';
let datasetId = '';

interface TaggedRecord {
  id: string;
  name: string;
  tags: Array<{ id: string; name: string; color: string }>;
}

const card = (id: string) => page.locator(`li[data-map="${id}"]`);
const pickBox = (name: string) => page.getByLabel(`Select ${name} for tagging`, { exact: true });
/** The names of the maps the list shows. */
const cardNames = () => page.locator('li[data-map] .catalogue-card__name').allTextContents();

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
  tokens.admin = (await session.signIn('admin@example.com')).token;
  for (const name of [`${prefix} stores`, `${prefix} visits`, `${prefix} zones`]) {
    maps.push({ id: (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/maps', { name })).id, name });
  }
  // A map of the organization the analyst reads but may not change.
  adminMap = (await session.api<{ id: string }>(tokens.admin, 'POST', '/v1/maps', { name: `${prefix} admin plan` })).id;
  datasetId = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/datasets', { name: `${prefix} places`, type: 'managed' })).id;
});

describe('tags in the lists', () => {
  it('makes a tag with a color while tagging three maps at once, naming the one the server refused', async () => {
    page = await session.openPage(tokens.analyst);
    await page.goto(`/workspace/maps?scope=organization&q=${encodeURIComponent(prefix)}`);
    await expect.poll(async () => (await cardNames()).length, POLL).toBe(4);

    // Only the maps the analyst may change can be picked, by a box over the card's picture: not the administrator's.
    expect(await card(adminMap).count()).toBe(1);
    expect(await page.locator(`[data-tag-select="${adminMap}"]`).count()).toBe(0);
    for (const map of maps) await card(map.id).locator('.catalogue-card__select').getByLabel(`Select ${map.name} for tagging`).check();
    await expect.poll(() => page.getByTestId('tag-selection-count').textContent(), POLL).toBe('3 selected');

    await page.getByRole('button', { name: 'Tag 3 selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New tag name').fill(tagName);
    await dialog.getByRole('radio', { name: 'Violet' }).check();
    await dialog.getByRole('button', { name: 'Add new tag' }).click();
    const chosen = dialog.getByRole('list', { name: 'New tags' }).locator(`[data-tag="${tagName}"]`);
    await chosen.waitFor();
    expect(await chosen.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(124, 58, 237)');
    await session.screenshot('tags-bulk-dialog');

    // Another session deletes the second map between listing and tagging.
    const [kept1, doomed, kept2] = maps as [(typeof maps)[0], (typeof maps)[0], (typeof maps)[0]];
    expect((await session.request(tokens.analyst, 'DELETE', `/v1/maps/${doomed.id}`)).status).toBe(204);

    await dialog.getByRole('button', { name: 'Tag 3 records' }).click();
    const outcome = dialog.getByTestId('bulk-tag-outcome');
    await outcome.getByText('Tagged 2 of 3 records.').waitFor(POLL);
    const failures = outcome.getByRole('list', { name: 'Records not tagged' }).locator('li');
    expect(await failures.count()).toBe(1);
    expect(await failures.getAttribute('data-failed')).toBe(doomed.id);
    expect(await failures.textContent()).toBe(`${doomed.name}: Map not found (No map with id ${doomed.id})`);
    await session.screenshot('tags-bulk-result');

    // The two others carry the new tag in the color picked; the list shows it on their cards.
    for (const map of [kept1, kept2]) {
      const record = await session.api<TaggedRecord>(tokens.analyst, 'GET', `/v1/maps/${map.id}`);
      expect(record.tags.map(({ name, color }) => ({ name, color }))).toEqual([{ name: tagName, color: VIOLET }]);
      tagId = record.tags[0]!.id;
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    for (const map of [kept1, kept2]) await card(map.id).locator(`[data-tag="${tagName}"]`).waitFor(POLL);
    expect(await card(adminMap).locator('[data-tag]').count()).toBe(0);
  });

  it('filters the maps and the datasets by the tag, and the address keeps it', async () => {
    await page.goto(`/workspace/maps?scope=organization&q=${encodeURIComponent(prefix)}`);
    await expect.poll(async () => (await cardNames()).length, POLL).toBe(3);
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: tagName });
    await expect.poll(async () => (await cardNames()).sort(), POLL).toEqual([`${prefix} stores`, `${prefix} zones`]);
    expect(new URL(page.url()).searchParams.get('tags')).toBe(tagId);
    await page.reload();
    await expect.poll(async () => (await cardNames()).sort(), POLL).toEqual([`${prefix} stores`, `${prefix} zones`]);
    await page.getByRole('list', { name: 'Filtered by tags' }).locator(`[data-filter-tag="${tagName}"]`).waitFor();
    await session.screenshot('tags-filter-maps');

    // "All tags" drops the filter.
    await page.getByLabel('Tag', { exact: true }).selectOption('');
    await expect.poll(async () => (await cardNames()).length, POLL).toBe(3);
    expect(new URL(page.url()).searchParams.get('tags')).toBeNull();

    // The datasets list asks the server for the tag: only the tagged dataset is listed.
    await session.api(tokens.analyst, 'POST', '/v1/tags', { name: tagName, color: VIOLET, resourceId: datasetId, resourceType: 'dataset' });
    await page.goto('/workspace/datasets');
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: tagName });
    await expect.poll(() => page.locator('tr[data-dataset] th a').allTextContents(), POLL).toEqual([`${prefix} places`]);
    await page.locator(`tr[data-dataset="${prefix} places"] [data-tag="${tagName}"]`).waitFor();
    // The analyst's dataset is ticked for tagging in its row's first cell (the new-map pick box comes next).
    await page.locator(`tr[data-dataset="${prefix} places"] td.tag-table-select [data-tag-select="${datasetId}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('tags')).toBe(tagId);
    await session.screenshot('tags-filter-datasets');
  });

  it('shows a viewer seat the tags and the filter but no tagging controls', async () => {
    page = await session.openPage(tokens.viewer);
    await page.goto(`/workspace/maps?scope=organization&tags=${tagId}`);
    await expect.poll(async () => (await cardNames()).sort(), POLL).toEqual([`${prefix} stores`, `${prefix} zones`]);
    await card(maps[0]!.id).locator(`[data-tag="${tagName}"]`).waitFor();
    expect(await page.getByLabel('Tag', { exact: true }).count()).toBe(1);
    expect(await page.locator('[data-tag-select]').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Bulk tagging' }).count()).toBe(0);
    await session.screenshot('tags-viewer');

    await page.goto(`/workspace/datasets?scope=organization&tags=${tagId}`);
    await expect.poll(() => page.locator('tr[data-dataset] th a').allTextContents(), POLL).toEqual([`${prefix} places`]);
    expect(await page.locator('[data-tag-select]').count()).toBe(0);
    expect(await page.locator('.tag-table-select').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Bulk tagging' }).count()).toBe(0);
  });

  it('takes the tag off many maps at once', async () => {
    page = await session.openPage(tokens.analyst);
    await page.goto(`/workspace/maps?scope=organization&tags=${tagId}`);
    await expect.poll(async () => (await cardNames()).length, POLL).toBe(2);
    await pickBox(maps[0]!.name).check();
    await pickBox(maps[2]!.name).check();
    await page.getByRole('button', { name: 'Remove tags' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'Tags to remove' }).locator(`[data-tag="${tagName}"]`).click();
    await dialog.getByRole('button', { name: 'Remove from 2 records' }).click();
    await dialog.getByText('Removed the tags from 2 records.').waitFor(POLL);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(`No map matches the tag “${tagName}” here.`).waitFor(POLL);
    await session.screenshot('tags-removed');
    for (const map of [maps[0]!, maps[2]!]) expect((await session.api<TaggedRecord>(tokens.analyst, 'GET', `/v1/maps/${map.id}`)).tags).toEqual([]);
  });

  it('tags workbooks ticked in their rows, and shows the tags and pick boxes of projects on their cards', async () => {
    const workbooks: Array<{ id: string; name: string }> = [];
    for (const name of [`${prefix} workbook one`, `${prefix} workbook two`]) {
      workbooks.push({ id: (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/workbooks', { name })).id, name });
    }
    // A workbook of the organization the analyst reads but may not change: its row has an empty pick cell.
    const adminWorkbook = (await session.api<{ id: string }>(tokens.admin, 'POST', '/v1/workbooks', { name: `${prefix} workbook admin` })).id;
    page = await session.openPage(tokens.analyst);
    await page.goto(`/workspace/workbooks?scope=organization&q=${encodeURIComponent(prefix)}`);
    await expect.poll(() => page.locator('tr[data-workbook]').count(), POLL).toBe(3);
    // The pick column is the table's first, headed for screen readers; each row the analyst may change has its box.
    expect(await page.locator('table.workbooks-table thead th').first().textContent()).toBe('Select for tagging');
    expect(await page.locator(`tr[data-workbook="${adminWorkbook}"] td.tag-table-select`).count()).toBe(1);
    expect(await page.locator(`tr[data-workbook="${adminWorkbook}"] [data-tag-select]`).count()).toBe(0);
    expect(await page.getByText('Tick workbooks to tag several at once').count()).toBe(1);
    for (const workbook of workbooks) await page.locator(`tr[data-workbook="${workbook.id}"] td.tag-table-select`).getByLabel(`Select ${workbook.name} for tagging`).check();
    await expect.poll(() => page.getByTestId('tag-selection-count').textContent(), POLL).toBe('2 selected');
    await session.screenshot('tags-workbooks-picked');
    await page.getByRole('button', { name: 'Tag 2 selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'Tags to add' }).locator(`[data-tag="${tagName}"]`).click();
    await dialog.getByRole('button', { name: 'Tag 2 records' }).click();
    await dialog.getByText('Tagged 2 records.').waitFor(POLL);
    await dialog.getByRole('button', { name: 'Done' }).click();
    for (const workbook of workbooks) await page.locator(`tr[data-workbook="${workbook.id}"] [data-tag="${tagName}"]`).waitFor(POLL);
    await session.screenshot('tags-workbooks');

    const project = await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/projects', { name: `${prefix} project` });
    await session.api(tokens.analyst, 'POST', '/v1/tags', { name: tagName, color: VIOLET, resourceId: project.id, resourceType: 'project' });
    await page.goto(`/workspace/projects?tags=${tagId}`);
    await expect.poll(() => page.locator('li[data-project] .catalogue-card__name').allTextContents(), POLL).toEqual([`${prefix} project`]);
    await page.locator(`li[data-project="${project.id}"] [data-tag="${tagName}"]`).waitFor();
    await page.locator(`li[data-project="${project.id}"] .catalogue-card__select [data-tag-select="${project.id}"]`).waitFor();
    await session.screenshot('tags-projects');
  });
});

