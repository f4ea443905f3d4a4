import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv.js';

const texts = (text: string) => parseCsv(text).map((record) => record.map((field) => field.text));

describe('parseCsv (RFC 4180)', () => {
  it('splits records and fields, with LF, CRLF or no final line end', () => {
    expect(texts('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(texts('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(texts('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields with commas, line breaks and doubled quotes', () => {
    expect(texts('"a,1","say ""hi""","two\nlines"\n')).toEqual([['a,1', 'say "hi"', 'two\nlines']]);
  });

  it('keeps empty fields and tells quoted empty fields apart', () => {
    const [record] = parseCsv('"",,x,\n');
    expect(record).toEqual([
      { text: '', quoted: true },
      { text: '', quoted: false },
      { text: 'x', quoted: false },
      { text: '', quoted: false },
    ]);
  });

  it('skips blank lines and a byte order mark', () => {
    expect(texts('\uFEFFa\n\n1\r\n\r\n2\n')).toEqual([['a'], ['1'], ['2']]);
  });

  it('rejects malformed quoting with the line number', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/after closing quote \(line 2\)/);
    expect(() => parseCsv('a\nx"y\n')).toThrow(/Quote inside an unquoted field/);
  });
});
