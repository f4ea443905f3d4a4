// The result contract (bi-and-admin.md §3, issue 21): over HTTP, every view of every set answers rows that match its
// row schema in @atlas/domain and carry the fields that identify them (geography, place taxonomy, period, share name)
// and the number of devices behind them.
import { ANALYTIC_SETS } from '@atlas/analytics';
import type { AnalyticSetId } from '@atlas/domain';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { seedTestPanel } from './test-support/panel.js';
import { VIEWS } from './views/index.js';

type Row = Record<string, unknown>;

const IDENTIFYING = [
  'geography_type', 'geography_value', 'geography_id',
  'place_taxonomy_type', 'place_taxonomy_value', 'place_taxonomy_id',
  'period_type', 'period_value', 'period_epoch_ms',
] as const;

/** The set's default values (the query bar sends every value a chart uses). */
const defaults = (setId: AnalyticSetId): Row => Object.fromEntries(ANALYTIC_SETS[setId].queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));

/** Values beyond the defaults that give every view rows on the small test panel (busy places, whole years). */
const VALUES: Partial<Record<AnalyticSetId, Row>> = {
  'audience-insight': { dma: '501', period: { granularity: 'monthly', start: '2024-01', end: '2025-12' } },
  'cross-visitation': { geography: 'US', analysisPeriod: { granularity: 'quarterly', start: '2024-Q1', end: '2025-Q4' } },
  'customer-journey': { primary: 'coffee-shops', geography: 'US', analysisPeriod: { granularity: 'quarterly', start: '2023-Q1', end: '2025-Q4' } },
  'visitation-trends': { dma: '501', startPeriod: '2025-11-01', endPeriod: '2025-12-31' },
};

/** UTC ms of a period's first day, read here from the text: YYYY-MM-DD, YYYY-MM or YYYY-Qn. */
function firstDayMs(period: string): number {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) return Date.UTC(Number(quarter[1]), (Number(quarter[2]) - 1) * 3, 1);
  return Date.parse(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`);
}

/** Sets whose rows are shares of something named by share_name. */
const SHARES: Readonly<Record<string, true>> = { 'audience-insight': true, 'visitation-trends/visit-share-by-daypart': true };

describe('analytic-set rows over HTTP', () => {
  const h = useHarness(testStores()[0]!);
  let analyst: Record<string, string>;

  beforeAll(async () => {
    await seedTestPanel(h);
    analyst = await h.auth('analyst@example.com');
  }, 300_000);

  for (const [setId, views] of Object.entries(VIEWS) as [AnalyticSetId, NonNullable<(typeof VIEWS)[AnalyticSetId]>][])
    for (const [templateId, view] of Object.entries(views))
      it(`${setId} / ${templateId}: rows of its schema, each identified`, async () => {
        const response = await h.app.inject({
          method: 'POST',
          url: `/v1/query/${setId}/template/${templateId}`,
          headers: analyst,
          payload: { parameters: { ...defaults(setId), ...VALUES[setId] } },
        });
        expect(response.statusCode, response.body).toBe(200);
        const rows = response.json().rows as Row[];
        expect(rows.length).toBeGreaterThan(0);
        const title = (view.row as { title?: string }).title;
        for (const row of rows) {
          expect(Value.Check(view.row, row), `${title}: ${JSON.stringify(row)} (${[...Value.Errors(view.row, row)].map((e) => `${e.instancePath} ${e.message}`).join('; ')})`).toBe(true);
          // The pivot's identifying fields are its layout's dimensions (by default geography and period).
          const needed = setId === 'movement-pivot' ? ['geography_type', 'geography_value', 'geography_id', 'period_type', 'period_value', 'period_epoch_ms'] : IDENTIFYING;
          for (const field of needed) expect(row[field], `${title} ${field}`).not.toBeUndefined();
          if (SHARES[setId] || SHARES[`${setId}/${templateId}`]) expect(typeof row.share_name, `${title} share_name`).toBe('string');
          if (typeof row.period_value === 'string') expect(row.period_epoch_ms, `${title} period_epoch_ms`).toBe(firstDayMs(row.period_value));
          // The sample size (issue 21): every row counts the devices behind its figure.
          expect(Number.isInteger(row.device_count) && (row.device_count as number) >= 0, `${title} device_count`).toBe(true);
        }
      });
});
