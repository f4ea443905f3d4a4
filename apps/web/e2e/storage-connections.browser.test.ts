// Storage connections on the Connectors screen in a real browser (issue 18 "Storage connections"): the analyst browses an
// S3 connection (s3rver, a local S3) from its buckets to a folder, imports CSV files as datasets (the row shows the
// import's progress, read from the pending record, then links the dataset) and opens one; a viewer seat browses the same connection but is offered no import. The demo organization gets storage-connectors-enabled
// (off by default, and the server refuses storage connections without it). The server allows 127.0.0.1
// (ATLAS_ALLOWED_CONNECTION_HOSTS) and stores the secret with ATLAS_SECRETS_KEY.
// Screenshots: test-results/screens/storage-buckets.png, storage-importing.png, storage-imported.png, storage-viewer.png.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverProcess } from '../../server/src/modules/data-connections/test-support/s3rver-process.js';
import { useBrowserSession } from './support/session.js';

// The server process inherits these (startServer spreads process.env): loopback is refused unless allowed.
process.env.ATLAS_ALLOWED_CONNECTION_HOSTS = '127.0.0.1';
process.env.ATLAS_SECRETS_KEY = randomBytes(32).toString('hex');

const POLL = { timeout: 30_000, interval: 200 };
const BUCKET = 'lake';
const CSV = 'name,latitude,longitude\nAlfama,38.711,-9.13\nBelém,38.697,-9.206\nBaixa,38.71,-9.137\n';
// Large enough (about 30 MB) that its load outlasts a reading of the record: the progress bar is seen.
const VISITS_ROWS = 1_000_000;
const VISITS = `visit,latitude,longitude\n${Array.from({ length: VISITS_ROWS }, (_, i) => `${i},${(38.7 + (i % 1000) / 1e5).toFixed(5)},-9.1${i % 10}`).join('\n')}\n`;

const session = useBrowserSession();
let page: Page;
const tokens = { analyst: '', viewer: '' };
let folder = '';
let s3: S3rverProcess;
let connectionId = '';

const dialog = () => page.locator('dialog[open]');
const entry = (key: string) => dialog().locator(`tr[data-entry="${key}"]`);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'atlas-storage-e2e-'));
  s3 = await startS3rver(folder, [BUCKET]);
  const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/places.csv', Body: CSV, ContentType: 'text/csv' }));
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/visits.csv', Body: VISITS, ContentType: 'text/csv' }));
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/2024/notes.txt', Body: 'not data', ContentType: 'text/plain' }));
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
  // Storage connectors are the organization's choice (the server refuses them with the flag off).
  const admin = await session.signIn('admin@example.com');
  await session.api(admin.token, 'PUT', `/v1/admin/organizations/${admin.user.organization.id}/flags`, { 'storage-connectors-enabled': true });
  // No bucket in the options: the browse starts at the buckets the key may list.
  const created = await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/data-connections', {
    name: 'Data lake',
    type: 's3',
    options: { region: 'us-east-1', accessKeyId: 'S3RVER', endpoint: s3.endpoint, forcePathStyle: true, password: 'S3RVER' },
  });
  connectionId = created.id;
});

afterAll(async () => {
  await s3?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('storage connections', () => {
  it('browses from the buckets to a folder, imports a CSV file as a dataset and links it', async () => {
    page = await session.openPage(tokens.analyst);
    await page.goto('/workspace/connectors');
    const row = page.locator(`tr[data-connection="${connectionId}"]`);
    await row.getByRole('button', { name: 'Browse' }).click();
    await entry(BUCKET).getByRole('button', { name: BUCKET }).click();
    await entry('exports/').getByRole('button', { name: 'exports/' }).click();
    await entry('exports/places.csv').waitFor();
    expect(await dialog().getByRole('navigation', { name: 'Location' }).locator('button, [aria-current]').allTextContents()).toEqual(['Buckets', 'lake', 'exports']);
    expect(await entry('exports/2024/').getByRole('button', { name: '2024/' }).count()).toBe(1);
    expect(await entry('exports/places.csv').locator('td').first().textContent()).toMatch(/^\d+ B$/);
    await session.screenshot('storage-buckets');

    // The import answers at once: the row shows the load's progress until the record is ready, then the link.
    await entry('exports/visits.csv').getByRole('button', { name: 'Import as dataset' }).click();
    const bar = entry('exports/visits.csv').getByRole('progressbar');
    await bar.waitFor(POLL);
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^(Starting the import…|Reading: .+|Read .+; loading it into the dataset…)$/);
    await session.screenshot('storage-importing');
    const visits = entry('exports/visits.csv').getByTestId('imported-dataset');
    await visits.waitFor(POLL);
    const visitsId = (await visits.getAttribute('href'))!.split('/').at(-1)!;
    expect(await session.api(tokens.analyst, 'GET', `/v1/datasets/${visitsId}`)).toMatchObject({
      status: 'ready',
      metadata: { rowCount: VISITS_ROWS, progress: { phase: 'read', fraction: 1, bytes: VISITS.length, total: VISITS.length } },
    });

    await entry('exports/places.csv').getByRole('button', { name: 'Import as dataset' }).click();
    const link = entry('exports/places.csv').getByTestId('imported-dataset');
    await link.waitFor(POLL);
    const datasetId = (await link.getAttribute('href'))!.split('/').at(-1)!;
    const dataset = await session.api<{ name: string; status: string; metadata: { rowCount?: number }; dataConnection: { id: string } | null }>(tokens.analyst, 'GET', `/v1/datasets/${datasetId}`);
    expect(dataset).toMatchObject({ status: 'ready', metadata: { rowCount: 3 }, dataConnection: { id: connectionId } });
    expect(await link.textContent()).toBe(`Open “${dataset.name}”`);
    await session.screenshot('storage-imported');

    // A file that is not data: the server's refusal, and the import can be tried again.
    await entry('exports/2024/').getByRole('button', { name: '2024/' }).click();
    await entry('exports/2024/notes.txt').getByRole('button', { name: 'Import as dataset' }).click();
    await expect.poll(() => entry('exports/2024/notes.txt').getByRole('alert').textContent(), POLL).toMatch(/\(.+\)$/);
    expect(await entry('exports/2024/notes.txt').getByRole('button', { name: 'Try again' }).count()).toBe(1);

    // Back up through the crumbs.
    await dialog().getByRole('navigation', { name: 'Location' }).getByRole('button', { name: 'exports' }).click();
    await entry('exports/places.csv').waitFor();

    await link.click();
    await page.waitForURL(`**/workspace/datasets/${datasetId}`);
  });

  it('lets a viewer seat browse the organization’s connection, with no import', async () => {
    page = await session.openPage(tokens.viewer);
    await page.goto('/workspace/connectors');
    await page.getByRole('button', { name: 'Your organization' }).click();
    const row = page.locator(`tr[data-connection="${connectionId}"]`);
    await row.getByRole('button', { name: 'Browse' }).click();
    await entry(BUCKET).getByRole('button', { name: BUCKET }).click();
    await entry('exports/').getByRole('button', { name: 'exports/' }).click();
    await entry('exports/places.csv').waitFor();
    expect(await dialog().getByRole('button', { name: 'Import as dataset' }).count()).toBe(0);
    await session.screenshot('storage-viewer');
  });
});
