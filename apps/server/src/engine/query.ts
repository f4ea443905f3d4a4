import { DuckDBTypeId, type DuckDBConnection, type DuckDBDataChunk, type DuckDBPreparedStatement, type DuckDBResult, type DuckDBType } from '@duckdb/node-api';
import { AppStatusCode } from '@atlas/domain';
import { AppError } from '../http/errors.js';
import { redactPaths } from '../http/redact.js';
import type { ConnectionPool } from './pool.js';
import type { QueryOptions } from './types.js';
import { toDuckDBValue } from './values.js';

/**
 * Binds the parameters; a list of numbers with the type its statement declares (`$1::FLOAT8[]`): left to itself, the
 * client types a list by its first item, so [1, 0.5] became INTEGER[] and failed on 0.5.
 */
function bindParams(prepared: DuckDBPreparedStatement, params: readonly unknown[]): void {
  params.forEach((value, index) => {
    const declared = Array.isArray(value) && value.every((item) => typeof item === 'number') ? prepared.parameterType(index + 1) : undefined;
    prepared.bindValue(index + 1, toDuckDBValue(value), declared?.typeId === DuckDBTypeId.LIST ? declared : undefined);
  });
}

export const queryTimedOut = (timeoutMs: number) =>
  new AppError(408, 'Query timed out', AppStatusCode.QueryTimeout, `The query ran longer than ${timeoutMs} ms and was cancelled`);
export const queryCancelled = () => new AppError(409, 'Query was cancelled', AppStatusCode.QueryCancelled, 'The query was cancelled before it finished');

/** A DuckDB failure (bad SQL, a value that does not convert …) as a readable 422; executions store it, so no paths. */
export function queryFailed(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(422, 'Query failed', AppStatusCode.InvalidInput, redactPaths(message.split('\n')[0]!).slice(0, 1000));
}

/**
 * One statement running on a pooled connection, read chunk by chunk. A timeout or an abort interrupts DuckDB and
 * makes every later read fail with the 408/409 error; `close` gives the connection back (idempotent).
 */
export class RunningQuery {
  private stopped: AppError | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.stop(queryCancelled());
  private connection: DuckDBConnection | null = null;
  private result: DuckDBResult | null = null;
  private finished = false;
  /** A DuckDB call under way on the connection: the connection goes back to the pool only once it settled. */
  private inFlight: Promise<unknown> | null = null;
  private rejectWaiting: ((error: AppError) => void) | null = null;
  /** Called once when the query is stopped by its timeout or signal (the owner of a stream destroys it). */
  onStop: ((error: AppError) => void) | null = null;

  private constructor(
    private readonly pool: ConnectionPool,
    private readonly options: QueryOptions,
  ) {}

  /** `check` sees the prepared (parsed and bound) statement before it runs, and may refuse it by throwing. */
  static async start(
    pool: ConnectionPool,
    sql: string,
    params: readonly unknown[],
    options: QueryOptions = {},
    check?: (statement: DuckDBPreparedStatement) => void,
  ): Promise<RunningQuery> {
    const run = new RunningQuery(pool, options);
    if (options.signal?.aborted) throw queryCancelled();
    options.signal?.addEventListener('abort', run.onAbort, { once: true });
    if (options.timeoutMs !== undefined) {
      const timeoutMs = options.timeoutMs;
      run.timer = setTimeout(() => run.stop(queryTimedOut(timeoutMs)), timeoutMs);
    }
    try {
      const connection = await run.acquire();
      run.connection = connection;
      const prepared = await run.guard(connection.prepare(sql));
      try {
        if (run.stopped) throw run.stopped;
        check?.(prepared);
        bindParams(prepared, params);
        run.result = await run.guard(prepared.stream());
      } finally {
        prepared.destroySync();
      }
      return run;
    } catch (error) {
      run.close();
      throw error;
    }
  }

  get columnNames(): string[] {
    return this.result!.deduplicatedColumnNames();
  }

  get columnTypes(): DuckDBType[] {
    return this.result!.columnTypes();
  }

  /** The next chunk, or null at the end. */
  async next(): Promise<DuckDBDataChunk | null> {
    if (this.stopped) throw this.stopped;
    const chunk = await this.guard(this.result!.fetchChunk());
    if (chunk && chunk.rowCount > 0) return chunk;
    this.finished = true;
    return null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this.onAbort);
    const connection = this.connection;
    if (connection) {
      this.connection = null;
      // A result left unread still occupies the connection; interrupting ends it before another query gets it.
      if ((this.stopped === null && this.result && !this.finished) || this.inFlight) this.interruptUntilSettled(connection);
      if (this.inFlight) void this.inFlight.finally(() => this.pool.release(connection)).catch(() => undefined);
      else this.pool.release(connection);
    }
  }

  private stop(error: AppError): void {
    if (this.stopped || this.closed) return;
    this.stopped = error;
    if (this.connection) this.interruptUntilSettled(this.connection);
    this.rejectWaiting?.(error);
    this.onStop?.(error);
  }

  /**
   * DuckDB forgets an interrupt that arrives before a statement starts executing, so while a call is pending
   * the interrupt is repeated until it settles.
   */
  private interruptUntilSettled(connection: DuckDBConnection): void {
    connection.interrupt();
    const pending = this.inFlight;
    if (!pending) return;
    const timer = setInterval(() => connection.interrupt(), 20);
    void pending.then(
      () => clearInterval(timer),
      () => clearInterval(timer),
    );
  }

  /** A pooled connection; stopping while waiting for one rejects at once (the connection, when it comes, goes back). */
  private acquire(): Promise<DuckDBConnection> {
    return new Promise((resolve, reject) => {
      this.rejectWaiting = reject;
      this.pool.acquire().then(
        (connection) => {
          this.rejectWaiting = null;
          if (this.stopped) {
            this.pool.release(connection);
            reject(this.stopped);
          } else resolve(connection);
        },
        (error: unknown) => reject(error),
      );
    });
  }

  /** Awaits a DuckDB call, turning failures into the stop reason (when stopped) or a 422. */
  private async guard<T>(promise: Promise<T>): Promise<T> {
    this.inFlight = promise;
    try {
      return await promise;
    } catch (error) {
      if (this.stopped) throw this.stopped;
      if (error instanceof AppError) throw error;
      throw queryFailed(error);
    } finally {
      if (this.inFlight === promise) this.inFlight = null;
    }
  }
}
