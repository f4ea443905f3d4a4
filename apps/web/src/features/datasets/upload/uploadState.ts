// One file's upload, as a state machine: the dataset record is created, the file's bytes are sent (XMLHttpRequest
// upload progress), then the server converts it (its dataset goes pending, then ready or error) and answers the
// PUT. Cancelling aborts the request; what happened to the dataset is said in the item's note.
import type { Dataset, DatasetStatus } from '@atlas/domain';
import { formatBytes, formatCount, loadErrorText } from '../format';

export type UploadPhase = 'refused' | 'queued' | 'creating' | 'sending' | 'converting' | 'ready' | 'error' | 'cancelled';

export interface UploadItem {
  key: string;
  fileName: string;
  totalBytes: number;
  sentBytes: number;
  phase: UploadPhase;
  datasetId: string | null;
  /** The dataset's status as last seen on the server (polled while it converts). */
  serverStatus: DatasetStatus | null;
  /** The latest data load's status (GET /{id}/query-execution), polled with it. */
  loadStatus: LoadStatus | null;
  rowCount: number | null;
  /** Why it was refused or failed ("message (details)"), or what cancelling did. */
  message: string | null;
}

export type LoadStatus = 'queued' | 'running' | 'success' | 'failure';

export type UploadEvent =
  | { type: 'started' }
  | { type: 'created'; datasetId: string }
  | { type: 'progress'; sentBytes: number; totalBytes: number }
  | { type: 'sent' }
  | { type: 'status'; status: DatasetStatus; loadStatus: LoadStatus | null }
  | { type: 'answered'; dataset: Dataset }
  | { type: 'failed'; message: string }
  | { type: 'cancelled'; message: string };

export const TERMINAL_PHASES: ReadonlySet<UploadPhase> = new Set(['refused', 'ready', 'error', 'cancelled']);
export const isActive = (item: UploadItem) => !TERMINAL_PHASES.has(item.phase);

/** A file waiting for its turn; with `datasetId` it replaces that dataset's data, with `refusal` it never goes. */
export function newUpload(key: string, file: { name: string; size: number }, { refusal, datasetId = null }: { refusal?: string; datasetId?: string | null } = {}): UploadItem {
  return {
    key,
    fileName: file.name,
    totalBytes: file.size,
    sentBytes: 0,
    phase: refusal ? 'refused' : 'queued',
    datasetId,
    serverStatus: null,
    loadStatus: null,
    rowCount: null,
    message: refusal ?? null,
  };
}

export function uploadReducer(item: UploadItem, event: UploadEvent): UploadItem {
  // A finished upload stays as it ended: late progress or poll answers change nothing.
  if (!isActive(item)) return item;
  switch (event.type) {
    case 'started':
      return item.phase === 'queued' ? { ...item, phase: item.datasetId ? 'sending' : 'creating' } : item;
    case 'created':
      return item.phase === 'creating' ? { ...item, datasetId: event.datasetId, phase: 'sending' } : item;
    case 'progress':
      return item.phase === 'sending' ? { ...item, sentBytes: Math.min(event.sentBytes, event.totalBytes), totalBytes: event.totalBytes } : item;
    case 'sent':
      return item.phase === 'sending' ? { ...item, sentBytes: item.totalBytes, phase: 'converting' } : item;
    case 'status':
      return item.phase === 'converting' || item.phase === 'sending' ? { ...item, serverStatus: event.status, loadStatus: event.loadStatus } : item;
    case 'answered': {
      const { dataset } = event;
      const rows = dataset.metadata.rowCount;
      const base = { ...item, datasetId: dataset.id, serverStatus: dataset.status, sentBytes: item.totalBytes };
      if (dataset.status === 'ready') return { ...base, phase: 'ready', rowCount: typeof rows === 'number' ? rows : null };
      return { ...base, phase: 'error', message: dataset.errorMessage ? loadErrorText(dataset.errorMessage) : `The dataset is ${dataset.status}` };
    }
    case 'failed':
      return { ...item, phase: 'error', message: event.message };
    case 'cancelled':
      return { ...item, phase: 'cancelled', message: event.message };
  }
}

export interface UploadView {
  /** 0..1 for a determinate bar, null while the server converts (its progress is not measured). */
  fraction: number | null;
  label: string;
}

/** What the item's bar and line say. */
export function uploadView(item: UploadItem): UploadView {
  const of = `${formatBytes(item.sentBytes)} of ${formatBytes(item.totalBytes)}`;
  switch (item.phase) {
    case 'refused':
      return { fraction: 0, label: item.message ?? 'Not uploaded' };
    case 'queued':
      return { fraction: 0, label: 'Waiting for the uploads before it…' };
    case 'creating':
      return { fraction: 0, label: 'Creating the dataset…' };
    case 'sending':
      return { fraction: item.totalBytes > 0 ? item.sentBytes / item.totalBytes : 0, label: `Sending: ${of}` };
    case 'converting':
      return {
        fraction: null,
        label: `Sent ${formatBytes(item.totalBytes)}; converting on the server (dataset ${item.serverStatus ?? 'pending'}${item.loadStatus ? `, load ${item.loadStatus}` : ''})…`,
      };
    case 'ready':
      return { fraction: 1, label: item.rowCount === null ? 'Ready' : `Ready: ${formatCount(item.rowCount)} rows` };
    case 'error':
      return { fraction: 1, label: item.message ?? 'The upload failed' };
    case 'cancelled':
      return { fraction: item.totalBytes > 0 ? item.sentBytes / item.totalBytes : 0, label: item.message ?? 'Cancelled' };
  }
}
