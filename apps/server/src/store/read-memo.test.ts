import { describe, expect, it } from 'vitest';
import type { Queryable } from './db.js';
import { openPglite } from './pglite.js';
import { ReadMemo } from './read-memo.js';

/** A store of one value whose reads are counted and may be held until released. */
function countingStore() {
  const state = { value: 1, reads: 0, hold: null as Promise<void> | null };
  const store: Queryable = {
    async query<T>(sql: string) {
      if (sql.startsWith('SELECT')) {
        state.reads++;
        const value = state.value;
        await state.hold;
        return [{ value, nested: { list: [value] } }] as T[];
      }
      state.value++;
      return [];
    },
    queryRemembered: (sql, params) => store.query(sql, params),
    exec: async () => undefined,
  };
  return { state, store };
}

describe('ReadMemo', () => {
  it('answers a read again from memory until any other statement is issued', async () => {
    const { state, store } = countingStore();
    const memo = new ReadMemo();
    const changes = memo.counting(store);
    expect(await memo.read(store, 'SELECT value', ['a'])).toEqual([{ value: 1, nested: { list: [1] } }]);
    expect(await memo.read(store, 'SELECT value', ['a'])).toEqual([{ value: 1, nested: { list: [1] } }]);
    expect(state.reads).toBe(1);
    await memo.read(store, 'SELECT value', ['b']);
    expect(state.reads).toBe(2);
    await changes.query('UPDATE value');
    expect(await memo.read(store, 'SELECT value', ['a'])).toEqual([{ value: 2, nested: { list: [2] } }]);
    // Plain reads count as changes too: the memo cannot tell a read from a write.
    await changes.query('SELECT value');
    await memo.read(store, 'SELECT value', ['a']);
    expect(state.reads).toBe(5);
  });

  it('keeps no answer read while another statement ran', async () => {
    const { state, store } = countingStore();
    const memo = new ReadMemo();
    let release = () => undefined as void;
    state.hold = new Promise((resolve) => (release = resolve));
    const read = memo.read(store, 'SELECT value');
    const write = memo.counting(store).query('UPDATE value');
    release();
    expect(await read).toEqual([{ value: 1, nested: { list: [1] } }]);
    await write;
    state.hold = null;
    expect(await memo.read(store, 'SELECT value')).toEqual([{ value: 2, nested: { list: [2] } }]);
  });

  it('hands out copies, so a caller changing its rows changes no later answer', async () => {
    const { store } = countingStore();
    const memo = new ReadMemo();
    const [first] = await memo.read<{ nested: { list: number[] } }>(store, 'SELECT value');
    first!.nested.list.push(99);
    const [second] = await memo.read<{ nested: { list: number[] } }>(store, 'SELECT value');
    second!.nested.list.push(98);
    expect((await memo.read<{ nested: { list: number[] } }>(store, 'SELECT value'))[0]!.nested.list).toEqual([1]);
  });
});

describe('remembered reads on PGlite', () => {
  it('see every change made through the store: plain statements, transactions and rolled-back ones', async () => {
    const db = await openPglite(null);
    try {
      await db.exec('CREATE TABLE t (id int PRIMARY KEY, v text)');
      await db.query("INSERT INTO t VALUES (1, 'a')");
      const read = async () => (await db.queryRemembered<{ v: string }>('SELECT v FROM t WHERE id = $1', [1]))[0]?.v;
      expect(await read()).toBe('a');
      await db.query("UPDATE t SET v = 'b' WHERE id = 1");
      expect(await read()).toBe('b');
      await db.transaction(async (tx) => {
        await tx.query("UPDATE t SET v = 'c' WHERE id = 1");
        expect((await tx.queryRemembered<{ v: string }>('SELECT v FROM t WHERE id = $1', [1]))[0]?.v).toBe('c');
      });
      expect(await read()).toBe('c');
      await expect(
        db.transaction(async (tx) => {
          await tx.query("UPDATE t SET v = 'd' WHERE id = 1");
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await read()).toBe('c');
      await db.exec('DELETE FROM t');
      expect(await read()).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
