// Hex tilesets drawn in the map builder (issue 19 "Drawing", docs/tiles.md "Drawing in the map builder"): a tileset of
// 10 million points is built from an H3 column (each row a res-10 cell and how many of the points fall in it, summing
// to 10 000 000: the per-point step of a lat/lng build, about 0.15 M points/s here, would take over a minute for the
// points alone, after generating and uploading them),
// opened with /new?datasetUuid=<tileset> and drawn by our Hex Tile layer at country zoom, colored by the tileset's own
// quantiles; saved, its config names the layer; reopened at city zoom and zoomed with the mouse wheel to street zoom,
// each view asking only the tiles of its resolution through our tile proxy (every answer 200); extruded by a column as
// a saved map says. A geotemporal tileset
// plays day by day with kepler.gl's time slider, each tile read once with every day (/range/DAY); its layer panel
// switches it to all time (no slider, the plain tiles, colored by all time's quantiles) and to by month, and the choice
// is saved with the map. A tileset of points around Fiji, seen from a map centred on 180°, is drawn on both sides of
// the antimeridian.
// Screenshots: test-results/screens/map-builder-hex-tiles-{country,city,street,3d,time,alltime,antimeridian,antimeridian-new}.png.
import { tableFromIPC } from 'apache-arrow';
import { cellToLatLng, latLngToCell } from 'h3-js';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { coloredShare, legendSteps, type MapPart } from './support/map.js';
import { useBrowserSession } from './support/session.js';
import { random } from './support/fixtures.js';

/** Where kepler.gl's fills are looked for on the map. */
const MAP_PART: MapPart = { left: 0.35, width: 0.55, marginTop: 60, marginBottom: 60 };

const session = useBrowserSession();
let token = '';
let tilesetId = '';

const POINTS = 10_000_000;
const SAMPLES = 250_000;
const FINEST = 10;
/** The densest city, which city and street views look at. */
const CITY = { latitude: 46.5, longitude: 2.5 };

/**
 * Points around cities of a country the size of France and across it, as res-10 cells with their counts: 250 000
 * samples each standing for 1 to 79 points (cycling through them, 40 on average; the last one, 31, makes the sum
 * exactly 10 000 000).
 */
function cellsCsv(): string {
  const next = random(19);
  let left = POINTS;
  const gauss = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());
  // [latitude, longitude, samples, spread in degrees]: the first is CITY with a core of one or two kilometres.
  const clusters: Array<[number, number, number, number]> = [
    [CITY.latitude, CITY.longitude, 40_000, 0.015],
    [CITY.latitude, CITY.longitude, 20_000, 0.12],
    [48.85, 2.35, 40_000, 0.2],
    [45.75, 4.85, 25_000, 0.15],
    [43.3, 5.4, 25_000, 0.15],
    [43.6, 1.44, 20_000, 0.15],
    [47.2, -1.55, 15_000, 0.12],
    [44.84, -0.58, 15_000, 0.12],
    [50.63, 3.06, 20_000, 0.12],
  ];
  const rural = SAMPLES - clusters.reduce((sum, [, , samples]) => sum + samples, 0);
  const counts = new Map<string, number>();
  let drawn = 0;
  const add = (lat: number, lng: number) => {
    const cell = latLngToCell(lat, lng, FINEST);
    const weight = ++drawn === SAMPLES ? left : 1 + (((drawn + 2) * 37) % 79);
    left -= weight;
    counts.set(cell, (counts.get(cell) ?? 0) + weight);
  };
  for (let at = 0; at < rural; at++) add(43 + next() * 7, -1.5 + next() * 9);
  for (const [lat, lng, samples, spread] of clusters) for (let at = 0; at < samples; at++) add(lat + gauss() * spread, lng + gauss() * spread * 1.4);
  return ['h3,points', ...[...counts].map(([cell, points]) => `${cell},${points}`)].join('\n');
}

/** Five days of points around CITY across a month's end, as res-8 cells per day, more of them each day. */
function daysCsv(): string {
  const next = random(7);
  const rows = new Map<string, number>();
  const days = ['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02', '2024-02-03'];
  for (const [at, day] of days.entries()) {
    for (let point = 0; point < (at + 1) * 1500; point++) {
      const cell = latLngToCell(CITY.latitude + (next() - 0.5) * 0.4, CITY.longitude + (next() - 0.5) * 0.6, 8);
      const key = `${cell},${day}`;
      rows.set(key, (rows.get(key) ?? 0) + 1);
    }
  }
  return ['h3,day,points', ...[...rows].map(([key, points]) => `${key},${points}`)].join('\n');
}

/** Points either side of the antimeridian around Fiji (16–18° S, 177° E – 177° W), as res-6 cells. */
function fijiCsv(): string {
  const next = random(11);
  const counts = new Map<string, number>();
  for (let at = 0; at < 20_000; at++) {
    const lng = 177 + next() * 6;
    const cell = latLngToCell(-16 - next() * 2, lng > 180 ? lng - 360 : lng, 6);
    counts.set(cell, (counts.get(cell) ?? 0) + 1 + Math.floor(next() * 9));
  }
  return ['h3,points', ...[...counts].map(([cell, points]) => `${cell},${points}`)].join('\n');
}

interface DatasetRecord {
  id: string;
  status: string;
  errorMessage: string | null;
}

/** Uploads a CSV as a new dataset and builds its hex tileset from its h3 column; answers the ready tileset's id. */
async function buildTileset(name: string, csv: string, options: Record<string, unknown>): Promise<string> {
  const sourceId = (await session.api<{ id: string }>(token, 'POST', '/v1/datasets', { name })).id;
  const loaded = await session.api<{ status: string }>(token, 'PUT', `/v1/datasets/${sourceId}/data?format=csv`, csv, { 'content-type': 'text/csv' });
  expect(loaded.status).toBe('ready');
  const pending = await session.api<DatasetRecord>(token, 'POST', '/v1/datasets/hextile', { source: sourceId, sourceHexColumn: 'h3', outputColumns: [{ sourceColumn: 'points', aggMethod: 'sum' }], ...options });
  const ready = await builtTileset(pending.id);
  expect(ready.status, ready.errorMessage ?? '').toBe('ready');
  return pending.id;
}

async function builtTileset(id: string): Promise<DatasetRecord> {
  let record = await session.api<DatasetRecord>(token, 'GET', `/v1/datasets/${id}`);
  for (let tries = 0; record.status === 'pending' && tries < 240; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    record = await session.api<DatasetRecord>(token, 'GET', `/v1/datasets/${id}`);
  }
  return record;
}

/** The points the tileset counts: the sum over its resolution-0 tiles (all of them, as its index lists them). */
async function pointsInTileset(): Promise<number> {
  const index = await session.api<{ levels: Array<{ z: number; tiles: string[] | null }> }>(token, 'GET', `/v1/tileset/${tilesetId}/tileset-index`);
  let sum = 0;
  for (const cell of index.levels.find((level) => level.z === 0)!.tiles!) {
    const response = await fetch(`${session.server.baseUrl}/v1/tileset/${tilesetId}/0/${cell}`, { headers: { authorization: `Bearer ${token}` } });
    const table = tableFromIPC(new Uint8Array(await response.arrayBuffer()));
    for (const value of table.getChild('points')!) sum += Number(value ?? 0);
  }
  return sum;
}

/** Every hex tile the page asks for: its resolution and status. */
function recordTiles(page: Page): Array<{ z: number; status: number }> {
  const tiles: Array<{ z: number; status: number }> = [];
  page.on('response', (response: Response) => {
    const match = new RegExp(`/v1/tileset/${tilesetId}/(\\d+)/[0-9a-f]{15}$`).exec(response.url());
    if (match) tiles.push({ z: Number(match[1]), status: response.status() });
  });
  return tiles;
}

async function expectHexTileLayer(page: Page) {
  await expect.poll(() => page.locator('.layer__title').count(), { timeout: 90_000 }).toBe(1);
  await expect.poll(() => page.locator('.layer__title__type').first().textContent()).toMatch(/hex ?tile/i);
}



/** Waits for the basemap's and the hex tiles' requests to settle, the pointer off the map, then takes the screenshot. */
async function settledScreenshot(page: Page, name: string) {
  await page.mouse.move(900, 28);
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForTimeout(1500);
  await session.screenshot(name);
}

type SavedLayer = { type: string; config: { dataId: string; visConfig: Record<string, unknown> }; visualChannels: Record<string, unknown> };
type SavedState = { version: string; config: { visState: { layers: SavedLayer[] }; mapState: Record<string, unknown> } & Record<string, unknown> };

/** The Hex Tile layer's time setting in its panel (opened), and its choice of `label`. */
async function chooseTime(page: Page, label: string) {
  const setting = page.locator('.hex-tile-time');
  await setting.locator('.item-selector__dropdown').click();
  // kepler.gl's dropdown lists its options in a portal, outside the panel.
  const option = page.locator('.list__item').filter({ hasText: label }).filter({ visible: true }).first();
  await option.hover();
  await option.click();
  await expect.poll(() => setting.locator('.item-selector__dropdown__value').textContent()).toBe(label);
  await page.mouse.click(900, 28);
}

describe('hex tilesets in the map builder', () => {
  let saved: SavedState;
  let daysId = '';

  beforeAll(async () => {
    ({ token } = await session.signIn('analyst@example.com'));
    tilesetId = await buildTileset('France points', cellsCsv(), { finestResolution: FINEST });
    expect(await pointsInTileset()).toBe(POINTS);
  });

  it('draws the tileset at country zoom from its tiles, colored by its quantiles, and saves the Hex Tile layer', async () => {
    const page = await session.openPage(token);
    const tiles = recordTiles(page);
    await page.goto(`/new?datasetUuid=${tilesetId}`);
    await expectHexTileLayer(page);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.03);
    // Country zoom asks for coarse tiles only (resolution 0 or 1, cells of resolution 4 or 5), all answered.
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.status === 200 && tile.z <= 1)).toBe(true);
    // Colored by points (the one column) in four classes: the quartiles of the tileset's cells at that resolution.
    const steps = await legendSteps(page);
    expect(steps).toHaveLength(4);
    expect(steps[0]).toMatch(/^Less than /);
    expect(steps[3]).toMatch(/ or more$/);
    await settledScreenshot(page, 'map-builder-hex-tiles-country');
    // The layer's panel: fill color by a column, and height (extrusion) by a column.
    await page.locator('.layer__enable-config').first().click();
    const panel = page.locator('.hex-tile-layer-config');
    await expect.poll(() => panel.getByText('Fill Color').count()).toBe(1);
    await expect.poll(() => panel.getByText('Height', { exact: true }).count()).toBe(1);

    await page.getByRole('textbox', { name: 'Map title' }).fill('France points from hex tiles');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), { timeout: 60_000 }).toBe(1);
    const mapId = new URL(page.url()).pathname.slice(1);
    const map = await session.api<{ latestState: { data: SavedState } }>(token, 'GET', `/v1/maps/${mapId}`);
    saved = map.latestState.data;
    expect(saved.config.visState.layers).toEqual([
      expect.objectContaining({
        type: 'hexTile',
        config: expect.objectContaining({ dataId: tilesetId }),
        visualChannels: expect.objectContaining({ colorField: expect.objectContaining({ name: 'points' }), colorScale: 'quantile' }),
      }),
    ]);
  });

  it('reopens the saved layer at city zoom and follows the mouse wheel down to street zoom', async () => {
    // The saved map's state, looking at the city: a new map made through the API, as an import would.
    const data = { ...saved, config: { ...saved.config, mapState: { ...saved.config.mapState, ...CITY, zoom: 11 } } };
    const mapId = (await session.api<{ id: string }>(token, 'POST', '/v1/maps', { name: 'France points, city', description: '', datasets: [tilesetId] })).id;
    await session.api(token, 'POST', '/v1/studiostates', { mapId, data });
    const page = await session.openPage(token);
    const tiles = recordTiles(page);
    await page.goto(`/${mapId}`);
    await expectHexTileLayer(page);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.1);
    // Zoom 11 at 46.5° reads cells of resolution 9 (about 15 pixels wide): tiles of resolution 5.
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.status === 200 && tile.z === 5)).toBe(true);
    await settledScreenshot(page, 'map-builder-hex-tiles-city');

    tiles.length = 0;
    const box = (await page.locator('.maplibregl-canvas').first().boundingBox())!;
    // Off the dense core (one colour at street zoom), where cells of every class meet.
    await page.mouse.move(box.x + box.width / 2 + 260, box.y + box.height / 2);
    for (let step = 0; step < 8; step++) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(300);
    }
    // Street zoom: the deepest tiles (resolution 6, its cells of the finest resolution 10).
    await expect.poll(() => tiles.filter((tile) => tile.z === 6).length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.status === 200)).toBe(true);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.1);
    await settledScreenshot(page, 'map-builder-hex-tiles-street');
  });

  it('extrudes the cells by a column, as a saved map says', async () => {
    const [layer] = saved.config.visState.layers;
    const extruded = { ...layer!, config: { ...layer!.config, visConfig: { ...layer!.config.visConfig, enable3d: true } }, visualChannels: { ...layer!.visualChannels, heightField: { name: 'points', type: 'integer' }, heightScale: 'linear' } };
    const visState = { ...saved.config.visState, layers: [extruded] };
    const data = { ...saved, config: { ...saved.config, visState, mapState: { ...saved.config.mapState, ...CITY, zoom: 9.5, pitch: 50, bearing: 20, dragRotate: true } } };
    const mapId = (await session.api<{ id: string }>(token, 'POST', '/v1/maps', { name: 'France points, 3D', description: '', datasets: [tilesetId] })).id;
    await session.api(token, 'POST', '/v1/studiostates', { mapId, data });
    const page = await session.openPage(token);
    await page.goto(`/${mapId}`);
    await expectHexTileLayer(page);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.1);
    await settledScreenshot(page, 'map-builder-hex-tiles-3d');
  });

  it('plays a geotemporal tileset day by day, each tile read once with every day (its /range/DAY)', async () => {
    daysId = await buildTileset('Points by day', daysCsv(), { finestResolution: 8, sourceTimeColumn: 'day', timeIntervals: ['MONTH', 'DAY'] });
    const page = await session.openPage(token);
    const ranges: string[] = [];
    const others: string[] = [];
    page.on('response', (response: Response) => {
      const match = new RegExp(`/v1/tileset/${daysId}/\\d+/([0-9a-f]{15})(/.*)?$`).exec(response.url());
      if (!match) return;
      if (match[2] === '/range/DAY' && response.status() === 200) ranges.push(match[1]!);
      else others.push(response.url());
    });
    await page.goto(`/new?datasetUuid=${daysId}`);
    await expectHexTileLayer(page);
    // kepler.gl's time slider, on the first day, whose cells are drawn from the tiles' ranges.
    await expect.poll(() => page.locator('.animation-control-container').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => ranges.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.03);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const first = await coloredShare(page, MAP_PART);
    const asked = ranges.length;
    // Played, the next days are drawn from the same tiles: no new request, none per day (/time/…).
    await page.locator('.playback-controls .playback-control-button').first().click();
    await expect.poll(async () => Math.abs((await coloredShare(page, MAP_PART)) - first), { timeout: 60_000, interval: 500 }).toBeGreaterThan(0.005);
    await page.locator('.playback-controls .playback-control-button').first().click();
    expect(ranges.length).toBe(asked);
    expect(new Set(ranges).size).toBe(ranges.length);
    expect(others).toEqual([]);
    await settledScreenshot(page, 'map-builder-hex-tiles-time');
  });

  it('draws a geotemporal tileset over all time or by month as its panel says, and saves the choice', async () => {
    const page = await session.openPage(token);
    const asked: string[] = [];
    page.on('response', (response: Response) => {
      const match = new RegExp(`/v1/tileset/${daysId}/\\d+/[0-9a-f]{15}(/.*)?$`).exec(response.url());
      if (match && response.status() === 200) asked.push(match[1] ?? 'all time');
    });
    await page.goto(`/new?datasetUuid=${daysId}`);
    await expectHexTileLayer(page);
    await expect.poll(() => page.locator('.animation-control-container').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.03);
    const byDay = await legendSteps(page);
    await page.locator('.layer__enable-config').first().click();
    await expect.poll(() => page.locator('.hex-tile-time .item-selector__dropdown__value').textContent()).toBe('By day');

    // All time: no time slider, the plain tiles (all-time rows), colored by all time's quartiles (higher than a day's).
    asked.length = 0;
    await chooseTime(page, 'All time');
    await expect.poll(() => page.locator('.animation-control-container').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => asked.filter((path) => path === 'all time').length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(asked.every((path) => path === 'all time')).toBe(true);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.03);
    const allTime = await legendSteps(page);
    expect(allTime).toHaveLength(4);
    expect(allTime).not.toEqual(byDay);
    await settledScreenshot(page, 'map-builder-hex-tiles-alltime');

    // By month: the slider again, over the tiles' months (/range/MONTH).
    asked.length = 0;
    await chooseTime(page, 'By month');
    await expect.poll(() => page.locator('.animation-control-container').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => asked.filter((path) => path === '/range/MONTH').length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(asked.every((path) => path === '/range/MONTH')).toBe(true);

    // All time, saved: the map's config keeps it, and the reopened map draws all time with the setting shown.
    await chooseTime(page, 'All time');
    await page.getByRole('textbox', { name: 'Map title' }).fill('Points over all time');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), { timeout: 60_000 }).toBe(1);
    const mapId = new URL(page.url()).pathname.slice(1);
    const map = await session.api<{ latestState: { data: SavedState } }>(token, 'GET', `/v1/maps/${mapId}`);
    expect(map.latestState.data.config.visState.layers[0]!.config.visConfig).toMatchObject({ timeInterval: 'ALL' });
    asked.length = 0;
    await page.reload();
    await expectHexTileLayer(page);
    await expect.poll(() => asked.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => coloredShare(page, MAP_PART), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.03);
    expect(asked.every((path) => path === 'all time')).toBe(true);
    expect(await page.locator('.animation-control-container').count()).toBe(0);
    expect(await legendSteps(page)).toEqual(allTime);
    await page.locator('.layer__enable-config').first().click();
    await expect.poll(() => page.locator('.hex-tile-time .item-selector__dropdown__value').textContent()).toBe('All time');
  });

  it('draws the tiles on both sides of the antimeridian', async () => {
    const fijiId = await buildTileset('Fiji points', fijiCsv(), { finestResolution: 6, tileSize: 'S' });
    const [layer] = saved.config.visState.layers;
    const visState = { ...saved.config.visState, layers: [{ ...layer!, config: { ...layer!.config, dataId: fijiId } }] };
    const data = { ...saved, config: { ...saved.config, visState, mapState: { ...saved.config.mapState, latitude: -17, longitude: 180, zoom: 6, pitch: 0, bearing: 0 } } };
    const mapId = (await session.api<{ id: string }>(token, 'POST', '/v1/maps', { name: 'Fiji points', description: '', datasets: [fijiId] })).id;
    await session.api(token, 'POST', '/v1/studiostates', { mapId, data });
    const page = await session.openPage(token);
    const tiles: Array<{ longitude: number; status: number }> = [];
    page.on('response', (response: Response) => {
      const match = new RegExp(`/v1/tileset/${fijiId}/\\d+/([0-9a-f]{15})$`).exec(response.url());
      if (match) tiles.push({ longitude: cellToLatLng(match[1]!)[1], status: response.status() });
    });
    await page.goto(`/${mapId}`);
    await expectHexTileLayer(page);
    // Tiles east and west of 180° asked for, all answered.
    await expect.poll(() => tiles.some((tile) => tile.longitude < 0) && tiles.some((tile) => tile.longitude > 0), { timeout: 60_000 }).toBe(true);
    expect(tiles.every((tile) => tile.status === 200)).toBe(true);
    // The map is centred on 180°: cells drawn left (east longitudes) and right (west longitudes) of its middle.
    const west: MapPart = { left: 0.38, width: 0.1, marginTop: 60, marginBottom: 60 };
    const east: MapPart = { left: 0.52, width: 0.1, marginTop: 60, marginBottom: 60 };
    await expect.poll(() => coloredShare(page, west), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    await expect.poll(() => coloredShare(page, east), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    await settledScreenshot(page, 'map-builder-hex-tiles-antimeridian');
    // A new map of the tileset is fitted to its viewport, which crosses 180° (west > east), not to the whole world:
    // the cells again fill both sides of the map's middle.
    const fresh = await session.openPage(token);
    await fresh.goto(`/new?datasetUuid=${fijiId}`);
    await expectHexTileLayer(fresh);
    await expect.poll(() => coloredShare(fresh, west), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    await expect.poll(() => coloredShare(fresh, east), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0.05);
    await settledScreenshot(fresh, 'map-builder-hex-tiles-antimeridian-new');
  });
});
