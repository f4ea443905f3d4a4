import { describe, expect, it } from 'vitest';
import { CHAINS, DMAS } from '../generator/reference/index.js';
import { usedParameters, validateQueryValues } from '@atlas/domain';
import { ANALYTIC_SETS } from './index.js';

const chains = (n: number) => CHAINS.slice(0, n).map((chain) => chain.id);
const dmas = (n: number) => DMAS.slice(0, n).map((dma) => dma.id);
const monthly = { granularity: 'monthly', start: '2025-01', end: '2025-06' };

describe('validateQueryValues', () => {
  it('accepts every set’s default values', () => {
    for (const set of Object.values(ANALYTIC_SETS)) {
      const defaults = Object.fromEntries(set.queryParameters.map((p) => [p.id, p.defaultValue]));
      expect([set.id, validateQueryValues(set, defaults)]).toEqual([set.id, []]);
    }
  });

  it('names parameters with too many values, missing required values and unknown values', () => {
    const set = ANALYTIC_SETS['change-in-visits'];
    expect(validateQueryValues(set, { geographies: ['US', ...dmas(7)], taxonomies: ['coffee-shops', 'nowhere-chain'] })).toEqual([
      { parameterId: 'geographies', message: 'Geography takes at most 7 values' },
      { parameterId: 'taxonomies', message: 'Category and/or Chain: unknown value "nowhere-chain"' },
      { parameterId: 'analysisPeriod', message: 'Analysis Period is required' },
    ]);
    expect(validateQueryValues(ANALYTIC_SETS['audience-insight'], { dma: 'US', period: monthly, chains: chains(3) })).toEqual([
      { parameterId: 'dma', message: 'DMA: unknown value "US"' },
    ]);
    expect(validateQueryValues(ANALYTIC_SETS['cross-visitation'], { chains: chains(8), geography: ['US'], analysisPeriod: monthly, extra: 1 })).toEqual([
      { parameterId: 'extra', message: 'Parameter extra is not listed in queryParameters' },
      { parameterId: 'chains', message: 'Chains takes at most 7 values' },
      { parameterId: 'geography', message: 'Geography must be a string' },
    ]);
  });

  it('flags a benchmark after the focus, and periods outside the panel or of another granularity', () => {
    const set = ANALYTIC_SETS['change-in-visits'];
    const values = (analysisPeriod: unknown) => ({ geographies: ['US'], taxonomies: chains(2), analysisPeriod });
    expect(validateQueryValues(set, values({ granularity: 'quarterly', focus: '2024-Q4', benchmark: '2023-Q4' }))).toEqual([]);
    expect(validateQueryValues(set, values({ granularity: 'monthly', focus: '2024-05', benchmark: '2025-05' }))).toEqual([
      { parameterId: 'analysisPeriod', message: 'Analysis Period: the benchmark comes after the focus' },
    ]);
    expect(validateQueryValues(set, values({ granularity: 'monthly', focus: '2026-01', benchmark: '2025-01' }))).toEqual([
      { parameterId: 'analysisPeriod', message: 'Analysis Period: focus 2026-01 is outside 2023-01..2025-12' },
    ]);
    expect(validateQueryValues(set, values({ granularity: 'daily', focus: '2025-01-01', benchmark: '2024-01-01' }))).toEqual([
      { parameterId: 'analysisPeriod', message: 'Analysis Period: granularity must be one of monthly, quarterly' },
    ]);
    expect(validateQueryValues(set, values({ granularity: 'monthly', focus: '2025-1', benchmark: '2024-01' }))).toEqual([
      { parameterId: 'analysisPeriod', message: 'Analysis Period: focus is not a monthly period' },
    ]);
    const ift = ANALYTIC_SETS['indexed-foot-traffic'];
    expect(
      validateQueryValues(ift, { analysisPeriod: { granularity: 'daily', start: '2025-03-02', end: '2025-03-01' }, chains: chains(2), geography: 'US', chain: chains(1)[0], geographies: ['US'] }),
    ).toEqual([{ parameterId: 'analysisPeriod', message: 'Analysis Period: the start comes after the end' }]);
  });

  it('Movement Pivot: Geography, Period and Category + Chain may not be empty; Age, Gender and Income may', () => {
    const set = ANALYTIC_SETS['movement-pivot'];
    const pivotTable = { rows: ['age', 'chain'], columns: ['period'] };
    expect(validateQueryValues(set, { age: [], gender: [], income: [], geography: ['US'], period: monthly, pivotTable, taxonomies: ['coffee-shops'] })).toEqual([]);
    expect(validateQueryValues(set, { age: [], gender: [], income: [], geography: [], period: null, pivotTable, taxonomies: [] })).toEqual([
      { parameterId: 'geography', message: 'Geography may not be empty' },
      { parameterId: 'period', message: 'Period may not be empty' },
      { parameterId: 'taxonomies', message: 'Category + Chain may not be empty' },
    ]);
    expect(validateQueryValues(set, { age: ['Over 65', '90+'], gender: ['Female'], geography: ['US'], period: monthly, pivotTable: { rows: ['age'], columns: ['age'] }, taxonomies: ['coffee-shops'] })).toEqual([
      { parameterId: 'age', message: 'Age: unknown value "90+"' },
      { parameterId: 'pivotTable', message: 'Pivot table layout: a dimension is used twice' },
    ]);
    expect(validateQueryValues(set, { geography: ['US'], period: monthly, pivotTable: { rows: ['weather'], columns: [] }, taxonomies: ['coffee-shops'] })).toEqual([
      { parameterId: 'pivotTable', message: 'Pivot table layout: unknown value "weather"' },
    ]);
  });
});

describe('usedParameters', () => {
  const ift = ANALYTIC_SETS['indexed-foot-traffic'];
  const daily = { granularity: 'daily', start: '2025-10-01', end: '2025-12-31' };

  it('collects the parameters of a chart, of a view (all its charts) or of a chart found by its query template', () => {
    expect([...usedParameters(ift, 'chains-in-geography')!].sort()).toEqual(['analysisPeriod', 'chains', 'geography']);
    expect([...usedParameters(ift, 'chain-across-geographies')!].sort()).toEqual(['analysisPeriod', 'chain', 'geographies']);
    expect([...usedParameters(ift, 'indexed-foot-traffic')!].sort()).toEqual(['analysisPeriod', 'chain', 'chains', 'geographies', 'geography']);
    // Daypart shares and dwell follow Period alone; the indexed subview also reads the hidden start and end periods.
    expect([...usedParameters(ANALYTIC_SETS['visitation-trends'], 'median-dwell-time')!].sort()).toEqual(['chains', 'dma', 'period']);
    expect([...usedParameters(ANALYTIC_SETS['visitation-trends'], 'indexed-foot-traffic')!].sort()).toEqual(['chains', 'dma', 'endPeriod', 'period', 'startPeriod']);
    expect(usedParameters(ift, 'no-such-chart')).toBeNull();
  });

  it('checks the hidden start and end periods of Visitation Trends as months or days within the panel', () => {
    const trends = ANALYTIC_SETS['visitation-trends'];
    const check = (startPeriod: string) => validateQueryValues(trends, { startPeriod }, new Set(['startPeriod']));
    expect(check('2025-03')).toEqual([]);
    expect(check('2025-03-15')).toEqual([]);
    expect(check('2025-Q1')).toEqual([{ parameterId: 'startPeriod', message: 'Start period: not a monthly or daily period' }]);
    expect(check('2025-02-30')).toEqual([{ parameterId: 'startPeriod', message: 'Start period: not a monthly or daily period' }]);
    expect(check('2022-12')).toEqual([{ parameterId: 'startPeriod', message: 'Start period: 2022-12 is outside 2023-01..2025-12' }]);
  });

  it('lets a chart send only its own parameters, while the whole set would need every required one', () => {
    const values = { analysisPeriod: daily, chains: chains(2), geography: 'US' };
    expect(validateQueryValues(ift, values, usedParameters(ift, 'chains-in-geography')!)).toEqual([]);
    expect(validateQueryValues(ift, values).map((problem) => problem.parameterId)).toEqual(['chain', 'geographies']);
    expect(validateQueryValues(ift, { analysisPeriod: daily, chains: chains(8) }, usedParameters(ift, 'chains-in-geography')!)).toEqual([
      { parameterId: 'chains', message: 'Chains takes at most 7 values' },
      { parameterId: 'geography', message: 'Geography is required' },
    ]);
  });
});
