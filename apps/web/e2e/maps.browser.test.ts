// Maps, basemaps and colors in a real browser against the real server (issue 15 "Maps, basemaps and colors" and
// "kepler.gl configs"): a map saved through the API shows in the list; its export, imported again as kepler.gl-raw
// and as kepler.gl, makes new maps with the same layers and filters; a map style made from a JSON file and a palette
// show in their lists, each card naming its owner; a viewer seat sees no create or delete controls.
// Screenshots: test-results/screens/.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './support/server.js';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();
let page: Page;
let analystToken = '';
let viewerToken = '';
let viewerId = '';
let datasetId = '';
let mapId = '';

const MAP_NAME = 'E2E coffee shops';
const CSV = ['name,lat,lng,visits', 'Alpha,37.77,-122.42,120', 'Beta,37.79,-122.40,80', 'Gamma,37.76,-122.45,300', 'Delta,37.80,-122.41,42'].join('\n');

interface Layer {
  id: string;
  type: string;
  config: { dataId: string; columns: Record<string, string | null>; label: string };
}
interface Filter {
  id: string;
  dataId: string[];
  name: string[];
  type: string;
  value: unknown;
}
interface SavedState {
  version: string;
  config: { visState: { layers: Layer[]; filters: Filter[] }; mapState: object; mapStyle: object };
  convertedFromKepler?: string;
}
interface MapRecord {
  id: string;
  name: string;
  datasets: { id: string; name: string }[];
  latestState: { data: SavedState } | null;
}

const api = <T>(token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => session.api<T>(token, method, path, body, headers);

async function openPage(token: string): Promise<void> {
  page = await session.openPage(token);
}

const screenshot = (name: string) => session.screenshot(name);

/** The state kepler.gl's getConfigToSave writes for a point layer and a range filter over the dataset. */
function keplerState(dataId: string): Record<string, unknown> {
  return {
    version: 'v1',
    config: {
      visState: {
        filters: [{ dataId: [dataId], id: 'visits-filter', name: ['visits'], type: 'range', value: [50, 400], plotType: { type: 'histogram' }, animationWindow: 'free', yAxis: null, view: 'side', speed: 1, enabled: true }],
        layers: [
          {
            id: 'shops',
            type: 'point',
            config: {
              dataId,
              label: 'Shops',
              color: [255, 153, 31],
              columns: { lat: 'lat', lng: 'lng', altitude: null },
              isVisible: true,
              visConfig: { radius: 12, opacity: 0.8, outline: false, filled: true },
              hidden: false,
              textLabel: [],
            },
            visualChannels: { colorField: { name: 'visits', type: 'integer' }, colorScale: 'quantile', sizeField: null, sizeScale: 'linear' },
          },
        ],
        interactionConfig: { tooltip: { fieldsToShow: { [dataId]: [{ name: 'name', format: null }] }, enabled: true }, brush: { size: 0.5, enabled: false } },
        layerBlending: 'normal',
        splitMaps: [],
      },
      mapState: { bearing: 0, latitude: 37.78, longitude: -122.42, pitch: 0, zoom: 12, dragRotate: false, isSplit: false },
      mapStyle: { styleType: 'atlas-light', visibleLayerGroups: { label: true, water: true, land: true, border: true } },
    },
  };
}

const getMap = (id: string) => api<MapRecord>(analystToken, 'GET', `/v1/maps/${id}`);

/** Exports the listed map in a format through its card and answers the file's path. */
async function exportMap(formatLabel: string, fileName: string): Promise<string> {
  await page.goto('/workspace/maps');
  const card = page.locator(`[data-map="${mapId}"]`);
  await card.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(formatLabel) }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  const path = join(RESULTS_DIR, fileName);
  await download.saveAs(path);
  return path;
}

/** Imports a file in a format through the dialog and answers the new map's id (from the address it opens). */
async function importMap(formatLabel: string, path: string, beforeImport?: () => Promise<void>): Promise<string> {
  await page.goto('/workspace/maps');
  await page.getByRole('button', { name: 'Import map' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(formatLabel) }).check();
  await dialog.getByLabel('Map file').setInputFiles(path);
  await beforeImport?.();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await page.waitForURL(/convertedFromKepler=true/, { timeout: 60_000 });
  return new URL(page.url()).pathname.slice(1);
}

const layerShape = (layer: Layer) => ({ id: layer.id, type: layer.type, columns: layer.config.columns, label: layer.config.label });

beforeAll(async () => {
  analystToken = (await session.signIn('analyst@example.com')).token;
  const viewer = await session.signIn('viewer@example.com');
  viewerToken = viewer.token;
  viewerId = viewer.user.id;
  datasetId = (await api<{ id: string }>(analystToken, 'POST', '/v1/datasets', { name: 'E2E shops', type: 'managed' })).id;
  await api(analystToken, 'PUT', `/v1/datasets/${datasetId}/data?format=csv`, CSV, { 'content-type': 'text/csv' });
  mapId = (await api<{ id: string }>(analystToken, 'POST', '/v1/maps', { name: MAP_NAME, description: 'Four shops', datasets: [datasetId] })).id;
  await api(analystToken, 'POST', '/v1/studiostates', { mapId, data: keplerState(datasetId) });
});

describe('maps', () => {
  it('lists the saved map with its datasets and controls', async () => {
    await openPage(analystToken);
    await page.goto('/workspace/maps');
    const card = page.locator(`[data-map="${mapId}"]`);
    await card.getByRole('heading', { name: MAP_NAME }).waitFor();
    await card.getByText(/· 1 dataset$/).waitFor();
    expect(await card.getByTestId('card-owner').textContent()).toBe('You');
    for (const name of ['Open', 'Export', 'Clone', 'Share', 'Delete']) expect(await card.getByRole(name === 'Open' ? 'link' : 'button', { name, exact: true }).count()).toBe(1);
    await page.getByLabel('Search maps').fill('no such map');
    await page.getByText('No map matches “no such map” here.').waitFor();
    await page.getByLabel('Search maps').fill('coffee');
    await card.waitFor();
    await screenshot('maps-list');
  });

  it('exports the config and imports it as kepler.gl-raw onto a picked dataset: the same layers and filters', async () => {
    await openPage(analystToken);
    const path = await exportMap('kepler.gl config', 'maps-export.config.json');
    const exported = JSON.parse(await readFile(path, 'utf8')) as SavedState;
    expect(exported.version).toBe('v1');
    expect(exported).not.toHaveProperty('convertedFromKepler');
    const newId = await importMap('kepler.gl config', path, async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(`Dataset for ${datasetId}`).selectOption({ label: 'E2E shops' });
      await screenshot('import-dialog');
    });
    const original = (await getMap(mapId)).latestState!.data;
    const imported = await getMap(newId);
    expect(imported.name).toBe('maps-export.config');
    expect(imported.datasets.map((dataset) => dataset.id)).toEqual([datasetId]);
    const state = imported.latestState!.data;
    expect(state.convertedFromKepler).toBe('kepler.gl-raw');
    expect(state.config.visState.layers).toEqual(original.config.visState.layers);
    expect(state.config.visState.filters).toEqual(original.config.visState.filters);
  });

  it('exports the map with its data and imports it as kepler.gl: new datasets, the same layers', async () => {
    await openPage(analystToken);
    const path = await exportMap('kepler.gl map', 'maps-export.kepler.json');
    const exported = JSON.parse(await readFile(path, 'utf8')) as { datasets: { data: { allData: unknown[][] } }[] };
    expect(exported.datasets[0]!.data.allData).toHaveLength(4);
    const newId = await importMap('kepler.gl map', path);
    const original = (await getMap(mapId)).latestState!.data;
    const imported = await getMap(newId);
    expect(imported.name).toBe(MAP_NAME);
    expect(imported.datasets).toHaveLength(1);
    const newDataset = imported.datasets[0]!.id;
    expect(newDataset).not.toBe(datasetId);
    const dataset = await api<{ status: string; metadata: { rowCount?: number } }>(analystToken, 'GET', `/v1/datasets/${newDataset}`);
    expect(dataset.status).toBe('ready');
    expect(dataset.metadata.rowCount).toBe(4);
    const state = imported.latestState!.data;
    expect(state.convertedFromKepler).toBe('kepler.gl');
    expect(state.config.visState.layers.map(layerShape)).toEqual(original.config.visState.layers.map(layerShape));
    expect(state.config.visState.layers.every((layer) => layer.config.dataId === newDataset)).toBe(true);
    expect(state.config.visState.filters.map((filter) => ({ ...filter, dataId: [] }))).toEqual(original.config.visState.filters.map((filter) => ({ ...filter, dataId: [] })));
  });
});

describe('basemaps and colors', () => {
  it('creates a map style from a MapLibre style JSON file and lists it beside the built-in styles', async () => {
    await openPage(analystToken);
    const stylePath = join(RESULTS_DIR, 'e2e-style.json');
    await writeFile(stylePath, JSON.stringify({ version: 8, name: 'E2E plain', sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dde6ee' } }] }));
    await page.goto('/workspace/basemaps');
    await page.locator('[data-basemap="atlas-light"]').waitFor();
    await page.locator('[data-basemap="atlas-dark"]').waitFor();
    await page.getByRole('button', { name: 'New map style' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Style file').setInputFiles(stylePath);
    await dialog.getByText('1 layers, 0 sources').waitFor();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('E2E plain');
    await dialog.getByRole('button', { name: 'Create style' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.locator('[data-asset]').filter({ hasText: 'E2E plain' });
    await card.getByText('Style file uploaded').waitFor();
    expect(await card.getByTestId('card-owner').textContent()).toBe('You');
    const assets = await api<{ items: { name: string; assetReadPath: string | null }[] }>(analystToken, 'GET', '/v1/map-assets?type=map-style');
    expect(assets.items.find((asset) => asset.name === 'E2E plain')?.assetReadPath).toBeTruthy();
    await screenshot('basemaps');
  });

  it('creates a color palette and lists it; a palette opened on the basemaps screen is refused', async () => {
    await openPage(analystToken);
    await page.goto('/workspace/colors');
    await page.getByRole('button', { name: 'New color palette' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E sunset');
    await dialog.getByLabel('Hex of color 1').fill('#112233');
    await dialog.getByRole('button', { name: 'Add a color' }).click();
    await dialog.getByRole('button', { name: 'Move color 7 up' }).click();
    await dialog.getByRole('button', { name: 'Create palette' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-asset]').filter({ hasText: 'E2E sunset' }).getByText('7 colors, sequential').waitFor();
    const palettes = await api<{ items: { id: string; name: string; metadata: { palette: { colors: string[] } } }[] }>(analystToken, 'GET', '/v1/map-assets?type=color-palette');
    const palette = palettes.items.find((asset) => asset.name === 'E2E sunset')!;
    expect(palette.metadata.palette.colors[0]).toBe('#112233');
    expect(palette.metadata.palette.colors).toHaveLength(7);
    await screenshot('colors');
    await page.goto(`/workspace/basemaps?asset=${palette.id}`);
    await page.getByRole('dialog').getByText(/^Asset is not a Map Style \(.+\)$/).waitFor();
  });

  it('shows a viewer seat no create, import or delete controls', async () => {
    await openPage(viewerToken);
    await api(analystToken, 'POST', '/v1/permissions', { resourceType: 'map', resourceId: mapId, granteeType: 'user', granteeId: viewerId, role: 'editor' });
    await page.goto('/workspace/maps?scope=shared');
    const card = page.locator(`[data-map="${mapId}"]`);
    await card.waitFor();
    // Others' records name their owner, as the datasets list does.
    expect(await card.getByTestId('card-owner').textContent()).toBe('Demo Analyst');
    await screenshot('maps-shared');
    expect(await card.getByRole('button', { name: 'Export' }).count()).toBe(1);
    for (const name of ['Clone', 'Share', 'Delete']) expect(await card.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New map' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import map' }).count()).toBe(0);
    await page.goto('/workspace/colors?scope=organization');
    await page.locator('[data-asset]').filter({ hasText: 'E2E sunset' }).waitFor();
    expect(await page.locator('[data-asset]').filter({ hasText: 'E2E sunset' }).getByTestId('card-owner').textContent()).toBe('Demo Analyst');
    await screenshot('colors-viewer');
    expect(await page.getByRole('button', { name: 'New color palette' }).count()).toBe(0);
    expect(await page.locator('[data-asset]').getByRole('button', { name: /Edit|Delete|Share/ }).count()).toBe(0);
    await page.goto('/workspace/basemaps');
    expect(await page.getByRole('button', { name: 'New map style' }).count()).toBe(0);
  });
});
