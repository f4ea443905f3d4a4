import { describe, expect, it, vi } from 'vitest';
import { listAll, searchFilter } from './listAll';

const item = (index: number) => ({ id: `d${index}` });

describe('listAll', () => {
  it('reads pages until the total is reached, passing the filter', async () => {
    const all = Array.from({ length: 2300 }, (_, index) => item(index));
    const list = vi.fn(async ({ limit, offset }: { search?: string; limit: number; offset: number }) => ({ items: all.slice(offset, offset + limit), total: all.length }));
    const items = await listAll(list, searchFilter('shop'));
    expect(items).toHaveLength(2300);
    expect(list.mock.calls.map(([query]) => query)).toEqual([
      { search: 'shop', limit: 1000, offset: 0 },
      { search: 'shop', limit: 1000, offset: 1000 },
      { search: 'shop', limit: 1000, offset: 2000 },
    ]);
  });

  it('stops on an empty page even when the total said more (rows deleted meanwhile)', async () => {
    const list = vi.fn(async ({ offset }: { limit: number; offset: number }) => (offset === 0 ? { items: [item(1)], total: 5 } : { items: [], total: 5 }));
    expect(await listAll(list, searchFilter(''))).toHaveLength(1);
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[0]![0]).toEqual({ limit: 1000, offset: 0 });
  });
});
