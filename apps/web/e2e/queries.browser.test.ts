// The queries screen in a real browser against the real server (issue 18 "Queries"): the analyst gets the server's
// "Could not parse query template (details)" and the form's own checks, creates a template over the demo places
// dataset with a list parameter, runs it with values picked from the column's distinct values and sees the rows,
// bookmarks the run and renames the bookmark, finds the new version in the history after an edit, shares the
// template with the viewer through the share dialog, and cancels a long query (the state goes running → cancelled); the viewer gets no create or save
// controls and no edit, share or delete, but runs the template shared with it. The analyst tags the template through
// the bulk bar and the tag filter (applied by the server) lists only it (issue 17).
// Screenshots: test-results/screens/queries-empty.png, queries-form.png, queries-run.png, queries-rollup.png, queries-bookmarks.png,
// queries-history.png, queries-templates.png, queries-tags.png, queries-cancelled.png, queries-executions.png, queries-viewer.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

interface Listed<T> {
  items: T[];
  total: number;
}
interface Template {
  id: string;
  name: string;
  version: number;
}
interface Execution {
  id: string;
  status: string;
  queryTemplateId: string | null;
}

const POLL = { timeout: 30_000, interval: 200 };
const PLACES = 'Foot traffic: places';
const SQL = 'SELECT name, category_name, dma_name -- the place and where it is\nFROM {{dataset}} WHERE category_name IN ({{category_name}}) ORDER BY name';
const SLOW_SQL = 'SELECT count(*) AS n FROM range({{n}}) a, range({{n}}) b WHERE (a.range * 7 + b.range) % 13 = 5';

const session = useBrowserSession();
let page: Page;
const tokens = { analyst: '', viewer: '' };
let placesId = '';
let templateId = '';

const dialog = () => page.locator('dialog[open]');
const templateRow = (id: string) => page.locator(`tr[data-template="${id}"]`);
const state = () => page.getByTestId('execution-state');
const runButton = () => page.getByRole('form', { name: 'Run form' }).getByRole('button', { name: 'Run', exact: true });

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
  const datasets = await session.api<Listed<{ id: string; name: string }>>(tokens.analyst, 'GET', `/v1/datasets/for-organization?search=${encodeURIComponent('places')}`);
  placesId = datasets.items.find((dataset) => dataset.name === PLACES)?.id ?? '';
  expect(placesId, 'the demo places dataset').not.toBe('');
});

describe('queries', () => {
  it('creates a template over a dataset, runs it with picked values, bookmarks the run and shares the template', async () => {
    page = await session.openPage(tokens.analyst);
    await page.goto('/workspace/queries');
    await page.getByRole('heading', { name: 'Queries' }).waitFor();
    await page.getByText('No query templates yet.').waitFor();
    await session.screenshot('queries-empty');

    await page.getByRole('button', { name: 'New template' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Places by category');
    await dialog().getByLabel('Description', { exact: true }).fill('The places of some categories');
    await dialog().getByLabel('Dataset', { exact: true }).selectOption({ label: PLACES });
    // The server parses the SQL: its refusal shows as "message (details)".
    await dialog().getByLabel('SQL template').fill('SELECT 1 /* never closed');
    await dialog().getByRole('button', { name: 'Create template' }).click();
    await expect.poll(() => dialog().getByTestId('template-error').textContent(), POLL).toBe('Could not parse query template (Unclosed comment "/*" at line 1)');
    // The form's own check: a placeholder that is not declared.
    await dialog().getByLabel('SQL template').fill(SQL);
    await dialog().getByRole('button', { name: 'Create template' }).click();
    await dialog().getByText('{{category_name}} is used in the SQL but not declared as a parameter').waitFor();
    await dialog().getByRole('button', { name: 'Declare {{category_name}}' }).click();
    await dialog().getByLabel('Parameter 1 description').fill('Categories to list');
    await session.screenshot('queries-form');
    await dialog().getByRole('button', { name: 'Create template' }).click();

    // Created: the run form opens with it.
    await page.waitForURL((url) => url.searchParams.get('tab') === 'run' && url.searchParams.get('template') !== null);
    templateId = new URL(page.url()).searchParams.get('template')!;
    const stored = await session.api<Template & { parameters: unknown[]; datasetId: string }>(tokens.analyst, 'GET', `/v1/data-queries/templates/${templateId}`);
    expect(stored).toMatchObject({ name: 'Places by category', version: 1, datasetId: placesId, parameters: [{ name: 'category_name', type: 'string', description: 'Categories to list' }] });

    // Running without a value: the form asks for one.
    await runButton().click();
    await page.getByText('category_name: enter a value (it has no default)').waitFor();

    // The parameter is named like a column of the dataset: its distinct values are offered.
    await page.getByLabel('List', { exact: true }).check();
    const picker = page.getByLabel('Pick a value of category_name');
    await expect.poll(async () => (await picker.locator('option').count()) > 2, POLL).toBe(true);
    const [first, second] = (await picker.locator('option').allTextContents()).slice(1, 3);
    await picker.selectOption({ label: first! });
    await picker.selectOption({ label: second! });
    expect(await page.getByLabel('Value of category_name', { exact: true }).inputValue()).toBe(`${first}\n${second}`);

    await runButton().click();
    await expect.poll(() => state().getAttribute('data-state'), POLL).toBe('success');
    const table = page.getByTestId('result-table');
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['name', 'category_name', 'dma_name']);
    const categories = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories)).toEqual(new Set([first, second].filter((category) => categories.includes(category!))));
    for (const category of categories) expect([first, second]).toContain(category);
    await table.scrollIntoViewIfNeeded();
    await session.screenshot('queries-run');

    const total = (await page.getByTestId('list-summary').textContent())?.split(' of ')[1];
    // A rollup needs rows or columns; with them, a subtotal a category and the grand total.
    await page.getByLabel('Roll up the result').check();
    await runButton().click();
    await page.getByText('Rollup needs rows or columns').waitFor();
    await page.getByLabel('Rollup rows').fill('category_name');
    await page.getByLabel('Rollup value 1 column').fill('name');
    await runButton().click();
    await expect.poll(async () => (await table.locator('thead th').allTextContents()).join(','), POLL).toBe('category_name,name');
    await expect.poll(() => state().getAttribute('data-state'), POLL).toBe('success');
    const totals = await table.locator('tbody tr').allInnerTexts();
    expect(totals).toHaveLength(3);
    expect(totals[2]).toBe(`\t${total}`);
    await table.scrollIntoViewIfNeeded();
    await session.screenshot('queries-rollup');
    await page.getByLabel('Roll up the result').uncheck();

    const executions = await session.api<Listed<Execution & { parameters: unknown }>>(tokens.analyst, 'GET', '/v1/data-queries?limit=5');
    expect(executions.items.find((item) => item.queryTemplateId === templateId)).toMatchObject({ status: 'success', parameters: { category_name: [first, second] } });

    // Bookmark the run, then open it again from the bookmarks.
    await page.getByRole('button', { name: 'Save as bookmark' }).click();
    await dialog().getByLabel('Bookmark name').fill('Two categories');
    await dialog().getByRole('button', { name: 'Save bookmark' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Queries sections' }).getByRole('button', { name: 'Bookmarks' }).click();
    const bookmark = page.locator('tr[data-bookmark]', { hasText: 'Two categories' });
    await bookmark.waitFor();
    expect(await bookmark.innerText()).toContain(`category_name = ${first}, ${second}`);
    await session.screenshot('queries-bookmarks');
    // Renamed in place: the name changes, the values stay.
    await bookmark.getByRole('button', { name: 'Rename' }).click();
    await dialog().getByLabel('Bookmark name').fill('Two picked categories');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    const renamed = page.locator('tr[data-bookmark]', { hasText: 'Two picked categories' });
    await renamed.waitFor();
    expect(await renamed.innerText()).toContain(`category_name = ${first}, ${second}`);
    await renamed.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'run');
    await expect.poll(() => page.getByLabel('Value of category_name', { exact: true }).inputValue(), POLL).toBe(`${first}\n${second}`);

    // An edit stores version 2; the history lists both.
    await page.getByRole('group', { name: 'Queries sections' }).getByRole('button', { name: 'Templates' }).click();
    await templateRow(templateId).getByRole('button', { name: 'Edit' }).click();
    await dialog().getByLabel('Description', { exact: true }).fill('The places of the categories you pick');
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => templateRow(templateId).locator('td.num').textContent(), POLL).toBe('2');
    await templateRow(templateId).getByRole('button', { name: 'History' }).click();
    await dialog().locator('[data-version="2"]').waitFor();
    await dialog().locator('[data-version="1"]').waitFor();
    await session.screenshot('queries-history');
    await dialog().getByRole('button', { name: 'Close' }).click();

    // Share with the viewer through the share dialog.
    await templateRow(templateId).getByRole('button', { name: 'Share' }).click();
    await dialog().getByLabel('E-mail').fill('viewer@example.com');
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await dialog().getByText('viewer@example.com').first().waitFor();
    await dialog().getByRole('button', { name: 'Done' }).click();
    await session.screenshot('queries-templates');
  });

  it('tags the template through the bulk bar, and the tag filter lists only it', async () => {
    const other = await session.api<Template>(tokens.analyst, 'POST', '/v1/data-queries/templates', { name: 'An untagged template', template: 'SELECT 1' });
    const tagName = `e2e-queries-${Math.random().toString(36).slice(2, 8)}`;
    page = await session.openPage(tokens.analyst);
    await page.goto('/workspace/queries');
    await templateRow(other.id).waitFor();
    await templateRow(templateId).locator('td.tag-table-select').getByLabel('Select Places by category for tagging').check();
    await expect.poll(() => page.getByTestId('tag-selection-count').textContent(), POLL).toBe('1 selected');
    await page.getByRole('button', { name: 'Tag 1 selected' }).click();
    await dialog().getByLabel('New tag name').fill(tagName);
    await dialog().getByRole('button', { name: 'Add new tag' }).click();
    await dialog().getByRole('button', { name: 'Tag 1 record' }).click();
    await dialog().getByText('Tagged 1 record.').waitFor(POLL);
    await dialog().getByRole('button', { name: 'Done' }).click();
    // The answers carry no tags: the chips come from the organization's tags on query templates.
    await templateRow(templateId).locator(`[data-tag="${tagName}"]`).waitFor(POLL);
    expect(await templateRow(other.id).locator('[data-tag]').count()).toBe(0);

    // The filter goes to the server (tagId) and lives in the address.
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: tagName });
    const listed = () => page.locator('tr[data-template]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-template')));
    await expect.poll(listed, POLL).toEqual([templateId]);
    expect(await page.getByTestId('list-summary').textContent()).toBe('1–1 of 1');
    const tagId = new URL(page.url()).searchParams.get('tags')!;
    expect((await session.api<Listed<Template>>(tokens.analyst, 'GET', `/v1/data-queries/templates?tagId=${tagId}`)).items.map((item) => item.id)).toEqual([templateId]);
    await page.reload();
    await expect.poll(listed, POLL).toEqual([templateId]);
    await session.screenshot('queries-tags');

    // No bookmark carries it: the bookmarks say so; another tab starts without the filter.
    await page.goto(`/workspace/queries?tab=bookmarks&tags=${tagId}`);
    await page.getByText(`No bookmark matches the tag “${tagName}” here.`).waitFor(POLL);
    await page.getByRole('group', { name: 'Queries sections' }).getByRole('button', { name: 'Templates' }).click();
    await templateRow(other.id).waitFor(POLL);
    expect(new URL(page.url()).searchParams.get('tags')).toBeNull();
  });

  it('follows a long query to running and cancels it', async () => {
    const slow = await session.api<Template>(tokens.analyst, 'POST', '/v1/data-queries/templates', {
      name: 'A very large cross join',
      template: SLOW_SQL,
      parameters: [{ name: 'n', type: 'integer', default: 400_000 }],
    });
    page = await session.openPage(tokens.analyst);
    await page.goto(`/workspace/queries?tab=run&template=${slow.id}`);
    await runButton().click();
    await expect.poll(() => state().getAttribute('data-state'), POLL).toBe('running');
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await expect.poll(() => cancel.isEnabled(), POLL).toBe(true);
    await cancel.click();
    await expect.poll(() => state().getAttribute('data-state'), POLL).toBe('cancelled');
    expect(await state().innerText()).toContain('Cancelled by the user');
    await runButton().waitFor();
    await session.screenshot('queries-cancelled');
    const executions = await session.api<Listed<Execution>>(tokens.analyst, 'GET', '/v1/data-queries?limit=5');
    expect(executions.items.find((item) => item.queryTemplateId === slow.id)?.status).toBe('cancelled');

    await page.getByRole('group', { name: 'Queries sections' }).getByRole('button', { name: 'Executions' }).click();
    await page.locator('tr[data-execution] [data-state="cancelled"]').first().waitFor();
    await page.locator('tr[data-execution] [data-state="success"]').first().waitFor();
    await session.screenshot('queries-executions');
  });

  it('gives a viewer seat no create, save, edit, share or delete, but runs a template shared with it', async () => {
    page = await session.openPage(tokens.viewer);
    await page.goto('/workspace/queries');
    await templateRow(templateId).waitFor();
    expect(await page.getByRole('button', { name: 'New template' }).count()).toBe(0);
    for (const name of ['Edit', 'Share', 'Delete']) expect(await templateRow(templateId).getByRole('button', { name }).count()).toBe(0);
    await templateRow(templateId).getByRole('button', { name: 'Run' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'run');
    expect(await page.getByRole('button', { name: 'Save as bookmark' }).count()).toBe(0);
    const picker = page.getByLabel('Pick a value of category_name');
    await expect.poll(async () => (await picker.locator('option').count()) > 1, POLL).toBe(true);
    await picker.selectOption({ index: 1 });
    await runButton().click();
    await expect.poll(() => state().getAttribute('data-state'), POLL).toBe('success');
    expect(await page.getByTestId('result-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await session.screenshot('queries-viewer');
  });
});
