// The Audience Insight views against figures recomputed from the raw panel and population rows with loops and maps.
import { CHAINS } from '@atlas/analytics';
import { AGE_ORDER, GENDERS } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { busiest, devicesOf, expectClose, seedTestVisits, type TestVisit } from './test-support/panel.js';
import { testStores } from '../../test-support/stores.js';

type Row = Record<string, unknown>;
interface Cell { dma: string; age: string; gender: string; population: number }

describe('Audience Insight views', () => {
  const h = useHarness(testStores()[0]!);
  let visits: TestVisit[] = [];
  let cells: Cell[] = [];
  let dma = '';
  let chains: string[] = [];
  let absentChain = '';
  let analyst: Record<string, string>;

  beforeAll(async () => {
    const panel = await seedTestVisits(h);
    visits = panel.visits;
    cells = (await panel.raw('population')).map((c) => ({ dma: String(c.dma_id), age: String(c.age), gender: String(c.gender), population: Number(c.population) }));
    dma = busiest(visits, (v) => v.dma)[0]!;
    chains = busiest(visits.filter((v) => v.dma === dma), (v) => v.chain).slice(0, 5);
    const here = new Set(panel.places.filter((p) => p.dma === dma).map((p) => p.chain));
    absentChain = CHAINS.find((c) => !here.has(c.id))!.id;
    analyst = await h.auth('analyst@example.com');
  }, 120_000);

  const query = (template: string, parameters: Row) =>
    h.app.inject({ method: 'POST', url: `/v1/query/audience-insight/template/${template}`, headers: analyst, payload: { parameters } });

  const cases = [
    ['age', AGE_ORDER, ['visit-share-by-age', 'fair-share-index-by-age']],
    ['gender', GENDERS, ['visit-share-by-gender', 'fair-share-index-by-gender']],
  ] as const;

  describe.each(cases)('by %s', (dimension, segments, templates) => {
    it.each(templates)('%s: every chain × segment in order, shares and indexes recomputed from the raw rows', async (template) => {
      const period = { granularity: 'monthly', start: '2024-03', end: '2025-02' };
      const selected = [...chains, absentChain];
      const response = await query(template, { dma, chains: selected, period });
      expect(response.statusCode).toBe(200);
      const rows = response.json().rows as Row[];
      expect(rows.map((row) => [row.place_taxonomy_id, row[dimension]])).toEqual(selected.flatMap((c) => segments.map((s) => [c, s])));

      // The selected DMA's population by segment, whoever visits.
      const people = new Map<string, number>();
      let everyone = 0;
      for (const cell of cells.filter((c) => c.dma === dma)) {
        people.set(cell[dimension], (people.get(cell[dimension]) ?? 0) + cell.population);
        everyone += cell.population;
      }
      let i = 0;
      for (const chain of selected) {
        const parts = new Map<string, number>();
        let total = 0;
        const base: TestVisit[] = [];
        for (const v of visits) {
          if (v.dma !== dma || v.chain !== chain || v.month < period.start || v.month > period.end) continue;
          parts.set(v[dimension], (parts.get(v[dimension]) ?? 0) + v.weight);
          total += v.weight;
          base.push(v);
        }
        let sum = 0;
        for (const segment of segments) {
          const row = rows[i++]!;
          expect(Object.keys(row).sort()).toEqual(['fair_share_index', 'norm_visit_share', 'place_taxonomy_id', 'place_taxonomy_value', 'share_name', 'geography_type', 'geography_value', 'geography_id', 'place_taxonomy_type', 'period_type', 'period_value', 'period_epoch_ms', 'end_period_value', 'device_count', dimension].sort());
          // Identified by the DMA, the chain, the window of months and the segment the share is of.
          expect(row).toMatchObject({ geography_type: 'dma', geography_id: dma, place_taxonomy_type: 'chain', period_type: 'monthly', period_value: period.start, period_epoch_ms: Date.UTC(2024, 2, 1), end_period_value: period.end, share_name: segment });
          expect(row.place_taxonomy_value).toBe(CHAINS.find((c) => c.id === chain)!.name);
          const share = total === 0 ? null : ((parts.get(segment) ?? 0) / total) * 100;
          const populationShare = ((people.get(segment) ?? 0) / everyone) * 100;
          expectClose(row.norm_visit_share, share, `${chain} ${segment} share`);
          expectClose(row.fair_share_index, share === null || populationShare === 0 ? null : (share / populationShare) * 100, `${chain} ${segment} index`);
          // The shares' base: the chain's visitors in the DMA and window.
          expect(row.device_count, `${chain} ${segment} devices`).toBe(devicesOf(base));
          sum += share ?? 0;
        }
        if (chain === absentChain) expect(total).toBe(0);
        else expectClose(sum, 100, `${chain} shares sum`);
      }
      // The population-weighted mean index is 100 for every chain with visits.
      const first = rows.slice(0, segments.length);
      expectClose(first.reduce((s, row) => s + (row.fair_share_index as number) * ((people.get(row[dimension] as string) ?? 0) / everyone), 0), 100, 'weighted index');
      expect(rows.filter((row) => row.place_taxonomy_id === absentChain).every((row) => row.norm_visit_share === null && row.fair_share_index === null)).toBe(true);
    });
  });

  describe('errors', () => {
    const period = { granularity: 'monthly', start: '2025-01', end: '2025-02' };

    it('answers 400 naming the parameter for too many chains', async () => {
      const response = await query('visit-share-by-age', { dma, chains: CHAINS.slice(0, 8).map((c) => c.id), period });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Chains takes at most 7 values', details: 'chains: Chains takes at most 7 values', appStatusCode: 'BAD_REQUEST' });
    });

    it('answers 400 for a missing period, a quarterly period and a start after the end', async () => {
      const missing = await query('visit-share-by-gender', { dma, chains });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Period is required', details: 'period: Period is required', appStatusCode: 'BAD_REQUEST' });
      const quarterly = await query('fair-share-index-by-gender', { dma, chains, period: { granularity: 'quarterly', start: '2025-Q1', end: '2025-Q2' } });
      expect(quarterly.statusCode).toBe(400);
      expect(quarterly.json()).toMatchObject({ message: 'Period: granularity must be one of monthly', appStatusCode: 'BAD_REQUEST' });
      const reversed = await query('fair-share-index-by-age', { dma, chains, period: { granularity: 'monthly', start: '2025-03', end: '2025-01' } });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ message: 'Period: the start comes after the end', appStatusCode: 'BAD_REQUEST' });
    });

    it('answers 404 for the view id (only the chart ids are templates) and 401 without a token', async () => {
      const view = await query('audience-insight', { dma, chains, period });
      expect(view.statusCode).toBe(404);
      expect(view.json()).toEqual({ message: 'Query template not found', details: 'No template audience-insight in analytic set audience-insight', appStatusCode: 'NOT_FOUND' });
      const anonymous = await h.app.inject({ method: 'POST', url: '/v1/query/audience-insight/template/visit-share-by-age', payload: { parameters: { dma, chains, period } } });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
