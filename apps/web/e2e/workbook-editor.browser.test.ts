// The workbook editor in a real browser against the real server and the local PostgreSQL (issue 18 "Workbooks"): the
// analyst creates a workbook, adds a SQL cell on a connection to the local PostgreSQL, runs it (a table of the rows),
// shows it as a chart (an ECharts canvas with the values) and as a map (the points drawn), saves the result as a
// dataset, adds a SQL cell over that dataset by name, saves the workbook and finds the cells again after a reload; a
// viewer it is shared with reads it without editing controls; an editor opening it while the analyst holds the lock
// reads it with who holds the lock. The server allows 127.0.0.1 (ATLAS_ALLOWED_CONNECTION_HOSTS) and gets a secrets
// key (ATLAS_SECRETS_KEY) for the connection.
// A pipeline cell is checked before it runs and shows the server refusal as "message (details)".
// Screenshots: test-results/screens/workbook-editor-empty.png, -table.png, -chart.png, -map.png, -saved.png, -pipeline-error.png,
// -reloaded.png, -viewer.png, -locked.png.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onLocalPostgres } from '../../server/src/test-support/local-postgres.js';
import { accentPixels } from './support/map-preview.js';
import { useBrowserSession, type SignedIn } from './support/session.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
// The server process inherits these (startServer spreads process.env): loopback is refused unless allowed.
process.env.ATLAS_ALLOWED_CONNECTION_HOSTS = '127.0.0.1';
process.env.ATLAS_SECRETS_KEY = randomBytes(32).toString('hex');

const POLL = { timeout: 30_000, interval: 200 };
const SCHEMA = `workbook_e2e_${process.pid}`;
const PLACES = [
  { id: 1, name: 'Lisbon', lat: 38.72, lng: -9.14, visits: 40 },
  { id: 2, name: 'Porto', lat: 41.15, lng: -8.61, visits: 25 },
  { id: 3, name: 'Faro', lat: 37.02, lng: -7.93, visits: 12 },
  { id: 4, name: 'Coimbra', lat: 40.21, lng: -8.43, visits: 8 },
  { id: 5, name: 'Braga', lat: 41.55, lng: -8.42, visits: 31 },
];

const session = useBrowserSession();
let page: Page;
const users: Record<'analyst' | 'viewer' | 'admin', SignedIn> = {} as never;
let connectionId = '';
let workbookId = '';
let savedDatasetId = '';

const cells = () => page.getByTestId('workbook-cell');
const cell = (index: number) => cells().nth(index);

beforeAll(async () => {
  users.analyst = await session.signIn('analyst@example.com');
  users.viewer = await session.signIn('viewer@example.com');
  users.admin = await session.signIn('admin@example.com');
});

describe.skipIf(!DATABASE_URL)('the workbook editor (TEST_DATABASE_URL: the local PostgreSQL)', () => {
  const target = new URL(DATABASE_URL ?? 'postgres://localhost');

  beforeAll(async () => {
    await onLocalPostgres(async (client) => {
      await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await client.query(`CREATE SCHEMA ${SCHEMA}`);
      await client.query(`CREATE TABLE ${SCHEMA}.places (id integer PRIMARY KEY, name text NOT NULL, lat double precision, lng double precision, visits integer)`);
      for (const place of PLACES) await client.query(`INSERT INTO ${SCHEMA}.places VALUES ($1, $2, $3, $4, $5)`, [place.id, place.name, place.lat, place.lng, place.visits]);
    });
    const connection = await session.api<{ id: string }>(users.analyst.token, 'POST', '/v1/data-connections', {
      name: `Workbook warehouse ${process.pid}`,
      type: 'postgres',
      options: { host: target.hostname, port: Number(target.port || 5432), database: target.pathname.slice(1), user: decodeURIComponent(target.username) || 'postgres', ssl: false },
    });
    connectionId = connection.id;
  });

  afterAll(async () => {
    await onLocalPostgres((client) => client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`));
    if (savedDatasetId) await session.request(users.analyst.token, 'DELETE', `/v1/datasets/${savedDatasetId}`);
    if (workbookId) {
      // The query templates the editor kept for the cells over datasets go with the workbook.
      const { body } = await session.request<{ latestState: { data: { cells?: Array<{ templateId?: string | null }> } } | null }>(users.analyst.token, 'GET', `/v1/workbooks/${workbookId}`);
      for (const { templateId } of body.latestState?.data.cells ?? []) if (templateId) await session.request(users.analyst.token, 'DELETE', `/v1/data-queries/templates/${templateId}`);
      await session.request(users.analyst.token, 'DELETE', `/v1/workbooks/${workbookId}`);
    }
    if (connectionId) await session.request(users.analyst.token, 'DELETE', `/v1/data-connections/${connectionId}`);
  });

  it('runs a SQL cell on a connection as a table, a chart and a map, and saves the result as a dataset', async () => {
    page = await session.openPage(users.analyst.token);
    await page.goto('/workbook/new');
    await page.getByLabel('Name', { exact: true }).fill(`E2E workbook ${process.pid}`);
    await page.getByRole('button', { name: 'Create workbook' }).click();
    await page.waitForURL(/\/workbook\/[0-9a-f-]{36}$/);
    workbookId = page.url().split('/').pop()!;
    await page.getByTestId('workbook-empty').waitFor();
    // Nothing changed yet: nothing to save.
    expect(await page.getByTestId('workbook-save').textContent()).toBe('Saved');
    await session.screenshot('workbook-editor-empty');

    await page.getByRole('button', { name: 'Add SQL cell' }).click();
    await cell(0).getByLabel('Cell title').fill('Places');
    await cell(0).getByLabel('Runs on').selectOption(connectionId);
    await cell(0).getByLabel('SQL', { exact: true }).fill(`select id, name, lat, lng, visits from ${SCHEMA}.places order by id`);
    await cell(0).getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => cell(0).getByTestId('execution-state').getAttribute('data-state'), POLL).toBe('success');
    await expect.poll(() => cell(0).getByTestId('cell-table').getAttribute('data-rows'), POLL).toBe('5');
    const names = await cell(0).locator('[data-testid="cell-table"] tbody tr td:nth-child(3)').allTextContents();
    expect(names).toEqual(PLACES.map((place) => place.name));
    expect(await cell(0).getByTestId('cell-count').textContent()).toBe('5 rows');
    await session.screenshot('workbook-editor-table');

    // The chart: names against visits; ECharts describes what it draws in the container's aria-label.
    await cell(0).getByRole('radio', { name: 'Chart' }).click();
    await cell(0).getByLabel('Chart x').selectOption('name');
    await cell(0).getByLabel('Chart y').selectOption('visits');
    const chart = cell(0).getByTestId('cell-chart');
    await chart.locator('canvas').waitFor();
    await expect.poll(() => chart.getAttribute('aria-label'), POLL).toContain('Lisbon');
    const description = (await chart.getAttribute('aria-label'))!;
    // ECharts names each bar by its category and gives its index and value.
    PLACES.forEach((place, index) => expect(description).toContain(`the data for ${place.name} is ${index}, ${place.visits}`));
    await session.screenshot('workbook-editor-chart');

    // The map: the lat/lng columns are found and the five points drawn.
    await cell(0).getByRole('radio', { name: 'Map' }).click();
    expect(await cell(0).getByTestId('cell-map-caption').textContent()).toBe('Drawing points from lat / lng: 5 features from the 5 rows of this page.');
    await expect.poll(() => cell(0).getByTestId('map-preview').getAttribute('data-state'), POLL).toBe('drawn');
    expect(await accentPixels(page)).toBeGreaterThan(20);
    await session.screenshot('workbook-editor-map');

    await cell(0).getByLabel('Dataset name').fill(`E2E places ${process.pid}`);
    await cell(0).getByRole('button', { name: 'Save as dataset' }).click();
    const link = cell(0).getByTestId('cell-saved').getByRole('link');
    await link.waitFor(POLL);
    savedDatasetId = (await link.getAttribute('href'))!.split('/').pop()!;
    const dataset = await session.api<{ name: string; status: string; metadata: { rowCount?: number } }>(users.analyst.token, 'GET', `/v1/datasets/${savedDatasetId}`);
    expect(dataset.name).toBe(`E2E places ${process.pid}`);
    expect(dataset.metadata.rowCount).toBe(PLACES.length);
    // The saved dataset is one of the workbook's.
    const record = await session.api<{ datasets: Array<{ id: string }> }>(users.analyst.token, 'GET', `/v1/workbooks/${workbookId}`);
    expect(record.datasets.map((item) => item.id)).toContain(savedDatasetId);
  });

  it('runs a SQL cell over the saved dataset by name, saves the workbook and reopens it with its cells', async () => {
    await page.getByRole('button', { name: 'Add SQL cell' }).click();
    await cell(1).getByLabel('Cell title').fill('Busy places');
    expect(await cell(1).getByLabel('Runs on').inputValue()).toBe('datasets');
    await cell(1).getByLabel('Cell dataset').selectOption(savedDatasetId);
    await cell(1).getByLabel('SQL', { exact: true }).fill('select name, visits from {{dataset}} where visits > 20 order by visits desc');
    await cell(1).getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => cell(1).getByTestId('cell-table').getAttribute('data-rows'), POLL).toBe('3');
    expect(await cell(1).locator('[data-testid="cell-table"] tbody tr td:nth-child(2)').allTextContents()).toEqual(['Lisbon', 'Braga', 'Porto']);

    expect(await page.getByTestId('workbook-save').textContent()).toBe('Save workbook');
    await page.getByTestId('workbook-save').click();
    await expect.poll(() => page.getByTestId('workbook-save').textContent(), POLL).toBe('Saved');
    await session.screenshot('workbook-editor-saved');

    await page.reload();
    await expect.poll(() => cells().count(), POLL).toBe(2);
    expect(await cell(0).getByLabel('Cell title').inputValue()).toBe('Places');
    expect(await cell(0).getByLabel('Runs on').inputValue()).toBe(connectionId);
    expect(await cell(0).getByLabel('SQL', { exact: true }).inputValue()).toBe(`select id, name, lat, lng, visits from ${SCHEMA}.places order by id`);
    expect(await cell(0).getByRole('radio', { name: 'Map' }).getAttribute('aria-checked')).toBe('true');
    expect(await cell(0).getByTestId('cell-saved').getByRole('link').getAttribute('href')).toBe(`/workspace/datasets/${savedDatasetId}`);
    expect(await cell(1).getByLabel('Cell dataset').inputValue()).toBe(savedDatasetId);
    await session.screenshot('workbook-editor-reloaded');
  });

  it('checks a pipeline cell before it runs, shows the server refusal as "message (details)", runs it, and removes it', async () => {
    await page.getByRole('button', { name: 'Add pipeline cell' }).click();
    const pipeline = cell(2);
    const text = pipeline.getByLabel('Pipeline JSON');
    await text.fill('{"type": "dataset"');
    await pipeline.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => pipeline.getByRole('alert').textContent(), POLL).toMatch(/^The pipeline is not JSON \(/);
    await text.fill(JSON.stringify({ type: 'limit', props: { length: 0 }, inputs: [{ type: 'dataset', props: { uuid: savedDatasetId } }] }));
    await pipeline.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => pipeline.getByTestId('cell-error').textContent(), POLL).toBe('Invalid props for limit node (length must be an integer greater than 0)');
    await session.screenshot('workbook-editor-pipeline-error');
    await text.fill(JSON.stringify({ type: 'limit', props: { length: 3 }, inputs: [{ type: 'dataset', props: { uuid: savedDatasetId } }] }));
    await pipeline.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => pipeline.getByTestId('cell-table').getAttribute('data-rows'), POLL).toBe('3');
    // Removing the new cell leaves the workbook as saved.
    expect(await page.getByTestId('workbook-save').textContent()).toBe('Save workbook');
    await pipeline.getByRole('button', { name: 'Remove cell' }).click();
    expect(await page.getByTestId('workbook-save').textContent()).toBe('Saved');
  });

  it('shows a viewer the cells without editing controls', async () => {
    await session.api(users.analyst.token, 'POST', `/v1/workbooks/${workbookId}/share`, {
      grants: [
        { granteeType: 'user', granteeId: users.viewer.user.id, role: 'viewer' },
        { granteeType: 'user', granteeId: users.admin.user.id, role: 'editor' },
      ],
    });
    page = await session.openPage(users.viewer.token);
    await page.goto(`/workbook/${workbookId}`);
    await page.getByTestId('view-notice').waitFor();
    await expect.poll(() => cells().count(), POLL).toBe(2);
    expect(await cell(0).getByTestId('cell-text').textContent()).toBe(`select id, name, lat, lng, visits from ${SCHEMA}.places order by id`);
    expect(await cell(0).getByTestId('cell-saved').getByRole('link').count()).toBe(1);
    for (const name of ['Run', 'Remove cell', 'Add SQL cell', 'Add pipeline cell', 'Save as dataset', 'Share']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await page.getByTestId('workbook-save').count()).toBe(0);
    expect(await page.locator('textarea').count()).toBe(0);
    await session.screenshot('workbook-editor-viewer');
  });

  it('shows another editor the workbook read-only, with who holds the lock, while the analyst edits it', async () => {
    // The analyst (re)opens it for editing: the lock is theirs.
    const held = await session.api<{ lock: { ownerId: string } | null }>(users.analyst.token, 'GET', `/v1/workbooks/${workbookId}?acquireLock=true`);
    expect(held.lock?.ownerId).toBe(users.analyst.user.id);
    page = await session.openPage(users.admin.token);
    await page.goto(`/workbook/${workbookId}`);
    const notice = page.getByTestId('lock-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Locked for editing by Demo Analyst since /);
    await expect.poll(() => cells().count(), POLL).toBe(2);
    for (const name of ['Run', 'Remove cell', 'Add SQL cell']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await page.getByTestId('workbook-save').count()).toBe(0);
    await session.screenshot('workbook-editor-locked');
    // The lock stays the analyst's: opening it read-only took nothing.
    const after = await session.api<{ lock: { ownerId: string } | null }>(users.analyst.token, 'GET', `/v1/workbooks/${workbookId}`);
    expect(after.lock?.ownerId).toBe(users.analyst.user.id);
  });
});
