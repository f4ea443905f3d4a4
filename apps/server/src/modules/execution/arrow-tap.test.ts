import { Readable } from 'node:stream';
import { RecordBatchStreamWriter, tableFromArrays, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { ArrowRowCounter, tapArrow, type TapResult } from './arrow-tap.js';

function twoBatches(): Buffer {
  const writer = new RecordBatchStreamWriter();
  for (const batch of [...tableFromArrays({ a: Int32Array.from([1, 2, 3]) }).batches, ...tableFromArrays({ a: Int32Array.from([4, 5]) }).batches]) writer.write(batch);
  writer.finish();
  return Buffer.from(writer.toUint8Array(true));
}

describe('ArrowRowCounter', () => {
  it('counts the rows of every record batch, however the bytes are split', () => {
    const bytes = twoBatches();
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const counter = new ArrowRowCounter();
      for (let offset = 0; offset < bytes.length; offset += size) counter.push(bytes.subarray(offset, offset + size));
      expect(counter.rows).toBe(5);
    }
  });

  it('counts an empty result (schema only) as 0 rows', () => {
    const counter = new ArrowRowCounter();
    counter.push(Buffer.from(tableToIPC(tableFromArrays({ a: Int32Array.from([]) }), 'stream')));
    expect(counter.rows).toBe(0);
  });
});

describe('tapArrow', () => {
  it('passes the bytes through and reports rows and a copy before the end', async () => {
    const bytes = twoBatches();
    let seen: TapResult | null = null;
    const tapped = tapArrow(Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), {
      captureLimit: 1 << 20,
      onEnd: async (result) => void (seen = result),
      onError: () => undefined,
    });
    const out: Buffer[] = [];
    for await (const chunk of tapped) out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
    expect(seen!.rows).toBe(5);
    expect(seen!.bytes!.equals(bytes)).toBe(true);
  });

  it('drops the copy beyond the capture limit and reports source failures', async () => {
    const bytes = twoBatches();
    let seen: TapResult | null = null;
    const tapped = tapArrow(Readable.from([bytes]), { captureLimit: 10, onEnd: async (result) => void (seen = result), onError: () => undefined });
    for await (const _chunk of tapped) void _chunk;
    expect(seen).toEqual({ rows: 5, bytes: null });

    const errors: string[] = [];
    const failing = new Readable({ read() { this.destroy(new Error('engine stopped')); } });
    const broken = tapArrow(failing, { captureLimit: 10, onEnd: async () => undefined, onError: (error) => void errors.push(error.message) });
    await expect(async () => { for await (const _chunk of broken) void _chunk; }).rejects.toThrow('engine stopped');
    expect(errors).toEqual(['engine stopped']);
  });
});
