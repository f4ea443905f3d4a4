// Vector tilesets drawn in the map builder (issue 19 "Vector tiles", docs/vector-tiles.md "Drawing"): a GeoJSON dataset
// of squares around New York is uploaded and its vector tileset built through the API; /new?datasetUuid=<tileset> draws
// it with kepler.gl's Vector Tile layer, whose tiles come from our tile route with the user's session (each answered
// 200 or 204) and nothing from another host; colored by a number over the range the build measured, saved and
// reopened, the map draws it the same way. A dataset the browser
// cannot hold is offered its vector tiles: built from the map builder with the build's real progress, then drawn.
// Screenshots: test-results/screens/map-builder-vector-tiles{,-saved,-offer,-built}.png.
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { coloredShare, legendSteps, type MapPart } from './support/map.js';
import { useBrowserSession } from './support/session.js';
import { squares } from './support/fixtures.js';

/** Where kepler.gl's fills are looked for on the map. */
const MAP_PART: MapPart = { left: 0.5, width: 0.5, marginTop: 40, marginBottom: 40, marginRight: 60 };

const session = useBrowserSession();
let token = '';
let sourceId = '';
let tilesetId = '';

interface DatasetRecord {
  id: string;
  name: string;
  status: string;
  errorMessage: string | null;
  metadata: { vectorTile?: { progress: number; version: string | null; maxZoom: number } };
}

/** Reads the tileset until its build settles. */
async function builtTileset(id: string): Promise<DatasetRecord> {
  let record = await session.api<DatasetRecord>(token, 'GET', `/v1/datasets/${id}`);
  for (let tries = 0; record.status === 'pending' && tries < 120; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    record = await session.api<DatasetRecord>(token, 'GET', `/v1/datasets/${id}`);
  }
  return record;
}

/** Every response of the page for a vector tile (not the basemap's): its URL and status. */
function recordTiles(page: Page): Array<{ url: string; status: number }> {
  const tiles: Array<{ url: string; status: number }> = [];
  page.on('response', (response: Response) => {
    if (/\/v1\/datasets\/[^/]+\/tiles\/\d+\/\d+\/\d+\.pbf/.test(response.url())) tiles.push({ url: response.url(), status: response.status() });
  });
  return tiles;
}

/** The tile requests went to our tile route of the dataset, with its build, and were all answered. */
function expectTilesServed(tiles: ReadonlyArray<{ url: string; status: number }>, datasetId: string, version: string) {
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) {
    expect(tile.url).toMatch(new RegExp(`^${session.server.baseUrl}/v1/datasets/${datasetId}/tiles/\\d+/\\d+/\\d+\\.pbf\\?v=${version}$`));
    expect([200, 204]).toContain(tile.status);
  }
  expect(tiles.some((tile) => tile.status === 200)).toBe(true);
}

/** Waits for kepler.gl's layer of the tileset, and for it to be the Vector Tile layer. */
async function expectVectorTileLayer(page: Page) {
  await expect.poll(() => page.locator('.layer__title').count(), { timeout: 90_000 }).toBe(1);
  // The layer's type under its title, in kepler.gl's words ('vector tile', shown capitalized).
  await expect.poll(() => page.locator('.layer__title__type').first().textContent()).toBe('vector tile');
}


/** Six steps of visits over 0..143; a tileset without stats would span 0..0. */
const VISITS_STEPS = ['0 to 23.83', '23.83 to 47.67', '47.67 to 71.5', '71.5 to 95.33', '95.33 to 119.2', '119.2 to 143'];

describe('vector tilesets in the map builder', () => {
  beforeAll(async () => {
    ({ token } = await session.signIn('analyst@example.com'));
    sourceId = (await session.api<{ id: string }>(token, 'POST', '/v1/datasets', { name: 'NYC squares' })).id;
    const loaded = await session.api<{ status: string }>(token, 'PUT', `/v1/datasets/${sourceId}/data`, squares(), { 'content-type': 'application/geo+json' });
    expect(loaded.status).toBe('ready');
    const pending = await session.api<DatasetRecord>(token, 'POST', '/v1/datasets/vectortile', { source: sourceId, maxZoom: 14 });
    expect(pending.status).toBe('pending');
    tilesetId = pending.id;
    const ready = await builtTileset(tilesetId);
    expect(ready.status, ready.errorMessage ?? '').toBe('ready');
  });

  it("draws a tileset with kepler.gl's Vector Tile layer from our tiles, and again once saved and reopened", async () => {
    const { version } = (await session.api<DatasetRecord>(token, 'GET', `/v1/datasets/${tilesetId}`)).metadata.vectorTile!;
    const page = await session.openPage(token);
    const tiles = recordTiles(page);
    await page.goto(`/new?datasetUuid=${tilesetId}`);
    await expectVectorTileLayer(page);
    await expect.poll(() => tiles.filter((tile) => tile.status === 200).length, { timeout: 60_000 }).toBeGreaterThan(0);
    // The map centered on the squares, whose fills now cover part of the map.
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    expectTilesServed(tiles, tilesetId, version!);
    // Colored by visits: kepler.gl's scale spans the range the build measured (fieldStats: 0..143), as its legend says.
    await page.locator('.layer__enable-config').first().click();
    await page.getByText('Select a field', { exact: true }).first().click();
    const option = page.locator('.field-selector_list-item').filter({ hasText: 'visits' }).filter({ visible: true }).first();
    await option.hover();
    await option.click();
    await page.mouse.click(900, 28);
    await expect.poll(() => legendSteps(page), { timeout: 30_000, interval: 1000 }).toEqual(VISITS_STEPS);
    await page.waitForTimeout(3000);
    await session.screenshot('map-builder-vector-tiles');

    await page.getByRole('textbox', { name: 'Map title' }).fill('NYC squares from tiles');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), { timeout: 60_000 }).toBe(1);
    const mapId = new URL(page.url()).pathname.slice(1);
    const map = await session.api<{ datasets: Array<{ id: string }>; latestState: { data: { config: { visState: { layers: Array<{ type: string; config: { dataId: string }; visualChannels: unknown }> } } } } }>(
      token,
      'GET',
      `/v1/maps/${mapId}`,
    );
    expect(map.datasets.map((dataset) => dataset.id)).toEqual([tilesetId]);
    expect(map.latestState.data.config.visState.layers).toEqual([
      expect.objectContaining({
        type: 'vectorTile',
        config: expect.objectContaining({ dataId: tilesetId }),
        visualChannels: expect.objectContaining({ colorField: expect.objectContaining({ name: 'visits' }) }),
      }),
    ]);

    tiles.length = 0;
    await page.reload();
    await expectVectorTileLayer(page);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    expectTilesServed(tiles, tilesetId, version!);
    await expect.poll(() => legendSteps(page), { timeout: 30_000, interval: 1000 }).toEqual(VISITS_STEPS);
    await page.waitForTimeout(3000);
    await session.screenshot('map-builder-vector-tiles-saved');
  });

  it('offers a dataset too large for the browser its vector tiles, builds them with their progress and draws them', async () => {
    const page = await session.openPage(token);
    // The squares claim to be too many for the browser (the limit is 10 million rows): everything else is real.
    await page.route(/\/v1\/datasets(\/[^/?]+)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      if (!response.ok()) return route.fulfill({ response });
      const body = (await response.json()) as DatasetRecord | { items: DatasetRecord[] };
      const inflate = (record: DatasetRecord) => (record.id === sourceId ? { ...record, metadata: { ...record.metadata, rowCount: 12_000_000 } } : record);
      await route.fulfill({ response, json: 'items' in body ? { ...body, items: body.items.map(inflate) } : inflate(body) });
    });
    const tiles = recordTiles(page);
    await page.goto(`/new?datasetUuid=${sourceId}`);
    const loads = page.getByRole('list', { name: 'Dataset downloads' });
    await expect.poll(() => loads.getByText('It has 12,000,000 rows; the browser holds up to 10,000,000. Build its vector tiles to draw it from tiles instead.').count(), { timeout: 60_000 }).toBe(1);
    await session.screenshot('map-builder-vector-tiles-offer');
    await loads.getByRole('button', { name: 'Build vector tiles' }).click();
    // The new tileset's build shows (its record's progress), then the map draws it.
    await expect.poll(() => loads.getByText(/^Building vector tiles: \d+%$/).count(), { timeout: 30_000 }).toBe(1);
    await expectVectorTileLayer(page);
    await expect.poll(() => loads.count()).toBe(0);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    const built = tiles[0]!.url.match(/\/v1\/datasets\/([^/]+)\/tiles/)![1]!;
    expect(built).not.toBe(tilesetId);
    const record = await session.api<DatasetRecord>(token, 'GET', `/v1/datasets/${built}`);
    expect(record).toMatchObject({ name: 'NYC squares (vector tiles)', status: 'ready' });
    expectTilesServed(tiles, built, record.metadata.vectorTile!.version!);
    await page.waitForTimeout(3000);
    await session.screenshot('map-builder-vector-tiles-built');
  });
});
