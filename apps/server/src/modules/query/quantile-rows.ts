import type { QuantileRow } from '@atlas/domain';

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Engine rows of a quantiles query (time, column, q0 … q100) as the answer's entries; a quantile that failed is null. */
export function toQuantileRows(rows: readonly Record<string, unknown>[]): QuantileRow[] {
  return rows.map((row) => ({
    time: row.time === null || row.time === undefined ? null : String(row.time),
    column: String(row.column),
    q0: number(row.q0),
    q25: number(row.q25),
    q50: number(row.q50),
    q75: number(row.q75),
    q100: number(row.q100),
  }));
}
