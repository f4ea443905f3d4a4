// Customer Journey: the places visited just before and just after the primary chain (or category), as ranked lists
// for the table and as two bar charts side by side.
import type { CustomerJourneyRow, Labels } from '@atlas/domain';
import type { BarSeriesOption } from 'echarts/charts';
import type { ChartDefinition } from '../template';
import { DEFAULT_CONFIDENCE, LOW_CONFIDENCE_STYLE, type Confidence } from './confidence';
import { geographyName, limitGroups, taxonomyName } from './data';
import { escapeHtml, formatPercent, formatVisits, NOT_AVAILABLE, percentTick } from './format';
import { baseOption, categoryAxisStyle, gridBox, tooltip, tooltipLine, tooltipNote, tooltipTitle, valueAxisStyle } from './style';
import type { Drawn } from './rows';
import type { ChartSpec, EChartsOption, Figure, Limited, OptionBuilder, Values } from './types';

export const RELATIONSHIPS = ['before', 'after'] as const satisfies readonly CustomerJourneyRow['relationship'][];
export type Relationship = (typeof RELATIONSHIPS)[number];

export interface JourneyEntry {
  rank: number;
  id: string;
  name: string;
  percentage: number | null;
  normalizedVisits: number | null;
}

export interface Journey {
  primary: string;
  geography: string;
  /** What the neighbours are: "Chain" or "Category". */
  level: string;
  before: JourneyEntry[];
  after: JourneyEntry[];
  /** Per relationship, the devices its percentages rest on (every row of a side carries the same base) and whether they are few. */
  samples: Record<Relationship, { note: string; low: boolean }>;
  limited?: Limited;
}

/** Bar rows in the chart alternative (pixels per place), so 40 names stay legible on up to two lines. */
const BAR_ROW = 28;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The ranked lists, in the server's order (percentage descending, then name), each cut at the chart's group limit. */
export function journeyOf(rows: readonly Drawn<CustomerJourneyRow>[], chart: ChartDefinition, values: Values, labels: Labels, confidence: Confidence = DEFAULT_CONFIDENCE): Journey {
  const first = rows[0];
  const primaryId = first ? first.place_taxonomy_id : String(values.primary ?? '');
  const geographyId = first ? first.geography_id : String(values.geography ?? '');
  const lists = RELATIONSHIPS.map((relationship) => {
    const entries = rows
      .filter((row) => row.relationship === relationship)
      .map((row, k) => ({
        rank: k + 1,
        id: row.secondary_place_taxonomy_id,
        name: row.secondary_place_taxonomy_value || taxonomyName(labels, row.secondary_place_taxonomy_id),
        percentage: row.percentage,
        normalizedVisits: row.normalized_visits,
      }));
    return limitGroups(entries, chart.groupLimit, 'places');
  });
  const [before, after] = lists as [(typeof lists)[number], (typeof lists)[number]];
  const sampleOf = (relationship: Relationship) => {
    const row = rows.find((candidate) => candidate.relationship === relationship);
    return { note: confidence.note(row), low: confidence.low(row) };
  };
  const limited = before.limited ?? after.limited;
  return {
    primary: first?.place_taxonomy_value || taxonomyName(labels, primaryId),
    geography: first?.geography_value || geographyName(labels, geographyId),
    level: capitalized(first?.poi_level_name || String(values.showTopVisitsBy ?? 'chain')),
    before: before.shown,
    after: after.shown,
    samples: { before: sampleOf('before'), after: sampleOf('after') },
    ...(limited ? { limited } : {}),
  };
}

/** The numbers the table or the bars show: the percentage of each place, by relationship. */
export const journeyFigures = (journey: Journey): Figure[] =>
  RELATIONSHIPS.flatMap((relationship) => journey[relationship].map((entry) => ({ series: relationship, category: entry.name, value: entry.percentage })));

export const journeySubtitle = (journey: Journey) =>
  `${journey.primary} in ${journey.geography} · share of visits with a same-day stop just before or after`;

/** The chart alternative: the "before" bars on the left, the "after" bars on the right. */
export const customerJourneyChart: OptionBuilder<CustomerJourneyRow> = (rows, chart, values, labels, confidence = DEFAULT_CONFIDENCE): ChartSpec => {
  const journey = journeyOf(rows, chart, values, labels, confidence);
  const longest = Math.max(journey.before.length, journey.after.length, 1);
  const half = (k: number) => (k === 0 ? { left: 8, right: '56%' } : { left: '52%', right: 40 });
  // One scale for both sides, so a bar before and a bar after compare; room on the right for the value labels.
  const largest = Math.max(0, ...RELATIONSHIPS.flatMap((relationship) => journey[relationship].map((entry) => entry.percentage ?? 0)));
  const heading = (relationship: Relationship) => `${relationship === 'before' ? 'Before' : 'After'} ${journey.primary}`;
  const series = RELATIONSHIPS.map(
    (relationship, k): BarSeriesOption => ({
      type: 'bar',
      name: heading(relationship),
      xAxisIndex: k,
      yAxisIndex: k,
      barMaxWidth: 14,
      itemStyle: { color: k === 0 ? '#6f9cf7' : '#2563eb', borderRadius: [0, 3, 3, 0] },
      label: { show: true, position: 'right', fontSize: 10, color: '#5d6878', formatter: (p: { value?: unknown }) => (typeof p.value === 'number' ? formatPercent(p.value) : '') },
      data: journey[relationship].map((entry) => (journey.samples[relationship].low ? { value: entry.percentage, itemStyle: LOW_CONFIDENCE_STYLE } : entry.percentage)),
    }),
  );
  const option: EChartsOption = {
    ...baseOption(),
    // The whole row answers the pointer, its label too, so a name broken over two lines can be read whole.
    tooltip: tooltip('axis', ([item]) => {
      const relationship = item ? RELATIONSHIPS[item.seriesIndex] : undefined;
      const entry = relationship && journey[relationship][item!.dataIndex];
      if (!item || !relationship || !entry) return '';
      return (
        tooltipTitle(`#${entry.rank} ${escapeHtml(entry.name)}`) +
        tooltipLine(item.color, `Visited ${relationship} ${escapeHtml(journey.primary)}`, entry.percentage === null ? NOT_AVAILABLE : formatPercent(entry.percentage)) +
        tooltipLine('#8a94a3', 'Normalized visits', formatVisits(entry.normalizedVisits)) +
        (journey.samples[relationship].note ? tooltipNote(`Trips ${relationship} ${escapeHtml(journey.primary)}: ${escapeHtml(journey.samples[relationship].note)}`) : '')
      );
    }),
    title: RELATIONSHIPS.map((relationship, k) => ({
      text: heading(relationship),
      top: 0,
      left: k === 0 ? 8 : '52%',
      textStyle: { fontSize: 13, fontWeight: 600, color: '#5d6878' },
    })),
    grid: RELATIONSHIPS.map((_, k) => gridBox({ top: 32, bottom: 8, ...half(k) })),
    xAxis: RELATIONSHIPS.map((relationship, k) => ({
      type: 'value' as const,
      gridIndex: k,
      name: `% of trips, ${relationship}`,
      nameGap: 24,
      ...(largest > 0 ? { max: largest } : {}),
      ...valueAxisStyle,
      axisLabel: { ...valueAxisStyle.axisLabel, formatter: percentTick },
    })),
    yAxis: RELATIONSHIPS.map((relationship, k) => ({
      type: 'category' as const,
      gridIndex: k,
      inverse: true,
      data: journey[relationship].map((entry) => entry.name),
      ...categoryAxisStyle,
      axisLabel: { ...categoryAxisStyle.axisLabel, interval: 0, width: 150, overflow: 'break' as const, lineHeight: 12, fontSize: 11 },
    })),
    series,
  };
  return {
    option,
    figures: journeyFigures(journey),
    subtitle: journeySubtitle(journey),
    minHeight: longest * BAR_ROW + 80,
    ...(journey.limited ? { limited: journey.limited } : {}),
  };
};
