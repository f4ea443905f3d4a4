// Downloads of a chart: its drawing as PNG and its data as CSV (RFC 4180), where the set's export rule allows it.
import type { ChartDefinition } from '../template';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Lines of fields as CSV, each line ending with CRLF. */
export const csvLines = (lines: readonly (readonly string[])[]) => lines.map((line) => line.map(csvField).join(',') + '\r\n').join('');

/**
 * Result rows as CSV: a header of every field the rows carry (bi-and-admin.md §3 names, in order of first appearance),
 * then one line per row with the values unrounded; missing and null values are empty.
 */
export function rowsCsv(rows: readonly Record<string, unknown>[]): string {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return csvLines([fields, ...rows.map((row) => fields.map((field) => cell(row[field])))]);
}

/**
 * Whether the chart's data may be exported: a chart with an export control (the Movement Pivot) only when its template
 * parameter is exactly true (default false, bi-and-admin.md §2, §6); other charts always.
 */
export function mayExportData(chart: ChartDefinition, templateParameters: Record<string, unknown>): boolean {
  const control = chart.exportControl;
  return control === undefined || templateParameters[control.templateParameter] === true;
}

/** Saves a URL's content (a data: URL, or a Blob's object URL that is revoked once taken) under a file name. */
export function download(fileName: string, content: Blob | string): void {
  const url = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const downloadCsv = (fileName: string, csv: string) => download(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
