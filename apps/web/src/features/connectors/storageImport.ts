// An object's import as the storage browser shows it: the server answers the dataset pending and loads the object in
// the background, keeping metadata.progress {phase, fraction, bytes, total} on the record (docs/storage-connections.md).
import type { Dataset, StorageImportProgress } from '@atlas/domain';
import { formatBytes, loadErrorText } from '../datasets/format';

/** metadata is open-ended: the progress is read only when it has the shape the server writes. */
const isImportProgress = (value: unknown): value is StorageImportProgress =>
  typeof value === 'object' && value !== null && typeof (value as StorageImportProgress).fraction === 'number' && typeof (value as StorageImportProgress).bytes === 'number';

export type ImportView =
  | { state: 'running'; /** 0..1, or null while it is not measured (the server converts) */ fraction: number | null; label: string }
  | { state: 'ready' }
  | { state: 'failed'; message: string };

/** What the row shows for the imported dataset as last read. */
export function importView(dataset: Pick<Dataset, 'status' | 'errorMessage' | 'metadata'>): ImportView {
  if (dataset.status === 'ready') return { state: 'ready' };
  if (dataset.status === 'error') return { state: 'failed', message: loadErrorText(dataset.errorMessage ?? 'The file could not be loaded') };
  const progress = dataset.metadata.progress;
  if (!isImportProgress(progress) || progress.phase === 'queued') return { state: 'running', fraction: 0, label: 'Starting the import…' };
  if (progress.phase === 'read') return { state: 'running', fraction: null, label: `Read ${formatBytes(progress.bytes)}; loading it into the dataset…` };
  if (progress.total === null) return { state: 'running', fraction: null, label: `Reading: ${formatBytes(progress.bytes)}` };
  const fraction = Math.min(1, Math.max(0, progress.fraction));
  return { state: 'running', fraction, label: `Reading: ${Math.round(fraction * 100)}% (${formatBytes(progress.bytes)} of ${formatBytes(progress.total)})` };
}
