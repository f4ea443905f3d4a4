// Audience Insight: visit share and fair share index by age or gender, one bar per chain in each segment.
import { AGE_ORDER, GENDERS, type AudienceInsightRow } from '@atlas/domain';
import type { BarSeriesOption } from 'echarts/charts';
import { DEFAULT_CONFIDENCE } from './confidence';
import { geographyName, groupsOf, indexRows, limitGroups, pairKey, taxonomyGroup } from './data';
import { escapeHtml, formatIndex, formatPercent, indexTick, NOT_AVAILABLE, percentTick } from './format';
import { baseOption, categoryAxisStyle, gridBox, legend, legendOf, tooltip, tooltipLine, tooltipTitle, valueAxisStyle } from './style';
import type { ChartSpec, EChartsOption, Figure, OptionBuilder } from './types';

interface Measure {
  dimension: 'age' | 'gender';
  segments: readonly string[];
  field: 'norm_visit_share' | 'fair_share_index';
}

const MEASURES: Readonly<Record<string, Measure>> = {
  'visit-share-by-age': { dimension: 'age', segments: AGE_ORDER, field: 'norm_visit_share' },
  'fair-share-index-by-age': { dimension: 'age', segments: AGE_ORDER, field: 'fair_share_index' },
  'visit-share-by-gender': { dimension: 'gender', segments: GENDERS, field: 'norm_visit_share' },
  'fair-share-index-by-gender': { dimension: 'gender', segments: GENDERS, field: 'fair_share_index' },
};

export const SHARE_AXIS = '% of visits';
export const INDEX_AXIS = 'Index (100 = population share)';

export const audienceInsightChart: OptionBuilder<AudienceInsightRow> = (rows, chart, values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const measure = MEASURES[chart.id];
  if (!measure) throw new Error(`Audience Insight has no chart ${chart.id}`);
  const isIndex = measure.field === 'fair_share_index';
  const format = isIndex ? formatIndex : formatPercent;
  const { shown: chains, limited } = limitGroups(groupsOf(rows, taxonomyGroup, labels.PLACE_TAXONOMY), chart.groupLimit, 'chains');
  const cells = indexRows(rows, (row) => pairKey(row.place_taxonomy_id, row[measure.dimension] ?? ''));
  const value = (chainId: string, segment: string) => cells.get(pairKey(chainId, segment))?.[measure.field] ?? null;

  const figures: Figure[] = [];
  const series = chains.map((chain, k): BarSeriesOption => {
    const data = measure.segments.map((segment) => {
      const v = value(chain.id, segment);
      figures.push({ series: chain.name, category: segment, value: v });
      return confidence.item(v, cells.get(pairKey(chain.id, segment)));
    });
    return {
      type: 'bar',
      name: chain.name,
      data,
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      ...(isIndex && k === 0
        ? {
            markLine: {
              silent: true,
              symbol: 'none',
              data: [{ yAxis: 100, name: 'Population share' }],
              lineStyle: { color: '#c62f3a', type: 'dashed', width: 1.5 },
              label: { formatter: '100', position: 'insideEndTop', color: '#c62f3a', fontWeight: 600 },
            },
          }
        : {}),
    };
  });

  const drawnMax = Math.max(0, ...figures.map((figure) => figure.value ?? 0));
  const dma = typeof values.dma === 'string' ? geographyName(labels, values.dma) : '';
  const option: EChartsOption = {
    ...baseOption(),
    legend: legend(),
    tooltip: tooltip('axis', (items) => {
      const segment = measure.segments[items[0]?.dataIndex ?? 0] ?? '';
      return (
        tooltipTitle(escapeHtml(segment)) +
        items
          .map((item) => {
            const chain = chains[item.seriesIndex];
            if (!chain) return '';
            const v = value(chain.id, segment);
            const row = cells.get(pairKey(chain.id, segment));
            const thin = confidence.low(row) ? ` (${escapeHtml(confidence.note(row))})` : '';
            return tooltipLine(item.color, escapeHtml(chain.name), `${v === null ? NOT_AVAILABLE : format(v)}${thin}`);
          })
          .join('')
      );
    }),
    grid: gridBox({ top: 12, left: 8, right: 16, bottom: 8 }),
    xAxis: { type: 'category', data: [...measure.segments], ...categoryAxisStyle },
    yAxis: {
      type: 'value',
      name: isIndex ? INDEX_AXIS : SHARE_AXIS,
      nameGap: 40,
      ...valueAxisStyle,
      axisLabel: { ...valueAxisStyle.axisLabel, formatter: isIndex ? indexTick : percentTick },
      // The line at 100 stays in view when every index is below it.
      ...(isIndex && drawnMax < 100 ? { max: 120 } : {}),
    },
    series,
  };
  const subtitle = isIndex ? `100 = the segment's share of the ${dma || 'DMA'} population` : `Share of each chain's visits${dma ? ` in ${dma}` : ''}`;
  return { option, figures, legend: legendOf(series), subtitle, ...(limited ? { limited } : {}) };
};
