// Visitation Trends: each chain's visits split by daypart (stacked to 100%) and its median dwell time.
import { DAYPARTS, type DaypartShareRow, type DwellTimeRow } from '@atlas/domain';
import type { BarSeriesOption } from 'echarts/charts';
import { DEFAULT_CONFIDENCE, sampleNote } from './confidence';
import { groupsOf, indexRows, limitGroups, pairKey, taxonomyGroup } from './data';
import { escapeHtml, formatMinutes, formatPercent, NOT_AVAILABLE, percentTick } from './format';
import { baseOption, categoryAxisStyle, gridBox, legend, legendOf, tooltip, tooltipLine, tooltipTitle, valueAxisStyle } from './style';
import type { ChartSpec, EChartsOption, Figure, OptionBuilder } from './types';

/** Daypart colours: morning light, afternoon mid, evening dark. */
const DAYPART_COLORS = ['#93c5fd', '#2563eb', '#1e3a8a'];
/** Segments smaller than this (in %) carry no label. */
const LABELLED_FROM = 7;

export const SHARE_AXIS = '% of visits';
export const DWELL_AXIS = 'Median dwell time (minutes)';

/** Chains down the side (first at the top), so their names read in full: both charts draw horizontal bars. */
const chainAxis = (names: string[]) => ({
  type: 'category' as const,
  data: names,
  inverse: true,
  ...categoryAxisStyle,
  axisLabel: { ...categoryAxisStyle.axisLabel, interval: 0, width: 140, overflow: 'truncate' as const },
});

export const daypartSharesChart: OptionBuilder<DaypartShareRow> = (rows, chart, _values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const dayparts = chart.categories ?? [...DAYPARTS];
  const { shown: chains, limited } = limitGroups(groupsOf(rows, taxonomyGroup, labels.PLACE_TAXONOMY), chart.groupLimit, 'chains');
  const cells = indexRows(rows, (row) => pairKey(row.place_taxonomy_id, row.share_name));
  const share = (chainId: string, daypart: string) => cells.get(pairKey(chainId, daypart))?.shareOfNormalizedVisits ?? null;

  const figures: Figure[] = [];
  const series = dayparts.map(
    (daypart, k): BarSeriesOption => ({
      type: 'bar',
      name: daypart,
      stack: 'share',
      barMaxWidth: 28,
      itemStyle: { color: DAYPART_COLORS[k % DAYPART_COLORS.length] },
      label: {
        show: true,
        position: 'inside',
        fontSize: 11,
        color: k === 0 ? '#1b2330' : '#ffffff',
        formatter: (p: { value?: unknown }) => (typeof p.value === 'number' && p.value >= LABELLED_FROM ? percentTick(Math.round(p.value)) : ''),
      },
      data: chains.map((chain) => {
        const value = share(chain.id, daypart);
        figures.push({ series: daypart, category: chain.name, value });
        return confidence.item(value, cells.get(pairKey(chain.id, daypart)));
      }),
    }),
  );

  const option: EChartsOption = {
    ...baseOption(),
    legend: legend(),
    tooltip: tooltip('axis', (items) => {
      const chain = chains[items[0]?.dataIndex ?? -1];
      if (!chain) return '';
      return (
        tooltipTitle(escapeHtml(chain.name)) +
        items
          .map((item) => {
            const daypart = dayparts[item.seriesIndex];
            if (daypart === undefined) return '';
            const value = share(chain.id, daypart);
            return tooltipLine(item.color, escapeHtml(daypart), value === null ? NOT_AVAILABLE : formatPercent(value));
          })
          .join('') +
        // One base per chain: every daypart's row carries the chain's visitors.
        sampleNote(confidence, cells.get(pairKey(chain.id, dayparts[0] ?? '')))
      );
    }),
    grid: gridBox({ top: 12, left: 8, right: 16, bottom: 8 }),
    xAxis: { type: 'value', name: SHARE_AXIS, nameGap: 28, max: 100, ...valueAxisStyle, axisLabel: { ...valueAxisStyle.axisLabel, formatter: percentTick } },
    yAxis: chainAxis(chains.map((chain) => chain.name)),
    series,
  };
  return { option, figures, legend: legendOf(series), subtitle: `Share of each chain's visits by time of day (${dayparts.join(', ')})`, ...(limited ? { limited } : {}) };
};

export const medianDwellChart: OptionBuilder<DwellTimeRow> = (rows, chart, _values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const { shown: chains, limited } = limitGroups(groupsOf(rows, taxonomyGroup, labels.PLACE_TAXONOMY), chart.groupLimit, 'chains');
  const cells = indexRows(rows, (row) => row.place_taxonomy_id);
  const figures: Figure[] = [];
  const median = (chainId: string) => cells.get(chainId)?.medianDwellTimeMinutes ?? null;
  const average = (chainId: string) => cells.get(chainId)?.average_dwell_time_minutes ?? null;

  const option: EChartsOption = {
    ...baseOption(),
    tooltip: tooltip('item', ([item]) => {
      const chain = item ? chains[item.dataIndex] : undefined;
      if (!item || !chain) return '';
      return (
        tooltipTitle(escapeHtml(chain.name)) +
        tooltipLine(item.color, 'Median dwell time', formatMinutes(median(chain.id))) +
        tooltipLine('#8a94a3', 'Average dwell time', formatMinutes(average(chain.id))) +
        sampleNote(confidence, cells.get(chain.id))
      );
    }),
    grid: gridBox({ top: 8, left: 8, right: 64, bottom: 8 }),
    xAxis: { type: 'value', name: DWELL_AXIS, nameGap: 28, ...valueAxisStyle },
    yAxis: chainAxis(chains.map((chain) => chain.name)),
    series: [
      {
        type: 'bar',
        name: 'Median dwell time',
        barMaxWidth: 28,
        itemStyle: { color: '#2563eb', borderRadius: [0, 3, 3, 0] },
        label: { show: true, position: 'right', fontSize: 11, color: '#5d6878', formatter: (p: { value?: unknown }) => (typeof p.value === 'number' ? formatMinutes(p.value) : '') },
        data: chains.map((chain) => {
          const value = median(chain.id);
          figures.push({ series: 'Median dwell time', category: chain.name, value });
          return confidence.item(value, cells.get(chain.id));
        }),
      },
    ],
  };
  return { option, figures, subtitle: 'Median minutes per visit; the tooltip adds the average', ...(limited ? { limited } : {}) };
};
