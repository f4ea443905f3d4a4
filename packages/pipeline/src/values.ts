// Literal tables (inline_data, hexify cells, tileExtract cells) as `VALUES` lists of typed `$n` parameters.
import type { LiteralValue } from './expression.js';
import type { NodeSql } from './node-definition.js';
import type { DialectSql } from './dialects.js';
import type { ColumnInfo, ColumnType } from './types.js';

export interface Table {
  readonly columns: readonly ColumnInfo[];
  readonly rows: readonly (readonly LiteralValue[])[];
}

const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Infers column types from values and converts values to them.
 * Non-null values all booleans → boolean; all numbers → integer (all safe integers) or number; otherwise string
 * (numbers and booleans in a mixed column are written as text). An all-null column is a string column.
 * With `fromText`, string values that all read as integers, numbers or true/false give those types.
 */
export function inferTable(names: readonly string[], rows: readonly (readonly LiteralValue[])[], fromText = false): Table {
  const types: ColumnType[] = names.map((_, index) => {
    const values = rows.map((row) => row[index] ?? null).filter((value) => value !== null);
    if (values.length === 0) return 'string';
    if (fromText) {
      const texts = values.map(String);
      if (texts.every((text) => INTEGER_TEXT.test(text) && Number.isSafeInteger(Number(text)))) return 'integer';
      if (texts.every((text) => NUMBER_TEXT.test(text) && Number.isFinite(Number(text)))) return 'number';
      if (texts.every((text) => text === 'true' || text === 'false')) return 'boolean';
      return 'string';
    }
    if (values.every((value) => typeof value === 'boolean')) return 'boolean';
    if (values.every((value) => typeof value === 'number')) return values.every((value) => Number.isSafeInteger(value)) ? 'integer' : 'number';
    return 'string';
  });
  const convert = (value: LiteralValue, type: ColumnType): LiteralValue => {
    if (value === null) return null;
    switch (type) {
      case 'integer':
      case 'number':
        return Number(value);
      case 'boolean':
        return typeof value === 'boolean' ? value : value === 'true';
      default:
        return String(value);
    }
  };
  return {
    columns: names.map((name, index) => ({ name, type: types[index]! })),
    rows: rows.map((row) => names.map((_, index) => convert(row[index] ?? null, types[index]!))),
  };
}

/**
 * `SELECT * FROM (VALUES (CAST($1 AS T1), CAST($2 AS T2)), …) AS t("a", "b")` (or the dialect's own literal table);
 * with no rows, a typed empty SELECT. Every value is a parameter; names are quoted identifiers.
 */
export function valuesSql(table: Table, sql: DialectSql, param: (value: unknown) => string, outputType?: (column: ColumnInfo) => ColumnType): NodeSql {
  const casts = table.columns.map((column) => sql.type(column.type));
  const names = table.columns.map((column) => sql.ident(column.name));
  const columns = table.columns.map((column) => ({ name: column.name, type: outputType ? outputType(column) : column.type }));
  if (table.rows.length === 0) {
    const nulls = names.map((name, index) => `CAST(NULL AS ${casts[index]}) AS ${name}`).join(', ');
    return { sql: `SELECT * FROM (SELECT ${nulls}) AS t WHERE 1 = 0`, columns };
  }
  const rows = table.rows.map((row) => row.map((value, index) => `CAST(${param(value)} AS ${casts[index]})`));
  return { sql: sql.values(rows, names), columns };
}
