// Change in Visits: percent change of normalized visits, focus period against benchmark, per geography and chain/category.
import type { ChangeInVisitsRow } from '@atlas/domain';
import type { BarSeriesOption } from 'echarts/charts';
import { DEFAULT_CONFIDENCE, LOW_CONFIDENCE_STYLE, sampleNote } from './confidence';
import { geographyGroup, groupsOf, indexRows, limitGroups, pairKey, taxonomyGroup } from './data';
import { changeTick, escapeHtml, formatChange, formatVisits, periodVersus } from './format';
import { baseOption, categoryAxisStyle, gridBox, legend, legendOf, tooltip, tooltipLine, tooltipNote, tooltipTitle, valueAxisStyle } from './style';
import type { Drawn } from './rows';
import type { ChartSpec, EChartsOption, Figure, OptionBuilder } from './types';

/** More geographies than this are drawn as horizontal bars, so their names stay readable. */
export const HORIZONTAL_FROM = 4;
/** Bars are labelled with their change when there are at most this many. */
const LABELLED_BARS = 12;

function periods(rows: readonly Drawn<ChangeInVisitsRow>[], values: Record<string, unknown>): { focus: string; benchmark: string } {
  const first = rows[0];
  if (first) return { focus: first.period_value, benchmark: first.benchmark_period_value };
  const period = values.analysisPeriod as { focus?: string; benchmark?: string } | undefined;
  return { focus: period?.focus ?? '', benchmark: period?.benchmark ?? '' };
}

/** Focus and benchmark are one period: every change is 0 by definition, which the flat chart alone does not say. */
export const samePeriodNotice = (period: string) =>
  `Focus and benchmark are the same ${/Q/.test(period) ? 'quarter' : 'month'} (${period}), so every change is 0.0%. Choose an earlier benchmark to compare.`;

export const changeInVisitsChart: OptionBuilder<ChangeInVisitsRow> = (rows, chart, values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const geographies = groupsOf(rows, geographyGroup, labels.GEOGRAPHY);
  const { shown: taxonomies, limited } = limitGroups(
    groupsOf(rows, taxonomyGroup, labels.PLACE_TAXONOMY),
    chart.groupLimit,
    'chains and categories',
  );
  const cells = indexRows(rows, (row) => pairKey(row.geography_id, row.place_taxonomy_id));
  const { focus, benchmark } = periods(rows, values);
  const horizontal = geographies.length >= HORIZONTAL_FROM;
  const labelled = geographies.length * taxonomies.length <= LABELLED_BARS;

  const figures: Figure[] = [];
  const series = taxonomies.map((taxonomy): BarSeriesOption => ({
    type: 'bar',
    name: taxonomy.name,
    barMaxWidth: 32,
    emphasis: { focus: 'series' },
    label: {
      show: labelled,
      position: horizontal ? 'right' : 'top',
      fontSize: 11,
      color: '#5d6878',
      formatter: (p: { value?: unknown }) => (typeof p.value === 'number' ? formatChange(p.value) : ''),
    },
    data: geographies.map((geography) => {
      const row = cells.get(pairKey(geography.id, taxonomy.id));
      const value = row?.percent_change ?? null;
      figures.push({ series: taxonomy.name, category: geography.name, value });
      // A falling bar is labelled at its far end, below (or left of) the zero line, not on top of its neighbour's label.
      const falling = value !== null && value < 0 ? { label: { position: horizontal ? ('left' as const) : ('bottom' as const) } } : {};
      const thin = confidence.low(row) ? { itemStyle: LOW_CONFIDENCE_STYLE } : {};
      return 'label' in falling || 'itemStyle' in thin ? { value, ...falling, ...thin } : value;
    }),
  }));

  const categoryAxis = {
    type: 'category' as const,
    data: geographies.map((geography) => geography.name),
    ...categoryAxisStyle,
    axisLabel: { ...categoryAxisStyle.axisLabel, width: horizontal ? 160 : 120, overflow: 'truncate' as const, interval: 0 },
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxis = {
    type: 'value' as const,
    name: `% change, ${periodVersus(focus, benchmark)}`,
    nameGap: horizontal ? 28 : 48,
    ...valueAxisStyle,
    axisLabel: { ...valueAxisStyle.axisLabel, formatter: changeTick },
    splitLine: { lineStyle: { color: '#e1e5ec', type: 'dashed' as const } },
  };

  const option: EChartsOption = {
    ...baseOption(),
    legend: legend(),
    tooltip: tooltip('item', ([item]) => {
      const taxonomy = item && taxonomies[item.seriesIndex];
      const geography = item && geographies[item.dataIndex];
      if (!item || !taxonomy || !geography) return '';
      const row = cells.get(pairKey(geography.id, taxonomy.id));
      const change = row?.percent_change ?? null;
      return (
        tooltipTitle(`${escapeHtml(taxonomy.name)} · ${escapeHtml(geography.name)}`) +
        tooltipLine(
          item.color,
          `Change, ${escapeHtml(periodVersus(focus, benchmark))}`,
          change !== null ? formatChange(change) : confidence.display === 'hide' && confidence.low(row) ? 'hidden (low confidence)' : 'n/a (no benchmark visits)',
        ) +
        tooltipLine('#1b2330', `Focus ${escapeHtml(focus)}`, `${formatVisits(row?.normalized_visits)} visits`) +
        tooltipLine('#8a94a3', `Benchmark ${escapeHtml(benchmark)}`, `${formatVisits(row?.benchmark_normalized_visits)} visits`) +
        tooltipNote('Normalized visits') +
        sampleNote(confidence, row)
      );
    }),
    grid: gridBox({ top: 12, left: 8, right: horizontal ? 56 : 16, bottom: 8 }),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series,
  };
  return {
    option,
    figures,
    legend: legendOf(series),
    subtitle: `Normalized visits, ${periodVersus(focus, benchmark)}`,
    ...(limited ? { limited } : {}),
    ...(focus !== '' && focus === benchmark ? { notice: samePeriodNotice(focus) } : {}),
  };
};
