// The background half of an import (docs/storage-connections.md): the object streamed into its dataset through the
// upload's load (runUpload, started before the answer), bytes read written on the record as metadata.progress (import-progress.ts), and the
// record's end: ready, or error with the reason. Never throws: the record says how it ended.
import { Readable } from 'node:stream';
import type { StorageObject } from '../../connectors/storage/index.js';
import type { Engine, UploadCompression, UploadFormat } from '../../engine/types.js';
import { AppError, invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import * as dataRepo from '../datasets/data-repo.js';
import { runUpload } from '../datasets/data-service.js';
import * as datasetsRepo from '../datasets/repo.js';
import { importProgress, PROGRESS_INTERVAL_MS, recordProgress, type ImportPhase } from './import-progress.js';

export interface ImportRun {
  db: Db;
  engine: Engine;
  identity: Identity;
  datasetId: string;
  /** The load startUpload recorded before the answer. */
  loadId: string;
  object: StorageObject;
  format: UploadFormat | null;
  compression: UploadCompression | null;
  /** Aborted when the app closes: an object still being read is dropped and the import ends in error. */
  signal: AbortSignal;
}

const readFailed = () => invalidInput('Could not read the object', 'The storage stopped sending it');
const interrupted = () => invalidInput('The import was interrupted', 'The server stopped; import the object again');

function failureReason(error: unknown): string {
  if (error instanceof AppError) return error.details ? `${error.message}: ${error.details}` : error.message;
  return 'The object could not be imported (internal error)';
}

export async function runImport(run: ImportRun): Promise<void> {
  const { db, datasetId: id, object, signal } = run;
  let bytes = 0;
  // Progress is only shown: a write that fails does not stop the load.
  const report = (phase: ImportPhase) => recordProgress(db, id, importProgress(phase, bytes, object.size)).catch(() => undefined);

  async function* read(): AsyncGenerator<Buffer> {
    let written = Date.now();
    try {
      for await (const chunk of object.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (Date.now() - written >= PROGRESS_INTERVAL_MS) {
          written = Date.now();
          await report('reading');
        }
        yield chunk;
      }
    } catch {
      // How far it got, while the record is still pending; the store failing mid-way is a 422: uploadData records the
      // dataset in error with it.
      await report('reading');
      throw signal.aborted ? interrupted() : readFailed();
    }
    // Before the engine sees the end, so before the load's commit: the ready record keeps it.
    await report('read');
  }

  const stop = () => object.body.destroy();
  signal.addEventListener('abort', stop, { once: true });
  let failure: string | null = null;
  try {
    await runUpload(db, run.engine, run.identity, id, run.loadId, Readable.from(read()), { format: run.format, compression: run.compression, skipArrow: false, contentLength: object.size });
  } catch (error) {
    failure = failureReason(error);
  } finally {
    signal.removeEventListener('abort', stop);
    object.body.destroy();
  }
  if (failure !== null) await refused(db, id, failure).catch(() => undefined);
}

/** A failure runUpload could not record (its own write failed) left the record pending: it goes to error. */
async function refused(db: Db, id: string, failure: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Gone, or another load (started since) owns the record.
    if (!(await dataRepo.lockDataset(tx, id)) || (await dataRepo.hasRunningLoad(tx, id))) return;
    if ((await datasetsRepo.findDataset(tx, id))?.status === 'pending') await dataRepo.setDatasetState(tx, id, 'error', failure);
  });
}
