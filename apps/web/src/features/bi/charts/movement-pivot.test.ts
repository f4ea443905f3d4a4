import { describe, expect, it } from 'vitest';
import { csvField } from './export';
import { keyLabel, layoutOf, pivotCsv, pivotFigures, pivotOf, spans } from './movement-pivot';
import { labels, pivotRow } from './test-fixtures';

const geo = (id: string) => ({ geography_type: id === 'US' ? ('country' as const) : ('dma' as const), geography_id: id, geography_value: labels.GEOGRAPHY[id] });
const period = (value: string) => ({ period_type: 'monthly' as const, period_value: value, period_epoch_ms: Date.parse(`${value}-01T00:00:00Z`) });
/** The sample of a cell whose row has the fixtures' default device count. */
const sample = { note: '1,000 devices', low: false };

// Default layout: geography on rows, period on columns. Washington has no visits in 2025-01 (no row).
const byGeographyAndPeriod = [
  pivotRow({ ...geo('511'), ...period('2025-02'), normalized_visits: 12.5, raw_visits: 10 }),
  pivotRow({ ...geo('US'), ...period('2025-01'), normalized_visits: 1000.25, raw_visits: 900 }),
  pivotRow({ ...geo('US'), ...period('2025-02'), normalized_visits: 2000, raw_visits: 1800 }),
  pivotRow({ ...geo('501'), ...period('2025-01'), normalized_visits: 300, raw_visits: 250 }),
];

describe('pivotOf', () => {
  it('lays members out on rows and columns, geographies as they come and periods chronologically', () => {
    const pivot = pivotOf(byGeographyAndPeriod, { rows: ['geography'], columns: ['period'] }, labels);
    expect(pivot.rowKeys.map((key) => keyLabel(key, ''))).toEqual(['Washington, DC (Hagerstown, MD)', 'United States', 'New York']);
    expect(pivot.columnKeys.map((key) => keyLabel(key, ''))).toEqual(['2025-01', '2025-02']);
    const [washington, us] = pivot.rowKeys;
    expect(pivot.cell(us!, pivot.columnKeys[0]!)).toEqual({ normalized: 1000.25, raw: 900, sample });
    expect(pivot.cell(washington!, pivot.columnKeys[0]!)).toBeUndefined();
  });

  it('nests several dimensions in their reference orders (ages, genders) and names a category beside a chain', () => {
    const rows = [
      pivotRow({ gender: 'Male', age: '25-34', place_taxonomy_id: 'b', place_taxonomy_value: 'Bravo', secondary_place_taxonomy_id: 'coffee', secondary_place_taxonomy_value: 'Coffee', normalized_visits: 1, raw_visits: 1 }),
      pivotRow({ gender: 'Female', age: 'Over 65', place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', secondary_place_taxonomy_id: 'coffee', secondary_place_taxonomy_value: 'Coffee', normalized_visits: 2, raw_visits: 2 }),
      pivotRow({ gender: 'Female', age: '18-24', place_taxonomy_id: 'b', place_taxonomy_value: 'Bravo', secondary_place_taxonomy_id: 'coffee', secondary_place_taxonomy_value: 'Coffee', normalized_visits: 3, raw_visits: 3 }),
    ];
    const pivot = pivotOf(rows, { rows: ['gender', 'age'], columns: ['category', 'chain'] }, labels);
    expect(pivot.rowKeys.map((key) => keyLabel(key, ''))).toEqual(['Female / 18-24', 'Female / Over 65', 'Male / 25-34']);
    // Chains in the labels' order (Alpha before Bravo), whatever order the rows came in.
    expect(pivot.columnKeys.map((key) => keyLabel(key, ''))).toEqual(['Coffee / Alpha', 'Coffee / Bravo']);
    expect(pivotFigures(pivot)).toEqual([
      { series: 'Female / 18-24', category: 'Coffee / Alpha', value: null },
      { series: 'Female / 18-24', category: 'Coffee / Bravo', value: 3 },
      { series: 'Female / Over 65', category: 'Coffee / Alpha', value: 2 },
      { series: 'Female / Over 65', category: 'Coffee / Bravo', value: null },
      { series: 'Male / 25-34', category: 'Coffee / Alpha', value: null },
      { series: 'Male / 25-34', category: 'Coffee / Bravo', value: 1 },
    ]);
  });

  it('reads the category as the primary taxonomy when the chain is not a dimension', () => {
    const rows = [pivotRow({ place_taxonomy_type: 'category', place_taxonomy_id: 'grocery', place_taxonomy_value: 'Grocery', normalized_visits: 5, raw_visits: 4 })];
    const pivot = pivotOf(rows, { rows: ['category'], columns: [] }, labels);
    expect(pivot.rowKeys).toEqual([[{ id: 'grocery', name: 'Grocery' }]]);
    expect(pivot.columnKeys).toEqual([[]]);
    expect(pivot.cell(pivot.rowKeys[0]!, [])).toEqual({ normalized: 5, raw: 4, sample });
  });
});

describe('pivot totals', () => {
  const dmas = byGeographyAndPeriod.filter((row) => row.geography_id !== 'US');

  it('sums each row over its columns, each column over its rows, and every cell, raw visits beside normalized', () => {
    const pivot = pivotOf(dmas, { rows: ['geography'], columns: ['period'] }, labels);
    const [washington, newYork] = pivot.rowKeys;
    const [january, february] = pivot.columnKeys;
    expect(pivot.rowTotal(washington!)).toEqual({ normalized: 12.5, raw: 10 });
    expect(pivot.rowTotal(newYork!)).toEqual({ normalized: 300, raw: 250 });
    expect(pivot.columnTotal(january!)).toEqual({ normalized: 300, raw: 250 });
    expect(pivot.columnTotal(february!)).toEqual({ normalized: 12.5, raw: 10 });
    expect(pivot.grandTotal).toEqual({ normalized: 312.5, raw: 260 });
  });

  it('sums across periods for a country row, but never across a country and its DMAs (each visit would count twice)', () => {
    const pivot = pivotOf(byGeographyAndPeriod, { rows: ['geography'], columns: ['period'] }, labels);
    const us = pivot.rowKeys[1]!;
    expect(pivot.rowTotal(us)).toEqual({ normalized: 3000.25, raw: 2700 });
    expect(pivot.columnTotal(pivot.columnKeys[0]!)).toBeNull();
    expect(pivot.grandTotal).toBeNull();
    // Geography on columns: the row totals are the ones left out.
    const turned = pivotOf(byGeographyAndPeriod, { rows: ['period'], columns: ['geography'] }, labels);
    expect(turned.rowTotal(turned.rowKeys[0]!)).toBeNull();
    expect(turned.columnTotal(turned.columnKeys[1]!)).toEqual({ normalized: 3000.25, raw: 2700 });
  });

  it('sums nested demographic dimensions', () => {
    const rows = [
      pivotRow({ gender: 'Female', age: '18-24', normalized_visits: 1.5, raw_visits: 1 }),
      pivotRow({ gender: 'Female', age: '25-34', normalized_visits: 2, raw_visits: 2 }),
      pivotRow({ gender: 'Male', age: '18-24', normalized_visits: 4, raw_visits: 3 }),
    ];
    const pivot = pivotOf(rows, { rows: ['gender'], columns: ['age'] }, labels);
    expect(pivot.rowTotal(pivot.rowKeys[0]!)).toEqual({ normalized: 3.5, raw: 3 });
    expect(pivot.columnTotal(pivot.columnKeys[0]!)).toEqual({ normalized: 5.5, raw: 4 });
    expect(pivot.grandTotal).toEqual({ normalized: 7.5, raw: 6 });
  });
});

describe('spans', () => {
  it('gives the first key of each run of equal prefixes the run length', () => {
    const m = (id: string) => ({ id, name: id });
    const keys = [[m('F'), m('1')], [m('F'), m('2')], [m('M'), m('1')], [m('M'), m('2')], [m('M'), m('3')]];
    expect(spans(keys, 0)).toEqual([2, 0, 3, 0, 0]);
    expect(spans(keys, 1)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('pivotCsv', () => {
  it('writes a header line and one line per row, quoting per RFC 4180 and leaving missing cells empty', () => {
    const csv = pivotCsv(byGeographyAndPeriod, { rows: ['geography'], columns: ['period'] }, labels);
    expect(csv).toBe(
      'Geography,2025-01,2025-02\r\n' +
        '"Washington, DC (Hagerstown, MD)",,12.5\r\n' +
        'United States,1000.25,2000\r\n' +
        'New York,300,\r\n',
    );
  });

  it('writes a single measure column without column dimensions and an "All" row without row dimensions', () => {
    expect(pivotCsv(byGeographyAndPeriod.slice(1, 2), { rows: ['period'], columns: [] }, labels)).toBe('Period,Normalized visits\r\n2025-01,1000.25\r\n');
    expect(pivotCsv(byGeographyAndPeriod.slice(1, 3), { rows: [], columns: ['period'] }, labels)).toBe(',2025-01,2025-02\r\nAll,1000.25,2000\r\n');
  });

  it('quotes fields with quotes, commas and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Joe\'s "Diner"')).toBe('"Joe\'s ""Diner"""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});

describe('layoutOf', () => {
  it('reads a layout value, ignoring what is not a list of names', () => {
    expect(layoutOf({ rows: ['age', 3], columns: 'period' })).toEqual({ rows: ['age'], columns: [] });
    expect(layoutOf(undefined)).toEqual({ rows: [], columns: [] });
  });
});
