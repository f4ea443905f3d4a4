// How sizes, counts and dates of datasets read.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 kB" (powers of 1000, as file managers show them). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

const counts = new Intl.NumberFormat('en-US');
export const formatCount = (count: number) => counts.format(count);

const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
export const formatDate = (iso: string) => dates.format(new Date(iso));

/**
 * A failed load's reason as people read errors here: the server stores "message: details" (data-service's
 * failureReason), shown as "message (details)".
 */
export function loadErrorText(errorMessage: string): string {
  const at = errorMessage.indexOf(': ');
  if (at <= 0) return errorMessage;
  return `${errorMessage.slice(0, at)} (${errorMessage.slice(at + 2)})`;
}
