// Athena's result columns and values. Athena (engine 3 is Trino) names its types as Trino does, with a few Hive
// spellings (float, int, string); every value arrives as text (VarCharValue), so it is read as the JSON value Trino
// would send before trino-values.ts converts it.
import type { ColumnInfo } from '@aws-sdk/client-athena';
import { trinoColumn } from './trino-values.js';
import type { ConnectorColumn } from './types.js';

const TRINO_NAMES: Record<string, string> = { float: 'real', int: 'integer', string: 'varchar' };

/** Athena's type name with its precision and scale where it reports them apart (`decimal` → `decimal(10,2)`). */
export function athenaTypeName(info: Pick<ColumnInfo, 'Type' | 'Precision' | 'Scale'>): string {
  const type = (info.Type ?? 'varchar').toLowerCase();
  return type === 'decimal' && info.Precision ? `decimal(${info.Precision},${info.Scale ?? 0})` : type;
}

/** A column of Athena's type and the conversion of its text values. */
export function athenaColumn(name: string, dbType: string): { column: ConnectorColumn; convert: (text: string) => unknown } {
  const base = /^\w+/.exec(dbType)?.[0] ?? dbType;
  const { column, convert } = trinoColumn(name, dbType.replace(/^\w+/, TRINO_NAMES[base] ?? base));
  const fromText =
    column.type === 'boolean'
      ? (text: string) => text === 'true'
      : (column.type === 'integer' && base !== 'bigint') || column.type === 'number'
        ? Number
        : (text: string) => text;
  return { column: { ...column, dbType }, convert: (text) => convert(fromText(text)) };
}
