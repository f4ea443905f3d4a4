// Indexed Foot Traffic against figures recomputed from the raw panel rows with loops and maps.
import { CHAINS, DMAS } from '@atlas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { busiest, devicesOf, expectClose, seedTestVisits, type TestVisit } from './test-support/panel.js';
import { testStores } from '../../test-support/stores.js';

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const monthMs = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);

describe('Indexed Foot Traffic view', () => {
  const h = useHarness(testStores()[0]!);
  let visits: TestVisit[] = [];
  let first = '';
  let last = '';
  let dma = '';
  let emptyDma = '';
  let dmaChains: string[] = [];
  let absentChain = '';
  let analyst: Record<string, string>;

  beforeAll(async () => {
    const panel = await seedTestVisits(h);
    visits = panel.visits;
    const days = visits.map((v) => v.day).sort();
    first = days[0]!;
    last = days[days.length - 1]!;
    dma = busiest(visits, (v) => v.dma)[0]!;
    dmaChains = busiest(visits.filter((v) => v.dma === dma), (v) => v.chain).slice(0, 3);
    const chainDmas = new Set(visits.filter((v) => v.chain === dmaChains[0]).map((v) => v.dma));
    emptyDma = DMAS.find((d) => !chainDmas.has(d.id))!.id;
    const chainsHere = new Set(panel.places.filter((p) => p.dma === dma).map((p) => p.chain));
    absentChain = CHAINS.find((c) => !chainsHere.has(c.id))!.id;
    analyst = await h.auth('analyst@example.com');
  }, 120_000);

  // The query bar sends every required value of the set (all five are validated for each chart); a test overrides its own.
  const query = (template: string, parameters: Row) =>
    h.app.inject({
      method: 'POST',
      url: `/v1/query/indexed-foot-traffic/template/${template}`,
      headers: analyst,
      payload: { parameters: { chains: [CHAINS[0]!.id], geography: 'US', chain: CHAINS[0]!.id, geographies: ['US'], ...parameters } },
    });
  const inGeography = (v: TestVisit, g: string) => v.country === g || v.dma === g;

  /** Daily series by plain loops: per-day weighted sums, then the mean over D−6..D clipped to the data span. */
  function dailySeries(g: string, chain: string, start: string, end: string) {
    const perDay = new Map<string, { weighted: number; raw: number; visits: TestVisit[] }>();
    for (const v of visits) {
      if (!inGeography(v, g) || v.chain !== chain) continue;
      const day = perDay.get(v.day) ?? { weighted: 0, raw: 0, visits: [] };
      day.weighted += v.weight;
      day.raw += 1;
      day.visits.push(v);
      perDay.set(v.day, day);
    }
    const points: { period: string; epoch: number; value: number; raw: number; devices: number }[] = [];
    for (let ms = dayMs(start); ms <= dayMs(end); ms += DAY_MS) {
      const day = dayOf(ms);
      if (day < first || day > last) continue;
      let sum = 0;
      let n = 0;
      // The devices behind the mean: those of the days it averages.
      const week: TestVisit[] = [];
      for (let k = 0; k < 7; k++) {
        const back = dayOf(ms - k * DAY_MS);
        if (back < first) break;
        sum += perDay.get(back)?.weighted ?? 0;
        week.push(...(perDay.get(back)?.visits ?? []));
        n++;
      }
      points.push({ period: day, epoch: ms, value: sum / n, raw: perDay.get(day)?.raw ?? 0, devices: devicesOf(week) });
    }
    return points;
  }

  function monthlySeries(g: string, chain: string, start: string, end: string) {
    const points: { period: string; epoch: number; value: number; raw: number; devices: number }[] = [];
    for (let y = Number(start.slice(0, 4)), m = Number(start.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= end; m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
      const month = `${y}-${String(m).padStart(2, '0')}`;
      if (month < first.slice(0, 7) || month > last.slice(0, 7)) continue;
      const mine = visits.filter((v) => inGeography(v, g) && v.chain === chain && v.month === month);
      points.push({ period: month, epoch: monthMs(month), value: mine.reduce((sum, v) => sum + v.weight * (30 / daysInMonth(month)), 0), raw: mine.length, devices: devicesOf(mine) });
    }
    return points;
  }

  function expectSeries(rows: Row[], pairs: [string, string][], granularity: 'daily' | 'monthly', start: string, end: string) {
    let i = 0;
    for (const [g, chain] of pairs) {
      const series = (granularity === 'daily' ? dailySeries : monthlySeries)(g, chain, start, end);
      expect(series.length).toBeGreaterThan(0);
      const base = series[0]!.value;
      for (const point of series) {
        const row = rows[i++]!;
        expect(row, `${g} ${chain} ${point.period}`).toMatchObject({
          geography_type: g === 'US' ? 'country' : 'dma', geography_id: g,
          geography_value: g === 'US' ? 'United States' : DMAS.find((d) => d.id === g)!.name,
          place_taxonomy_id: chain, place_taxonomy_value: CHAINS.find((c) => c.id === chain)!.name,
          period_type: granularity, period_value: point.period, period_epoch_ms: point.epoch, raw_visits: point.raw, device_count: point.devices,
        });
        expectClose(row.normalized_visits, point.value, `${g} ${chain} ${point.period}`);
        expectClose(row.norm_visits_pct_chg_vs_first, base === 0 ? null : (point.value / base - 1) * 100, `index ${g} ${chain} ${point.period}`);
      }
    }
    expect(rows).toHaveLength(i);
  }

  it('chains within one geography, daily: trailing 7-day means reaching before the range start, per-day raw counts', async () => {
    const analysisPeriod = { granularity: 'daily', start: '2024-03-01', end: '2024-04-15' };
    const response = await query('chains-in-geography', { analysisPeriod, geography: 'US', chains: dmaChains });
    expect(response.statusCode).toBe(200);
    const rows = response.json().rows as Row[];
    expect(rows).toHaveLength(dmaChains.length * 46);
    expectSeries(rows, dmaChains.map((c) => ['US', c]), 'daily', '2024-03-01', '2024-04-15');
    // The trailing windows of the first days reach into February, and there are visits there to miss.
    expect(visits.some((v) => dmaChains.includes(v.chain) && v.day >= '2024-02-24' && v.day < '2024-03-01')).toBe(true);
    // A DMA, with a chain that has no places there: all zeros, and a null index for the whole series.
    const local = await query('chains-in-geography', { analysisPeriod, geography: dma, chains: [dmaChains[0]!, absentChain] });
    const localRows = local.json().rows as Row[];
    expectSeries(localRows, [[dma, dmaChains[0]!], [dma, absentChain]], 'daily', '2024-03-01', '2024-04-15');
    expect(localRows.filter((row) => row.place_taxonomy_id === absentChain).every((row) => row.normalized_visits === 0 && row.norm_visits_pct_chg_vs_first === null)).toBe(true);
  });

  it('daily at the start of the data: fewer than 7 days averaged, days outside the span left out', async () => {
    const response = await query('chains-in-geography', { analysisPeriod: { granularity: 'daily', start: '2023-01-01', end: '2023-01-20' }, geography: 'US', chains: dmaChains });
    expect(response.statusCode).toBe(200);
    const rows = response.json().rows as Row[];
    expectSeries(rows, dmaChains.map((c) => ['US', c]), 'daily', '2023-01-01', '2023-01-20');
    const end = await query('chains-in-geography', { analysisPeriod: { granularity: 'daily', start: '2025-12-20', end: '2025-12-31' }, geography: 'US', chains: dmaChains });
    expectSeries(end.json().rows as Row[], dmaChains.map((c) => ['US', c]), 'daily', '2025-12-20', '2025-12-31');
  });

  it('one chain across geographies, monthly: normalized for month length, US and DMAs, null index for an empty series', async () => {
    const chain = dmaChains[0]!;
    const geographies = ['US', dma, emptyDma];
    const response = await query('chain-across-geographies', { analysisPeriod: { granularity: 'monthly', start: '2024-11', end: '2025-03' }, chain, geographies });
    expect(response.statusCode).toBe(200);
    const rows = response.json().rows as Row[];
    expect(rows).toHaveLength(15);
    expectSeries(rows, geographies.map((g) => [g, chain]), 'monthly', '2024-11', '2025-03');
    expect(rows.filter((row) => row.geography_id === emptyDma).map((row) => row.norm_visits_pct_chg_vs_first)).toEqual([null, null, null, null, null]);
    expect((rows[0]!.normalized_visits as number) > (rows[5]!.normalized_visits as number)).toBe(true);
  });

  it('the view id answers both charts, each geography × chain once', async () => {
    const analysisPeriod = { granularity: 'monthly', start: '2025-01', end: '2025-02' };
    const response = await query('indexed-foot-traffic', { analysisPeriod, geography: dma, chains: dmaChains, chain: dmaChains[0], geographies: ['US', dma] });
    expect(response.statusCode).toBe(200);
    const pairs: [string, string][] = [...dmaChains.map((c): [string, string] => [dma, c]), ['US', dmaChains[0]!]];
    expectSeries(response.json().rows as Row[], pairs, 'monthly', '2025-01', '2025-02');
  });

  it('answers 400 for no chains: every series names a chain (the SQL binds each one as a parameter of its own)', async () => {
    const analysisPeriod = { granularity: 'daily', start: '2025-10-01', end: '2025-10-31' };
    const response = await query('chains-in-geography', { analysisPeriod, geography: dma, chains: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Chains is required', details: 'chains: Chains is required', appStatusCode: 'BAD_REQUEST' });
  });

  it('answers 400 naming the parameter for too many values, a bad granularity or a day past the month end', async () => {
    const analysisPeriod = { granularity: 'daily', start: '2025-10-01', end: '2025-10-31' };
    const tooMany = DMAS.slice(0, 8).map((d) => d.id);
    const geographies = await query('chain-across-geographies', { analysisPeriod, chain: dmaChains[0], geographies: tooMany });
    expect(geographies.statusCode).toBe(400);
    expect(geographies.json()).toEqual({ message: 'Geographies takes at most 7 values', details: 'geographies: Geographies takes at most 7 values', appStatusCode: 'BAD_REQUEST' });
    const chains = await query('chains-in-geography', { analysisPeriod, geography: dma, chains: CHAINS.slice(0, 8).map((c) => c.id) });
    expect(chains.json()).toEqual({ message: 'Chains takes at most 7 values', details: 'chains: Chains takes at most 7 values', appStatusCode: 'BAD_REQUEST' });
    const quarterly = await query('chains-in-geography', { analysisPeriod: { granularity: 'quarterly', start: '2025-Q1', end: '2025-Q2' }, geography: dma, chains: dmaChains });
    expect(quarterly.statusCode).toBe(400);
    expect(quarterly.json().message).toBe('Analysis Period: granularity must be one of daily, monthly');
    const pastEnd = await query('chains-in-geography', { analysisPeriod: { granularity: 'daily', start: '2025-02-01', end: '2025-02-30' }, geography: dma, chains: dmaChains });
    expect(pastEnd.statusCode).toBe(400);
    expect(pastEnd.json()).toEqual({ message: 'Analysis Period: end is not a daily period', details: 'analysisPeriod: Analysis Period: end is not a daily period', appStatusCode: 'BAD_REQUEST' });
    const unknown = await query('nope', { analysisPeriod });
    expect(unknown.statusCode).toBe(404);
  });
});
