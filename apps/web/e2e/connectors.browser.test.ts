// The connectors screen in a real browser against the real server and the local PostgreSQL (issue 18 "Connectors"):
// the analyst sees why the list is empty, finds every type of the spec in the form, sees a connection test that does not
// get through (Kinetica at a closed local port), adds the local PostgreSQL, tests it, browses
// a schema to a table's columns and first rows, stores a secret that is never shown again, shares the connection
// through the share dialog and deletes another after a confirmation; a viewer seat gets no "New connection" and no
// edit, share or delete on a connection shared with it, yet may browse it.
// The server allows 127.0.0.1 (ATLAS_ALLOWED_CONNECTION_HOSTS) and gets a secrets key (ATLAS_SECRETS_KEY) for this.
// Screenshots: test-results/screens/connectors-empty.png, connectors-unreachable.png, connectors-form.png,
// connectors-list.png, connectors-browse.png, connectors-new-map.png, connectors-new-map-drawn.png, connectors-written.png,
// connectors-edit.png, connectors-viewer.png. /new?connectorUuid={id} turns a query on the connection into a dataset the
// map builder opens; the dataset's page writes it back into a new table (POST /v1/datasets/{id}/workbench).
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onLocalPostgres } from '../../server/src/test-support/local-postgres.js';
import { useBrowserSession } from './support/session.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
// The server process inherits these (startServer spreads process.env): loopback is refused unless allowed.
process.env.ATLAS_ALLOWED_CONNECTION_HOSTS = '127.0.0.1';
process.env.ATLAS_SECRETS_KEY = randomBytes(32).toString('hex');

const POLL = { timeout: 20_000, interval: 200 };
const SCHEMA = `connectors_e2e_${process.pid}`;

interface Connection {
  id: string;
  name: string;
  options: Record<string, unknown>;
  hasPassword: boolean;
}

const session = useBrowserSession();
let page: Page;
const tokens = { analyst: '', viewer: '' };
let connectionId = '';

const row = (id: string) => page.locator(`tr[data-connection="${id}"]`);
const dialog = () => page.locator('dialog[open]');
const field = (label: string) => dialog().getByLabel(label, { exact: true });

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
});

describe.skipIf(!DATABASE_URL)('connectors (TEST_DATABASE_URL: the local PostgreSQL)', () => {
  const target = new URL(DATABASE_URL ?? 'postgres://localhost');

  beforeAll(async () => {
    await onLocalPostgres(async (client) => {
      await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await client.query(`CREATE SCHEMA ${SCHEMA}`);
      await client.query(`CREATE TABLE ${SCHEMA}.visits (id integer PRIMARY KEY, city text NOT NULL, seen_at timestamptz, note text)`);
      await client.query(
        `INSERT INTO ${SCHEMA}.visits SELECT n, (ARRAY['Lisbon','Porto','Faro'])[1 + n % 3], timestamptz '2026-01-01' + n * interval '1 hour', CASE WHEN n % 2 = 0 THEN 'even' END FROM generate_series(1, 25) AS n`,
      );
    });
  });

  afterAll(async () => {
    await onLocalPostgres((client) => client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`));
  });

  it('shows a connection test that does not get through, then adds and tests the local PostgreSQL', async () => {
    page = await session.openPage(tokens.analyst);
    await page.goto('/workspace/connectors');
    await page.getByText('You have no connections yet.').waitFor();
    await session.screenshot('connectors-empty');

    await page.getByRole('button', { name: 'New connection' }).click();
    const type = field('Type');
    await type.waitFor();
    const types = await type.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(types.sort()).toEqual(['athena', 'big-query', 'databricks', 'google-cloud-storage', 'kinetica', 'motherduck', 'planet', 'postgres', 'presto', 'redshift', 's3', 'snowflake']);

    // Kinetica: its fields come from its options schema; its connector dials the URL, which answers nothing here.
    await type.selectOption('kinetica');
    await field('Name').fill('Fleet database');
    await field('URL').fill('https://127.0.0.1:1');
    await field('User').fill('analyst');
    await dialog().getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => dialog().getByTestId('connection-test').textContent(), POLL)
      .toBe('Could not connect to the database (The server did not answer or refused the connection, or its address is not allowed (ATLAS_ALLOWED_CONNECTION_HOSTS))');
    expect(await type.locator('option[value="kinetica"]').textContent()).toBe('Kinetica');
    await session.screenshot('connectors-unreachable');

    // A missing required field is named before anything is sent.
    await type.selectOption('postgres');
    await dialog().getByRole('button', { name: 'Create connection' }).click();
    await dialog().getByText('Host is required').waitFor();

    await field('Name').fill('Local warehouse');
    await field('Host').fill(target.hostname);
    await field('Port').fill(target.port || '5432');
    await field('Database').fill(target.pathname.slice(1));
    await field('User').fill(decodeURIComponent(target.username) || 'postgres');
    await dialog().getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => dialog().getByTestId('connection-test').textContent(), POLL).toMatch(/^Connected — server version \d+\.\d+/);
    await session.screenshot('connectors-form');
    await dialog().getByRole('button', { name: 'Create connection' }).click();
    await dialog().waitFor({ state: 'detached' });

    const mine = await session.api<{ items: Connection[] }>(tokens.analyst, 'GET', '/v1/data-connections');
    expect(mine.items.map((item) => item.name)).toEqual(['Local warehouse']);
    connectionId = mine.items[0]!.id;
    expect(mine.items[0]!.options).toEqual({ host: target.hostname, port: Number(target.port || 5432), database: target.pathname.slice(1), user: target.username || 'postgres', ssl: false });
    expect(mine.items[0]!.hasPassword).toBe(false);

    await row(connectionId).waitFor();
    expect(await row(connectionId).getByTestId('connection-type').textContent()).toBe('PostgreSQL');
    expect(await row(connectionId).getByTestId('connection-owner').textContent()).toBe('You');
    await session.api(tokens.analyst, 'POST', '/v1/tags', { name: 'e2e-warehouse', color: '#2f6fde', resourceId: connectionId, resourceType: 'data-connection' });
    await page.reload();
    await row(connectionId).locator('[data-tag="e2e-warehouse"]').waitFor();
    await row(connectionId).getByRole('button', { name: 'Test', exact: true }).click();
    await expect.poll(() => row(connectionId).getByTestId('connection-test').textContent(), POLL).toMatch(/^Connected — server version \d+/);
    await session.screenshot('connectors-list');
  });

  it('browses schemas, tables and columns with their types, and previews the first rows', async () => {
    await row(connectionId).getByRole('button', { name: 'Browse' }).click();
    await dialog().getByRole('button', { name: SCHEMA }).click();
    await dialog().getByRole('button', { name: 'visits' }).click();
    const columns = dialog().getByRole('table', { name: 'Columns' });
    await columns.waitFor();
    expect(await columns.locator('tbody tr').evaluateAll((rows) => rows.map((tr) => Array.from(tr.children, (cell) => cell.textContent)))).toEqual([
      ['id', 'integer'],
      ['city', 'text'],
      ['seen_at', 'timestamp with time zone'],
      ['note', 'text'],
    ]);
    const preview = dialog().getByRole('table', { name: 'Preview' });
    await preview.waitFor();
    expect(await dialog().getByTestId('preview-count').textContent()).toBe('The first 20 rows');
    expect(await preview.locator('tbody tr').count()).toBe(20);
    expect(await preview.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['1', 'Porto', '2026-01-01T01:00:00.000Z', 'null']);
    await session.screenshot('connectors-browse');
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('starts a map from the connection: a previewed query becomes a dataset linked to it, drawn, then written back as a new table', async () => {
    // The list offers it on a warehouse connection to a maker.
    await row(connectionId).getByRole('link', { name: 'New map' }).click();
    await page.waitForURL(`**/new?connectorUuid=${connectionId}`);
    await page.getByRole('heading', { name: 'New map from Local warehouse' }).waitFor();
    await page.getByLabel('Query', { exact: true }).fill(`SELECT id, city, 38.7 + id * 0.01 AS latitude, -9.14 AS longitude FROM ${SCHEMA}.visits`);
    await page.getByLabel('Dataset name', { exact: true }).fill('Visits from the warehouse');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('table', { name: 'Preview' }).waitFor();
    expect(await page.getByTestId('preview-count').textContent()).toBe('The first 20 rows');
    await session.screenshot('connectors-new-map');

    await page.getByRole('button', { name: 'Make a dataset and open the map' }).click();
    await page.waitForURL(/\/new\?datasetUuid=/, POLL);
    const datasetId = new URL(page.url()).searchParams.get('datasetUuid')!;
    const dataset = await session.api<{ status: string; metadata: { rowCount?: number }; dataConnection: { id: string } | null }>(tokens.analyst, 'GET', `/v1/datasets/${datasetId}`);
    expect(dataset).toMatchObject({ status: 'ready', metadata: { rowCount: 25 }, dataConnection: { id: connectionId } });
    // kepler.gl proposes a point layer from the latitude/longitude columns once the Arrow data is in.
    await expect.poll(() => page.locator('.layer__title').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    await session.screenshot('connectors-new-map-drawn');

    // And back: the dataset's rows written into a new table of the connection, from the dataset's page.
    await page.goto(`/workspace/datasets/${datasetId}`);
    await page.getByRole('button', { name: 'Write to warehouse' }).click();
    await dialog().getByLabel('Connection').selectOption({ label: 'Local warehouse' });
    await dialog().getByLabel('New table').fill(`${SCHEMA}.written`);
    await dialog().getByRole('button', { name: 'Write table' }).click();
    await expect.poll(() => dialog().getByTestId('warehouse-written').textContent(), POLL).toBe(`Wrote 25 rows to ${SCHEMA}.written.`);
    await session.screenshot('connectors-written');
    const written = await onLocalPostgres(async (client) => (await client.query(`SELECT count(*)::int AS rows, count(DISTINCT city)::int AS cities FROM ${SCHEMA}.written`)).rows[0]);
    expect(written).toEqual({ rows: 25, cities: 3 });
    // A second write to the same table is refused, and says why.
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Write to warehouse' }).click();
    await dialog().getByLabel('New table').fill(`${SCHEMA}.written`);
    await dialog().getByRole('button', { name: 'Write table' }).click();
    await expect.poll(() => dialog().getByRole('alert').textContent(), POLL).toBe(`The table already exists (Choose another name than ${SCHEMA}.written)`);
    await dialog().getByRole('button', { name: 'Close' }).click();
    await session.api(tokens.analyst, 'DELETE', `/v1/datasets/${datasetId}`);
  });

  it("says why a query the warehouse refuses makes no dataset, and leaves none behind", async () => {
    const before = (await session.api<{ total: number }>(tokens.analyst, 'GET', '/v1/datasets?limit=1')).total;
    await page.goto(`/new?connectorUuid=${connectionId}`);
    await page.getByLabel('Query', { exact: true }).fill(`SELECT nope FROM ${SCHEMA}.visits`);
    await page.getByRole('button', { name: 'Make a dataset and open the map' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toMatch(/^Query failed \(column "nope" does not exist/);
    expect((await session.api<{ total: number }>(tokens.analyst, 'GET', '/v1/datasets?limit=1')).total).toBe(before);
    await page.goto('/workspace/connectors');
  });

  it('stores a secret it never shows again, shares the connection and deletes another', async () => {
    await row(connectionId).getByRole('button', { name: 'Edit' }).click();
    expect(await field('Password').inputValue()).toBe('');
    await field('Password').fill('not-needed-by-trust');
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await dialog().waitFor({ state: 'detached' });
    const saved = await session.api<Connection>(tokens.analyst, 'GET', `/v1/data-connections/${connectionId}`);
    expect(saved.hasPassword).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('not-needed-by-trust');

    await row(connectionId).getByRole('button', { name: 'Edit' }).click();
    expect(await field('Password').inputValue()).toBe('');
    await dialog().getByTestId('secret-note').waitFor();
    expect(await dialog().getByTestId('secret-note').textContent()).toContain('Leave “Password” empty to keep it.');
    await field('Host').fill('localhost');
    expect(await dialog().getByTestId('secret-note').textContent()).toContain('saving without retyping it drops the stored secret');
    await session.screenshot('connectors-edit');
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await row(connectionId).getByRole('button', { name: 'Share' }).click();
    await field('E-mail').fill('viewer@example.com');
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await dialog().getByText('viewer@example.com').first().waitFor();
    await dialog().getByRole('button', { name: 'Done' }).click();

    const other = await session.api<Connection>(tokens.analyst, 'POST', '/v1/data-connections', {
      name: 'Old lake',
      type: 's3',
      options: { bucket: 'old-lake', region: 'eu-west-1' },
    });
    await page.reload();
    await row(other.id).getByRole('button', { name: 'Delete' }).click();
    await dialog().getByRole('button', { name: 'Delete connection' }).click();
    await row(other.id).waitFor({ state: 'detached' });
    const left = await session.api<{ items: Connection[] }>(tokens.analyst, 'GET', '/v1/data-connections');
    expect(left.items.map((item) => item.id)).toEqual([connectionId]);
  });

  it('gives a viewer seat no create, edit, share or delete, but lets it browse what is shared with it', async () => {
    page = await session.openPage(tokens.viewer);
    await page.goto('/workspace/connectors');
    await page.getByText('You have no connections of your own: a viewer seat').waitFor();
    expect(await page.getByRole('button', { name: 'New connection' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Your organization' }).click();
    await row(connectionId).waitFor();
    expect(await row(connectionId).getByTestId('connection-owner').textContent()).toBe('Another member');
    for (const name of ['Edit', 'Share', 'Delete']) expect(await row(connectionId).getByRole('button', { name }).count()).toBe(0);
    expect(await row(connectionId).getByRole('link', { name: 'New map' }).count()).toBe(0);
    await row(connectionId).getByRole('button', { name: 'Test', exact: true }).click();
    await expect.poll(() => row(connectionId).getByTestId('connection-test').textContent(), POLL).toMatch(/^Connected — server version \d+/);
    await session.screenshot('connectors-viewer');
  });
});
