// A small RFC 4180 CSV parser: comma separated, double-quoted fields with "" escapes, CRLF or LF line ends.

export interface CsvField {
  readonly text: string;
  /** The field was written in double quotes (so an empty quoted field is an empty string, not a missing value). */
  readonly quoted: boolean;
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
  }
}

/**
 * Parses CSV text into records of fields. Lines with no characters at all are skipped;
 * a quote inside an unquoted field, text after a closing quote and an unterminated quote are errors.
 */
export function parseCsv(text: string): CsvField[][] {
  const records: CsvField[][] = [];
  let record: CsvField[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let i = 0;
  const n = text.length;
  // Position 0 may hold a byte order mark.
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  let atRecordStart = true;

  const endField = () => {
    record.push({ text: field, quoted });
    field = '';
    quoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    atRecordStart = true;
  };

  while (i < n) {
    const ch = text[i]!;
    if (ch === '"' && field.length === 0 && !quoted) {
      // Quoted field.
      quoted = true;
      atRecordStart = false;
      i++;
      for (;;) {
        if (i >= n) throw new CsvSyntaxError('Unterminated quoted field', line);
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError('Unexpected character after closing quote', line);
      }
      continue;
    }
    if (ch === ',') {
      atRecordStart = false;
      endField();
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      // A blank line is skipped.
      if (!atRecordStart) endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i++;
      i++;
      line++;
      continue;
    }
    if (ch === '"') throw new CsvSyntaxError('Quote inside an unquoted field', line);
    if (quoted) throw new CsvSyntaxError('Unexpected character after closing quote', line);
    field += ch;
    atRecordStart = false;
    i++;
  }
  if (!atRecordStart) endRecord();
  return records;
}
