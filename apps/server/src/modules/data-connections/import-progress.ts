// How far an object's import is, on its dataset's record as metadata.progress (as tile builds keep theirs): queued →
// reading (bytes read of the object's size) → read (all of it; the engine converts it while the record is pending).
// The record's status says how it ended: the ready record keeps 'read', one in error how far the read got.
import type { StorageImportProgress } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';

export type ImportPhase = StorageImportProgress['phase'];

/** Read progress is written at most this often (and once all is read). */
export const PROGRESS_INTERVAL_MS = 1000;

export function importProgress(phase: ImportPhase, bytes: number, total: number | null): StorageImportProgress {
  const fraction = phase === 'read' ? 1 : total ? Math.min(1, Math.round((bytes / total) * 1000) / 1000) : 0;
  return { phase, fraction, bytes, total };
}

/**
 * Sets metadata.progress while the record is pending (its other keys untouched): a write that comes late never turns
 * a finished load back, nor overwrites what the load's commit described.
 */
export async function recordProgress(db: Queryable, id: string, progress: StorageImportProgress): Promise<void> {
  await db.query(`UPDATE datasets SET metadata = metadata || jsonb_build_object('progress', $2::jsonb) WHERE id = $1 AND status = 'pending'`, [id, JSON.stringify(progress)]);
}
