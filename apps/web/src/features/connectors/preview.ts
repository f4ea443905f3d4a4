// The row preview of a table: a plain SELECT over the quoted names, run on the connection. It asks for one row more
// than it shows, so it can say whether there are more without the warehouse reading (and counting) the whole table.
import type { DataConnectionType } from '@atlas/domain';

/**
 * A name quoted as the connection's warehouse reads it as written (spaces, capitals, quotes): backticks on BigQuery
 * (backslash escapes) and Databricks (doubled), double quotes elsewhere — as the pipeline compiler's dialects quote.
 */
export function quoteIdentifier(type: DataConnectionType, name: string): string {
  if (type === 'big-query') return `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
  if (type === 'databricks') return `\`${name.replaceAll('`', '``')}\``;
  return `"${name.replaceAll('"', '""')}"`;
}

export const PREVIEW_ROWS = 20;

export const previewSql = (type: DataConnectionType, schema: string, table: string) =>
  `SELECT * FROM ${quoteIdentifier(type, schema)}.${quoteIdentifier(type, table)} LIMIT ${PREVIEW_ROWS + 1}`;
