import { describe, expect, it } from 'vitest';
import { MASK_MONTHS } from '../rollups/definitions.js';
import { maskParams, maskWindows, monthIndexOf, monthParams, withinBlocks } from './devices.js';
import type { PanelRelations } from './types.js';

/** A panel whose masks count months from `m0` (its chainRanks answer the first month index), counting its reads. */
function panelFrom(m0: number, relation: string) {
  const reads = { count: 0 };
  return { reads, sql: { queryRows: async () => (reads.count++, [{ m0 }]) } as never, relations: { chainRanks: relation } as PanelRelations };
}

describe('mask windows', () => {
  it("are each window's block and the bits of its months there, counted from the masks' first month", async () => {
    const m0 = monthIndexOf('2023-01');
    const { sql, relations, reads } = panelFrom(m0, 'ranks-a');
    const dec = { first: monthIndexOf('2025-12'), last: monthIndexOf('2025-12') };
    const year = { first: monthIndexOf('2025-01'), last: monthIndexOf('2025-12') };
    const masked = await maskWindows(sql, relations, [dec, year]);
    expect(masked).toEqual([
      { block: 0, bits: (1n << 35n).toString() },
      { block: 0, bits: (((1n << 12n) - 1n) << 24n).toString() },
    ]);
    expect(maskParams(masked!)).toEqual([0, masked![0]!.bits, 0, masked![1]!.bits]);
    // A warehouse relation's first month is read again for each query, but once per query.
    expect(reads.count).toBe(1);
    // The last month of a block is its bit 61 (a BIGINT's highest but its sign); the next month is bit 0 of block 1.
    const last = m0 + MASK_MONTHS - 1;
    expect(await maskWindows(sql, relations, [{ first: last, last }])).toEqual([{ block: 0, bits: (1n << 61n).toString() }]);
    expect(await maskWindows(sql, relations, [{ first: last + 1, last: last + 2 }])).toEqual([{ block: 1, bits: '3' }]);
  });

  it('are none when a window lies across two blocks: the devices are then counted from the visitors, by month', async () => {
    const { sql, relations } = panelFrom(100, 'ranks-b');
    const across = { first: 100 + MASK_MONTHS - 1, last: 100 + MASK_MONTHS };
    expect(await maskWindows(sql, relations, [{ first: 100, last: 101 }, across])).toBeNull();
    expect(await withinBlocks(sql, relations, [across])).toBe(false);
    expect(await withinBlocks(sql, relations, [{ first: 100, last: 100 + MASK_MONTHS - 1 }])).toBe(true);
    expect(monthParams([across])).toEqual([across.first, across.last]);
  });
});
