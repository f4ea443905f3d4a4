// The fakes stand in for the vendor but run its SQL on DuckDB, which quotes names only with double quotes. BigQuery and
// Databricks quote names with backticks, so their fakes read a backtick-quoted name (outside string literals and
// comments) as the same name in double quotes, which is what the vendor itself would read.

/** How a backtick inside a quoted name is written: BigQuery `\``, Databricks ``. */
export type BacktickEscape = 'backslash' | 'doubled';

export function backticksAsDoubleQuotes(sql: string, escape: BacktickEscape): string {
  let out = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index]!;
    if (char === '`') {
      let name = '';
      index++;
      while (index < sql.length) {
        const next = sql[index]!;
        if (escape === 'backslash' && next === '\\') {
          name += sql[index + 1] ?? '';
          index += 2;
        } else if (next === '`' && escape === 'doubled' && sql[index + 1] === '`') {
          name += '`';
          index += 2;
        } else if (next === '`') {
          index++;
          break;
        } else {
          name += next;
          index++;
        }
      }
      out += `"${name.replaceAll('"', '""')}"`;
      continue;
    }
    let end = index + 1;
    if (char === "'" || char === '"') {
      // A string (or, on DuckDB, a double-quoted name) is copied as it is, up to its closing quote (doubled ones stay inside).
      for (;;) {
        const close = sql.indexOf(char, end);
        if (close === -1) end = sql.length;
        else if (sql[close + 1] === char) {
          end = close + 2;
          continue;
        } else end = close + 1;
        break;
      }
    } else if (sql.startsWith('--', index)) {
      const newline = sql.indexOf('\n', index);
      end = newline === -1 ? sql.length : newline;
    } else if (sql.startsWith('/*', index)) {
      const close = sql.indexOf('*/', index + 2);
      end = close === -1 ? sql.length : close + 2;
    }
    out += sql.slice(index, end);
    index = end;
  }
  return out;
}
