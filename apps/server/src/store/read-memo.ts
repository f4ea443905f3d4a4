import type { Queryable } from './db.js';

/** Answers kept at most; the oldest goes first. */
const MAX_ENTRIES = 1024;

/**
 * Reads answered again from memory while no other statement has been issued on the store since they were read. Exact
 * only where every statement on the store passes through this memo: a PGlite folder, which one process holds (the
 * folder is locked) and reaches through one object. Every statement other than a remembered read counts as a change,
 * when it is issued and when it ends, so an answer read while anything else ran is never kept. It pays where every read
 * of a request is remembered (the session lookup and the tile proxy's access check; an analytic query's set
 * configuration, panel datasets, rollup slots and engine versions), so that requests that only read keep each other's
 * answers: PGlite plans and runs each query on the server's one thread.
 */
export class ReadMemo {
  /** Moves with every change, so that a read can tell whether one was issued while it ran. */
  private generation = 0;
  /** The answers read since the last change. */
  private readonly entries = new Map<string, readonly unknown[]>();

  /** A Queryable whose every statement counts as a change; `queryRemembered` is a plain query there. */
  counting(inner: Queryable): Queryable {
    const query = <T>(sql: string, params?: readonly unknown[]) => this.change(() => inner.query<T>(sql, params));
    return { query, queryRemembered: query, exec: (sql) => this.change(() => inner.exec(sql)) };
  }

  /** Runs `fn` as a change: remembered answers read before it or while it runs are not answered again. */
  async change<T>(fn: () => Promise<T>): Promise<T> {
    this.changed();
    try {
      return await fn();
    } finally {
      this.changed();
    }
  }

  private changed(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The remembered answer of `sql` with `params` while nothing changed since it was read; else reads and remembers it. */
  async read<T>(inner: Queryable, sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const key = JSON.stringify([sql, params]);
    const remembered = this.entries.get(key);
    if (remembered) return structuredClone(remembered) as T[];
    const generation = this.generation;
    const rows = await inner.query<T>(sql, params);
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, structuredClone(rows));
    }
    return rows;
  }
}
