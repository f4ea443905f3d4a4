import { describe, expect, it } from 'vitest';
import { csvField, mayExportData, rowsCsv } from './export';
import { chartOf } from './test-fixtures';

describe('rowsCsv', () => {
  it('writes every field of the rows in order of first appearance, values unrounded, missing and null empty', () => {
    const csv = rowsCsv([
      { place_taxonomy_id: 'a', place_taxonomy_value: 'Joe\'s "Diner", Inc.', overlap: 12.345678901234 },
      { place_taxonomy_id: 'b', overlap: null, share_name: 'Morning' },
    ]);
    expect(csv).toBe('place_taxonomy_id,place_taxonomy_value,overlap,share_name\r\na,"Joe\'s ""Diner"", Inc.",12.345678901234,\r\nb,,,Morning\r\n');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});

describe('mayExportData', () => {
  it('follows the export control when the chart has one (exactly true), and allows charts without one', () => {
    const pivot = chartOf('pivot', { exportControl: { templateParameter: 'canExport' } });
    expect(mayExportData(pivot, { canExport: true })).toBe(true);
    expect(mayExportData(pivot, { canExport: 'true' })).toBe(false);
    expect(mayExportData(pivot, {})).toBe(false);
    expect(mayExportData(chartOf('median-dwell-time'), {})).toBe(true);
  });
});
