// The fakes stand in for the vendor but run its SQL on DuckDB, which quotes names only with double quotes. BigQuery and
// Databricks quote names with backticks, so their fakes read a backtick-quoted name (outside string literals and
// comments) as the same name in double quotes, which is what the vendor itself would read.
import { pieces, type QuoteEscape } from '../sql-text.js';

/** A backtick-quoted name's text: BigQuery escapes with a backslash (`\``), Databricks doubles (``). */
function nameOf(quoted: string, escape: QuoteEscape): string {
  const inner = quoted.slice(1, quoted.length > 1 && quoted.endsWith('`') ? -1 : undefined);
  return escape === 'backslash' ? inner.replace(/\\(.)/g, '$1') : inner.replaceAll('``', '`');
}

/** The SQL with every backtick-quoted name (outside strings and comments) double-quoted, the rest as it is. */
export function backticksAsDoubleQuotes(sql: string, escape: QuoteEscape): string {
  let out = '';
  for (const piece of pieces(sql, escape)) {
    out += !piece.code && piece.text.startsWith('`') ? `"${nameOf(piece.text, escape).replaceAll('"', '""')}"` : piece.text;
  }
  return out;
}
