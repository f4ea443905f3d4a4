// View SQL on an organization's own PostgreSQL warehouse, through its data connection's connector: the same SQL the
// embedded engine runs (views/types.ts), answered as the same JSON-safe rows.
import type { ConnectionTarget, Connector } from '../../connectors/types.js';
import { bigintToJson } from '../../engine/values.js';
import type { SqlRunner } from './views/index.js';

/** Warehouse values as the embedded engine answers them: bigint as number when safe, dates as ISO strings. */
function jsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return bigintToJson(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}

export function warehouseRunner(connector: Connector, target: ConnectionTarget, timeoutMs: number): SqlRunner {
  return {
    async queryRows(sql, params, options) {
      const rows: Record<string, unknown>[] = [];
      for await (const batch of connector.runQuery(target, sql, params, { timeoutMs: options?.timeoutMs ?? timeoutMs, signal: options?.signal })) {
        const names = batch.columns.map((column) => column.name);
        for (const values of batch.rows) rows.push(Object.fromEntries(names.map((name, k) => [name, jsonValue(values[k])])));
      }
      return rows;
    },
  };
}
