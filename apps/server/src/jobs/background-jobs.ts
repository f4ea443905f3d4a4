// The background jobs of this process (tile builds, storage imports): each may be interrupted, and closing the app
// interrupts them all and waits until each has recorded how it ended (before the database closes).
import { withoutAuditContext } from '../store/index.js';

export class BackgroundJobs {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  /** Runs `build` in the background; it sees `signal` aborted when the app closes. */
  start(datasetId: string, build: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    // The build goes on after the answer: its progress is the system's, not the caller's (store/audit.ts).
    const done = withoutAuditContext(() => build(controller.signal))
      .catch(() => undefined)
      .finally(() => this.running.delete(datasetId));
    this.running.set(datasetId, { controller, done });
  }

  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const job of all) job.controller.abort();
    await Promise.all(all.map((job) => job.done));
  }
}
