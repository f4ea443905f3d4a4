// Indexed foot traffic (Indexed Foot Traffic's two charts, Visitation Trends' indexed subview): the change of
// normalized visits against each series' first period, one line per chain (or per geography), over time.
import { PERIOD_GRANULARITIES, type IndexedFootTrafficRow, type Labels, type PeriodGranularity } from '@atlas/domain';
import type { LineSeriesOption } from 'echarts/charts';
import { DEFAULT_CONFIDENCE, LOW_CONFIDENCE_STYLE } from './confidence';
import { geographyGroup, groupsOf, indexRows, limitGroups, pairKey, taxonomyGroup, type Group, type GroupOf } from './data';
import { changeTick, escapeHtml, formatChange, formatVisits, NOT_AVAILABLE } from './format';
import { axisIntervals, periodAxis } from './period-axis';
import { baseOption, gridBox, legend, legendOf, tooltip, tooltipLine, tooltipTitle, valueAxisStyle } from './style';
import type { Drawn } from './rows';
import type { ChartSpec, EChartsOption, Figure, OptionBuilder } from './types';

export const INDEX_AXIS = '% change vs first period';

type Row = Drawn<IndexedFootTrafficRow>;

/** What tells the lines apart: the geography for one chain across geographies, else the chain. */
const bySeries = (chartId: string): { group: GroupOf<Row>; noun: string; labels: keyof Labels } =>
  chartId === 'chain-across-geographies'
    ? { group: geographyGroup, noun: 'geographies', labels: 'GEOGRAPHY' }
    : { group: taxonomyGroup, noun: 'chains', labels: 'PLACE_TAXONOMY' };

/** Daily series are 7-day rolling means (bi-and-admin.md §9); monthly ones are normalized to 30-day months. */
function describePeriods(granularity: string, first: string): string {
  const base = granularity === 'daily' ? '7-day rolling average of normalized visits' : 'Monthly normalized visits';
  return first ? `${base}, indexed to ${first}` : base;
}

const granularityOf = (value: string): PeriodGranularity => (PERIOD_GRANULARITIES as readonly string[]).includes(value) ? (value as PeriodGranularity) : 'monthly';

export const indexedLinesChart: OptionBuilder<IndexedFootTrafficRow> = (rows, chart, values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const key = bySeries(chart.id);
  const { shown: groups, limited } = limitGroups(groupsOf(rows, key.group, labels[key.labels]), chart.groupLimit, key.noun);
  // The periods of all lines, in time order, each with its epoch and label.
  const periods = [...new Map(rows.map((row) => [row.period_epoch_ms, row.period_value])).entries()].sort((a, b) => a[0] - b[0]);
  const cells = indexRows(rows, (row) => pairKey(key.group(row)[0], String(row.period_epoch_ms)));
  const cellOf = (group: Group, epoch: number): Row | undefined => cells.get(pairKey(group.id, String(epoch)));
  // The rows' granularity; without rows, the one the analysis period asked for (Indexed Foot Traffic).
  const granularity = rows[0] ? rows[0].period_type : granularityOf((values.analysisPeriod as { granularity?: string } | undefined)?.granularity ?? 'monthly');
  const daily = granularity === 'daily';
  const intervals = axisIntervals(periodAxis(granularity, periods.map(([, label]) => label)));

  const figures: Figure[] = [];
  // A low-confidence point is a hollow, faded ring; daily lines (no symbols) show only those.
  const thinPoint = { symbol: 'emptyCircle', symbolSize: 8, itemStyle: { opacity: LOW_CONFIDENCE_STYLE.opacity } };
  const series = groups.map(
    (group): LineSeriesOption => ({
      type: 'line',
      name: group.name,
      showSymbol: !daily || periods.some(([epoch]) => confidence.low(cellOf(group, epoch))),
      symbolSize: daily ? 0 : 5,
      lineStyle: { width: 2 },
      emphasis: { focus: 'series' },
      connectNulls: false,
      data: periods.map(([epoch, label]) => {
        const row = cellOf(group, epoch);
        const value = row?.norm_visits_pct_chg_vs_first ?? null;
        figures.push({ series: group.name, category: label, value });
        return confidence.low(row) ? { value, ...thinPoint } : value;
      }),
    }),
  );
  if (series[0]) series[0].markLine = { silent: true, symbol: 'none', data: [{ yAxis: 0 }], lineStyle: { color: '#8a94a3', type: 'solid', width: 1 }, label: { show: false } };

  const option: EChartsOption = {
    ...baseOption(),
    legend: legend(),
    tooltip: {
      ...tooltip('axis', (items) => {
        const period = periods[items[0]?.dataIndex ?? -1];
        if (!period) return '';
        return (
          tooltipTitle(escapeHtml(period[1])) +
          items
            .map((item) => {
              const group = groups[item.seriesIndex];
              const row = group && cellOf(group, period[0]);
              if (!group) return '';
              const change = row?.norm_visits_pct_chg_vs_first ?? null;
              const visits = row?.normalized_visits ?? null;
              const thin = confidence.low(row) ? ` · ${escapeHtml(confidence.note(row))}` : '';
              return tooltipLine(item.color, escapeHtml(group.name), `${change === null ? NOT_AVAILABLE : formatChange(change)} · ${formatVisits(visits)} visits${thin}`);
            })
            .join('')
        );
      }),
      axisPointer: { type: 'line', lineStyle: { color: '#c9d0db' } },
    },
    grid: gridBox({ top: 12, left: 8, right: 24, bottom: 8 }),
    // A category per period: every tick and label is one period in its own format, never an instant between two.
    xAxis: {
      type: 'category',
      data: periods.map(([, label]) => label),
      boundaryGap: false,
      axisLine: { lineStyle: { color: '#e1e5ec' } },
      axisTick: { show: true, interval: intervals.tick, lineStyle: { color: '#c9d0db' } },
      axisLabel: { color: '#5d6878', fontSize: 11, interval: intervals.label, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: INDEX_AXIS,
      nameGap: 44,
      scale: true,
      ...valueAxisStyle,
      axisLabel: { ...valueAxisStyle.axisLabel, formatter: changeTick },
    },
    series,
  };
  return { option, figures, legend: legendOf(series), subtitle: describePeriods(granularity, periods[0]?.[1] ?? ''), ...(limited ? { limited } : {}) };
};
