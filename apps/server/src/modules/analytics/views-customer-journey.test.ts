// The Customer Journey view against neighbours found from the raw panel rows by grouping each device's visits by day,
// sorting them and scanning outwards from every primary visit.
import { CATEGORIES, CHAINS, DMAS } from '@atlas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { busiest, expectClose, seedTestVisits, type TestVisit } from './test-support/panel.js';
import { topByPercentage } from './views/customer-journey.js';

type Row = Record<string, unknown>;
type Level = 'chain' | 'category';
type Period = { granularity: 'monthly' | 'quarterly'; start: string; end: string };
/** UTC ms of the first day of a 'YYYY-MM' or 'YYYY-Qn' period. */
const firstDayMs = (period: string) => Date.UTC(Number(period.slice(0, 4)), period[5] === 'Q' ? (Number(period.slice(6)) - 1) * 3 : Number(period.slice(5, 7)) - 1, 1);

const name = (id: string) => (CHAINS.find((c) => c.id === id) ?? CATEGORIES.find((c) => c.id === id))!.name;
const geographyName = (id: string) => (id === 'US' ? 'United States' : DMAS.find((d) => d.id === id)!.name);
// Calendar days of a month or quarter by UTC dates: the first day of the next period minus the first day.
const days = (granularity: Period['granularity'], v: TestVisit) => {
  const year = Number(v.month.slice(0, 4));
  const first = granularity === 'monthly' ? Number(v.month.slice(5, 7)) - 1 : (Number(v.quarter.slice(6)) - 1) * 3;
  const span = granularity === 'monthly' ? 1 : 3;
  return (Date.UTC(year, first + span, 1) - Date.UTC(year, first, 1)) / 86_400_000;
};

describe('Customer Journey view', () => {
  const h = useHarness(testStores()[0]!);
  let visits: TestVisit[] = [];
  /** Each device's visits of each day, in (started_at, visit_id) order. */
  const byDeviceDay = new Map<string, TestVisit[]>();
  let dma = '';
  let topChain = '';
  let topCategory = '';
  let analyst: Record<string, string>;

  beforeAll(async () => {
    visits = (await seedTestVisits(h)).visits;
    for (const v of visits) {
      const key = `${v.device}|${v.day}`;
      if (!byDeviceDay.has(key)) byDeviceDay.set(key, []);
      byDeviceDay.get(key)!.push(v);
    }
    for (const list of byDeviceDay.values()) list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
    dma = busiest(visits, (v) => v.dma)[0]!;
    topChain = busiest(visits, (v) => v.chain)[0]!;
    topCategory = busiest(visits, (v) => v.category)[0]!;
    analyst = await h.auth('analyst@example.com');
  }, 120_000);

  const query = (template: string, parameters: Row) =>
    h.app.inject({ method: 'POST', url: `/v1/query/customer-journey/template/${template}`, headers: analyst, payload: { parameters } });

  const level = (v: TestVisit, of: Level) => (of === 'chain' ? v.chain : v.category);

  /** The definition by scanning: per relationship, X → weight and normalized visits, the total weight, and scan facts. */
  function expected(primary: string, by: Level, geography: string, period: Period) {
    const kind: Level = CATEGORIES.some((c) => c.id === primary) ? 'category' : 'chain';
    const standard = period.granularity === 'monthly' ? 30 : 91;
    const facts = { skippedOver: 0, neighbourOutside: 0 };
    const emptySide = () => ({ total: 0, xs: new Map<string, { weight: number; normalized: number }>(), devices: new Set<number>() });
    const result = { before: emptySide(), after: emptySide() };
    for (const v of visits) {
      const at = period.granularity === 'monthly' ? v.month : v.quarter;
      if (level(v, kind) !== primary || !(v.country === geography || v.dma === geography) || at < period.start || at > period.end) continue;
      const list = byDeviceDay.get(`${v.device}|${v.day}`)!;
      const i = list.indexOf(v);
      for (const [relationship, step] of [['before', -1], ['after', 1]] as const) {
        let neighbour: TestVisit | undefined;
        for (let j = i + step; j >= 0 && j < list.length; j += step) {
          const w = list[j]!;
          if (w.at === v.at) continue; // started at the same instant: neither earlier nor later
          if (level(w, kind) === primary) {
            facts.skippedOver++;
            continue;
          }
          neighbour = w;
          break;
        }
        if (!neighbour) continue;
        const at2 = period.granularity === 'monthly' ? neighbour.month : neighbour.quarter;
        if (!(neighbour.country === geography || neighbour.dma === geography) || at2 < period.start || at2 > period.end) facts.neighbourOutside++;
        const side = result[relationship];
        const x = level(neighbour, by);
        const entry = side.xs.get(x) ?? { weight: 0, normalized: 0 };
        entry.weight += v.weight;
        entry.normalized += v.weight * (standard / days(period.granularity, v));
        side.xs.set(x, entry);
        side.total += v.weight;
        // The percentages' base: the devices of the primary visits that have such a neighbour.
        side.devices.add(v.device);
      }
    }
    return { result, facts };
  }

  /** The expected rows: per relationship every X with its share, ranked by share (12 digits) then name, top 40. */
  function expectedRows(primary: string, by: Level, geography: string, period: Period) {
    const { result, facts } = expected(primary, by, geography, period);
    const rows = (['before', 'after'] as const).flatMap((relationship) => {
      const side = result[relationship];
      const all = [...side.xs.entries()].map(([x, entry]) => ({
        relationship, x, percentage: (entry.weight / side.total) * 100, normalized: entry.normalized, devices: side.devices.size,
        secondary_place_taxonomy_value: name(x),
      }));
      all.sort((a, b) => Number(b.percentage.toPrecision(12)) - Number(a.percentage.toPrecision(12)) || (a.secondary_place_taxonomy_value < b.secondary_place_taxonomy_value ? -1 : 1));
      return all.slice(0, 40);
    });
    return { rows, facts };
  }

  async function check(primary: string, by: Level, geography: string, period: Period, showTopVisitsBy?: Level) {
    const parameters = { primary, geography, analysisPeriod: period, ...(showTopVisitsBy ? { showTopVisitsBy } : {}) };
    const response = await query('top-before-and-after', parameters);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().rows as Row[];
    const { rows: wanted, facts } = expectedRows(primary, by, geography, period);
    expect(rows.map((row) => [row.relationship, row.secondary_place_taxonomy_id])).toEqual(wanted.map((row) => [row.relationship, row.x]));
    const kind = CATEGORIES.some((c) => c.id === primary) ? 'category' : 'chain';
    rows.forEach((row, i) => {
      const want = wanted[i]!;
      expect(row).toEqual({
        relationship: want.relationship,
        place_taxonomy_type: kind, place_taxonomy_id: primary, place_taxonomy_value: name(primary),
        secondary_place_taxonomy_id: want.x, secondary_place_taxonomy_value: name(want.x),
        poi_level_name: by,
        geography_type: geography === 'US' ? 'country' : 'dma', geography_id: geography, geography_value: geographyName(geography),
        period_type: period.granularity, period_value: period.start, period_epoch_ms: firstDayMs(period.start), end_period_value: period.end,
        percentage: row.percentage, normalized_visits: row.normalized_visits, device_count: want.devices,
      });
      expectClose(row.percentage, want.percentage, `${want.relationship} ${want.x} percentage`);
      expectClose(row.normalized_visits, want.normalized, `${want.relationship} ${want.x} normalized_visits`);
    });
    // Not trivial: both relationships have several neighbours, and (with at most 39 X here) the shares add up to 100.
    for (const relationship of ['before', 'after']) {
      const mine = rows.filter((row) => row.relationship === relationship);
      expect(mine.length, relationship).toBeGreaterThan(3);
      expectClose(mine.reduce((sum, row) => sum + (row.percentage as number), 0), 100, `${relationship} shares`);
    }
    // The view id answers the same rows (figures to the last bits only: the engine sums in parallel).
    const again = (await query('customer-journey', parameters)).json().rows as Row[];
    expect(again.map((row) => [row.relationship, row.secondary_place_taxonomy_id])).toEqual(wanted.map((row) => [row.relationship, row.x]));
    again.forEach((row, i) => expectClose(row.percentage, wanted[i]!.percentage, `view id ${i}`));
    return { rows, facts };
  }

  it('a chain primary in the US, monthly: X by chain (the primary’s kind) when showTopVisitsBy is absent', async () => {
    const { rows, facts } = await check(topChain, 'chain', 'US', { granularity: 'monthly', start: '2024-01', end: '2025-06' });
    expect(rows.every((row) => row.secondary_place_taxonomy_id !== topChain)).toBe(true);
    // Visits to the primary chain itself were skipped over on the way to a neighbour.
    expect(facts.skippedOver).toBeGreaterThan(0);
  });

  it('a category primary in a DMA, quarterly: X by category, neighbours anywhere that day', async () => {
    const { rows, facts } = await check(topCategory, 'category', dma, { granularity: 'quarterly', start: '2023-Q1', end: '2025-Q4' });
    expect(rows.every((row) => row.secondary_place_taxonomy_id !== topCategory)).toBe(true);
    expect(facts.skippedOver).toBeGreaterThan(0);
    // Neighbours outside the DMA count: the before or after visit may be anywhere.
    expect(facts.neighbourOutside).toBeGreaterThan(0);
  });

  it('showTopVisitsBy overrides the primary’s kind, both ways', async () => {
    // A chain primary ranked by category: a neighbour at another chain of the same category is that category.
    const byCategory = await check(topChain, 'category', dma, { granularity: 'monthly', start: '2023-01', end: '2025-12' }, 'category');
    const own = CHAINS.find((c) => c.id === topChain)!.categoryId;
    expect(byCategory.rows.some((row) => row.secondary_place_taxonomy_id === own)).toBe(true);
    // A category primary ranked by chain: no chain of the category is X.
    const byChain = await check(topCategory, 'chain', 'US', { granularity: 'quarterly', start: '2024-Q2', end: '2025-Q3' }, 'chain');
    const inCategory = new Set(CHAINS.filter((c) => c.categoryId === topCategory).map((c) => c.id));
    expect(byChain.rows.some((row) => inCategory.has(row.secondary_place_taxonomy_id as string))).toBe(false);
    // An explicit choice equal to the default answers the same as leaving it out.
    const explicit = await query('customer-journey', { primary: topChain, geography: 'US', analysisPeriod: { granularity: 'monthly', start: '2025-01', end: '2025-12' }, showTopVisitsBy: 'chain' });
    const absent = await query('customer-journey', { primary: topChain, geography: 'US', analysisPeriod: { granularity: 'monthly', start: '2025-01', end: '2025-12' } });
    const key = (rows: Row[]) => rows.map((row) => [row.relationship, row.secondary_place_taxonomy_id, row.poi_level_name]);
    expect(key(explicit.json().rows)).toEqual(key(absent.json().rows));
  });

  it('ranks by percentage descending, then name, and keeps the first 40 (ties at 12 significant digits)', () => {
    const rows = Array.from({ length: 45 }, (_, k) => ({ percentage: k % 9 === 0 ? 5 : 100 - k, secondary_place_taxonomy_value: `N${String(45 - k).padStart(2, '0')}` }));
    rows.push({ percentage: 5 + 5e-15, secondary_place_taxonomy_value: 'A00' }, { percentage: null as unknown as number, secondary_place_taxonomy_value: 'A01' });
    const top = topByPercentage(rows, 40);
    expect(top).toHaveLength(40);
    // By hand: the 40 distinct shares 99..56 (k = 1..44 without multiples of 9) come first, highest first.
    const distinct = rows.filter((row) => row.percentage !== null && row.percentage !== 5 && row.percentage !== 5 + 5e-15);
    expect(distinct).toHaveLength(40);
    expect(top.map((row) => row.percentage)).toEqual(distinct.map((row) => row.percentage).sort((a, b) => b - a));
    // The tied fives follow in name order (the one a few bits above 5 ties with them), and null comes last.
    const all = topByPercentage(rows, 100).slice(40).map((row) => row.secondary_place_taxonomy_value);
    expect(all).toEqual(['A00', 'N09', 'N18', 'N27', 'N36', 'N45', 'A01']);
  });

  describe('errors', () => {
    const analysisPeriod = { granularity: 'monthly', start: '2025-01', end: '2025-02' };

    it('answers 400 naming the parameter: two primaries, an unknown showTopVisitsBy', async () => {
      const two = await query('customer-journey', { primary: [CHAINS[0]!.id, CHAINS[1]!.id], geography: 'US', analysisPeriod });
      expect(two.statusCode).toBe(400);
      expect(two.json()).toEqual({
        message: 'Primary Chain or Category must be a string',
        details: 'primary: Primary Chain or Category must be a string',
        appStatusCode: 'BAD_REQUEST',
      });
      const level = await query('top-before-and-after', { primary: CHAINS[0]!.id, geography: 'US', analysisPeriod, showTopVisitsBy: 'dma' });
      expect(level.statusCode).toBe(400);
      expect(level.json().details).toBe('showTopVisitsBy: Show Top Visits % by: unknown value "dma"');
    });
  });
});
