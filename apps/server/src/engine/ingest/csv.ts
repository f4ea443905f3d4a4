import { open } from 'node:fs/promises';
import { sqlString } from '../sql.js';
import { IngestError } from './errors.js';
import type { Conversion } from './index.js';
import { PARQUET_COPY_OPTIONS } from './stored.js';

const DELIMITERS = [',', '\t', ';', '|'];

/**
 * The delimiter of the header line (the candidate found most often outside quotes), or null for a one-column file.
 * Fixing it keeps DuckDB's sniffer from reading a malformed file as one column, or skipping its first rows.
 */
export async function headerDelimiter(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256 * 1024), 0, 256 * 1024, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const counts = new Map<string, number>();
    let quoted = false;
    for (const char of text) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && (char === '\n' || char === '\r')) break;
      else if (!quoted && DELIMITERS.includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    let best: string | null = null;
    for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (best ? counts.get(best)! : 0)) best = delimiter;
    return best;
  } finally {
    await handle.close();
  }
}

/** DuckDB's explanation without server paths and search-space listings. */
function reason(error: unknown, source: string): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((line) => line.replaceAll(source, 'the file').trim());
  if (/Error when sniffing file/.test(lines[0]!)) return 'The rows do not share one layout (a different number of columns, or an unclosed quote)';
  const useful = lines.filter((line, index) => index === 0 || /^(Original Line|Expected Number of Columns|Error when converting column|Could not convert)/.test(line));
  return useful.join('; ').replace(/^Invalid Input Error: |^Conversion Error: /, '').slice(0, 500);
}

/** A later row that does not fit the types sniffed from the first rows. */
const TYPE_MISMATCH = /Error when converting column|Could not convert|Conversion Error/;

/**
 * CSV through DuckDB's sniffer (quoting, header, types from a sample), with the header's delimiter and no skipped
 * rows. When a row further down does not fit the sampled types, the file is read again with types from every row.
 */
export async function convertCsv({ connection, source, target }: Conversion): Promise<void> {
  const delimiter = await headerDelimiter(source);
  const options = `auto_detect = true, skip = 0${delimiter ? `, delim = ${sqlString(delimiter)}` : ''}`;
  const copy = (extra: string) =>
    connection.run(`COPY (SELECT * FROM read_csv(${sqlString(source)}, ${options}${extra})) TO ${sqlString(target)} ${PARQUET_COPY_OPTIONS}`);
  try {
    await copy('');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!TYPE_MISMATCH.test(message)) throw new IngestError('Could not parse the CSV file', reason(error, source));
    try {
      await copy(', sample_size = -1');
    } catch (retryError) {
      throw new IngestError('Could not parse the CSV file', reason(retryError, source));
    }
  }
}
