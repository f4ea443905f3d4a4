// The Cross-Visitation views against overlaps recomputed from the raw panel rows with sets of devices.
import { CHAINS } from '@atlas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { busiest, expectClose, seedTestVisits, testPanelRelations, type TestVisit } from './test-support/panel.js';
import { overlapRows } from './views/cross-visitation.js';
import { testStores } from '../../test-support/stores.js';

type Row = Record<string, unknown>;
type Period = { granularity: 'monthly' | 'quarterly'; start: string; end: string };

const chainName = (id: string) => CHAINS.find((c) => c.id === id)!.name;

describe('Cross-Visitation views', () => {
  const h = useHarness(testStores()[0]!);
  let visits: TestVisit[] = [];
  const weights = new Map<number, number>();
  let dma = '';
  let chains: string[] = [];
  let absentChain = '';
  let analyst: Record<string, string>;

  beforeAll(async () => {
    const panel = await seedTestVisits(h);
    visits = panel.visits;
    for (const v of visits) weights.set(v.device, v.weight);
    // The busiest DMA, its six busiest chains, and a chain without places there (its row of the heatmap is null).
    dma = busiest(visits, (v) => v.dma)[0]!;
    chains = busiest(visits.filter((v) => v.dma === dma), (v) => v.chain).slice(0, 6);
    const here = new Set(panel.places.filter((p) => p.dma === dma).map((p) => p.chain));
    absentChain = CHAINS.find((c) => !here.has(c.id))!.id;
    analyst = await h.auth('analyst@example.com');
  }, 120_000);

  const query = (template: string, parameters: Row) =>
    h.app.inject({ method: 'POST', url: `/v1/query/cross-visitation/template/${template}`, headers: analyst, payload: { parameters } });

  /** Each chain's distinct visitors in the geography and window. */
  function visitorsOf(geography: string, period: Period) {
    const visitors = new Map<string, Set<number>>();
    for (const v of visits) {
      const at = period.granularity === 'monthly' ? v.month : v.quarter;
      if (!(v.country === geography || v.dma === geography) || at < period.start || at > period.end) continue;
      if (!visitors.has(v.chain)) visitors.set(v.chain, new Set());
      visitors.get(v.chain)!.add(v.device);
    }
    return visitors;
  }

  /** The devices behind overlap(a, ·): |visitors(a)|. */
  const baseDevices = (geography: string, period: Period) => {
    const visitors = visitorsOf(geography, period);
    return (a: string) => visitors.get(a)?.size ?? 0;
  };

  /** overlap(a, b) from the definition: weights of distinct devices visiting both ÷ weights of a's visitors × 100. */
  function expected(geography: string, period: Period) {
    const visitors = visitorsOf(geography, period);
    return (a: string, b: string): number | null => {
      const base = visitors.get(a) ?? new Set<number>();
      const other = visitors.get(b) ?? new Set<number>();
      let total = 0;
      let both = 0;
      for (const device of base) {
        total += weights.get(device)!;
        if (other.has(device)) both += weights.get(device)!;
      }
      return total === 0 ? null : (both / total) * 100;
    };
  }

  it.each([
    ['a DMA, monthly', (): string => dma, { granularity: 'monthly', start: '2024-03', end: '2024-05' }],
    ['the US, quarterly', (): string => 'US', { granularity: 'quarterly', start: '2025-Q1', end: '2025-Q2' }],
  ] as const)('the heatmap answers every base × overlap chain in order, diagonal 100 (%s)', async (_, geography, period) => {
    const selected = [...chains, absentChain];
    const response = await query('overlap-heatmap', { chains: selected, geography: geography(), analysisPeriod: period });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const rows = response.json().rows as Row[];
    expect(rows.map((row) => [row.place_taxonomy_id, row.secondary_place_taxonomy_id])).toEqual(selected.flatMap((a) => selected.map((b) => [a, b])));
    const overlap = expected(geography(), period);
    const devices = baseDevices(geography(), period);
    let partial = 0;
    for (const row of rows) {
      const a = row.place_taxonomy_id as string;
      const b = row.secondary_place_taxonomy_id as string;
      expect(Object.keys(row).sort()).toEqual(['overlap', 'place_taxonomy_id', 'place_taxonomy_value', 'secondary_place_taxonomy_id', 'secondary_place_taxonomy_value', 'geography_type', 'geography_value', 'geography_id', 'place_taxonomy_type', 'period_type', 'period_value', 'period_epoch_ms', 'end_period_value', 'device_count'].sort());
      expect(row).toMatchObject({ geography_id: geography(), place_taxonomy_type: 'chain', period_type: period.granularity, period_value: period.start, end_period_value: period.end });
      expect(row.place_taxonomy_value).toBe(chainName(a));
      expect(row.secondary_place_taxonomy_value).toBe(chainName(b));
      const value = overlap(a, b);
      expectClose(row.overlap, value, `${a} × ${b}`);
      if (a === b && value !== null) expect(row.overlap, `diagonal ${a}`).toBe(100);
      expect(row.device_count, `devices ${a}`).toBe(devices(a));
      if (value !== null && value > 0 && value < 100) partial++;
    }
    // The figures are not trivial: real partial overlaps, and the absent chain's row is null.
    expect(partial).toBeGreaterThan(3);
    if (geography() === dma) expect(rows.filter((row) => row.place_taxonomy_id === absentChain).every((row) => row.overlap === null)).toBe(true);
    // The same set's view id answers the heatmap too.
    const viaView = await query('cross-visitation', { chains: selected, geography: geography(), analysisPeriod: period });
    const again = viaView.json().rows as Row[];
    expect(again.map((row) => [row.place_taxonomy_id, row.secondary_place_taxonomy_id])).toEqual(rows.map((row) => [row.place_taxonomy_id, row.secondary_place_taxonomy_id]));
    again.forEach((row, i) => expectClose(row.overlap, overlap(rows[i]!.place_taxonomy_id as string, rows[i]!.secondary_place_taxonomy_id as string), `view id ${i}`));
  });

  it('the focus bars answer overlap(A, focus) for every base chain, the focus defaulting to the first selected chain', async () => {
    const period = { granularity: 'monthly', start: '2025-01', end: '2025-12' } as const;
    const overlap = expected(dma, period);
    const devices = baseDevices(dma, period);
    const check = (rows: Row[], focus: string) => {
      expect(rows.map((row) => [row.place_taxonomy_id, row.secondary_place_taxonomy_id])).toEqual(chains.map((a) => [a, focus]));
      for (const row of rows) {
        expect(row.secondary_place_taxonomy_value).toBe(chainName(focus));
        expectClose(row.overlap, overlap(row.place_taxonomy_id as string, focus), `${String(row.place_taxonomy_id)} × ${focus}`);
        expect(row.device_count).toBe(devices(row.place_taxonomy_id as string));
      }
    };
    const byDefault = await query('focus-chain-overlap', { chains, geography: dma, analysisPeriod: period });
    expect(byDefault.statusCode).toBe(200);
    check(byDefault.json().rows, chains[0]!);
    expect(byDefault.json().rows[0].overlap).toBe(100);

    const chosen = await query('focus-chain-overlap', { chains, geography: dma, analysisPeriod: period, focusChain: chains[2] });
    expect(chosen.statusCode).toBe(200);
    check(chosen.json().rows, chains[2]!);
    expect(chosen.json().rows).not.toEqual(byDefault.json().rows);

    // A focus chain without visitors in the DMA: every base chain overlaps it by 0.
    const absent = await query('focus-chain-overlap', { chains, geography: dma, analysisPeriod: period, focusChain: absentChain });
    check(absent.json().rows, absentChain);
    expect((absent.json().rows as Row[]).every((row) => row.overlap === 0)).toBe(true);
  });

  it('reads the same overlaps through chainVisitors, the reading for chains beyond the ranked columns', async () => {
    const { relations } = await testPanelRelations(h);
    const selected = [...chains, absentChain];
    for (const [geography, period] of [[dma, { granularity: 'monthly', start: '2024-03', end: '2024-05' }], ['US', { granularity: 'quarterly', start: '2025-Q1', end: '2025-Q2' }]] as const) {
      const overlap = expected(geography, period);
      const devices = baseDevices(geography, period);
      const rows = await overlapRows(h.engine, relations, { geography, analysisPeriod: period }, selected, selected, 'chainVisitors');
      expect(rows).toHaveLength(selected.length ** 2);
      for (const row of rows) {
        expectClose(row.overlap, overlap(row.place_taxonomy_id, row.secondary_place_taxonomy_id), `${geography} ${row.place_taxonomy_id} × ${row.secondary_place_taxonomy_id}`);
        expect(row.device_count).toBe(devices(row.place_taxonomy_id));
      }
    }
  });

  describe('errors', () => {
    const period = { granularity: 'monthly', start: '2025-01', end: '2025-02' };

    it('answers 400 naming the parameter: too many chains, several geographies, a daily period, an unknown focus chain', async () => {
      const tooMany = await query('overlap-heatmap', { chains: CHAINS.slice(0, 8).map((c) => c.id), geography: 'US', analysisPeriod: period });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ message: 'Chains takes at most 7 values', details: 'chains: Chains takes at most 7 values', appStatusCode: 'BAD_REQUEST' });

      const geographies = await query('overlap-heatmap', { chains, geography: ['US', dma], analysisPeriod: period });
      expect(geographies.statusCode).toBe(400);
      expect(geographies.json().details).toBe('geography: Geography must be a string');

      const daily = await query('focus-chain-overlap', { chains, geography: 'US', analysisPeriod: { granularity: 'daily', start: '2025-01-01', end: '2025-01-31' } });
      expect(daily.statusCode).toBe(400);
      expect(daily.json().message).toBe('Analysis Period: granularity must be one of monthly, quarterly');

      const focus = await query('focus-chain-overlap', { chains, geography: 'US', analysisPeriod: period, focusChain: 'no-such-chain' });
      expect(focus.statusCode).toBe(400);
      expect(focus.json().details).toBe('focusChain: Focus chain: unknown value "no-such-chain"');
    });

    it('answers 404 for a template the set does not have', async () => {
      const response = await query('customer-journey', { chains, geography: 'US', analysisPeriod: period });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Query template not found', details: 'No template customer-journey in analytic set cross-visitation', appStatusCode: 'NOT_FOUND' });
    });
  });
});
