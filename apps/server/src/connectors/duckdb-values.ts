// DuckDB result columns as connector columns and values (string, number, bigint, boolean, Date or null).
import { DuckDBTypeId, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { ColumnType } from '@atlas/pipeline';
import { toJsonValue } from '../engine/values.js';
import type { ConnectorColumn } from './types.js';

type Convert = (value: DuckDBValue) => unknown;

const asIs: Convert = (value) => value;
/** Wider or decimal numbers as doubles (as PostgreSQL's numeric); their JSON form is a number, or digits when too large. */
const asNumber: Convert = (value) => Number(toJsonValue(value));
/** Dates and timestamps: their JSON form is an ISO date or UTC timestamp; infinities become null. */
const asDate: Convert = (value) => {
  const date = new Date(String(toJsonValue(value)));
  return Number.isNaN(date.getTime()) ? null : date;
};
const asText: Convert = (value) => {
  const json = toJsonValue(value);
  return typeof json === 'string' ? json : JSON.stringify(json);
};

const KINDS: Partial<Record<DuckDBTypeId, [ColumnType, Convert]>> = {
  [DuckDBTypeId.BOOLEAN]: ['boolean', asIs],
  [DuckDBTypeId.TINYINT]: ['integer', asIs],
  [DuckDBTypeId.SMALLINT]: ['integer', asIs],
  [DuckDBTypeId.INTEGER]: ['integer', asIs],
  [DuckDBTypeId.UTINYINT]: ['integer', asIs],
  [DuckDBTypeId.USMALLINT]: ['integer', asIs],
  // 64-bit: bigint values (see arrow.ts).
  [DuckDBTypeId.BIGINT]: ['integer', asIs],
  [DuckDBTypeId.UINTEGER]: ['number', asNumber],
  [DuckDBTypeId.UBIGINT]: ['number', asNumber],
  [DuckDBTypeId.HUGEINT]: ['number', asNumber],
  [DuckDBTypeId.UHUGEINT]: ['number', asNumber],
  [DuckDBTypeId.FLOAT]: ['number', asIs],
  [DuckDBTypeId.DOUBLE]: ['number', asIs],
  [DuckDBTypeId.DECIMAL]: ['number', asNumber],
  [DuckDBTypeId.DATE]: ['date', asDate],
  [DuckDBTypeId.TIMESTAMP]: ['timestamp', asDate],
  [DuckDBTypeId.TIMESTAMP_S]: ['timestamp', asDate],
  [DuckDBTypeId.TIMESTAMP_MS]: ['timestamp', asDate],
  [DuckDBTypeId.TIMESTAMP_NS]: ['timestamp', asDate],
  [DuckDBTypeId.TIMESTAMP_TZ]: ['timestamp', asDate],
  [DuckDBTypeId.VARCHAR]: ['string', asIs],
};

export interface DuckDBColumns {
  columns: ConnectorColumn[];
  /** Converts a chunk's rows in place. */
  convert(rows: DuckDBValue[][]): unknown[][];
}

export function duckdbColumns(names: readonly string[], types: readonly DuckDBType[]): DuckDBColumns {
  const kinds = types.map((type) => KINDS[type.typeId] ?? (['unknown', asText] as const));
  return {
    columns: names.map((name, index) => ({ name, type: kinds[index]![0], dbType: types[index]!.toString() })),
    convert(rows) {
      for (const row of rows) {
        for (let index = 0; index < row.length; index++) {
          const value = row[index];
          if (value !== null) (row as unknown[])[index] = kinds[index]![1](value!);
        }
      }
      return rows;
    },
  };
}
