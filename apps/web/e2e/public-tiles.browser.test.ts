// A published map's hex tileset drawn signed out (docs/tiles.md "Published maps"): a tileset built from an H3 column,
// drawn and saved in the map builder (its Hex Tile layer), published with a password; signed out, /public/{id} asks for
// it and then draws the layer, its description and every tile read through the published map's tile routes with the
// view token (all answered 200), none through the signed-in tile proxy. The owner's preview draws it too, through their
// own access. A vector tileset colored by a number, published without a password, draws signed out from the published
// map's tile route over the range its build measured.
// Screenshots: test-results/screens/public-tiles-{public,preview,vector}.png.
import { latLngToCell } from 'h3-js';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { coloredShare, legendSteps, type MapPart } from './support/map.js';
import { useBrowserSession } from './support/session.js';
import { random, squares } from './support/fixtures.js';

const session = useBrowserSession();
const PASSWORD = 'hexagons at night';
/** Where kepler.gl's fills are looked for: the public page has no side panel, the map spans the page. */
const MAP_PART: MapPart = { left: 0.1, width: 0.8, marginTop: 120, marginBottom: 60 };
let token = '';
let tilesetId = '';
let mapId = '';

/** Points around three cities of France as res-8 cells and how many fall in each. */
function cellsCsv(): string {
  const next = random(5);
  const counts = new Map<string, number>();
  for (const [lat, lng] of [
    [48.85, 2.35],
    [45.75, 4.85],
    [43.3, 5.4],
  ] as const) {
    for (let at = 0; at < 6000; at++) {
      const cell = latLngToCell(lat + (next() - 0.5) * 0.8, lng + (next() - 0.5) * 1.1, 8);
      counts.set(cell, (counts.get(cell) ?? 0) + 1 + (at % 7));
    }
  }
  return ['h3,points', ...[...counts].map(([cell, points]) => `${cell},${points}`)].join('\n');
}

/** Every hex tile request of the page, by the route it went to. */
function recordTiles(page: Page) {
  const tiles: Array<{ route: 'published' | 'signed-in'; status: number }> = [];
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (new RegExp(`/published-map/tilesets/${tilesetId}/\\d+/[0-9a-f]{15}$`).test(pathname)) tiles.push({ route: 'published', status: response.status() });
    if (new RegExp(`^/v1/tileset/${tilesetId}/`).test(pathname)) tiles.push({ route: 'signed-in', status: response.status() });
  });
  return tiles;
}

async function settledScreenshot(page: Page, name: string) {
  await page.mouse.move(1400, 880);
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForTimeout(3000); // the basemap's tiles arrive after the data on a software-rendered page
  await session.screenshot(name);
}

describe('a published map with a hex tileset', () => {
  beforeAll(async () => {
    ({ token } = await session.signIn('analyst@example.com'));
    const sourceId = (await session.api<{ id: string }>(token, 'POST', '/v1/datasets', { name: 'City points' })).id;
    await session.api(token, 'PUT', `/v1/datasets/${sourceId}/data?format=csv`, cellsCsv(), { 'content-type': 'text/csv' });
    tilesetId = (await session.api<{ id: string }>(token, 'POST', '/v1/datasets/hextile', { source: sourceId, sourceHexColumn: 'h3', finestResolution: 8, outputColumns: [{ sourceColumn: 'points', aggMethod: 'sum' }] })).id;
    let status = 'pending';
    for (let tries = 0; status === 'pending' && tries < 240; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await session.api<{ status: string }>(token, 'GET', `/v1/datasets/${tilesetId}`)).status;
    }
    expect(status).toBe('ready');
  }, 120_000);

  it("is saved with its Hex Tile layer in the map builder, and its owner's preview draws it through their own access", async () => {
    const builder = await session.openPage(token);
    await builder.goto(`/new?datasetUuid=${tilesetId}`);
    await expect.poll(() => builder.locator('.layer__title__type').first().textContent(), { timeout: 90_000 }).toMatch(/hex ?tile/i);
    await builder.getByRole('textbox', { name: 'Map title' }).fill('City points in hexagons');
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => builder.getByText('All changes saved').count(), { timeout: 60_000 }).toBe(1);
    mapId = new URL(builder.url()).pathname.slice(1);

    const page = await session.openPage(token);
    const tiles = recordTiles(page);
    await page.goto(`/preview/${mapId}`);
    await page.getByTestId('published-map').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.01);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.route === 'signed-in' && tile.status === 200)).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    await settledScreenshot(page, 'public-tiles-preview');
  });

  it('draws the layer signed out once unlocked, every tile read through the published map with the view token', async () => {
    const { publishedId } = await session.api<{ publishedId: string }>(token, 'POST', `/v1/maps/${mapId}/publish/resources`, { uploadOptions: { password: PASSWORD } });
    await session.api(token, 'POST', `/v1/maps/${mapId}/publish/${publishedId}`);

    const page = await session.openPage('');
    const tiles = recordTiles(page);
    const described: number[] = [];
    page.on('response', (response: Response) => {
      if (/\/published-map\/tilesets\/[^/]+\/(metadata|tileset-index|\d+\/quantiles)$/.test(new URL(response.url()).pathname)) described.push(response.status());
    });
    await page.goto(`/public/${publishedId}`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('published-map').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.01);
    expect(await page.getByRole('alert').count()).toBe(0);
    // Metadata, index and the quantiles of each data resolution described it; the tiles came from the published routes.
    expect(described.length).toBeGreaterThanOrEqual(3);
    expect(described.every((status) => status === 200)).toBe(true);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.route === 'published' && tile.status === 200)).toBe(true);
    // Colored by the tileset's quartiles, as in the map builder.
    expect(await legendSteps(page)).toHaveLength(4);
    expect(page.url()).toContain(`/public/${publishedId}`);
    await settledScreenshot(page, 'public-tiles-public');
  });
});

/** Six steps of visits over 0..143, the range the build measured (without its field stats it would span 0..0). */
const VISITS_STEPS = ['0 to 23.83', '23.83 to 47.67', '47.67 to 71.5', '71.5 to 95.33', '95.33 to 119.2', '119.2 to 143'];

describe('a published map with a vector tileset', () => {
  it('draws the layer signed out from the published tile route, colored over the measured range', async () => {
    const sourceId = (await session.api<{ id: string }>(token, 'POST', '/v1/datasets', { name: 'NYC squares' })).id;
    await session.api(token, 'PUT', `/v1/datasets/${sourceId}/data`, squares(), { 'content-type': 'application/geo+json' });
    const vectorId = (await session.api<{ id: string }>(token, 'POST', '/v1/datasets/vectortile', { source: sourceId, maxZoom: 12 })).id;
    await expect.poll(async () => (await session.api<{ status: string }>(token, 'GET', `/v1/datasets/${vectorId}`)).status, { timeout: 60_000, interval: 500 }).toBe('ready');

    const builder = await session.openPage(token);
    await builder.goto(`/new?datasetUuid=${vectorId}`);
    await expect.poll(() => builder.locator('.layer__title__type').first().textContent(), { timeout: 90_000 }).toBe('vector tile');
    await builder.locator('.layer__enable-config').first().click();
    await builder.getByText('Select a field', { exact: true }).first().click();
    const option = builder.locator('.field-selector_list-item').filter({ hasText: 'visits' }).filter({ visible: true }).first();
    await option.hover();
    await option.click();
    await builder.mouse.click(900, 28);
    await builder.getByRole('textbox', { name: 'Map title' }).fill('NYC squares, published');
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => builder.getByText('All changes saved').count(), { timeout: 60_000 }).toBe(1);
    const vectorMapId = new URL(builder.url()).pathname.slice(1);
    const { publishedId } = await session.api<{ publishedId: string }>(token, 'POST', `/v1/maps/${vectorMapId}/publish/resources`, { uploadOptions: {} });
    await session.api(token, 'POST', `/v1/maps/${vectorMapId}/publish/${publishedId}`);

    const page = await session.openPage('');
    const tiles: Array<{ path: string; status: number }> = [];
    page.on('response', (response: Response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes(vectorId) && /\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(pathname)) tiles.push({ path: pathname, status: response.status() });
    });
    await page.goto(`/public/${publishedId}`);
    await page.getByTestId('published-map').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.path).toMatch(new RegExp(`^/v1/maps/${publishedId}/published-map/tilesets/${vectorId}/tiles/`));
      expect([200, 204]).toContain(tile.status);
    }
    expect(tiles.some((tile) => tile.status === 200)).toBe(true);
    await expect.poll(() => legendSteps(page), { timeout: 30_000, interval: 1000 }).toEqual(VISITS_STEPS);
    await settledScreenshot(page, 'public-tiles-vector');
  });
});
