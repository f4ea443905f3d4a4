// The end of a statement running on a warehouse whose client only waits (HTTP APIs: Athena, BigQuery): at the
// timeout (408) or when the signal aborts (409), the warehouse is asked to stop the statement and every call the
// connector is waiting on rejects at once.
import type { AppError } from '../http/errors.js';
import { queryCancelled, queryTimedOut } from './errors.js';
import type { RunOptions } from './types.js';

export class QueryStopper {
  private stopped: AppError | null = null;
  private cancel: (() => Promise<unknown>) | null = null;
  private cancelling: Promise<unknown> = Promise.resolve();
  private rejectStop: (error: AppError) => void = () => undefined;
  private readonly stop$ = new Promise<never>((_, reject) => (this.rejectStop = reject));
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort = () => this.stop(queryCancelled());

  constructor(private readonly options: RunOptions) {
    this.stop$.catch(() => undefined);
    if (options.signal?.aborted) this.stop(queryCancelled());
    this.timer = setTimeout(() => this.stop(queryTimedOut(options.timeoutMs)), options.timeoutMs);
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Why the statement ended early (null while it may run). */
  get error(): AppError | null {
    return this.stopped;
  }

  /** How to stop the statement on the warehouse, once it has an id there; called at once when already stopped. */
  onStop(cancel: () => Promise<unknown>): void {
    this.cancel = cancel;
    if (this.stopped) this.cancelling = cancel().catch(() => undefined);
  }

  /** Settles when the request stopping the statement has been answered (so its client may be closed). */
  cancelSent(): Promise<unknown> {
    return this.cancelling;
  }

  /** `promise`, or the stop's error when it comes first; a failure of `promise` goes through `mapError`. */
  async guard<T>(promise: Promise<T>, mapError: (error: unknown) => unknown): Promise<T> {
    try {
      return await Promise.race([promise, this.stop$]);
    } catch (error) {
      throw this.stopped ?? mapError(error);
    }
  }

  /** Waits `ms`, or rejects with the stop. */
  pause(ms: number): Promise<void> {
    return this.guard(new Promise<void>((resolve) => setTimeout(resolve, ms)), (error) => error);
  }

  close(): void {
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(error: AppError): void {
    if (this.stopped) return;
    this.stopped = error;
    if (this.cancel) this.cancelling = this.cancel().catch(() => undefined);
    this.rejectStop(error);
  }
}
