// The Change in Visits and Visitation Trends views against figures recomputed from the raw panel rows with loops and maps.
import { CATEGORIES, CHAINS, DMAS } from '@atlas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { busiest, devicesOf, expectClose, seedTestVisits, type TestVisit } from './test-support/panel.js';
import { testStores } from '../../test-support/stores.js';

type Row = Record<string, unknown>;

const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const daysInQuarter = (quarter: string) => {
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].reduce((sum, k) => sum + daysInMonth(`${quarter.slice(0, 4)}-${String(first + k).padStart(2, '0')}`), 0);
};
const normFactor = (v: TestVisit, granularity: 'monthly' | 'quarterly') => (granularity === 'monthly' ? 30 / daysInMonth(v.month) : 91 / daysInQuarter(v.quarter));

describe('analytic-set views', () => {
  const h = useHarness(testStores()[0]!);
  let visits: TestVisit[] = [];
  let dma = '';
  let emptyDma = '';
  let dmaChains: string[] = [];
  let absentChain = '';
  let analyst: Record<string, string>;

  beforeAll(async () => {
    const panel = await seedTestVisits(h);
    visits = panel.visits;
    // The busiest DMA, its busiest chains, a DMA without places and a chain without places in the busiest DMA.
    dma = busiest(visits, (v) => v.dma)[0]!;
    dmaChains = busiest(visits.filter((v) => v.dma === dma), (v) => v.chain).slice(0, 6);
    // A DMA where the busiest chain has no visits at all: its rows there have a zero benchmark.
    const chainDmas = new Set(visits.filter((v) => v.chain === dmaChains[0]).map((v) => v.dma));
    emptyDma = DMAS.find((d) => !chainDmas.has(d.id))!.id;
    const chainsHere = new Set(panel.places.filter((p) => p.dma === dma).map((p) => p.chain));
    absentChain = CHAINS.find((c) => !chainsHere.has(c.id))!.id;
    analyst = await h.auth('analyst@example.com');
  }, 120_000);

  const query = (set: string, template: string, parameters: Row, headers: Record<string, string> = analyst, search = '') =>
    h.app.inject({ method: 'POST', url: `/v1/query/${set}/template/${template}${search}`, headers, payload: { parameters } });

  describe('Change in Visits', () => {
    it.each([
      ['monthly', '2025-06', '2024-06'],
      ['quarterly', '2025-Q2', '2024-Q1'],
    ] as const)('answers every geography × taxonomy pair (%s)', async (granularity, focus, benchmark) => {
      const chain = dmaChains[0]!;
      const category = CATEGORIES.find((c) => visits.some((v) => v.category === c.id && v.dma === dma))!.id;
      const geographies = ['US', dma, emptyDma];
      const taxonomies = [chain, category];
      const response = await query('change-in-visits', 'change-in-visits', { geographies, taxonomies, analysisPeriod: { granularity, focus, benchmark } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=300');
      const rows = response.json().rows as Row[];
      expect(rows).toHaveLength(6);
      let i = 0;
      for (const g of geographies)
        for (const t of taxonomies) {
          const row = rows[i++]!;
          let f = 0;
          let b = 0;
          const focusVisits: TestVisit[] = [];
          const benchmarkVisits: TestVisit[] = [];
          for (const v of visits) {
            if (!(v.country === g || v.dma === g) || !(v.chain === t || v.category === t)) continue;
            const period = granularity === 'monthly' ? v.month : v.quarter;
            if (period === focus) (f += v.weight * normFactor(v, granularity)), focusVisits.push(v);
            if (period === benchmark) (b += v.weight * normFactor(v, granularity)), benchmarkVisits.push(v);
          }
          expect(row).toMatchObject({
            geography_type: g === 'US' ? 'country' : 'dma', geography_id: g,
            place_taxonomy_type: t === category ? 'category' : 'chain', place_taxonomy_id: t,
            period_type: granularity, period_value: focus, benchmark_period_value: benchmark,
          });
          expect(row.geography_value).toBe(g === 'US' ? 'United States' : DMAS.find((d) => d.id === g)!.name);
          expect(row.place_taxonomy_value).toBe([...CATEGORIES, ...CHAINS].find((x) => x.id === t)!.name);
          expectClose(row.normalized_visits, f, `focus ${g} ${t}`);
          expectClose(row.benchmark_normalized_visits, b, `benchmark ${g} ${t}`);
          expectClose(row.percent_change, b === 0 ? null : ((f - b) / b) * 100, `percent ${g} ${t}`);
          expect(row.device_count, `focus devices ${g} ${t}`).toBe(devicesOf(focusVisits));
          expect(row.benchmark_device_count, `benchmark devices ${g} ${t}`).toBe(devicesOf(benchmarkVisits));
          if (g !== emptyDma) expect(f * b).toBeGreaterThan(0);
        }
      expect(rows.find((row) => row.geography_id === emptyDma && row.place_taxonomy_id === chain)!.percent_change).toBeNull();
    });
  });

  describe('Visitation Trends', () => {
    const window = { start: '2024-01', end: '2024-12' };
    // The hidden start and end periods differ from Period: daypart shares and dwell must follow Period.
    const elsewhere = { startPeriod: '2023-02', endPeriod: '2023-03' };
    const inScope = (v: TestVisit, chain: string, start: string, end: string) => v.dma === dma && v.chain === chain && v.month >= start && v.month <= end;
    const params = (start: string, end: string, chains = [...dmaChains, absentChain], hidden: Row = elsewhere) => ({
      dma, chains, period: { granularity: 'monthly', start, end }, ...hidden,
    });

    it('Visit Share by Daypart: weighted shares per chain over Period, Morning/Afternoon/Evening, summing to 100', async () => {
      const response = await query('visitation-trends', 'visit-share-by-daypart', params(window.start, window.end));
      expect(response.statusCode).toBe(200);
      const rows = response.json().rows as Row[];
      const chains = [...dmaChains, absentChain];
      expect(rows.map((row) => [row.place_taxonomy_id, row.share_name])).toEqual(chains.flatMap((c) => ['Morning', 'Afternoon', 'Evening'].map((s) => [c, s])));
      for (const chain of chains) {
        const parts = { Morning: 0, Afternoon: 0, Evening: 0 };
        let total = 0;
        for (const v of visits.filter((x) => inScope(x, chain, window.start, window.end))) {
          const part = v.hour >= 5 && v.hour <= 11 ? 'Morning' : v.hour >= 12 && v.hour <= 16 ? 'Afternoon' : 'Evening';
          parts[part] += v.weight;
          total += v.weight;
        }
        const mine = rows.filter((row) => row.place_taxonomy_id === chain);
        for (const row of mine) expectClose(row.shareOfNormalizedVisits, total === 0 ? null : (parts[row.share_name as keyof typeof parts] / total) * 100, `${chain} ${row.share_name}`);
        // The shares' base: the chain's visitors in the DMA over Period.
        for (const row of mine) expect(row.device_count, `${chain} devices`).toBe(devicesOf(visits.filter((x) => inScope(x, chain, window.start, window.end))));
        if (chain !== absentChain) expectClose(mine.reduce((sum, row) => sum + (row.shareOfNormalizedVisits as number), 0), 100, `${chain} sum`);
        expect(mine[0]!.place_taxonomy_value).toBe(CHAINS.find((c) => c.id === chain)!.name);
      }
    });

    it('Median Dwell Time: unweighted continuous median (odd and even counts) and mean over Period', async () => {
      const response = await query('visitation-trends', 'median-dwell-time', params('2023-01', '2025-12'));
      expect(response.statusCode).toBe(200);
      const rows = response.json().rows as Row[];
      const parities = new Set<number>();
      [...dmaChains, absentChain].forEach((chain, i) => {
        const dwell = visits.filter((v) => inScope(v, chain, '2023-01', '2025-12')).map((v) => v.dwell).sort((a, b) => a - b);
        const n = dwell.length;
        if (n > 0) parities.add(n % 2);
        const median = n === 0 ? null : n % 2 ? dwell[(n - 1) / 2]! : (dwell[n / 2 - 1]! + dwell[n / 2]!) / 2;
        expect(rows[i]!.place_taxonomy_id).toBe(chain);
        expectClose(rows[i]!.medianDwellTimeMinutes, median, `median ${chain}`);
        expectClose(rows[i]!.average_dwell_time_minutes, n === 0 ? null : dwell.reduce((a, b) => a + b, 0) / n, `mean ${chain}`);
        expect(rows[i]!.device_count, `devices ${chain}`).toBe(devicesOf(visits.filter((v) => inScope(v, chain, '2023-01', '2025-12'))));
      });
      expect([...parities].sort()).toEqual([0, 1]);
    });

    it('Indexed Foot Traffic: monthly normalized visits over the hidden start..end months, indexed to the first, null for an empty series', async () => {
      const response = await query('visitation-trends', 'indexed-foot-traffic', params('2025-01', '2025-06', undefined, { startPeriod: window.start, endPeriod: window.end }));
      expect(response.statusCode).toBe(200);
      const rows = response.json().rows as Row[];
      const months = Array.from({ length: 12 }, (_, k) => `2024-${String(k + 1).padStart(2, '0')}`);
      const chains = [...dmaChains, absentChain];
      expect(rows).toHaveLength(chains.length * 12);
      let i = 0;
      for (const chain of chains) {
        const series = months.map((month) => {
          const mine = visits.filter((v) => inScope(v, chain, month, month));
          return { month, raw: mine.length, devices: devicesOf(mine), value: mine.reduce((sum, v) => sum + v.weight * (30 / daysInMonth(month)), 0) };
        });
        for (const point of series) {
          const row = rows[i++]!;
          expect(row).toMatchObject({
            geography_type: 'dma', geography_id: dma, place_taxonomy_id: chain, period_type: 'monthly', period_value: point.month,
            period_epoch_ms: Date.UTC(Number(point.month.slice(0, 4)), Number(point.month.slice(5)) - 1, 1), raw_visits: point.raw,
            device_count: point.devices,
          });
          expectClose(row.normalized_visits, point.value, `${chain} ${point.month}`);
          expectClose(row.norm_visits_pct_chg_vs_first, series[0]!.value === 0 ? null : (point.value / series[0]!.value - 1) * 100, `index ${chain} ${point.month}`);
        }
      }
      expect(rows.filter((row) => row.place_taxonomy_id === absentChain).every((row) => row.norm_visits_pct_chg_vs_first === null)).toBe(true);
      // Without hidden periods the subview covers Period.
      const byPeriod = (await query('visitation-trends', 'indexed-foot-traffic', params('2025-01', '2025-03', [dmaChains[0]!], {}))).json().rows as Row[];
      expect(byPeriod.map((row) => row.period_value)).toEqual(['2025-01', '2025-02', '2025-03']);
    });

    it('Indexed Foot Traffic: daily 7-day rolling means of daily normalized visits when the hidden periods are days', async () => {
      const chain = dmaChains[0]!;
      const perDay = new Map<string, { weighted: number; raw: number; devices: Set<number> }>();
      for (const v of visits.filter((x) => x.dma === dma && x.chain === chain)) {
        const day = perDay.get(v.day) ?? { weighted: 0, raw: 0, devices: new Set<number>() };
        perDay.set(v.day, { weighted: day.weighted + v.weight, raw: day.raw + 1, devices: day.devices.add(v.device) });
      }
      // A range starting on a day with visits, so that its first value (the index base) is not 0.
      const start = [...perDay.keys()].filter((day) => day >= '2024-03-01').sort()[0]!;
      const end = new Date(Date.parse(`${start}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
      const response = await query('visitation-trends', 'indexed-foot-traffic', params('2025-01', '2025-12', [chain], { startPeriod: start, endPeriod: end }));
      expect(response.statusCode).toBe(200);
      const rows = response.json().rows as Row[];
      const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const days: string[] = [];
      for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= Date.parse(`${end}T00:00:00Z`); ms += 86_400_000) days.push(dayAt(ms));
      // The test panel spans whole years, so every mean here has its seven days.
      const week = (day: string) => [0, 1, 2, 3, 4, 5, 6].map((k) => perDay.get(dayAt(Date.parse(`${day}T00:00:00Z`) - k * 86_400_000)));
      const mean = (day: string) => week(day).reduce((sum, found) => sum + (found?.weighted ?? 0), 0) / 7;
      // The devices behind a 7-day mean: the distinct devices of those seven days.
      const weekDevices = (day: string) => new Set(week(day).flatMap((found) => [...(found?.devices ?? [])])).size;
      expect(rows.map((row) => row.period_value)).toEqual(days);
      rows.forEach((row, k) => {
        expect(row).toMatchObject({
          geography_id: dma, place_taxonomy_id: chain, period_type: 'daily', period_epoch_ms: Date.parse(`${days[k]}T00:00:00Z`),
          raw_visits: perDay.get(days[k]!)?.raw ?? 0, device_count: weekDevices(days[k]!),
        });
        expectClose(row.normalized_visits, mean(days[k]!), `${chain} ${days[k]}`);
        expectClose(row.norm_visits_pct_chg_vs_first, (mean(days[k]!) / mean(start) - 1) * 100, `index ${days[k]}`);
      });
    });

    it('refuses hidden periods of two granularities or in the wrong order', async () => {
      const mixed = await query('visitation-trends', 'indexed-foot-traffic', params('2025-01', '2025-12', undefined, { startPeriod: '2024-01', endPeriod: '2024-02-10' }));
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().message).toBe('endPeriod: not a monthly period');
      const reversed = await query('visitation-trends', 'indexed-foot-traffic', params('2025-01', '2025-12', undefined, { startPeriod: '2024-03-02', endPeriod: '2024-03-01' }));
      expect(reversed.json().message).toBe('startPeriod: the start comes after the end');
    });
  });

  describe('errors', () => {
    const civ = { geographies: ['US'], taxonomies: [CHAINS[0]!.id], analysisPeriod: { granularity: 'monthly', focus: '2025-06', benchmark: '2024-06' } };

    it('answers 404 for an unknown set or view', async () => {
      const view = await query('change-in-visits', 'nope', civ);
      expect(view.statusCode).toBe(404);
      expect(view.json()).toEqual({ message: 'Query template not found', details: 'No template nope in analytic set change-in-visits', appStatusCode: 'NOT_FOUND' });
      expect((await query('foot-fall', 'change-in-visits', civ)).statusCode).toBe(404);
    });

    it('answers 400 naming the first parameter problem, with all of them in details', async () => {
      const tooMany = CHAINS.slice(0, 8).map((c) => c.id);
      const chains = await query('visitation-trends', 'median-dwell-time', { dma, chains: tooMany, period: { granularity: 'monthly', start: '2025-01', end: '2025-02' } });
      expect(chains.statusCode).toBe(400);
      expect(chains.json()).toEqual({ message: 'Chains takes at most 7 values', details: 'chains: Chains takes at most 7 values', appStatusCode: 'BAD_REQUEST' });
      const two = await query('visitation-trends', 'median-dwell-time', { dma, chains: tooMany, period: { granularity: 'quarterly', start: '2025-Q1', end: '2025-Q2' } });
      expect(two.json()).toEqual({
        message: 'Period: granularity must be one of monthly',
        details: 'period: Period: granularity must be one of monthly; chains: Chains takes at most 7 values',
        appStatusCode: 'BAD_REQUEST',
      });
      const hidden = await query('visitation-trends', 'median-dwell-time', { dma, chains: tooMany.slice(0, 2), period: { granularity: 'monthly', start: '2025-01', end: '2025-02' }, startPeriod: '2025-13' });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().message).toBe('Start period: not a monthly or daily period');
    });

    it('refuses impersonation to non-administrators (403), callers without a token (401) and organizations without the panel (422)', async () => {
      const org = (await h.db.query<{ organization_id: string }>("SELECT organization_id FROM users WHERE email = 'admin@example.com'"))[0]!.organization_id;
      const impersonating = await query('change-in-visits', 'change-in-visits', civ, analyst, `?impersonateOrganizationId=${org}`);
      expect(impersonating.statusCode).toBe(403);
      expect(impersonating.json()).toEqual({ message: 'Administrator rights required', details: 'impersonateOrganizationId is for administrators only', appStatusCode: 'FORBIDDEN' });
      expect((await query('change-in-visits', 'change-in-visits', civ, {})).statusCode).toBe(401);

      await addUser(h.db, { email: 'outsider@views.test', organization: 'Elsewhere' });
      const outsider = await query('change-in-visits', 'change-in-visits', civ, await h.auth('outsider@views.test'));
      expect(outsider.statusCode).toBe(422);
      expect(outsider.json().message).toBe('The foot-traffic panel is not loaded for this organization');
    });
  });
});
