// Test helpers for the query and data-queries suites (not part of the build).
import type { ErrorBody } from '@atlas/domain';
import { tableFromIPC } from 'apache-arrow';
import type { Harness } from '../../../test-support/harness.js';

export type Headers = { authorization: string };

export async function createDataset(h: Harness, headers: Headers, name: string): Promise<string> {
  const response = await h.app.inject({ method: 'POST', url: '/v1/datasets', headers, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`create dataset failed: ${response.body}`);
  return response.json().id;
}

/** Uploads CSV data into a dataset through PUT /v1/datasets/{id}/data. */
export async function loadCsv(h: Harness, headers: Headers, datasetId: string, csv: string): Promise<void> {
  const response = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${datasetId}/data`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
}

export async function datasetWith(h: Harness, headers: Headers, name: string, csv: string): Promise<string> {
  const id = await createDataset(h, headers, name);
  await loadCsv(h, headers, id, csv);
  return id;
}

/** Plain rows of an Arrow IPC stream: bigint as number, timestamps and dates as ISO strings. */
export function arrowRows(bytes: Buffer, options: { temporal?: readonly string[] } = {}): Record<string, unknown>[] {
  const table = tableFromIPC(bytes);
  return table.toArray().map((row) => {
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row.toJSON() as Record<string, unknown>)) {
      let out: unknown = typeof value === 'bigint' ? Number(value) : value;
      if (options.temporal?.includes(key) && out !== null) out = new Date(out instanceof Date ? out : Number(out)).toISOString();
      plain[key] = out;
    }
    return plain;
  });
}

export const arrowColumns = (bytes: Buffer) => tableFromIPC(bytes).schema.fields.map((field) => field.name);

/** Sorts rows by the given keys (numbers and strings; null last) for order-free comparisons. */
export function sortRows<T extends Record<string, unknown>>(rows: T[], ...keys: string[]): T[] {
  const compare = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    return (a as number | string) < (b as number | string) ? -1 : 1;
  };
  return [...rows].sort((x, y) => {
    for (const key of keys) {
      const order = compare(x[key], y[key]);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** The error body every failed call answers. */
export const errorOf = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() as ErrorBody });

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
