import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChartView } from './ChartView';
import { changeRow, chartOf, crossRow, dwellRow, journeyRow, labels, pivotRow } from './test-fixtures';

const pivotChart = chartOf('pivot', { kind: 'pivot-table', exportControl: { templateParameter: 'canExport' } });
const pivotRows = [
  pivotRow({ geography_id: 'US', geography_value: 'United States', period_value: '2025-01', normalized_visits: 10.5, raw_visits: 9 }),
  pivotRow({ geography_id: '501', geography_value: 'New York', period_value: '2025-01', normalized_visits: 2, raw_visits: 2 }),
];
const pivotValues = { pivotTable: { rows: ['geography'], columns: ['period'] } };

const render = (element: JSX.Element) => renderToStaticMarkup(element);
/** The data-value of each figure row, in order. */
const figureValues = (html: string) => [...html.matchAll(/<tr data-series="[^"]*" data-category="[^"]*" data-value="([^"]*)"/g)].map((m) => m[1]);

describe('ChartView', () => {
  it('offers the CSV export of the pivot only when the template parameter is true', () => {
    const view = (templateParameters: Record<string, unknown>) =>
      render(<ChartView setId="movement-pivot" chart={pivotChart} rows={pivotRows} values={pivotValues} labels={labels} templateParameters={templateParameters} />);
    expect(view({ canExport: true })).toContain('Export CSV');
    expect(view({ canExport: false })).not.toContain('Export CSV');
    expect(view({})).not.toContain('data-export');
    // "true" as text is not true.
    expect(view({ canExport: 'true' })).not.toContain('data-export');
  });

  it('marks its root with the chart id and lists the figures it draws, unrounded', () => {
    const html = render(<ChartView setId="movement-pivot" chart={pivotChart} rows={pivotRows} values={pivotValues} labels={labels} templateParameters={{}} />);
    expect(html).toMatch(/^<div class="chart-view" data-chart="pivot" data-set="movement-pivot"/);
    expect(figureValues(html)).toEqual(['10.5', '2']);
  });

  it('draws a bar chart with its legend, and says when the group limit dropped series', () => {
    const rows = ['a', 'b', 'c'].map((id, k) => dwellRow({ place_taxonomy_id: id, place_taxonomy_value: labels.PLACE_TAXONOMY[id], medianDwellTimeMinutes: 10 + k, average_dwell_time_minutes: 12 }));
    const html = render(<ChartView setId="visitation-trends" chart={chartOf('median-dwell-time', { groupLimit: 2 })} rows={rows} values={{}} labels={labels} templateParameters={{}} />);
    expect(html).toContain('class="chart-view__canvas"');
    expect(html).toContain('Showing 2 of 3 chains');
    expect(figureValues(html)).toEqual(['10', '11']);
  });

  it('offers the heatmap columns as buttons when a column can be selected', () => {
    const rows = [
      crossRow({ place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', secondary_place_taxonomy_id: 'a', secondary_place_taxonomy_value: 'Alpha', overlap: 100 }),
      crossRow({ place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', secondary_place_taxonomy_id: 'b', secondary_place_taxonomy_value: 'Bravo', overlap: 30 }),
    ];
    const heatmap = chartOf('overlap-heatmap', { kind: 'heatmap', onColumnSelect: { set: '{{focusChain}}' } });
    const props = { setId: 'cross-visitation' as const, chart: heatmap, rows, values: { chains: ['a', 'b'] }, labels, templateParameters: {} };
    const html = render(<ChartView {...props} onSelectColumn={() => undefined} />);
    expect([...html.matchAll(/data-column="([^"]+)"/g)].map((m) => m[1])).toEqual(['a', 'b']);
    expect(render(<ChartView {...props} />)).not.toContain('data-column');
  });

  it('shows the Customer Journey as tables first, with a switch to its chart', () => {
    const rows = [
      journeyRow({ relationship: 'before', place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', secondary_place_taxonomy_id: 'b', secondary_place_taxonomy_value: 'Bravo', poi_level_name: 'chain', geography_id: 'US', geography_value: 'United States', percentage: 100, normalized_visits: 5 }),
    ];
    const chart = chartOf('top-before-and-after', { kind: 'table', alternativeKind: 'bar', groupLimit: 40 });
    const html = render(<ChartView setId="customer-journey" chart={chart} rows={rows} values={{}} labels={labels} templateParameters={{}} />);
    expect(html).toContain('data-display="table"');
    expect(html).toContain('aria-pressed="true">Table</button>');
    expect(html).toContain('aria-pressed="false">Chart</button>');
    expect(html).toContain('No same-day visits after Alpha.');
    expect(figureValues(html)).toEqual(['100']);
  });
});

describe('ChartView downloads', () => {
  const bars = ['a', 'b'].map((id, k) => dwellRow({ place_taxonomy_id: id, place_taxonomy_value: labels.PLACE_TAXONOMY[id], medianDwellTimeMinutes: 10 + k }));

  it('offers every ECharts chart as PNG and its rows as CSV', () => {
    const html = render(<ChartView setId="visitation-trends" chart={chartOf('median-dwell-time')} rows={bars} values={{}} labels={labels} templateParameters={{}} />);
    expect([...html.matchAll(/data-export="([^"]+)"/g)].map((m) => m[1])).toEqual(['png', 'csv']);
  });

  it('keeps the CSV of a chart with an export control behind its template parameter, the PNG not', () => {
    const chart = chartOf('median-dwell-time', { exportControl: { templateParameter: 'canExport' } });
    const html = render(<ChartView setId="visitation-trends" chart={chart} rows={bars} values={{}} labels={labels} templateParameters={{}} />);
    expect([...html.matchAll(/data-export="([^"]+)"/g)].map((m) => m[1])).toEqual(['png']);
  });

  it('says why a Change in Visits chart is flat when focus and benchmark are one month', () => {
    const rows = [
      changeRow({ geography_id: 'US', geography_value: 'United States', place_taxonomy_id: 'a', place_taxonomy_value: 'Alpha', period_value: '2025-12', benchmark_period_value: '2025-12', percent_change: 0 }),
    ];
    const html = render(<ChartView setId="change-in-visits" chart={chartOf('percent-change-by-geography', { kind: 'bar' })} rows={rows} values={{}} labels={labels} templateParameters={{}} />);
    expect(html).toContain('role="note" data-notice="">Focus and benchmark are the same month (2025-12)');
  });
});
