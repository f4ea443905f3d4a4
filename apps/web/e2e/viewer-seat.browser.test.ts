// A viewer seat is never offered create (issue 17): on every workspace list (with a dataset, a map and a palette of
// its organization in them) and on the dataset's page, the controls that create (New …, Upload, Import, Clone, Add to
// project, New map from a dataset, the dashboard templates) are shown to the analyst, a maker, and not to
// viewer@example.com; no link leads the viewer to a create address; and the create addresses themselves
// (/dashboard/new, /new) explain why instead of offering a screen whose Save the server refuses. An analytic set
// opened by its address stays readable, and says why there is no Save.
// Screenshots: test-results/screens/viewer-datasets.png, viewer-dataset.png, viewer-maps.png, viewer-dashboards.png,
// viewer-basemaps.png, viewer-colors.png, viewer-new-dashboard.png, viewer-analytic-set.png, viewer-new-map.png.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/session.js';

const CSV = 'name,latitude,longitude\nNorth,41.95,-87.65\nSouth,41.75,-87.6\n';

const session = useBrowserSession();
let page: Page;
const tokens = { analyst: '', viewer: '' };
const ids = { dataset: '', map: '', palette: '' };

/** A button or link whose whole text is `name`. */
const control = (name: string) => page.locator('a, button', { hasText: new RegExp(`^${name}$`) });
/** Links to a create address: a new map, dashboard or workbook. */
const createLinks = () => page.locator('a[href^="/new"], a[href^="/dashboard/new"], a[href^="/workbook/new"]');

interface Screen {
  name: string;
  path: () => string;
  /** Shown to both once the screen (and its record, if any) is drawn. */
  ready: () => Locator;
  /** What creates here: a maker sees each, a viewer seat none. */
  creates: Array<() => Locator>;
}

const SCREENS: Screen[] = [
  {
    name: 'datasets',
    path: () => '/workspace/datasets?scope=organization',
    ready: () => page.locator('tr[data-dataset="E2E viewer places"]'),
    creates: [() => page.getByRole('heading', { name: 'Upload data' }), () => page.getByTestId('new-map-from-selection'), () => page.locator('tr[data-dataset="E2E viewer places"] input[type="checkbox"]')],
  },
  {
    name: 'dataset',
    path: () => `/workspace/datasets/${ids.dataset}`,
    ready: () => page.getByTestId('dataset-name').filter({ hasText: 'E2E viewer places' }),
    creates: [() => control('New map'), () => control('Clone')],
  },
  {
    name: 'maps',
    path: () => '/workspace/maps?scope=organization',
    ready: () => page.locator(`[data-map="${ids.map}"]`),
    creates: [() => control('New map'), () => control('Import map'), () => page.locator(`[data-map="${ids.map}"]`).locator('button', { hasText: /^(Clone|Add to project)$/ })],
  },
  {
    name: 'dashboards',
    path: () => '/workspace/dashboards',
    // The own list drawn: its table or why it is empty.
    ready: () => page.locator('.dashboards-page__empty, .dashboards-table'),
    creates: [() => control('New dashboard'), () => page.getByRole('list', { name: 'Analytic set templates' })],
  },
  { name: 'basemaps', path: () => '/workspace/basemaps', ready: () => page.getByRole('heading', { name: 'Basemaps', level: 1 }), creates: [() => control('New map style')] },
  {
    name: 'colors',
    path: () => '/workspace/colors?scope=organization',
    ready: () => page.locator(`[data-asset="${ids.palette}"]`),
    creates: [() => control('New color palette')],
  },
  { name: 'workbooks', path: () => '/workspace/workbooks', ready: () => page.getByRole('heading', { name: 'Workbooks', level: 1 }), creates: [() => control('New workbook')] },
  { name: 'projects', path: () => '/workspace/projects', ready: () => page.getByRole('heading', { name: 'Projects', level: 1 }), creates: [() => control('New project')] },
  { name: 'reports', path: () => '/workspace/reports', ready: () => page.getByRole('heading', { name: 'Reports', level: 1 }), creates: [() => control('Publish report')] },
  { name: 'connectors', path: () => '/workspace/connectors', ready: () => page.getByRole('heading', { name: 'Connectors', level: 1 }), creates: [() => control('New connection')] },
];

/** How many of each create control the screen shows, once it is drawn. */
async function createCounts(screen: Screen): Promise<number[]> {
  await page.goto(screen.path());
  await screen.ready().first().waitFor();
  return Promise.all(screen.creates.map((locate) => locate().count()));
}

beforeAll(async () => {
  tokens.analyst = (await session.signIn('analyst@example.com')).token;
  tokens.viewer = (await session.signIn('viewer@example.com')).token;
  ids.dataset = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/datasets', { name: 'E2E viewer places', type: 'managed' })).id;
  await session.api(tokens.analyst, 'PUT', `/v1/datasets/${ids.dataset}/data?format=csv`, CSV, { 'content-type': 'text/csv' });
  const palette = { type: 'color-palette', name: 'E2E viewer palette', metadata: { palette: { colors: ['#0b7285', '#e8590c'] } } };
  ids.palette = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/map-assets', palette)).id;
  ids.map = (await session.api<{ id: string }>(tokens.analyst, 'POST', '/v1/maps', { name: 'E2E viewer map', datasets: [ids.dataset] })).id;
});

describe('a viewer seat', () => {
  it('a maker is offered every create control the viewer check looks for', async () => {
    page = await session.openPage(tokens.analyst);
    for (const screen of SCREENS) {
      // The dataset's status turns ready once the upload is loaded; New map waits for it.
      if (screen.name === 'dataset') await expect.poll(async () => (await createCounts(screen))[0], { timeout: 20_000 }).toBeGreaterThan(0);
      const counts = await createCounts(screen);
      expect({ screen: screen.name, missing: counts.flatMap((count, index) => (count > 0 ? [] : [index])) }).toEqual({ screen: screen.name, missing: [] });
    }
    await page.goto('/dashboard/new');
    await page.getByRole('list', { name: 'Analytic set templates' }).waitFor();
  });

  it('is offered no create control on any list, dataset or map, and no link to a create address', async () => {
    page = await session.openPage(tokens.viewer);
    for (const screen of SCREENS) {
      const counts = await createCounts(screen);
      expect({ screen: screen.name, counts }).toEqual({ screen: screen.name, counts: counts.map(() => 0) });
      expect({ screen: screen.name, links: await createLinks().count() }).toEqual({ screen: screen.name, links: 0 });
      if (['datasets', 'dataset', 'maps', 'dashboards', 'basemaps', 'colors'].includes(screen.name)) await session.screenshot(`viewer-${screen.name}`);
    }
    await page.goto('/workspace');
    await page.getByTestId('account-seat').waitFor();
    expect(await createLinks().count()).toBe(0);
  });

  it('is told at /dashboard/new that dashboards are saved by makers, and reads an analytic set without Save', async () => {
    page = await session.openPage(tokens.viewer);
    await page.goto('/dashboard/new');
    await page.getByRole('heading', { name: 'Dashboards are saved by makers' }).waitFor();
    expect(await page.getByText('Your seat in the organization is a viewer seat', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Analytic set templates' }).count()).toBe(0);
    await session.screenshot('viewer-new-dashboard');
    await page.getByRole('link', { name: 'See the dashboards' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace/dashboards');

    await page.goto('/dashboard/new?templateId=audience-insight');
    await page.getByTestId('dashboard-viewer-note').waitFor();
    expect(await page.locator('.bi-breadcrumb').innerText()).toContain('Analytic set');
    expect(await page.locator('.bi-header').getByRole('button', { name: /^(Save|Share|Send parameters)$/ }).count()).toBe(0);
    // A viewer seat reads the set: its charts draw.
    await expect.poll(() => page.locator('.bi-main').getByText('Loading…').count(), { timeout: 30_000 }).toBe(0);
    await session.screenshot('viewer-analytic-set');
  });

  it('is told at /new that maps are made by makers, also when it names a dataset', async () => {
    const before = (await session.api<{ total: number }>(tokens.viewer, 'GET', '/v1/maps?limit=1')).total;
    page = await session.openPage(tokens.viewer);
    for (const address of ['/new', `/new?datasetUuid=${ids.dataset}`]) {
      await page.goto(address);
      await page.getByRole('heading', { name: 'Maps are made by makers' }).waitFor();
      expect(await page.getByRole('button', { name: /^(Save|Add data)$/ }).count()).toBe(0);
      expect(await page.locator('.map-builder').count()).toBe(0);
    }
    await session.screenshot('viewer-new-map');
    await page.getByRole('link', { name: 'See the maps' }).click();
    await page.waitForURL((url) => url.pathname === '/workspace/maps');
    expect((await session.api<{ total: number }>(tokens.viewer, 'GET', '/v1/maps?limit=1')).total).toBe(before);
  });
});
