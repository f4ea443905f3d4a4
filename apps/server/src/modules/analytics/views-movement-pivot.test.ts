// The Movement Pivot view against sums recomputed from the raw panel rows with loops and maps, layout by layout.
import { CATEGORIES, CHAINS, DMAS } from '@atlas/analytics';
import { AGE_ORDER, GENDERS, INCOME_ORDER } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { busiest, expectClose, seedTestVisits, testPanelRelations, type TestVisit } from './test-support/panel.js';
import { pivotRows } from './views/movement-pivot.js';

type Row = Record<string, unknown>;
type Dimension = 'age' | 'gender' | 'income' | 'geography' | 'period' | 'category' | 'chain';
type Period = { granularity: 'monthly' | 'quarterly'; start: string; end: string };
interface Query { age?: string[]; gender?: string[]; income?: string[]; geography: string[]; period: Period; rows: Dimension[]; columns: Dimension[]; taxonomies: string[] }

const name = (id: string) => (CHAINS.find((c) => c.id === id) ?? CATEGORIES.find((c) => c.id === id))!.name;
const geographyName = (id: string) => (id === 'US' ? 'United States' : DMAS.find((d) => d.id === id)!.name);
const periodOf = (granularity: Period['granularity'], v: TestVisit) => (granularity === 'monthly' ? v.month : v.quarter);
/** First day (UTC ms) of a month or quarter, and its calendar days: next first day minus this one. */
function periodDays(granularity: Period['granularity'], value: string) {
  const year = Number(value.slice(0, 4));
  const month = granularity === 'monthly' ? Number(value.slice(5, 7)) - 1 : (Number(value.slice(6)) - 1) * 3;
  const first = Date.UTC(year, month, 1);
  return { first, days: (Date.UTC(year, month + (granularity === 'monthly' ? 1 : 3), 1) - first) / 86_400_000 };
}

describe('Movement Pivot view', () => {
  const h = useHarness(testStores()[0]!);
  let visits: TestVisit[] = [];
  let dma = '';
  let chains: string[] = [];
  let category = '';
  let analyst: Record<string, string>;

  beforeAll(async () => {
    visits = (await seedTestVisits(h)).visits;
    dma = busiest(visits, (v) => v.dma)[0]!;
    chains = busiest(visits.filter((v) => v.dma === dma), (v) => v.chain).slice(0, 4);
    category = busiest(visits, (v) => v.category)[0]!;
    analyst = await h.auth('analyst@example.com');
  }, 120_000);

  const query = (template: string, q: Query) =>
    h.app.inject({
      method: 'POST',
      url: `/v1/query/movement-pivot/template/${template}`,
      headers: analyst,
      payload: {
        parameters: {
          age: q.age ?? [], gender: q.gender ?? [], income: q.income ?? [], geography: q.geography, period: q.period,
          pivotTable: { rows: q.rows, columns: q.columns }, taxonomies: q.taxonomies,
        },
      },
    });

  /** The pivot by loops: filter each visit, expand it into its cells, sum weight × standard ÷ own-period days and count. */
  function expected(q: Query): Row[] {
    const dims = [...q.rows, ...q.columns];
    const standard = q.period.granularity === 'monthly' ? 30 : 91;
    const cells = new Map<string, { values: string[]; normalized: number; raw: number; devices: Set<number> }>();
    for (const v of visits) {
      const period = periodOf(q.period.granularity, v);
      if (period < q.period.start || period > q.period.end) continue;
      if (!q.taxonomies.includes(v.chain) && !q.taxonomies.includes(v.category)) continue;
      if ((q.age?.length && !q.age.includes(v.age)) || (q.gender?.length && !q.gender.includes(v.gender)) || (q.income?.length && !q.income.includes(v.income))) continue;
      const holding = q.geography.filter((g) => g === v.country || g === v.dma);
      if (holding.length === 0) continue;
      // Geography as a dimension: once in every selected geography holding the visit; otherwise once.
      for (const g of dims.includes('geography') ? holding : [holding[0]!]) {
        const values = dims.map((d) => ({ age: v.age, gender: v.gender, income: v.income, geography: g, period, category: v.category, chain: v.chain })[d]);
        const key = values.join('|');
        const cell = cells.get(key) ?? { values, normalized: 0, raw: 0, devices: new Set<number>() };
        cell.normalized += v.weight * (standard / periodDays(q.period.granularity, period).days);
        cell.raw += 1;
        cell.devices.add(v.device);
        cells.set(key, cell);
      }
    }
    const order: Record<Dimension, (value: string) => number> = {
      age: (value) => AGE_ORDER.indexOf(value as never),
      gender: (value) => GENDERS.indexOf(value as never),
      income: (value) => INCOME_ORDER.indexOf(value as never),
      geography: (value) => q.geography.indexOf(value),
      period: (value) => periodDays(q.period.granularity, value).first,
      category: (value) => CATEGORIES.findIndex((c) => c.id === value),
      chain: (value) => CHAINS.findIndex((c) => c.id === value),
    };
    const sorted = [...cells.values()].sort((a, b) => {
      for (let k = 0; k < dims.length; k++) {
        const d = order[dims[k]!](a.values[k]!) - order[dims[k]!](b.values[k]!);
        if (d !== 0) return d;
      }
      return 0;
    });
    return sorted.map((cell) => {
      const row: Row = {};
      dims.forEach((d, k) => {
        const value = cell.values[k]!;
        if (d === 'age' || d === 'gender' || d === 'income') row[d] = value;
        if (d === 'geography') Object.assign(row, { geography_type: value === 'US' ? 'country' : 'dma', geography_id: value, geography_value: geographyName(value) });
        if (d === 'period') Object.assign(row, { period_type: q.period.granularity, period_value: value, period_epoch_ms: periodDays(q.period.granularity, value).first });
        if (d === 'chain') Object.assign(row, { place_taxonomy_type: 'chain', place_taxonomy_id: value, place_taxonomy_value: name(value) });
        if (d === 'category')
          Object.assign(row, dims.includes('chain')
            ? { secondary_place_taxonomy_id: value, secondary_place_taxonomy_value: name(value) }
            : { place_taxonomy_type: 'category', place_taxonomy_id: value, place_taxonomy_value: name(value) });
      });
      return { ...row, normalized_visits: cell.normalized, raw_visits: cell.raw, device_count: cell.devices.size };
    });
  }

  /** Runs the layout through both template ids and compares every row, field and figure with the loops. */
  async function check(q: Query) {
    const want = expected(q);
    expect(want.length, 'the layout has rows').toBeGreaterThan(1);
    for (const template of ['pivot', 'movement-pivot']) {
      const response = await query(template, q);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().rows as Row[];
      expect(rows).toHaveLength(want.length);
      rows.forEach((row, i) => {
        const { normalized_visits: normalized, ...fields } = want[i]!;
        expect(row, `${template} row ${i}`).toEqual({ ...fields, normalized_visits: row.normalized_visits });
        expectClose(row.normalized_visits, normalized as number, `${template} row ${i} normalized_visits`);
      });
    }
    // The devices' exact fallback reading (chains beyond the mask columns, periods across mask blocks) counts the same.
    const { relations } = await testPanelRelations(h);
    const values = {
      age: q.age ?? [], gender: q.gender ?? [], income: q.income ?? [], geography: q.geography, period: q.period, pivotTable: { rows: q.rows, columns: q.columns }, taxonomies: q.taxonomies,
    };
    const fallback = await pivotRows(h.engine, relations, values, 'chainVisitors');
    expect(fallback.map((row) => row.device_count)).toEqual(want.map((row) => row.device_count));
    return want;
  }

  it('period × geography with the US and a DMA both selected: a DMA visit counts in both', async () => {
    const q: Query = { geography: ['US', dma], period: { granularity: 'monthly', start: '2024-11', end: '2025-02' }, rows: ['period'], columns: ['geography'], taxonomies: chains };
    const rows = await check(q);
    expect(rows.map((row) => [row.period_value, row.geography_id])).toEqual(['2024-11', '2024-12', '2025-01', '2025-02'].flatMap((m) => [[m, 'US'], [m, dma]]));
    // The DMA's visits are inside the US figures as well, so the US figure is the larger.
    for (let k = 0; k < rows.length; k += 2) expect(rows[k]!.raw_visits as number).toBeGreaterThan(rows[k + 1]!.raw_visits as number);
  });

  it('age × income, filtered by ages, a gender and incomes, quarterly', async () => {
    const q: Query = {
      age: ['Over 65', '25-34', '45-54'], gender: ['Female'], income: ['Over 100k', 'Under 25k', '50k-100k'],
      geography: ['US'], period: { granularity: 'quarterly', start: '2024-Q1', end: '2025-Q2' }, rows: ['age'], columns: ['income'], taxonomies: [category, chains[0]!],
    };
    const rows = await check(q);
    // Reference orders, not the filters' orders; only the filtered values appear.
    expect([...new Set(rows.map((row) => row.age))]).toEqual(['25-34', '45-54', 'Over 65']);
    expect(new Set(rows.map((row) => row.income))).toEqual(new Set(['Under 25k', '50k-100k', 'Over 100k']));
    expect(rows.every((row) => !('gender' in row) && !('period_value' in row) && !('geography_id' in row))).toBe(true);
  });

  it('category and chain both as dimensions: the chain is the place taxonomy, the category the secondary one', async () => {
    const other = visits.find((v) => v.dma === dma && v.category !== category)!;
    const rows = await check({
      geography: [dma], period: { granularity: 'monthly', start: '2023-01', end: '2025-12' }, rows: ['category', 'chain'], columns: ['gender'], taxonomies: [other.chain, category],
    });
    expect(new Set(rows.map((row) => row.secondary_place_taxonomy_id))).toEqual(new Set([category, other.category]));
    expect(rows.filter((row) => row.secondary_place_taxonomy_id === other.category).every((row) => row.place_taxonomy_id === other.chain)).toBe(true);
    expect(rows.every((row) => row.place_taxonomy_type === 'chain')).toBe(true);
  });

  it('no period dimension with quarterly granularity: each visit normalized by its own quarter', async () => {
    const period: Period = { granularity: 'quarterly', start: '2024-Q1', end: '2024-Q4' };
    const rows = await check({ geography: ['US'], period, rows: ['chain'], columns: [], taxonomies: chains });
    // Not the same as normalizing the year's weight once: the quarters have 91, 91, 92 and 92 days.
    const first = visits.filter((v) => v.chain === rows[0]!.place_taxonomy_id && v.quarter >= '2024-Q1' && v.quarter <= '2024-Q4');
    const once = first.reduce((sum, v) => sum + v.weight, 0) * 91 / (366 / 4);
    expect(Math.abs((rows[0]!.normalized_visits as number) - once) / once).toBeGreaterThan(1e-6);
  });

  it('unions without double counting: a category with one of its chains, the US with a DMA inside it', async () => {
    const period: Period = { granularity: 'monthly', start: '2025-03', end: '2025-08' };
    const own = CHAINS.find((c) => c.categoryId === category)!.id;
    const byCategory = await check({ geography: ['US'], period, rows: ['gender'], columns: ['age'], taxonomies: [category] });
    const withChain = await check({ geography: ['US'], period, rows: ['gender'], columns: ['age'], taxonomies: [own, category] });
    expect(withChain.map((row) => row.raw_visits)).toEqual(byCategory.map((row) => row.raw_visits));
    const withDma = await check({ geography: [dma, 'US'], period, rows: ['gender'], columns: ['age'], taxonomies: [category] });
    expect(withDma.map((row) => row.raw_visits)).toEqual(byCategory.map((row) => row.raw_visits));
  });

  it('orders by the rows then the columns, geographies in the parameter’s order', async () => {
    const base = { period: { granularity: 'monthly', start: '2025-01', end: '2025-06' } as Period, taxonomies: [category, ...chains] };
    const geographyFirst = await check({ ...base, geography: [dma, 'US'], rows: ['geography'], columns: ['age'] });
    expect(geographyFirst[0]!.geography_id).toBe(dma);
    const ageFirst = await check({ ...base, geography: [dma, 'US'], rows: ['age'], columns: ['geography'] });
    expect(ageFirst.map((row) => [row.age, row.geography_id])).not.toEqual(geographyFirst.map((row) => [row.age, row.geography_id]));
  });

  describe('errors', () => {
    const period = { granularity: 'monthly', start: '2025-01', end: '2025-02' } as Period;

    it('answers 400 naming the parameter: an empty geography, an unknown dimension', async () => {
      const empty = await query('pivot', { geography: [], period, rows: ['age'], columns: [], taxonomies: chains });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'Geography may not be empty', details: 'geography: Geography may not be empty', appStatusCode: 'BAD_REQUEST' });
      const unknown = await query('pivot', { geography: ['US'], period, rows: ['age', 'weekday' as Dimension], columns: [], taxonomies: chains });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        message: 'Pivot table layout: unknown value "weekday"',
        details: 'pivotTable: Pivot table layout: unknown value "weekday"',
        appStatusCode: 'BAD_REQUEST',
      });
    });
  });
});
