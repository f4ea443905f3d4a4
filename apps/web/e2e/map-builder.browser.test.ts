// The map builder in a real browser (issue 15 "Browser tests"): a CSV dataset made through the API opens at
// /new?datasetUuid=…, gets a point layer colored by a column and a filter through kepler.gl's own panels, is saved
// and reloads with the same layers and filters (read from the saved state through the API too). A second editor
// opens it while it is locked: read-only, with the holder named; the holder leaves and the lock is released at once.
// No request leaves the local host. kepler.gl's own add-data, share and export entries are gone; the basemap's layer
// groups (labels, borders, water, land) can be hidden and stay hidden once saved. The server runs without PUBLIC_URL
// and the browser at 127.0.0.1: the thumbnail's signed upload still goes to the host the browser uses.
// Screenshots: test-results/screens/map-builder-{new,basemap-layers,saved,locked}.png.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR, launchBrowser, startServer, type RunningServer } from './support/server.js';
import { acceptAgreements } from './support/session.js';

let server: RunningServer;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
/** Every URL any page asked for. */
const requested: string[] = [];
/** The Content-Length of every Arrow download of dataset data (null when absent). */
const arrowLengths: Array<string | null> = [];

interface Session {
  token: string;
  user: { id: string };
}
interface SavedState {
  version: string;
  config: {
    visState: {
      layers: Array<{ type: string; config: { dataId: string }; visualChannels: { colorField: { name: string } | null } }>;
      filters: Array<{ dataId: string[]; name: string[] }>;
    };
    mapState: unknown;
    mapStyle: { styleType: string; visibleLayerGroups: Record<string, boolean> };
  };
}
interface MapRecord {
  id: string;
  name: string;
  datasets: Array<{ id: string }>;
  latestState: { data: SavedState } | null;
  lock: { ownerId: string } | null;
  thumbnailUrl: string | null;
}

async function signIn(email: string): Promise<Session> {
  const response = await fetch(`${server.baseUrl}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  expect(response.status).toBe(200);
  const signedIn = (await response.json()) as Session;
  // The studio and analytic data terms accepted, as session.signIn does (docs/legal.md).
  await acceptAgreements(server.baseUrl, signedIn.token);
  return signedIn;
}

async function api<T>(token: string, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Points scattered around New York, with a numeric and a text column to color and filter by. */
function pointsCsv(count: number): string {
  const lines = ['name,lat,lng,visits,category'];
  for (let i = 0; i < count; i++) {
    lines.push(`place ${i},${(40.7 + Math.sin(i * 0.7) * 0.25).toFixed(5)},${(-73.95 + Math.cos(i * 1.3) * 0.35).toFixed(5)},${(i * 37) % 1000},${['cafe', 'shop', 'park'][i % 3]}`);
  }
  return lines.join('\n');
}

/** A page signed in with the token, recording every request. */
async function openPage(token: string): Promise<Page> {
  browser ??= await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  await context.addInitScript((value) => window.localStorage.setItem('atlas.token', value), token);
  const page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (/\/v1\/datasets\/[^/]+\/data\?format=arrow/.test(response.url())) arrowLengths.push(response.headers()['content-length'] ?? null);
  });
  page.on('pageerror', (error) => console.log('page error:', error.message));
  // Headless Chromium only paints MapLibre's canvas on the front page: a second user's page opened beside the
  // first would show the data over an empty grey map.
  await page.bringToFront();
  return page;
}

/** Opens kepler.gl's "Select a field" dropdown nearest below `label` (or the first one shown) and picks the field. */
async function pickField(page: Page, field: string, label?: string) {
  const selects = page.getByText('Select a field', { exact: true });
  let target = selects.first();
  if (label) {
    const labelBox = await page.getByText(label).first().boundingBox();
    let best = Infinity;
    for (const candidate of await selects.all()) {
      const box = await candidate.boundingBox();
      if (!labelBox || !box || box.height === 0 || box.y < labelBox.y || box.y - labelBox.y >= best) continue;
      best = box.y - labelBox.y;
      target = candidate;
    }
  }
  await target.click();
  const option = page.locator('.field-selector_list-item').filter({ hasText: field }).filter({ visible: true }).first();
  await option.hover();
  await option.click();
  await expect.poll(() => page.locator('.item-selector__dropdown__value').filter({ hasText: field }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  // A click outside (an empty spot of our top bar) closes kepler.gl's dropdown.
  await page.mouse.click(900, 28);
}

const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENS_DIR, `${name}.png`) });

/** kepler.gl's show/hide button of a basemap layer group in its base-map panel, as it is now (shown or hidden). */
const layerGroupToggle = (page: Page, slug: string, shown: boolean) => page.locator(`[data-for="tooltip.${shown ? 'hide' : 'show'}_${slug}-toggle"]`);

/** The right half of the map (away from kepler.gl's side panel and its tooltips), as a picture. */
async function mapPicture(page: Page): Promise<Buffer> {
  const box = (await page.locator('.maplibregl-canvas').first().boundingBox())!;
  return page.screenshot({ clip: { x: box.x + box.width / 2, y: box.y + 40, width: box.width / 2 - 60, height: box.height - 80 } });
}

/** Waits until the map draws the same picture twice in a row (tiles and labels in), and answers it. */
async function settledMapPicture(page: Page): Promise<Buffer> {
  let last = await mapPicture(page);
  await expect
    .poll(
      async () => {
        const next = await mapPicture(page);
        const same = next.equals(last);
        last = next;
        return same;
      },
      { timeout: 60_000, interval: 1500 },
    )
    .toBe(true);
  return last;
}

describe('the map builder', () => {
  let analyst: Session;
  let admin: Session;
  let datasetId = '';
  let mapId = '';
  /** The analyst's page, left on the saved map (holding its lock). */
  let analystPage: Page;

  beforeAll(async () => {
    // No PUBLIC_URL, as with `npm start`: the server calls itself localhost, the browser opens it at 127.0.0.1.
    server = await startServer({ publicUrl: false });
    analyst = await signIn('analyst@example.com');
    admin = await signIn('admin@example.com');
    const dataset = await api<{ id: string }>(analyst.token, 'POST', '/v1/datasets', { name: 'NYC places' });
    datasetId = dataset.id;
    const loaded = await api<{ status: string }>(analyst.token, 'PUT', `/v1/datasets/${datasetId}/data`, pointsCsv(3000), 'text/csv');
    expect(loaded.status).toBe('ready');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens a new map on a dataset, styles and filters it through kepler.gl, saves and reopens it', async () => {
    const page = await openPage(analyst.token);
    analystPage = page;
    await page.goto(`${server.baseUrl}/new?datasetUuid=${datasetId}`);
    // kepler.gl proposes a point layer from the lat/lng columns once the Arrow data is in.
    await expect.poll(() => page.locator('.layer__title').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    await page.locator('.layer__enable-config').first().click();
    await pickField(page, 'visits', 'Color Based On');
    await page.locator('[data-for="filter-nav"]').first().click();
    await page.locator('.add-filter-button').click();
    await pickField(page, 'category');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(1);
    await screenshot(page, 'map-builder-new');

    // Our catalogue and our own save, share and export replace kepler.gl's: no "Add Data" in its dataset list, no
    // "Share" menu (export image, data, map; share URL) in its panel header; "Add data" is in our top bar.
    await page.locator('[data-for="layer-nav"]').first().click();
    await page.locator('.layer__title').first().waitFor();
    expect(await page.locator('.add-data-button').count()).toBe(0);
    expect(await page.locator('.side-panel__panel-header__right, #save-action, #storage-action').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add data', exact: true }).count()).toBe(1);
    // The data came as Arrow with its length known up front, so its download bar had a total.
    expect(arrowLengths.length).toBeGreaterThan(0);
    expect(arrowLengths.every((length) => Number(length) > 0)).toBe(true);

    // The basemap's layer groups can be shown and hidden, and hiding one redraws the basemap without it.
    await page.locator('[data-for="map-nav"]').first().click();
    // kepler.gl shows borders hidden until asked (its default for that group).
    for (const slug of ['label', 'water', 'land']) await expect.poll(() => layerGroupToggle(page, slug, true).count(), { timeout: 30_000 }).toBe(1);
    expect(await layerGroupToggle(page, 'border', false).count()).toBe(1);
    // Base maps come from the catalogue; kepler.gl's "Add Map Style" would load a style from any host.
    expect(await page.locator('.add-map-style-button').count()).toBe(0);
    expect(await page.locator('.map-dropdown-option').count()).toBeGreaterThan(0);
    await screenshot(page, 'map-builder-basemap-layers');
    const withLand = await settledMapPicture(page);
    await layerGroupToggle(page, 'land', true).click();
    await page.mouse.move(900, 28);
    await expect.poll(async () => (await mapPicture(page)).equals(withLand), { timeout: 30_000 }).toBe(false);
    await layerGroupToggle(page, 'land', false).click();
    await layerGroupToggle(page, 'label', true).click();
    await layerGroupToggle(page, 'label', false).waitFor();
    await page.mouse.move(900, 28);

    await page.getByRole('textbox', { name: 'Map title' }).fill('NYC places by visits');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), { timeout: 60_000 }).toBe(1);
    mapId = new URL(page.url()).pathname.slice(1);
    expect(mapId).toMatch(/^[0-9a-f-]{36}$/);

    // The saved state, read through the API: kepler.gl's config with the layer colored by visits and the filter.
    const map = await api<MapRecord>(analyst.token, 'GET', `/v1/maps/${mapId}`);
    expect(map.name).toBe('NYC places by visits');
    expect(map.datasets.map((dataset) => dataset.id)).toEqual([datasetId]);
    expect(map.lock?.ownerId).toBe(analyst.user.id);
    expect(map.thumbnailUrl).not.toBeNull();
    // The thumbnail went up through its signed policy to the host the browser uses, and arrived.
    expect(requested).toContain(`${server.baseUrl}/v1/uploads`);
    expect(await page.getByText('the thumbnail could not be stored').count()).toBe(0);
    const thumbnail = await fetch(`${server.baseUrl}${map.thumbnailUrl}`, { headers: { authorization: `Bearer ${analyst.token}` } });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
    const { version, config } = map.latestState!.data;
    expect(version).toBe('v1');
    expect(config.visState.layers).toEqual([
      expect.objectContaining({
        type: 'point',
        config: expect.objectContaining({ dataId: datasetId }),
        visualChannels: expect.objectContaining({ colorField: expect.objectContaining({ name: 'visits' }) }),
      }),
    ]);
    expect(config.visState.filters).toEqual([expect.objectContaining({ dataId: [datasetId], name: ['category'] })]);
    expect(config.mapStyle.styleType).toBe('atlas-light');
    expect(config.mapStyle.visibleLayerGroups).toMatchObject({ label: false, border: false, water: true, land: true });

    // Reopened: the same layer and filter in kepler.gl's panels.
    await page.reload();
    await expect.poll(() => page.locator('.layer__title').count(), { timeout: 90_000 }).toBe(1);
    await page.locator('.layer__enable-config').first().click();
    await expect.poll(() => page.locator('.item-selector__dropdown__value').filter({ hasText: 'visits' }).count()).toBeGreaterThan(0);
    await page.locator('[data-for="filter-nav"]').first().click();
    await expect.poll(() => page.locator('.filter-panel').count()).toBe(1);
    await expect.poll(() => page.locator('.filter-panel .item-selector__dropdown__value').filter({ hasText: 'category' }).count()).toBe(1);
    expect(await page.getByText('All changes saved').count()).toBe(1);
    // The hidden labels stay hidden.
    await page.locator('[data-for="map-nav"]').first().click();
    await expect.poll(() => layerGroupToggle(page, 'label', false).count(), { timeout: 30_000 }).toBe(1);
    expect(await layerGroupToggle(page, 'land', true).count()).toBe(1);
    await page.locator('[data-for="layer-nav"]').first().click();
    await screenshot(page, 'map-builder-saved');
  });

  it('opens read-only, naming the lock holder, for another editor while the map is locked', async () => {
    await api(analyst.token, 'POST', '/v1/permissions', { resourceType: 'map', resourceId: mapId, granteeType: 'user', granteeId: admin.user.id, role: 'editor' });
    await api(analyst.token, 'POST', '/v1/permissions', { resourceType: 'dataset', resourceId: datasetId, granteeType: 'user', granteeId: admin.user.id, role: 'viewer' });
    const page = await openPage(admin.token);
    const seen: string[] = [];
    page.on('request', (request) => seen.push(new URL(request.url()).pathname));
    await page.goto(`${server.baseUrl}/${mapId}`);
    const notice = page.getByTestId('lock-notice');
    await expect.poll(() => notice.count(), { timeout: 90_000 }).toBe(1);
    expect(await notice.innerText()).toMatch(/^Locked for editing by Demo Analyst since .+\. You see this map read-only/);
    await expect.poll(() => page.getByText('Read-only', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Map title' }).count()).toBe(0);
    // kepler.gl's editing panels are gone; the data is still drawn.
    await expect.poll(() => page.locator('canvas').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.locator('.add-filter-button, .layer__enable-config').count()).toBe(0);
    // Opened by the route's prefetch and taken by the builder: the map and its data are read once each.
    expect(seen.filter((path) => path === `/v1/maps/${mapId}`)).toHaveLength(1);
    expect(seen.filter((path) => path === `/v1/datasets/${datasetId}/data`)).toHaveLength(1);
    // The lock is still the analyst's: opening read-only took nothing.
    expect((await api<MapRecord>(admin.token, 'GET', `/v1/maps/${mapId}`)).lock?.ownerId).toBe(analyst.user.id);
    // The basemap's tiles arrive after the data on a software-rendered page.
    await page.waitForTimeout(8000);
    await screenshot(page, 'map-builder-locked');
  });

  it('releases the lock as soon as its holder leaves the map', async () => {
    await analystPage.bringToFront();
    await analystPage.locator('.map-builder__bar a.brand').click();
    await expect.poll(() => new URL(analystPage.url()).pathname).toBe('/workspace');
    await expect.poll(async () => (await api<MapRecord>(admin.token, 'GET', `/v1/maps/${mapId}`)).lock, { timeout: 15_000 }).toBeNull();
  });

  it('sent no request beyond the local host', () => {
    const outside = requested.filter((url) => !/^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:)/.test(url));
    expect(outside).toEqual([]);
  });
});
