// Cross-Visitation: the overlap heatmap (base chains × overlap chains) whose columns select the focus chain, and the
// bars of every base chain's overlap with that focus chain.
import type { CrossVisitationRow } from '@atlas/domain';
import type { BarSeriesOption, HeatmapSeriesOption } from 'echarts/charts';
import { DEFAULT_CONFIDENCE, LOW_CONFIDENCE_STYLE, sampleNote } from './confidence';
import { groupsOf, indexRows, limitGroups, pairKey, secondaryGroup, taxonomyGroup, taxonomyName, type Group } from './data';
import { escapeHtml, formatPercent, NOT_AVAILABLE, percentTick } from './format';
import { baseOption, gridBox, categoryAxisStyle, HEAT_COLORS, tooltip, tooltipLine, tooltipTitle, valueAxisStyle } from './style';
import type { ChartClick, ChartSpec, EChartsOption, Figure, OptionBuilder, Values } from './types';

/** The chain the focus bars compare with: the hidden parameter, else the first selected chain (as the server reads it). */
export function focusChainId(values: Values): string | undefined {
  if (typeof values.focusChain === 'string' && values.focusChain !== '') return values.focusChain;
  return Array.isArray(values.chains) && typeof values.chains[0] === 'string' ? values.chains[0] : undefined;
}

/** Cells darker than this carry white labels. */
const DARK_FROM = 55;
/** From this many columns the column names are slanted. */
const SLANTED_FROM = 5;

export const overlapHeatmapChart: OptionBuilder<CrossVisitationRow> = (rows, chart, values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const baseGroups = limitGroups(groupsOf(rows, taxonomyGroup, labels.PLACE_TAXONOMY), chart.groupLimit, 'chains');
  const overlapGroups = limitGroups(groupsOf(rows, secondaryGroup, labels.PLACE_TAXONOMY), chart.groupLimit, 'chains');
  const bases = baseGroups.shown;
  const overlaps = overlapGroups.shown;
  const limited = baseGroups.limited ?? overlapGroups.limited;
  const cells = indexRows(rows, (row) => pairKey(row.place_taxonomy_id, row.secondary_place_taxonomy_id));
  const overlapOf = (base: Group, other: Group) => cells.get(pairKey(base.id, other.id))?.overlap ?? null;
  const nameOf = (groups: Group[]) => {
    const names = new Map(groups.map((group) => [group.id, group.name]));
    return (id: string) => names.get(id) ?? id;
  };
  const baseName = nameOf(bases);
  const overlapName = nameOf(overlaps);
  const focus = focusChainId(values);

  const figures: Figure[] = [];
  const data: NonNullable<HeatmapSeriesOption['data']> = [];
  bases.forEach((base, y) =>
    overlaps.forEach((other, x) => {
      const value = overlapOf(base, other);
      figures.push({ series: base.name, category: other.name, value });
      const thin = confidence.low(cells.get(pairKey(base.id, other.id))) ? { itemStyle: LOW_CONFIDENCE_STYLE } : {};
      data.push({ value: [x, y, value ?? '-'], label: { color: value !== null && value >= DARK_FROM ? '#ffffff' : '#1b2330' }, ...thin });
    }),
  );

  const option: EChartsOption = {
    ...baseOption(),
    tooltip: tooltip('item', ([item]) => {
      const cell = item ? data[item.dataIndex] : undefined;
      const [x, y] = (cell && typeof cell === 'object' && 'value' in cell ? cell.value : []) as number[];
      const base = bases[y ?? -1];
      const other = overlaps[x ?? -1];
      if (!base || !other) return '';
      const value = overlapOf(base, other);
      return (
        tooltipTitle(`${escapeHtml(base.name)} → ${escapeHtml(other.name)}`) +
        tooltipLine(item!.color, `Visitors of ${escapeHtml(base.name)} who also visited ${escapeHtml(other.name)}`, value === null ? NOT_AVAILABLE : formatPercent(value)) +
        sampleNote(confidence, cells.get(pairKey(base.id, other.id)))
      );
    }),
    grid: gridBox({ top: 8, left: 8, right: 8, bottom: 40 }),
    xAxis: {
      type: 'category',
      data: overlaps.map((group) => group.id),
      position: 'top',
      triggerEvent: true,
      ...categoryAxisStyle,
      axisLine: { show: false },
      splitArea: { show: false },
      axisLabel: {
        ...categoryAxisStyle.axisLabel,
        interval: 0,
        width: 140,
        overflow: 'truncate',
        rotate: overlaps.length >= SLANTED_FROM ? 30 : 0,
        formatter: (id: string) => (id === focus ? `{focus|${overlapName(id)}}` : overlapName(id)),
        rich: { focus: { color: '#2563eb', fontWeight: 700, fontSize: 12 } },
      },
    },
    yAxis: {
      type: 'category',
      data: bases.map((group) => group.id),
      inverse: true,
      ...categoryAxisStyle,
      axisLine: { show: false },
      axisLabel: { ...categoryAxisStyle.axisLabel, width: 130, overflow: 'truncate', formatter: baseName },
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max: 100,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 160,
      itemWidth: 10,
      text: ['100%', '0%'],
      textStyle: { color: '#5d6878', fontSize: 11 },
      inRange: { color: HEAT_COLORS },
    },
    series: [
      {
        type: 'heatmap',
        name: 'Overlap',
        data,
        cursor: 'pointer',
        itemStyle: { borderColor: '#ffffff', borderWidth: 2, borderRadius: 3 },
        label: {
          show: true,
          fontSize: 11,
          fontWeight: 500,
          formatter: (p: { value?: unknown }) => {
            const v = Array.isArray(p.value) ? p.value[2] : undefined;
            return typeof v === 'number' ? percentTick(Math.round(v)) : '';
          },
        },
        emphasis: { itemStyle: { borderColor: '#1b2330', borderWidth: 2 } },
      },
    ],
  };

  const columnIds = overlaps.map((group) => group.id);
  const columnAt = (click: ChartClick): string | undefined => {
    if (click.componentType === 'xAxis') return typeof click.value === 'string' && columnIds.includes(click.value) ? click.value : undefined;
    if (click.componentType !== 'series') return undefined;
    const cell = click.data as { value?: unknown } | unknown[] | undefined;
    const value = Array.isArray(cell) ? cell : cell?.value;
    return Array.isArray(value) && typeof value[0] === 'number' ? columnIds[value[0]] : undefined;
  };

  return {
    option,
    figures,
    subtitle: 'Rows: base chains · columns: overlap chains · click a column to set the focus chain',
    columnAt,
    columns: overlaps,
    ...(limited ? { limited } : {}),
  };
};

export const focusChainOverlapChart: OptionBuilder<CrossVisitationRow> = (rows, chart, values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const { shown: bases, limited } = limitGroups(groupsOf(rows, taxonomyGroup, labels.PLACE_TAXONOMY), chart.groupLimit, 'chains');
  const first = rows[0];
  const focusId = first ? first.secondary_place_taxonomy_id : (focusChainId(values) ?? '');
  const focusName = first?.secondary_place_taxonomy_value || taxonomyName(labels, focusId);
  const cells = indexRows(rows, (row) => row.place_taxonomy_id);
  const overlapOf = (base: Group) => cells.get(base.id)?.overlap ?? null;

  const figures: Figure[] = [];
  const series: BarSeriesOption = {
    type: 'bar',
    name: `Overlap with ${focusName}`,
    barMaxWidth: 26,
    label: { show: true, position: 'right', fontSize: 11, color: '#5d6878', formatter: (p: { value?: unknown }) => (typeof p.value === 'number' ? formatPercent(p.value) : '') },
    data: bases.map((base) => {
      const value = overlapOf(base);
      figures.push({ series: focusName, category: base.name, value });
      // The focus chain's own bar (always 100) is drawn muted: it is the reference, not a finding.
      const thin = confidence.low(cells.get(base.id)) ? LOW_CONFIDENCE_STYLE : {};
      return base.id === focusId ? { value, itemStyle: { color: '#c9d0db', ...thin } } : { value, itemStyle: { color: '#2563eb', ...thin } };
    }),
  };

  const option: EChartsOption = {
    ...baseOption(),
    tooltip: tooltip('item', ([item]) => {
      const base = item ? bases[item.dataIndex] : undefined;
      if (!item || !base) return '';
      const value = overlapOf(base);
      return (
        tooltipTitle(escapeHtml(base.name)) +
        tooltipLine(item.color, `Visitors who also visited ${escapeHtml(focusName)}`, value === null ? NOT_AVAILABLE : formatPercent(value)) +
        sampleNote(confidence, cells.get(base.id))
      );
    }),
    grid: gridBox({ top: 8, left: 8, right: 56, bottom: 8 }),
    xAxis: {
      type: 'value',
      // The card is narrow (2 of 6 columns): quarter steps and a short name keep the ticks apart.
      name: '% of visitors',
      nameGap: 28,
      min: 0,
      max: 100,
      interval: 25,
      ...valueAxisStyle,
      axisLabel: { ...valueAxisStyle.axisLabel, formatter: percentTick, hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: bases.map((base) => base.name),
      inverse: true,
      ...categoryAxisStyle,
      axisLabel: { ...categoryAxisStyle.axisLabel, width: 130, overflow: 'truncate' },
    },
    series: [series],
  };
  return { option, figures, subtitle: `Focus chain: ${focusName}`, ...(limited ? { limited } : {}) };
};
