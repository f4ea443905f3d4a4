// Reading a user's SQL without parsing it: where its `$n` parameters are (outside strings, quoted names and comments)
// and whether it is a query. For warehouses whose protocol binds `?` positionally (Trino, Athena, BigQuery).

/**
 * How a quote stands inside quoted text: doubled (ANSI, Databricks' backticks), or after a backslash (BigQuery, whose
 * strings and backtick-quoted names all read backslash escapes).
 */
export type QuoteEscape = 'doubled' | 'backslash';

/** Splits SQL into pieces that are code (kind 'code') or strings, quoted names and comments, which are left as they are. */
export function* pieces(sql: string, escape: QuoteEscape = 'doubled'): Generator<{ code: boolean; text: string }> {
  let start = 0;
  let index = 0;
  const flush = function* (end: number, code: boolean) {
    if (end > start) yield { code, text: sql.slice(start, end) };
    start = end;
  };
  while (index < sql.length) {
    const char = sql[index]!;
    let end = -1;
    if ((char === "'" || char === '"' || char === '`') && escape === 'backslash') {
      end = index + 1;
      while (end < sql.length && sql[end] !== char) end += sql[end] === '\\' ? 2 : 1;
      end = Math.min(end + 1, sql.length);
    } else if (char === "'" || char === '"' || char === '`') {
      // A quote ends at the next lone one (doubled quotes stand for one). Backticks quote names on Databricks.
      end = index + 1;
      for (;;) {
        const next = sql.indexOf(char, end);
        if (next === -1) {
          end = sql.length;
          break;
        }
        if (sql[next + 1] === char) end = next + 2;
        else {
          end = next + 1;
          break;
        }
      }
    } else if (sql.startsWith('--', index)) {
      const newline = sql.indexOf('\n', index);
      end = newline === -1 ? sql.length : newline;
    } else if (sql.startsWith('/*', index)) {
      const close = sql.indexOf('*/', index + 2);
      end = close === -1 ? sql.length : close + 2;
    }
    if (end === -1) index++;
    else {
      yield* flush(index, true);
      yield* flush(end, false);
      index = end;
    }
  }
  yield* flush(sql.length, true);
}

/** `$1 … $n` as `?`, with the values in the order the `?` appear (a `$n` used twice binds its value twice). */
export function questionMarks(sql: string, params: readonly unknown[], escape: QuoteEscape = 'doubled'): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  let text = '';
  for (const piece of pieces(sql, escape)) {
    if (!piece.code) text += piece.text;
    else {
      text += piece.text.replace(/(?<![\w$])\$(\d+)(?!\w)/g, (_, digits: string) => {
        const position = Number(digits);
        if (position < 1 || position > params.length) throw new RangeError(`$${digits} has no value (${params.length} given)`);
        values.push(params[position - 1]);
        return '?';
      });
    }
  }
  return { sql: text, values };
}

/** The first word of the statement's code (after comments and opening parentheses), lower case. */
export function firstWord(sql: string): string {
  for (const piece of pieces(sql)) {
    if (!piece.code) continue;
    const word = /^[\s(]*([A-Za-z_]+)?/.exec(piece.text)!;
    if (word[1]) return word[1].toLowerCase();
    if (piece.text.replace(/[\s(]/g, '') !== '') return '';
  }
  return '';
}

// Trino's grammar (Trino, Athena engine 3) makes a statement starting with one of these a query; EXPLAIN ANALYZE, which
// runs its statement, and everything else are not.
const TRINO_QUERY_WORDS = new Set(['select', 'with', 'values', 'table']);

/** Whether a statement in Trino's grammar is a query (and so writes nothing). */
export const isTrinoQuery = (sql: string) => TRINO_QUERY_WORDS.has(firstWord(sql));
