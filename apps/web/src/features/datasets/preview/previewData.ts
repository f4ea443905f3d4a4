// Rows of a dataset for the preview table and map: POST /v1/datasets/query runs a pipeline (a dataset node under a
// limit node) and answers Arrow, decoded here into plain rows.
import type { Table } from 'apache-arrow';
import { SQL_PAGING_DEFAULTS } from '@atlas/domain';

export const PREVIEW_LIMIT = SQL_PAGING_DEFAULTS.limit;

/** `{type, props, inputs}` of "the dataset's rows `offset` to `offset + length`" (a limit's offset is > 0 when present). */
export function pagePipeline(datasetId: string, offset: number, length: number): Record<string, unknown> {
  const source = { type: 'dataset', props: { uuid: datasetId }, inputs: [] };
  return { type: 'limit', props: offset > 0 ? { length, offset } : { length }, inputs: [source] };
}

export interface Rows {
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/** A cell as JSON would carry it: big integers as numbers when exact (else text), dates as ISO text. */
export function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (value !== null && typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function') return value.toJSON();
  return value;
}

export function tableRows(table: Table): Rows {
  const columns = table.schema.fields.map((field) => field.name);
  const vectors = columns.map((_, index) => table.getChildAt(index));
  const rows: Array<Record<string, unknown>> = [];
  for (let row = 0; row < table.numRows; row += 1) {
    const record: Record<string, unknown> = {};
    columns.forEach((name, index) => {
      record[name] = plainValue(vectors[index]?.get(row) ?? null);
    });
    rows.push(record);
  }
  return { columns, rows };
}

/** Decodes an Arrow IPC stream (apache-arrow loads with the first preview, not with the list). */
export async function decodeArrow(data: ArrayBuffer): Promise<Rows> {
  const { tableFromIPC } = await import('apache-arrow');
  return tableRows(tableFromIPC(new Uint8Array(data)));
}

