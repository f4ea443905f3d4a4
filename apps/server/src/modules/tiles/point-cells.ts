// A build from points computes their cells before its SELECT: the coordinates stream out of DuckDB as Arrow record
// batches, worker threads turn each batch into cell indexes (cell-workers.ts) while the next ones are read, and the
// indexes go, in the points' order, into a temporary Parquet file (cells-file.ts) that the SELECT reads beside the
// points, row for row (build-sql.ts).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { RecordBatchReader, type Data, type Float64, type RecordBatch } from 'apache-arrow';
import type { Engine } from '../../engine/types.js';
import { sqlString } from '../../engine/sql.js';
import type { BuildPlan } from './build-sql.js';
import { CellWorkers } from './cell-workers.js';
import { writeCellsFile } from './cells-file.js';

/** The cell of a point in the build's SELECT: the precomputed index (alias k), 0 meaning none. */
export const POINT_CELL_SQL = 'NULLIF(k.c, 0)';

/** A column of a batch as its own array (the worker takes it over), null values as NaN (no cell, as before). */
function coordinates(batch: RecordBatch, column: number): Float64Array {
  const data = batch.getChildAt(column)!.data[0] as Data<Float64>;
  const values = data.values.slice(0, data.length);
  if (data.nullCount > 0) {
    for (let row = 0; row < data.length; row++) if (!data.getValid(row)) values[row] = Number.NaN;
  }
  return values;
}

/**
 * The cells of the points `stream` holds (Arrow batches of their "lat" and "lng"), batch by batch in the points' order.
 * Batches go to the workers as they arrive, at most `capacity` at once.
 */
async function* cellsInOrder(workers: CellWorkers, stream: Readable, res: number): AsyncGenerator<Uint32Array> {
  const queued: Array<Promise<Uint32Array>> = [];
  for await (const batch of await RecordBatchReader.from(stream as AsyncIterable<Uint8Array>)) {
    const cells = workers.cells(coordinates(batch, 0), coordinates(batch, 1), res);
    // Awaited in turn below; one failing while an earlier one is awaited must not count as unhandled meanwhile.
    cells.catch(() => undefined);
    queued.push(cells);
    if (queued.length >= workers.capacity) yield await queued.shift()!;
  }
  for (const cells of queued) yield await cells;
}

/** Writes the cells of the points `plan.points` names into `file`. */
async function writeCells(engine: Engine, plan: BuildPlan, file: string): Promise<void> {
  const { lat, lng } = plan.points!;
  const stream = await engine.queryArrow(`SELECT ${lat} AS "lat", ${lng} AS "lng" FROM ${plan.relation} AS s`, []);
  const workers = CellWorkers.start();
  try {
    await writeCellsFile(file, cellsInOrder(workers, stream, plan.finest));
  } finally {
    stream.destroy();
    await workers.close();
  }
}

/**
 * Runs `build` with the plan's points' cells computed into a temporary file in the engine's `tmpDir` (DuckDB may read
 * there; named by this instance, so a process that dies leaves it to the engine's sweep), removed after. Plans without
 * points go as they are.
 */
export async function withPointCells<T>(engine: Engine, plan: BuildPlan, build: (plan: BuildPlan) => Promise<T>): Promise<T> {
  if (!plan.points) return build(plan);
  const file = path.join(engine.tmpDir, `${engine.cluster.instanceId}.${randomUUID()}.cells.parquet`);
  try {
    await writeCells(engine, plan, file);
    return await build({ ...plan, cells: `read_parquet(${sqlString(file)})` });
  } finally {
    await rm(file, { force: true });
  }
}
