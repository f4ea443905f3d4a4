// Sample sizes (issue 21): every row says how many distinct panel devices its figure rests on (device_count). A figure
// below the organization's threshold (the set's templateParameters minDevices, default 30) is low-confidence: charts
// draw it faded and hatched with the count in the tooltip, or leave it out when the organization chose `hide`.
import { sampleSizeSettings, type AnalyticRow, type LowConfidenceDisplay } from '@atlas/domain';
import { escapeHtml } from './format';
import { tooltipNote } from './style';
import { FIGURE_FIELDS, type DrawnRow } from './rows';

/** Faded and hatched: the look of a low-confidence bar, cell or point (ECharts item style; decal draws the hatching). */
export const LOW_CONFIDENCE_STYLE: { opacity: number; decal: { symbol: 'rect'; dashArrayX: number[]; dashArrayY: number[]; rotation: number; color: string } } = {
  opacity: 0.45,
  decal: { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4, color: 'rgba(255, 255, 255, 0.85)' },
};

export interface Confidence {
  minDevices: number;
  display: LowConfidenceDisplay;
  /** The devices behind a row's figure: device_count (Change in Visits: the fewer of focus and benchmark); null without a row. */
  devices(row: DrawnRow | undefined): number | null;
  /** Whether the row's figure rests on fewer devices than the threshold. */
  low(row: DrawnRow | undefined): boolean;
  /** An ECharts data item for a value of the row: plain, or faded and hatched when low-confidence. */
  item<V>(value: V, row: DrawnRow | undefined): V | { value: V; itemStyle: typeof LOW_CONFIDENCE_STYLE };
  /** The tooltip's words about the row's sample ('' without a row): "12 devices · low confidence (under 30)". */
  note(row: DrawnRow | undefined): string;
}

function devicesOf(row: DrawnRow | undefined): number | null {
  if (!row) return null;
  return 'benchmark_device_count' in row ? Math.min(row.device_count, row.benchmark_device_count) : row.device_count;
}

const formatCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'device' : 'devices'}`;

/** The confidence rules of a set as the organization configured it (its effective templateParameters). */
export function confidenceOf(templateParameters: Record<string, unknown>): Confidence {
  const { minDevices, lowConfidence } = sampleSizeSettings(templateParameters);
  const low = (row: DrawnRow | undefined) => {
    const count = devicesOf(row);
    return count !== null && count < minDevices;
  };
  return {
    minDevices,
    display: lowConfidence,
    devices: devicesOf,
    low,
    item: (value, row) => (low(row) ? { value, itemStyle: LOW_CONFIDENCE_STYLE } : value),
    note: (row) => {
      const count = devicesOf(row);
      if (count === null) return '';
      return low(row) ? `${formatCount(count)} · low confidence (under ${minDevices.toLocaleString('en-US')})` : formatCount(count);
    },
  };
}

/** The rules when nothing is configured: 30 devices, marked. */
export const DEFAULT_CONFIDENCE = confidenceOf({});

/**
 * The rows a chart draws: as answered, or, when the organization hides low-confidence figures, with the figures of thin
 * rows removed (null: drawn as gaps and "n/a", never as 0).
 */
export function visibleRows(rows: readonly AnalyticRow[], confidence: Confidence): DrawnRow[] {
  if (confidence.display !== 'hide') return [...rows];
  return rows.map((row) => {
    if (!confidence.low(row)) return row;
    const hidden: Record<string, unknown> = { ...row };
    for (const field of FIGURE_FIELDS) if (field in hidden) hidden[field] = null;
    return hidden as DrawnRow;
  });
}

/** How many drawn figures are low-confidence (marked) or were left out (hidden): what the card says under its title. */
export function confidenceSummary(rows: readonly DrawnRow[], confidence: Confidence): string | undefined {
  const thin = rows.filter((row) => confidence.low(row)).length;
  if (thin === 0) return undefined;
  const what = thin === 1 ? 'figure rests' : 'figures rest';
  return confidence.display === 'hide'
    ? `${thin} ${what} on fewer than ${confidence.minDevices} devices and ${thin === 1 ? 'is' : 'are'} hidden.`
    : `${thin} ${what} on fewer than ${confidence.minDevices} devices: drawn faded and hatched (low confidence).`;
}

/** The tooltip line about a row's sample ('' without a row). */
export function sampleNote(confidence: Confidence, row: DrawnRow | undefined): string {
  const note = confidence.note(row);
  return note ? tooltipNote(escapeHtml(note)) : '';
}
