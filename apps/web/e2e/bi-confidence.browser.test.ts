// Low-confidence figures in a real browser (issue 21 "Sample sizes"): an administrator sets the organization's
// threshold (minDevices, an analytic-set config) so that some chains of Visitation Trends' daypart chart rest on too few
// devices; the dashboard marks them (the card's note counts them, the tooltip gives a thin chain's devices and says
// "low confidence") and leaves every figure as the API answers it; switched to `hide`, exactly those figures are gone
// and the note says so. The organization's setting is restored at the end. Screenshots:
// test-results/screens/bi-confidence-*.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR } from './support/server.js';
import { useBrowserSession } from './support/session.js';

const session = useBrowserSession();

const SET = 'visitation-trends';
const CHART = 'visit-share-by-daypart';
const CONFIGS = '/v1/bi/analytic-set-configs';

interface Chart {
  id: string;
  query: { templateId: string; parameters: Record<string, string> };
}
interface View {
  charts?: Chart[];
  subviews?: View[];
}
interface Definition {
  queryParameters: { id: string; defaultValue?: unknown }[];
  template: { config: { insightState: { views: View[] } } };
}
/** The fields of a DaypartShareRow (@atlas/domain) this test reads. */
interface DaypartRow {
  place_taxonomy_id: string;
  share_name: string;
  shareOfNormalizedVisits: number | null;
  device_count: number;
}
interface Config {
  id: string;
  templateParameters: Record<string, unknown>;
}

let adminToken = '';
let analystToken = '';
let organizationId = '';
/** The organization's config of the set before the test: restored at the end (none: the test's is deleted). */
let original: Config | undefined;
let configId = '';

const chartsOf = (views: View[]): Chart[] => views.flatMap((view) => [...(view.charts ?? []), ...chartsOf(view.subviews ?? [])]);

/** The daypart chart's rows as the API answers them for the set's default values (what a new dashboard shows). */
async function apiRows(): Promise<DaypartRow[]> {
  const definition = await session.api<Definition>(analystToken, 'GET', `/v1/analytic-sets/${SET}`);
  const chart = chartsOf(definition.template.config.insightState.views).find((candidate) => candidate.id === CHART)!;
  const defaults = Object.fromEntries(definition.queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));
  const parameters = Object.fromEntries(Object.entries(chart.query.parameters).map(([name, reference]) => [name, defaults[reference.replace(/^\{\{\s*|\s*\}\}$/g, '')]]));
  return (await session.api<{ rows: DaypartRow[] }>(analystToken, 'POST', `/v1/query/${SET}/template/${chart.query.templateId}`, { parameters })).rows;
}

/** Sets the organization's sample-size settings of the set, as an administrator would. */
async function setSampleSize(minDevices: number, lowConfidence: 'mark' | 'hide'): Promise<void> {
  const templateParameters = { ...original?.templateParameters, minDevices, lowConfidence };
  if (configId) await session.api(adminToken, 'PUT', `${CONFIGS}/${configId}`, { templateParameters });
  else configId = (await session.api<Config>(adminToken, 'POST', CONFIGS, { templateGroupId: SET, organizationId, templateParameters })).id;
}

const card = (page: Page) => page.locator(`[data-chart-card="${CHART}"]`);

/** Opens a new Visitation Trends dashboard and waits until every chart shows. */
async function openDashboard(page: Page): Promise<void> {
  await page.goto(`/dashboard/new?templateId=${SET}`);
  await expect
    .poll(() => page.locator('[data-chart-card]').evaluateAll((cards) => cards.map((element) => element.getAttribute('data-state'))), { timeout: 60_000 })
    .toSatisfy((states: (string | null)[]) => states.length > 0 && states.every((state) => state === 'ready'));
}

/** The daypart chart's figures (the hidden table ChartView renders beside the canvas), by chain name and daypart. */
async function shownFigures(page: Page): Promise<(number | null)[]> {
  const values = await card(page).locator('table[data-figures] tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-value') ?? ''));
  return values.map((value) => (value === '' ? null : Number(value)));
}

/** Sorted for comparison as multisets: nulls first, then numbers. */
const sorted = (list: (number | null)[]) => [...list].sort((a, b) => (a === null ? -1 : b === null ? 1 : a - b));

interface Tip {
  text: string;
  /** Where the pointer was: the page coordinates that show this tooltip again. */
  x: number;
  y: number;
}

/** The tooltips shown while the pointer walks down the middle of the chart (one per chain: the axis trigger). */
async function tooltips(page: Page): Promise<Tip[]> {
  const canvas = card(page).locator('.chart-view__canvas');
  // The pointer reaches what is in view only.
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const tips = new Map<string, Tip>();
  for (let y = box.y + box.height * 0.04; y < box.y + box.height; y += box.height * 0.04) {
    const x = box.x + box.width * 0.6;
    await page.mouse.move(x, y);
    await page.waitForTimeout(150);
    const text = (await canvas.innerText()).trim();
    if (text && !tips.has(text)) tips.set(text, { text, x, y });
  }
  return [...tips.values()];
}

/** The whole page once ECharts' entry animations have run, or (`inView`) what the window shows, the pointer's tooltip too. */
async function screenshot(page: Page, name: string, { inView = false } = {}): Promise<void> {
  await page.waitForTimeout(800);
  if (inView) await page.screenshot({ path: join(SCREENS_DIR, `bi-confidence-${name}.png`) });
  else await session.screenshot(`bi-confidence-${name}`);
}

beforeAll(async () => {
  adminToken = (await session.signIn('admin@example.com')).token;
  const analyst = await session.signIn('analyst@example.com');
  analystToken = analyst.token;
  organizationId = analyst.user.organization.id;
  const existing = await session.request<Config>(adminToken, 'GET', `${CONFIGS}/${SET}/org/${organizationId}`);
  if (existing.status === 200) {
    original = existing.body;
    configId = original.id;
  }
});

afterAll(async () => {
  if (original) await session.api(adminToken, 'PUT', `${CONFIGS}/${original.id}`, { templateParameters: original.templateParameters });
  else if (configId) await session.api(adminToken, 'DELETE', `${CONFIGS}/${configId}`);
});

describe('low-confidence figures', () => {
  it('marks the figures under the organization’s threshold, and hides them when the organization chooses so', async () => {
    const rows = await apiRows();
    // A threshold between the chains' device counts: the chains below it are thin, the others not.
    const counts = [...new Set(rows.map((row) => row.device_count))].sort((a, b) => a - b);
    expect(counts.length, `distinct device counts of the chains: ${counts.join(', ')}`).toBeGreaterThan(1);
    const threshold = counts[Math.floor(counts.length / 2)]!;
    const thin = rows.filter((row) => row.device_count < threshold);
    expect(thin.length).toBeGreaterThan(0);
    expect(thin.length).toBeLessThan(rows.length);
    const figures = (what: string) => `${thin.length} ${thin.length === 1 ? `figure rests` : `figures rest`} on fewer than ${threshold} devices${what}`;

    await setSampleSize(threshold, 'mark');
    const page = await session.openPage(analystToken);
    await openDashboard(page);
    expect(await card(page).locator('[data-notice]').innerText()).toContain(figures(': drawn faded and hatched (low confidence).'));
    // Marked, not changed: every figure is the API's.
    expect(sorted(await shownFigures(page))).toEqual(sorted(rows.map((row) => row.shareOfNormalizedVisits)));
    await screenshot(page, 'marked');
    // A thin chain's tooltip gives its devices and says low confidence; another chain's gives its devices only.
    const tips = await tooltips(page);
    const seen = tips.map((tip) => tip.text).join('\n---\n');
    const thinNotes = [...new Set(thin.map((row) => row.device_count))].map((count) => `${count.toLocaleString('en-US')} ${count === 1 ? 'device' : 'devices'} · low confidence (under ${threshold})`);
    const thinTip = tips.find((tip) => thinNotes.some((note) => tip.text.includes(note)));
    expect(thinTip, seen).toBeDefined();
    expect(tips.some((tip) => /\d devices?$/.test(tip.text) && !tip.text.includes('low confidence')), seen).toBe(true);
    // A thin chain's tooltip beside the faded, hatched bars.
    await page.mouse.move(thinTip!.x, thinTip!.y);
    await screenshot(page, 'tooltip', { inView: true });

    await setSampleSize(threshold, 'hide');
    await openDashboard(page);
    expect(await card(page).locator('[data-notice]').innerText()).toContain(figures(` and ${thin.length === 1 ? 'is' : 'are'} hidden.`));
    // Exactly the thin figures are gone (null: no bar, "n/a"), the others stay as the API answers them.
    expect(sorted(await shownFigures(page))).toEqual(sorted(rows.map((row) => (row.device_count < threshold ? null : row.shareOfNormalizedVisits))));
    await page.mouse.move(0, 0);
    await screenshot(page, 'hidden');
  });
});
