import { describe, expect, it } from 'vitest';
import { customerJourneyChart, journeyFigures, journeyOf } from './customer-journey';
import type { CustomerJourneyRow } from '@atlas/domain';
import { chartOf, journeyRow, labels, seriesOf } from './test-fixtures';

const neighbour = (relationship: CustomerJourneyRow['relationship'], id: string, percentage: number, normalized: number) =>
  journeyRow({
    relationship,
    place_taxonomy_type: 'chain',
    place_taxonomy_id: 'a',
    place_taxonomy_value: 'Alpha',
    secondary_place_taxonomy_id: id,
    secondary_place_taxonomy_value: labels.PLACE_TAXONOMY[id],
    poi_level_name: 'chain',
    geography_type: 'country',
    geography_id: 'US',
    geography_value: 'United States',
    period_type: 'monthly',
    percentage,
    normalized_visits: normalized,
  });

// As the server answers: before first, then after, each by percentage descending.
const rows = [
  neighbour('before', 'b', 50, 5000),
  neighbour('before', 'c', 30, 3000),
  neighbour('before', 'd', 20, 2000),
  neighbour('after', 'd', 60, 6000),
  neighbour('after', 'b', 40, 4000),
];
const chart = chartOf('top-before-and-after', { kind: 'table', alternativeKind: 'bar', groupLimit: 40 });

describe('journeyOf', () => {
  it('ranks the places before and after in the server order, naming the primary, geography and level', () => {
    const journey = journeyOf(rows, chart, {}, labels);
    expect(journey).toMatchObject({ primary: 'Alpha', geography: 'United States', level: 'Chain' });
    expect(journey.before.map((e) => [e.rank, e.name, e.percentage, e.normalizedVisits])).toEqual([
      [1, 'Bravo', 50, 5000],
      [2, 'Charlie', 30, 3000],
      [3, 'Delta', 20, 2000],
    ]);
    expect(journey.after.map((e) => [e.rank, e.name])).toEqual([[1, 'Delta'], [2, 'Bravo']]);
    expect(journey.limited).toBeUndefined();
    expect(journeyFigures(journey)).toContainEqual({ series: 'after', category: 'Delta', value: 60 });
  });

  it('cuts each list at the group limit', () => {
    const journey = journeyOf(rows, { ...chart, groupLimit: 2 }, {}, labels);
    expect(journey.before.map((e) => e.name)).toEqual(['Bravo', 'Charlie']);
    expect(journey.after).toHaveLength(2);
    expect(journey.limited).toEqual({ shown: 2, total: 3, noun: 'places' });
  });

  it('names the primary and geography from the values when there are no rows', () => {
    expect(journeyOf([], chart, { primary: 'coffee', geography: '501', showTopVisitsBy: 'category' }, labels)).toMatchObject({
      primary: 'Coffee',
      geography: 'New York',
      level: 'Category',
      before: [],
      after: [],
    });
  });
});

describe('customerJourneyChart', () => {
  it('draws before and after as two bar charts side by side, tall enough for every name', () => {
    const spec = customerJourneyChart(rows, chart, {}, labels);
    const series = seriesOf(spec.option);
    expect(series.map((s) => [s.name, s.xAxisIndex, s.yAxisIndex, s.data])).toEqual([
      ['Before Alpha', 0, 0, [50, 30, 20]],
      ['After Alpha', 1, 1, [60, 40]],
    ]);
    expect(spec.option.yAxis).toMatchObject([{ data: ['Bravo', 'Charlie', 'Delta'] }, { data: ['Delta', 'Bravo'] }]);
    expect(spec.minHeight).toBe(3 * 28 + 80);
    // One scale for both sides: the largest share of either.
    expect(spec.option.xAxis).toMatchObject([{ max: 60 }, { max: 60 }]);
    expect(spec.option.title).toMatchObject([{ text: 'Before Alpha' }, { text: 'After Alpha' }]);
    expect(spec.figures).toHaveLength(5);
  });
});
