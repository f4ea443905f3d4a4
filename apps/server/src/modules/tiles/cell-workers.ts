// Points to H3 cell indexes on worker threads, for tile builds of millions of points: the engine's atlas_h3_index UDF
// runs on the one JavaScript thread while DuckDB waits for it (6 s of a 10 M-point build), so a build computes its
// cells beforehand on every core. Each worker loads the H3 library h3-js compiles (dist/libh3-browser.js, what h3-js
// and the engine's h3-bulk.ts call) and answers, per batch, the indexes as little-endian word pairs, 0 for a point
// that has no cell (arguments atlas_h3_index refuses: cell-workers.test.ts holds the two to the same answers).
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

interface Batch {
  lats: Float64Array;
  lngs: Float64Array;
  res: number;
}

type Libh3 = typeof import('h3-js/dist/libh3-browser.js').default;

interface WorkerPort {
  on(event: 'message', listener: (batch: Batch) => void): void;
  postMessage(value: unknown, transfer?: ArrayBuffer[]): void;
}

/**
 * The worker's program. It runs from its source text (`new Worker(…, { eval: true })`), so that the same code starts
 * from the built server and under Vitest (which runs this file as TypeScript, a worker could not): it may use only
 * its arguments and globals (the library is imported by the text around it, which no transform rewrites). Batches
 * sent before the import finishes wait in the port. The checks are isPointArgument's (@atlas/pipeline), which
 * atlas_h3_index applies.
 */
function workerMain(port: WorkerPort, libh3: Libh3): void {
  const RADIANS_PER_DEGREE = Math.PI / 180;
  const accepts = (lat: number, lng: number, res: number) =>
    Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && Number.isInteger(res) && res >= 0 && res <= 15;
  const latLng = libh3._malloc(16);
  const cell = libh3._malloc(8);
  port.on('message', ({ lats, lngs, res }) => {
    const words = new Uint32Array(lats.length * 2);
    for (let row = 0; row < lats.length; row++) {
      const lat = lats[row]!;
      const lng = lngs[row]!;
      if (!accepts(lat, lng, res)) continue;
      // Read at every call: the library's memory views are replaced if its heap ever grows.
      const doubles = libh3.HEAPF64;
      doubles[latLng >> 3] = lat * RADIANS_PER_DEGREE;
      doubles[(latLng >> 3) + 1] = lng * RADIANS_PER_DEGREE;
      if (libh3._latLngToCell(latLng, res, cell) !== 0) continue;
      const heap = libh3.HEAPU32;
      words[row * 2] = heap[cell >> 2]!;
      words[row * 2 + 1] = heap[(cell >> 2) + 1]!;
    }
    port.postMessage(words, [words.buffer]);
  });
}

const libh3Url = () => pathToFileURL(createRequire(import.meta.url).resolve('h3-js/dist/libh3-browser.js')).href;

interface Pending {
  resolve: (words: Uint32Array) => void;
  reject: (error: Error) => void;
}

/** One worker and the batches it was sent (it answers them in order). */
class CellWorker {
  readonly pending: Pending[] = [];
  private failure: Error | null = null;

  constructor(readonly worker: Worker) {
    worker.on('message', (words: Uint32Array) => this.pending.shift()?.resolve(words));
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.splice(0)) waiting.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The cell worker stopped (exit code ${code})`)));
  }

  cells(batch: Batch): Promise<Uint32Array> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage(batch, [batch.lats.buffer as ArrayBuffer, batch.lngs.buffer as ArrayBuffer]);
    });
  }
}

/** Worker threads computing cells, one per core by default; `close` ends them. */
export class CellWorkers {
  private constructor(private readonly workers: CellWorker[]) {}

  static start(size = os.availableParallelism()): CellWorkers {
    const url = libh3Url();
    const source = `const { parentPort, workerData } = require('node:worker_threads');
      import(workerData).then((library) => (${workerMain.toString()})(parentPort, library.default));`;
    return new CellWorkers(Array.from({ length: Math.max(1, size) }, () => new CellWorker(new Worker(source, { eval: true, workerData: url }))));
  }

  /** Batches sent to the pool at once, so that every worker always has the next one queued. */
  get capacity(): number {
    return this.workers.length * 2;
  }

  /**
   * The cells of resolution `res` of the points, as little-endian (low, high) word pairs, 0 for none. The arrays are
   * handed to the worker (transferred): the caller must not use them afterwards.
   */
  cells(lats: Float64Array, lngs: Float64Array, res: number): Promise<Uint32Array> {
    const idlest = this.workers.reduce((best, worker) => (worker.pending.length < best.pending.length ? worker : best));
    return idlest.cells({ lats, lngs, res });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.worker.terminate()));
  }
}
