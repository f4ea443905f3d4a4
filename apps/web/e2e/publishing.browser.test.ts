// Publishing in a real browser against the real server (issue 17, publishing): the owner previews a map and publishes
// it with a password through the publish dialog; signed out, /public/{id} asks for the password, shows a wrong one's
// error, and with the right one draws the map read-only (no editor controls); a dashboard published without a
// password opens signed out, read-only, its charts answered with the saved values; unpublished, the link says so.
// No request leaves the local host. Screenshots: test-results/screens/publishing-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
const requested: string[] = [];
let analystToken = '';
let mapId = '';
let publishedMapId = '';
let insightId = '';
let publishedInsightId = '';

const PASSWORD = 'harbour lights';
const CSV = ['name,lat,lng,visits', 'Alpha,37.77,-122.42,120', 'Beta,37.79,-122.40,80', 'Gamma,37.76,-122.45,300', 'Delta,37.80,-122.41,42'].join('\n');

const api = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => session.api<T>(analystToken, method, path, body, headers);

/** A point layer over the dataset, as kepler.gl's getConfigToSave writes it. */
function keplerState(dataId: string) {
  return {
    version: 'v1',
    config: {
      visState: {
        filters: [],
        layers: [
          {
            id: 'shops',
            type: 'point',
            config: { dataId, label: 'Shops', color: [255, 153, 31], columns: { lat: 'lat', lng: 'lng', altitude: null }, isVisible: true, visConfig: { radius: 14, opacity: 0.9, filled: true }, hidden: false, textLabel: [] },
            visualChannels: { colorField: null, colorScale: 'quantile', sizeField: null, sizeScale: 'linear' },
          },
        ],
        interactionConfig: { tooltip: { fieldsToShow: { [dataId]: [{ name: 'name', format: null }] }, enabled: true } },
        layerBlending: 'normal',
        splitMaps: [],
      },
      mapState: { bearing: 0, latitude: 37.78, longitude: -122.42, pitch: 0, zoom: 12, dragRotate: false, isSplit: false },
      mapStyle: { styleType: 'atlas-light' },
    },
  };
}

/** A page of a fresh browser context, signed in with the token or (with '') signed out, recording every request. */
async function openPage(token: string): Promise<Page> {
  const page = await session.openPage(token);
  page.on('request', (request) => requested.push(request.url()));
  await page.bringToFront();
  return page;
}

const screenshot = (name: string) => session.screenshot(`publishing-${name}`);

beforeAll(async () => {
  analystToken = (await session.signIn('analyst@example.com')).token;
  const datasetId = (await api<{ id: string }>('POST', '/v1/datasets', { name: 'Published shops', type: 'managed' })).id;
  await api('PUT', `/v1/datasets/${datasetId}/data?format=csv`, CSV, { 'content-type': 'text/csv' });
  mapId = (await api<{ id: string }>('POST', '/v1/maps', { name: 'Harbour shops', description: 'Four shops', datasets: [datasetId] })).id;
  await api('POST', '/v1/studiostates', { mapId, data: keplerState(datasetId) });

  // A dashboard saved the way the dashboard screen saves one: every value of the query bar.
  const definition = await api<{ queryParameters: { id: string; defaultValue: unknown }[] }>('GET', '/v1/analytic-sets/audience-insight');
  const values = { ...Object.fromEntries(definition.queryParameters.map((parameter) => [parameter.id, parameter.defaultValue])), dma: '501' };
  insightId = (await api<{ id: string }>('POST', '/v1/insights', { name: 'New York audience' })).id;
  await api('POST', '/v1/insight-states', { insightId, data: { templateId: 'audience-insight', values } });
});

describe('publishing', () => {
  it('previews the map for its owner and publishes it with a password through the dialog', async () => {
    const page = await openPage(analystToken);
    await page.goto(`/preview/${mapId}`);
    await page.getByTestId('preview-note').filter({ hasText: 'Not published' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('published-map').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    expect(await page.getByRole('button', { name: 'Add data' }).count()).toBe(0);
    await page.waitForTimeout(5000); // the basemap's tiles arrive after the data on a software-rendered page
    await screenshot('preview');

    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('publication-status').filter({ hasText: 'Not published' }).waitFor();
    await dialog.getByLabel('Require a password').check();
    await dialog.getByLabel('New password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.getByTestId('publication-status').filter({ hasText: 'password-protected' }).waitFor();
    // The new password is now the one kept: publishing again would keep it.
    expect(await dialog.getByLabel('Keep the current password').isChecked()).toBe(true);
    const link = await dialog.getByLabel('Public link').inputValue();
    expect(link).toMatch(/\/public\/[0-9a-f-]{36}$/);
    publishedMapId = link.split('/').at(-1)!;
    expect(await dialog.getByRole('button', { name: 'Unpublish' }).count()).toBe(1);
    await screenshot('dialog');
    const [published] = await api<{ published: { id: string; passwordProtected: boolean } | null }[]>('GET', `/v1/maps/published/list?maps=${mapId}`);
    expect(published!.published).toMatchObject({ id: publishedMapId, passwordProtected: true });
  });

  it('opens the map signed out: a wrong password shows the error, the right one draws the map read-only', async () => {
    const page = await openPage('');
    const dataAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/published-map/datasets/')) dataAnswers.push(response.status());
    });
    await page.goto(`/public/${publishedMapId}`);
    await page.getByRole('heading', { name: 'Harbour shops' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByTestId('unlock-error').innerText()).toBe('Incorrect password');
    await screenshot('wrong-password');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('published-map').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    expect(dataAnswers).toEqual([200]);
    expect(await page.getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.locator('canvas').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // Read-only: none of kepler.gl's editing panels, none of the builder's controls, and the page stayed signed out.
    expect(await page.locator('.side-panel--container, .add-filter-button, .layer__enable-config').count()).toBe(0);
    for (const name of ['Save', 'Add data', 'Share', 'Publish…']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(page.url()).toContain(`/public/${publishedMapId}`);
    await page.waitForTimeout(8000); // the basemap's tiles arrive after the data on a software-rendered page
    await screenshot('map');
  });

  it('opens a dashboard published without a password, signed out and read-only with its saved values', async () => {
    const { publishedId } = await api<{ publishedId: string }>('POST', `/v1/insights/${insightId}/publish/resources`, { uploadOptions: {} });
    publishedInsightId = (await api<{ id: string }>('POST', `/v1/insights/${insightId}/publish/${publishedId}`)).id;
    const page = await openPage('');
    await page.goto(`/public/${publishedInsightId}`);
    await page.getByTestId('dashboard-title').filter({ hasText: 'New York audience' }).waitFor({ timeout: 60_000 });
    const cards = page.locator('[data-chart-card]');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    // Every chart settles with the saved values: drawn, or empty — never a failure or a filter problem.
    await expect.poll(async () => (await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-state')))).every((state) => state === 'ready' || state === 'empty'), { timeout: 90_000 }).toBe(true);
    expect(await page.locator('[data-chart-card][data-state="ready"]').count()).toBeGreaterThan(0);
    for (const name of ['Save', 'Share', 'Send parameters']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.locator('fieldset[disabled]').count()).toBe(1);
    await page.waitForTimeout(1000); // the charts' entry animation
    await screenshot('dashboard');
  });

  it('says a link is not published once its dashboard is unpublished', async () => {
    await api('DELETE', `/v1/insights/${insightId}/unpublish`);
    const page = await openPage('');
    await page.goto(`/public/${publishedInsightId}`);
    await page.getByTestId('not-published').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('not-published').innerText()).toContain('Nothing is published at this address.');
    await screenshot('not-published');
  });

  it('sent no request away from the local host', () => {
    const outside = requested.filter((url) => !/^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:)/.test(url));
    expect(outside).toEqual([]);
    expect(requested.length).toBeGreaterThan(0);
  });
});
