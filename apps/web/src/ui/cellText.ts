/** How a value reads in a table cell: numbers to 12 significant digits, objects (JSON, arrays) as JSON, null blank. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
