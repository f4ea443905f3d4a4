// Low-confidence marking (issue 21 "Sample sizes"): the threshold and mark/hide come from the set's templateParameters.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { changeInVisitsChart } from './change-in-visits';
import { ChartView } from './ChartView';
import { confidenceOf, confidenceSummary, DEFAULT_CONFIDENCE, LOW_CONFIDENCE_STYLE, visibleRows } from './confidence';
import { focusChainOverlapChart, overlapHeatmapChart } from './cross-visitation';
import { indexedLinesChart } from './indexed-lines';
import { changeRow, chartOf, crossRow, dwellRow, indexedRow, labels, pivotRow, seriesOf } from './test-fixtures';
import { medianDwellChart } from './visitation-trends';

const civRow = (geography: string, devices: number, benchmarkDevices = 500) =>
  changeRow({
    geography_id: geography, geography_value: labels.GEOGRAPHY[geography], place_taxonomy_id: 'coffee', place_taxonomy_value: 'Coffee',
    period_value: '2025-06', benchmark_period_value: '2024-06', normalized_visits: 120, benchmark_normalized_visits: 100, percent_change: 20,
    device_count: devices, benchmark_device_count: benchmarkDevices,
  });

/** The tooltip HTML ECharts would show for one item. */
function tooltipOf(option: { tooltip?: unknown }, seriesIndex: number, dataIndex: number): string {
  const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
  return formatter({ seriesIndex, dataIndex, color: '#2563eb' });
}

describe('confidence rules', () => {
  it('defaults to 30 devices, marked, and takes valid settings from the template parameters only', () => {
    expect([DEFAULT_CONFIDENCE.minDevices, DEFAULT_CONFIDENCE.display]).toEqual([30, 'mark']);
    expect(confidenceOf({ minDevices: 50, lowConfidence: 'hide' })).toMatchObject({ minDevices: 50, display: 'hide' });
    // Invalid values fall back to the defaults rather than turning the marking off.
    expect(confidenceOf({ minDevices: -3, lowConfidence: 'blink' })).toMatchObject({ minDevices: 30, display: 'mark' });
    expect(confidenceOf({ minDevices: '50' })).toMatchObject({ minDevices: 30 });
  });

  it('is low below the threshold only; no row is never low; Change in Visits takes the fewer of its two counts', () => {
    const rules = confidenceOf({ minDevices: 30 });
    expect(rules.low(dwellRow({ device_count: 29 }))).toBe(true);
    expect(rules.low(dwellRow({ device_count: 30 }))).toBe(false);
    expect(rules.low(undefined)).toBe(false);
    expect(rules.low(civRow('US', 400, 12))).toBe(true);
    expect(rules.devices(civRow('US', 400, 12))).toBe(12);
    expect(confidenceOf({ minDevices: 0 }).low(dwellRow({ device_count: 0 }))).toBe(false);
  });

  it('writes the count into the tooltip note, and says low confidence under the threshold', () => {
    expect(DEFAULT_CONFIDENCE.note(dwellRow({ device_count: 1 }))).toBe('1 device · low confidence (under 30)');
    expect(DEFAULT_CONFIDENCE.note(dwellRow({ device_count: 1234 }))).toBe('1,234 devices');
    expect(DEFAULT_CONFIDENCE.note(undefined)).toBe('');
  });

  it('hides the figures of thin rows (null, not 0) and keeps what identifies them, only when the organization hides', () => {
    const rows = [civRow('US', 400), civRow('501', 7)];
    expect(visibleRows(rows, DEFAULT_CONFIDENCE)).toEqual(rows);
    const hidden = visibleRows(rows, confidenceOf({ lowConfidence: 'hide' }));
    expect(hidden[0]).toEqual(rows[0]);
    expect(hidden[1]).toMatchObject({ geography_id: '501', device_count: 7, percent_change: null, normalized_visits: null, benchmark_normalized_visits: null });
    expect(confidenceSummary(rows, DEFAULT_CONFIDENCE)).toBe('1 figure rests on fewer than 30 devices: drawn faded and hatched (low confidence).');
    expect(confidenceSummary(rows, confidenceOf({ lowConfidence: 'hide' }))).toBe('1 figure rests on fewer than 30 devices and is hidden.');
    expect(confidenceSummary([rows[0]!], DEFAULT_CONFIDENCE)).toBeUndefined();
  });
});

describe('low-confidence figures in the charts', () => {
  it('Change in Visits: a thin bar is faded and hatched, with the device count in its tooltip', () => {
    const spec = changeInVisitsChart([civRow('US', 400), civRow('501', 12)], chartOf('percent-change-by-geography'), {}, labels, DEFAULT_CONFIDENCE);
    const [bars] = seriesOf(spec.option);
    expect(bars!.data[0]).toBe(20);
    expect(bars!.data[1]).toEqual({ value: 20, itemStyle: LOW_CONFIDENCE_STYLE });
    expect(tooltipOf(spec.option, 0, 1)).toContain('12 devices · low confidence (under 30)');
    expect(tooltipOf(spec.option, 0, 0)).toContain('400 devices');
  });

  it('Cross-Visitation: thin heatmap cells and bars are marked by the base chain’s visitors', () => {
    const rows = [
      crossRow({ place_taxonomy_id: 'a', secondary_place_taxonomy_id: 'a', overlap: 100, device_count: 10 }),
      crossRow({ place_taxonomy_id: 'a', secondary_place_taxonomy_id: 'b', overlap: 40, device_count: 10 }),
      crossRow({ place_taxonomy_id: 'b', secondary_place_taxonomy_id: 'a', overlap: 20, device_count: 90 }),
      crossRow({ place_taxonomy_id: 'b', secondary_place_taxonomy_id: 'b', overlap: 100, device_count: 90 }),
    ];
    const heatmap = seriesOf(overlapHeatmapChart(rows, chartOf('overlap-heatmap', { kind: 'heatmap' }), { chains: ['a', 'b'] }, labels, DEFAULT_CONFIDENCE).option)[0]!;
    const marked = (heatmap.data as Array<{ itemStyle?: unknown }>).map((cell) => cell.itemStyle === LOW_CONFIDENCE_STYLE);
    expect(marked).toEqual([true, true, false, false]);
    const focus = rows.filter((row) => row.secondary_place_taxonomy_id === 'a');
    const bars = seriesOf(focusChainOverlapChart(focus, chartOf('focus-chain-overlap'), { chains: ['a', 'b'] }, labels, DEFAULT_CONFIDENCE).option)[0]!;
    expect((bars.data as Array<{ itemStyle: { opacity?: number } }>).map((bar) => bar.itemStyle.opacity)).toEqual([LOW_CONFIDENCE_STYLE.opacity, undefined]);
  });

  it('Indexed Foot Traffic: a thin point is a faded ring, shown even on a daily line', () => {
    const rows = ['2025-01-01', '2025-01-02'].map((day, k) =>
      indexedRow({
        geography_id: 'US', place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', period_type: 'daily', period_value: day,
        period_epoch_ms: Date.parse(`${day}T00:00:00Z`), norm_visits_pct_chg_vs_first: k * 5, normalized_visits: 10, device_count: k === 0 ? 300 : 4,
      }),
    );
    const line = seriesOf(indexedLinesChart(rows, chartOf('chains-in-geography', { kind: 'line' }), {}, labels, DEFAULT_CONFIDENCE).option)[0]!;
    expect(line.showSymbol).toBe(true);
    expect(line.data[0]).toBe(0);
    expect(line.data[1]).toMatchObject({ value: 5, symbol: 'emptyCircle', itemStyle: { opacity: LOW_CONFIDENCE_STYLE.opacity } });
  });

  it('Median dwell: no marking when every chain has enough devices', () => {
    const rows = ['a', 'b'].map((id) => dwellRow({ place_taxonomy_id: id, medianDwellTimeMinutes: 12, average_dwell_time_minutes: 14, device_count: 31 }));
    expect(seriesOf(medianDwellChart(rows, chartOf('median-dwell-time'), {}, labels, DEFAULT_CONFIDENCE).option)[0]!.data).toEqual([12, 12]);
  });

  it('ChartView says how many figures are thin, and under hide leaves them out of the chart and its figures', () => {
    const rows = [civRow('US', 400), civRow('501', 12)];
    const view = (templateParameters: Record<string, unknown>) =>
      renderToStaticMarkup(
        <ChartView setId="change-in-visits" chart={chartOf('percent-change-by-geography')} rows={rows} values={{}} labels={labels} templateParameters={templateParameters} />,
      );
    const marked = view({});
    expect(marked).toContain('1 figure rests on fewer than 30 devices: drawn faded and hatched (low confidence).');
    expect(marked).toContain('data-category="New York" data-value="20"');
    const hidden = view({ minDevices: 30, lowConfidence: 'hide' });
    expect(hidden).toContain('1 figure rests on fewer than 30 devices and is hidden.');
    expect(hidden).toContain('data-category="New York" data-value=""');
    // A higher threshold catches more; zero catches none.
    expect(view({ minDevices: 1000 })).toContain('2 figures rest on fewer than 1000 devices');
    expect(view({ minDevices: 0 })).not.toContain('low confidence');
  });

  it('Movement Pivot: thin cells carry the class, the flag and the count in their title', () => {
    const rows = [
      pivotRow({ geography_id: 'US', geography_value: 'United States', period_value: '2025-01', normalized_visits: 10.5, raw_visits: 9, device_count: 300 }),
      pivotRow({ geography_id: '501', geography_value: 'New York', period_value: '2025-01', normalized_visits: 2, raw_visits: 2, device_count: 2 }),
    ];
    const html = renderToStaticMarkup(
      <ChartView setId="movement-pivot" chart={chartOf('pivot', { kind: 'pivot-table' })} rows={rows} values={{ pivotTable: { rows: ['geography'], columns: ['period'] } }} labels={labels} templateParameters={{}} />,
    );
    expect(html.match(/pivot__cell--low-confidence/g)).toHaveLength(1);
    expect(html).toContain('data-low-confidence="true"');
    expect(html).toContain('2 normalized visits · 2 raw visits · 2 devices · low confidence (under 30)');
  });
});
