// The BI area in a real browser against the real server and its demo panel (issue 8 "Browser tests"): each of the
// seven analytic sets opens, takes a filter change through the query bar, and shows exactly the figures the API
// answers for those parameters; the heatmap's column click redraws the focus bars; the pivot's export is absent by
// default and, once the organization's config allows it, downloads the API's rows as CSV; a saved dashboard reopens
// with its values; /workbook/new makes a workbook of a dataset. Screenshots of every set: test-results/screens/.
import { ANALYTIC_SET_IDS, type AnalyticSetId } from '@atlas/domain';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESULTS_DIR, SCREENS_DIR, fileNameFor, launchBrowser, startServer, type RunningServer } from './support/server.js';
import { acceptAgreements } from './support/session.js';


/** The filter each test changes through the query bar, and the option it picks (else the first one not selected). */
const FILTER_TO_CHANGE: Record<AnalyticSetId, { parameter: string; option?: string }> = {
  'audience-insight': { parameter: 'dma', option: 'Los Angeles' },
  'change-in-visits': { parameter: 'geographies', option: 'Los Angeles' },
  'cross-visitation': { parameter: 'chains' },
  'customer-journey': { parameter: 'primary' },
  'indexed-foot-traffic': { parameter: 'chain', option: 'Marigold Roasters' },
  'movement-pivot': { parameter: 'gender', option: 'Female' },
  'visitation-trends': { parameter: 'dma', option: 'Chicago' },
};

/** The answer field each chart draws (bi-and-admin.md §3 names), read here independently of the web code. */
const FIGURE_FIELDS: Record<string, string> = {
  'visit-share-by-age': 'norm_visit_share',
  'visit-share-by-gender': 'norm_visit_share',
  'fair-share-index-by-age': 'fair_share_index',
  'fair-share-index-by-gender': 'fair_share_index',
  'percent-change-by-geography': 'percent_change',
  'overlap-heatmap': 'overlap',
  'focus-chain-overlap': 'overlap',
  'top-before-and-after': 'percentage',
  'chains-in-geography': 'norm_visits_pct_chg_vs_first',
  'chain-across-geographies': 'norm_visits_pct_chg_vs_first',
  'indexed-foot-traffic': 'norm_visits_pct_chg_vs_first',
  'visit-share-by-daypart': 'shareOfNormalizedVisits',
  'median-dwell-time': 'medianDwellTimeMinutes',
  pivot: 'normalized_visits',
};

interface Parameter {
  id: string;
  type: string;
}
interface Chart {
  id: string;
  query: { templateId: string; parameters: Record<string, string> };
}
interface View {
  id: string;
  charts?: Chart[];
  subviews?: View[];
}
interface Definition {
  id: AnalyticSetId;
  title: string;
  queryParameters: Parameter[];
  datasets: { production: string[] };
  template: { config: { insightState: { views: View[] } } };
}
type Row = Record<string, unknown>;

let server: RunningServer;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
let analystToken = '';
let adminToken = '';
let organizationId = '';

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signIn(email: string): Promise<{ token: string; user: { organization: { id: string } } }> {
  const response = await fetch(`${server.baseUrl}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} answered ${response.status}`);
  const signedIn = (await response.json()) as { token: string; user: { organization: { id: string } } };
  // The studio and analytic data terms accepted, as session.signIn does (docs/legal.md).
  await acceptAgreements(server.baseUrl, signedIn.token);
  return signedIn;
}

/** A page of a new browser context signed in with the token (the web app reads it from localStorage). */
async function openPage(token: string): Promise<Page> {
  await context?.close();
  if (!browser) throw new Error('The browser did not start');
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(20_000);
  await context.addInitScript((value) => window.localStorage.setItem('atlas.token', value), token);
  page = await context.newPage();
  return page;
}

const definitionOf = (setId: AnalyticSetId) => api<Definition>(analystToken, 'GET', `/v1/analytic-sets/${setId}`);

/** The charts the first side-menu entry shows: a view's charts, or all of its subviews' charts. */
function chartsShown(definition: Definition): Chart[] {
  const first = definition.template.config.insightState.views[0]!;
  return [...(first.charts ?? []), ...(first.subviews ?? []).flatMap((subview) => subview.charts ?? [])];
}

/** The query-bar values in the page's URL: strings as written, other values as JSON. */
function urlValues(definition: Definition, url: string): Record<string, unknown> {
  const search = new URL(url).searchParams;
  const values: Record<string, unknown> = {};
  for (const parameter of definition.queryParameters) {
    const text = search.get(parameter.id);
    if (text !== null) values[parameter.id] = parameter.type === 'STRING' ? text : JSON.parse(text);
  }
  return values;
}

/** What the API answers a chart for the values: its own parameters, named as its query names them. */
async function apiRows(definition: Definition, chart: Chart, values: Record<string, unknown>): Promise<Row[]> {
  const parameters: Record<string, unknown> = {};
  for (const [name, reference] of Object.entries(chart.query.parameters)) {
    const value = values[reference.replace(/^\{\{\s*|\s*\}\}$/g, '')];
    if (value !== undefined) parameters[name] = value;
  }
  const answer = await api<{ rows: Row[] }>(analystToken, 'POST', `/v1/query/${definition.id}/template/${chart.query.templateId}`, { parameters });
  return answer.rows;
}

/** A screenshot once ECharts' entry animations have run, with the pointer off the charts (no tooltip). */
async function screenshot(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(1_200);
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

const card = (chartId: string) => page.locator(`[data-chart-card="${chartId}"]`);

/** Waits until every chart card of the page shows its chart (not loading, updating, failing or empty). */
async function waitForCharts(): Promise<void> {
  await expect
    .poll(() => page.locator('[data-chart-card]').evaluateAll((cards) => cards.map((element) => element.getAttribute('data-state'))), { timeout: 60_000 })
    .toSatisfy((states: (string | null)[]) => states.length > 0 && states.every((state) => state === 'ready'));
}

/** The numbers a chart shows, from the hidden figures table ChartView renders beside the canvas. */
async function shownFigures(chartId: string): Promise<(number | null)[]> {
  return card(chartId)
    .locator('table[data-figures] tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const value = row.getAttribute('data-value') ?? row.querySelector('[data-value]')?.getAttribute('data-value') ?? '';
        return value === '' ? null : Number(value);
      }),
    );
}

/** Sorted for comparison as multisets: nulls first, then numbers. */
const sorted = (list: (number | null)[]) => [...list].sort((a, b) => (a === null ? -1 : b === null ? 1 : a - b));

function expectedFigures(chartId: string, rows: Row[]): (number | null)[] {
  const field = FIGURE_FIELDS[chartId];
  if (!field) throw new Error(`No figure field known for chart ${chartId}`);
  return rows.map((row) => (row[field] === null || row[field] === undefined ? null : Number(row[field])));
}

/** A pivot shows a cell for every row × column, empty where the API has no row for the combination. */
const PIVOTS = new Set(['pivot']);

/** Polls until the chart shows the API's figures for the page's current values (the page re-queries after a change). */
async function expectChartMatchesApi(definition: Definition, chart: Chart): Promise<Row[]> {
  let rows: Row[] = [];
  await expect
    .poll(
      async () => {
        rows = await apiRows(definition, chart, { ...defaults(definition), ...urlValues(definition, page.url()) });
        const expected = sorted(expectedFigures(chart.id, rows));
        const figures = await shownFigures(chart.id);
        const shown = sorted(PIVOTS.has(chart.id) ? figures.filter((value) => value !== null) : figures);
        return shown.length === expected.length && shown.every((value, k) => sameNumber(value, expected[k]!));
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return rows;
}

function sameNumber(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

/** The set's default values, for parameters the URL does not carry. */
function defaults(definition: Definition): Record<string, unknown> {
  return Object.fromEntries(
    (definition.queryParameters as (Parameter & { defaultValue?: unknown })[]).filter((p) => p.defaultValue !== undefined).map((p) => [p.id, p.defaultValue]),
  );
}

/** Changes a filter through its widget: picks the named option, or the first option not selected yet. */
async function changeFilter({ parameter, option }: { parameter: string; option?: string }): Promise<void> {
  const field = page.locator(`[data-parameter="${parameter}"]`);
  const before = new URL(page.url()).searchParams.get(parameter);
  await field.locator('button[aria-haspopup="true"]').first().click();
  const single = option ? field.getByRole('button', { name: option, exact: true }) : field.locator('button[data-option][aria-pressed="false"]').first();
  const multi = option ? field.getByRole('checkbox', { name: option, exact: true }) : field.locator('input[data-option]:not(:checked):not(:disabled)').first();
  await single.or(multi).first().waitFor();
  // A click, not check(): the box is controlled by the URL's values, which follow the click a moment later.
  await (await single.count() ? single : multi).click();
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.searchParams.has(parameter) && url.searchParams.get(parameter) !== before);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const analyst = await signIn('analyst@example.com');
  analystToken = analyst.token;
  organizationId = analyst.user.organization.id;
  adminToken = (await signIn('admin@example.com')).token;
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

beforeEach(async () => {
  await openPage(analystToken);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
    await page.screenshot({ path: join(RESULTS_DIR, `${fileNameFor(ctx.task.name)}.png`), fullPage: true }).catch(() => undefined);
  }
});

describe('analytic-set dashboards', () => {
  it.each(ANALYTIC_SET_IDS)('%s: a filter change shows the API figures for the new parameters', async (setId) => {
    const definition = await definitionOf(setId);
    await page.goto(`/dashboard/new?templateId=${setId}`);
    await page.getByTestId('dashboard-title').filter({ hasText: definition.title }).waitFor();
    await waitForCharts();

    // Only the charts whose own parameters include the changed filter query again.
    const requeried = new Set<string>();
    const onRequest = (request: { method(): string; url(): string }) => {
      const match = new RegExp(`/v1/query/${setId}/template/([^/?]+)`).exec(request.url());
      if (request.method() === 'POST' && match) requeried.add(match[1]!);
    };
    const dependent = chartsShown(definition)
      .filter((chart) => Object.values(chart.query.parameters).includes(`{{${FILTER_TO_CHANGE[setId].parameter}}}`))
      .map((chart) => chart.query.templateId)
      .sort();
    page.on('request', onRequest);
    await changeFilter(FILTER_TO_CHANGE[setId]);
    // Every card renders the new values in one commit: once the dependent charts asked, any other would have too.
    await expect.poll(() => dependent.every((templateId) => requeried.has(templateId))).toBe(true);
    await waitForCharts();
    page.off('request', onRequest);
    expect([...requeried].sort()).toEqual(dependent);

    for (const chart of chartsShown(definition)) {
      const rows = await expectChartMatchesApi(definition, chart);
      expect(rows.length, `${chart.id} answers rows`).toBeGreaterThan(0);
    }
    await screenshot(setId);
  });

  it('Cross-Visitation: clicking a heatmap column sets the focus chain and redraws the focus bars', async () => {
    const definition = await definitionOf('cross-visitation');
    const [heatmap, bars] = chartsShown(definition);
    await page.goto('/dashboard/new?templateId=cross-visitation');
    await waitForCharts();
    const focusBefore = new URL(page.url()).searchParams.get('focusChain') ?? (defaults(definition).focusChain as string);
    const titleBefore = await card(bars!.id).innerText();
    const figuresBefore = await shownFigures(bars!.id);

    // Click along the middle of the heatmap from the right until a column other than the focus chain is hit.
    const canvas = card(heatmap!.id).locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    let focusAfter: string | null = null;
    for (let x = box.width * 0.85; x > box.width * 0.15 && !focusAfter; x -= box.width * 0.05) {
      // ECharts stacks a hover canvas over the drawing: click the point on the page, as a person does.
      await page.mouse.click(box.x + x, box.y + box.height * 0.45);
      const focus = new URL(page.url()).searchParams.get('focusChain');
      if (focus && focus !== focusBefore) focusAfter = focus;
    }
    expect(focusAfter, 'a heatmap column click sets focusChain').toBeTruthy();
    await waitForCharts();
    await expectChartMatchesApi(definition, bars!);
    await expect.poll(() => card(bars!.id).innerText()).not.toBe(titleBefore);
    expect(await shownFigures(bars!.id)).not.toEqual(figuresBefore);
    await screenshot('cross-visitation-focus');
  });

  it('Indexed Foot Traffic: each filter group names its chart, and a chart downloads as PNG and CSV', async () => {
    await page.goto('/dashboard/new?templateId=indexed-foot-traffic');
    await waitForCharts();
    const titles = await page.locator('.query-bar__group-title').allInnerTexts();
    expect(titles).toEqual(['For every chart', 'For Chains within one geography', 'For One chain across geographies']);
    const chart = card('chains-in-geography');
    const [png] = await Promise.all([page.waitForEvent('download'), chart.locator('[data-export="png"]').click()]);
    const bytes = await readFile((await png.path())!);
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const [csv] = await Promise.all([page.waitForEvent('download'), chart.locator('[data-export="csv"]').click()]);
    expect((await readFile((await csv.path())!, 'utf8')).split('\r\n')[0]).toContain('geography_type,geography_value,geography_id,place_taxonomy_type');
  });

  it('Visitation Trends: the indexed subview switches to daily 7-day rolling values, the other subviews keep Period', async () => {
    const definition = await definitionOf('visitation-trends');
    const indexed = chartsShown(definition).find((chart) => chart.id === 'indexed-foot-traffic')!;
    await page.goto('/dashboard/new?templateId=visitation-trends');
    await waitForCharts();
    await card('indexed-foot-traffic').locator('[data-granularity="daily"]').click();
    await page.waitForURL((url) => /^\d{4}-\d{2}-\d{2}$/.test(url.searchParams.get('startPeriod') ?? ''));
    await waitForCharts();
    await expectChartMatchesApi(definition, indexed);
    expect(await card('indexed-foot-traffic').innerText()).toContain('7-day rolling average');
    await screenshot('visitation-trends-daily');
  });

  it('Change in Visits: the same focus and benchmark month is explained', async () => {
    const period = JSON.stringify({ granularity: 'monthly', focus: '2025-12', benchmark: '2025-12' });
    await page.goto(`/dashboard/new?templateId=change-in-visits&analysisPeriod=${encodeURIComponent(period)}`);
    await waitForCharts();
    expect(await card('percent-change-by-geography').locator('[data-notice]').innerText()).toContain('Focus and benchmark are the same month (2025-12)');
    await screenshot('change-in-visits-same-month');
  });

  it('Movement Pivot: no export by default; with canExport the CSV holds the API rows', async () => {
    const definition = await definitionOf('movement-pivot');
    const [pivot] = chartsShown(definition);
    await page.goto('/dashboard/new?templateId=movement-pivot');
    await waitForCharts();
    expect(await card(pivot!.id).getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

    const config = await api<{ id: string }>(adminToken, 'POST', '/v1/bi/analytic-set-configs', {
      templateGroupId: 'movement-pivot',
      organizationId,
      templateParameters: { canExport: true },
    });
    try {
      await page.reload();
      await waitForCharts();
      const [download] = await Promise.all([page.waitForEvent('download'), card(pivot!.id).getByRole('button', { name: 'Export CSV' }).click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      const rows = await apiRows(definition, pivot!, defaults(definition));
      const lines = csv.trimEnd().split('\r\n').map((line) => line.split(','));
      const [header, ...body] = lines;
      expect(header![0]).toBe('Geography');
      // Every cell is the API's normalized visits of that geography (row) and period (column), and every API row is a cell.
      let cells = 0;
      for (const line of body) {
        for (let column = 1; column < header!.length; column++) {
          const row = rows.find((candidate) => candidate.geography_value === line[0] && candidate.period_value === header![column]);
          expect(line[column], `${line[0]} ${header![column]}`).toBe(row ? String(row.normalized_visits) : '');
          if (row) cells++;
        }
      }
      expect(cells).toBe(rows.length);
      await screenshot('movement-pivot-export');
    } finally {
      await api(adminToken, 'DELETE', `/v1/bi/analytic-set-configs/${config.id}`);
    }
  });

  it('saves a dashboard, reopens it with the same values, shares it and sends its parameters', async () => {
    await page.goto('/dashboard/new?templateId=audience-insight');
    await waitForCharts();
    await changeFilter({ parameter: 'dma', option: 'Chicago' });
    const dma = new URL(page.url()).searchParams.get('dma');
    // The field shows the new value a render after the address changed.
    await expect.poll(() => page.locator('[data-parameter="dma"]').innerText()).toContain('Chicago');
    const dmaLabel = await page.locator('[data-parameter="dma"]').innerText();
    await waitForCharts();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E audience');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => /^\/dashboard\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const record = await api<{ name: string; latestState: { data: { templateId: string; values: Record<string, unknown> } } }>(analystToken, 'GET', `/v1/insights/${id}`);
    expect(record.name).toBe('E2E audience');
    expect(record.latestState.data.templateId).toBe('audience-insight');
    expect(record.latestState.data.values.dma).toBe(dma);

    await page.goto(`/dashboard/${id}`);
    await page.getByTestId('dashboard-title').filter({ hasText: 'E2E audience' }).waitFor();
    await waitForCharts();
    expect(await page.locator('[data-parameter="dma"]').innerText()).toBe(dmaLabel);

    // Share with the demo viewer by e-mail through the permission dialog, then take it back.
    const permissions = () => api<{ users: { email: string; permission: { role: string } }[] }>(analystToken, 'GET', `/v1/permissions/insight/${id}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const share = page.getByRole('dialog');
    await share.getByLabel('E-mail', { exact: true }).fill('viewer@example.com');
    await share.getByLabel('Role', { exact: true }).selectOption('viewer');
    await share.getByRole('button', { name: 'Add', exact: true }).click();
    await share.getByText('viewer@example.com').waitFor();
    expect((await permissions()).users.map((user) => [user.email, user.permission.role])).toEqual([['viewer@example.com', 'viewer']]);
    await share.locator('[data-grant]').getByRole('button', { name: /^Remove access/ }).click();
    await expect.poll(async () => (await permissions()).users.length).toBe(0);
    await share.getByRole('button', { name: 'Done' }).click();

    // Send the parameters to two addresses with a description.
    await page.getByRole('button', { name: 'Send parameters' }).click();
    const send = page.getByRole('dialog');
    await send.getByLabel('E-mails').fill('ana@example.org, Ben@Example.org');
    await send.getByLabel('Description').fill('Chicago audience');
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await send.getByText('ana@example.org, ben@example.org').waitFor();
    const sharedId = await send.locator('code').innerText();
    const shared = await api<{ templateGroupId: string; values: Record<string, unknown>; description: string }>(analystToken, 'GET', `/v1/bi/shared-parameters/${sharedId}`);
    expect([shared.templateGroupId, shared.values.dma, shared.description]).toEqual(['audience-insight', dma, 'Chicago audience']);
    await send.getByRole('button', { name: 'Done' }).click();

    await page.goto('/workspace/dashboards');
    await page.getByRole('link', { name: 'E2E audience' }).waitFor();
    await screenshot('dashboards');
    await page.getByRole('link', { name: 'E2E audience' }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/${id}`);
  });

  it('offers a viewer of a shared dashboard, and a viewer seat, none of Save, Share, Publish or Send parameters', async () => {
    const insight = await api<{ id: string }>(analystToken, 'POST', '/v1/insights', { name: 'E2E shared read-only' });
    await api(analystToken, 'POST', '/v1/insight-states', { insightId: insight.id, data: { templateId: 'audience-insight', values: {} } });
    await api(analystToken, 'POST', '/v1/permissions', { resourceType: 'insight', resourceId: insight.id, granteeType: 'email', granteeId: 'viewer@example.com', role: 'viewer' });
    // The page changes with the user below: the locator is made for the current one.
    const actions = () => page.locator('.bi-header').getByRole('button', { name: /^(Save|Share|Publish…|Send parameters)$/ });

    // The owner, a maker, is offered all four.
    await page.goto(`/dashboard/${insight.id}`);
    await page.getByTestId('dashboard-title').filter({ hasText: 'E2E shared read-only' }).waitFor();
    await expect.poll(() => actions().count()).toBe(4);

    await openPage((await signIn('viewer@example.com')).token);
    await page.goto(`/dashboard/${insight.id}`);
    await page.getByTestId('dashboard-title').filter({ hasText: 'E2E shared read-only' }).waitFor();
    await waitForCharts();
    expect(await actions().count()).toBe(0);
    await page.goto('/dashboard/new?templateId=audience-insight');
    await waitForCharts();
    expect(await actions().count()).toBe(0);
  });

  it('/workbook/new makes a workbook of the dataset on "Create workbook" and shows it', async () => {
    const datasetId = (await definitionOf('audience-insight')).datasets.production[0]!;
    await page.goto(`/workbook/new?datasetId=${datasetId}`);
    await page.getByRole('button', { name: 'Create workbook' }).click();
    await page.waitForURL((url) => /^\/workbook\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const record = await api<{ name: string; datasets: { id: string; name: string }[] }>(analystToken, 'GET', `/v1/workbooks/${id}`);
    expect(record.datasets.map((dataset) => dataset.id)).toEqual([datasetId]);
    await expect.poll(() => page.getByTestId('workbook-name').innerText()).toBe(record.name);
    expect(await page.getByTestId('workbook-datasets').innerText()).toContain(record.datasets[0]!.name);
  });
});
