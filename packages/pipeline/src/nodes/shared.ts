// Helpers several node kinds share.
import type { Site } from '../errors.js';
import type { NodeSql, Relation } from '../node-definition.js';
import type { DialectSql } from '../dialects.js';
import type { ColumnInfo, ResolvedRelation } from '../types.js';

export const SOURCE = { min: 0, max: 0 } as const;
export const ONE_INPUT = { min: 1, max: 1 } as const;

/** `t."a", t."b"` */
export function columnList(columns: readonly ColumnInfo[], qualifier: string, sql: DialectSql): string {
  return columns.map((column) => sql.column(column.name, qualifier)).join(', ');
}

/** `SELECT t."a", … FROM <relation> AS t` for a relation the engine resolved. */
export function selectResolved(resolved: ResolvedRelation, site: Site, sql: DialectSql, where = ''): NodeSql {
  if (resolved.columns.length === 0) return site.reject('Dataset has no columns');
  return {
    sql: `SELECT ${columnList(resolved.columns, 't', sql)} FROM ${resolved.relation} AS t${where ? ` WHERE ${where}` : ''}`,
    columns: resolved.columns,
  };
}

/** ` ORDER BY …` re-applying an input's ordering, or nothing. */
export function orderClause(input: Relation): string {
  return input.orderBy ? ` ORDER BY ${input.orderBy}` : '';
}

/** The column an H3-keyed relation must have, or 422 `message`. */
export function requireColumn(columns: readonly ColumnInfo[], name: string, site: Site, message: string): ColumnInfo {
  const column = columns.find((candidate) => candidate.name === name);
  if (!column) return site.reject(message, `${message}: no ${JSON.stringify(name)} column`);
  return column;
}
