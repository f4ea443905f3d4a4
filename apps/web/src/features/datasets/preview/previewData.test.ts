import { describe, expect, it } from 'vitest';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { decodeArrow, pagePipeline, plainValue, PREVIEW_LIMIT } from './previewData';

describe('pagePipeline', () => {
  it('pages the dataset with the SQL paging defaults, leaving out a zero offset', () => {
    expect(PREVIEW_LIMIT).toBe(100);
    expect(pagePipeline('d1', 0, 100)).toEqual({ type: 'limit', props: { length: 100 }, inputs: [{ type: 'dataset', props: { uuid: 'd1' }, inputs: [] }] });
    expect(pagePipeline('d1', 200, 100).props).toEqual({ length: 100, offset: 200 });
  });
});

describe('decodeArrow', () => {
  it('reads an Arrow stream into named rows with plain values', async () => {
    const table = tableFromArrays({ name: ['a', 'b'], lat: Float64Array.from([1.5, 2.5]), n: BigInt64Array.from([1n, 2n ** 60n]) });
    const bytes = tableToIPC(table, 'stream');
    const decoded = await decodeArrow(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(decoded.columns).toEqual(['name', 'lat', 'n']);
    expect(decoded.rows).toEqual([
      { name: 'a', lat: 1.5, n: 1 },
      { name: 'b', lat: 2.5, n: '1152921504606846976' },
    ]);
  });
});

describe('cells', () => {
  it('shows values plainly', () => {
    expect(plainValue(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05.000Z');
  });
});
