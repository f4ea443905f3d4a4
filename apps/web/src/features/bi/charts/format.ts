// Readable numbers for axes, labels, tooltips and tables (en-US): compact visits, percentages and indexes with one decimal.

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const signedOneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const upToOneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** What a missing figure reads as. */
export const NOT_AVAILABLE = 'n/a';

const guard = (format: (value: number) => string) => (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : format(value);

/** Visits, compact: 1.2M, 35.4K, 950. */
export const formatVisits = guard((value) => compact.format(value));
/** Visits in full, for tables: 1,234,567. */
export const formatCount = guard((value) => whole.format(value));
/** A share or overlap: 42.3%. */
export const formatPercent = guard((value) => `${oneDecimal.format(value)}%`);
/** A change: +4.2%, −3.1%, 0.0%. */
export const formatChange = guard((value) => `${signedOneDecimal.format(value)}%`);
/** An index (100 = population share): 112.4. */
export const formatIndex = guard((value) => oneDecimal.format(value));
/** Minutes: 23.5 min. */
export const formatMinutes = guard((value) => `${oneDecimal.format(value)} min`);
/** Axis ticks of a percent axis: 25%, 12.5%, +10% when signed. */
export const percentTick = (value: number) => `${upToOneDecimal.format(value)}%`;
export const changeTick = (value: number) => `${value > 0 ? '+' : ''}${upToOneDecimal.format(value)}%`;
/** Axis ticks of an index axis: 120, 87.5. */
export const indexTick = (value: number) => upToOneDecimal.format(value);

/** A focus period against its benchmark: "2025-12 vs 2024-12". */
export const periodVersus = (focus: string, benchmark: string) => `${focus} vs ${benchmark}`;

/** Text safe inside the HTML of an ECharts tooltip. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
