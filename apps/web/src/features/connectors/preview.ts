// The row preview of a table: a plain SELECT over the quoted names, run on the connection. It asks for one row more
// than it shows, so it can say whether there are more without the warehouse reading (and counting) the whole table.

/** A PostgreSQL identifier quoted so any name (spaces, capitals, quotes) is read as written. */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const PREVIEW_ROWS = 20;

export const previewSql = (schema: string, table: string) => `SELECT * FROM ${quoteIdentifier(schema)}.${quoteIdentifier(table)} LIMIT ${PREVIEW_ROWS + 1}`;

/** A cell as text: null stays visible as such, objects (JSON, arrays) as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
