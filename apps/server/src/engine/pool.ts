import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * A few connections shared by queries, so that one slow query does not block the others
 * (each DuckDB connection runs one statement at a time).
 */
export class ConnectionPool {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: Array<(connection: DuckDBConnection) => void> = [];
  private created = 0;
  private closed = false;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly max: number,
    private readonly prepare: (connection: DuckDBConnection) => void,
  ) {}

  async acquire(): Promise<DuckDBConnection> {
    if (this.closed) throw new Error('The engine is closed');
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.created < this.max) {
      this.created++;
      try {
        const connection = await this.instance.connect();
        this.prepare(connection);
        return connection;
      } catch (error) {
        this.created--;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(connection: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else if (this.closed) connection.closeSync();
    else this.idle.push(connection);
  }

  /** Closes idle connections now and busy ones when released. */
  close(): void {
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.closeSync();
  }
}
