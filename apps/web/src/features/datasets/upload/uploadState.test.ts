import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { datasetAnswer } from '../test-support';
import { isActive, newUpload, uploadReducer, uploadView, type UploadEvent, type UploadItem } from './uploadState';

const file = { name: 'stores.csv', size: 2_000_000 };
const run = (item: UploadItem, events: UploadEvent[]) => events.reduce(uploadReducer, item);

function answered(status: Dataset['status'], extra: Partial<Dataset> = {}): UploadEvent {
  return {
    type: 'answered',
    dataset: datasetAnswer({ metadata: status === 'ready' ? { rowCount: 4200 } : {}, status, ...extra }),
  };
}

describe('uploadReducer', () => {
  it('goes creating → sending (bytes) → converting (server status) → ready with the row count', () => {
    let item = newUpload('k', file);
    expect(item.phase).toBe('queued');
    expect(uploadView(item).label).toBe('Waiting for the uploads before it…');
    item = uploadReducer(item, { type: 'started' });
    expect(item.phase).toBe('creating');
    item = run(item, [{ type: 'created', datasetId: 'd1' }, { type: 'progress', sentBytes: 500_000, totalBytes: 2_000_000 }]);
    expect(item).toMatchObject({ phase: 'sending', datasetId: 'd1', sentBytes: 500_000 });
    expect(uploadView(item)).toEqual({ fraction: 0.25, label: 'Sending: 500 kB of 2.0 MB' });
    item = run(item, [{ type: 'sent' }, { type: 'status', status: 'pending', loadStatus: 'running' }]);
    expect(item).toMatchObject({ phase: 'converting', serverStatus: 'pending', loadStatus: 'running', sentBytes: 2_000_000 });
    expect(uploadView(item)).toEqual({ fraction: null, label: 'Sent 2.0 MB; converting on the server (dataset pending, load running)…' });
    item = uploadReducer(item, answered('ready'));
    expect(item).toMatchObject({ phase: 'ready', rowCount: 4200, serverStatus: 'ready' });
    expect(uploadView(item).label).toBe('Ready: 4,200 rows');
    expect(isActive(item)).toBe(false);
  });

  it('reports a failed conversion as "message (details)"', () => {
    const item = run(newUpload('k', file, { datasetId: 'd1' }), [
      { type: 'started' },
      { type: 'sent' },
      answered('error', { errorMessage: 'Could not parse the CSV file: The rows do not share one layout' }),
    ]);
    expect(item.phase).toBe('error');
    expect(uploadView(item).label).toBe('Could not parse the CSV file (The rows do not share one layout)');
  });

  it('starts in sending when the dataset exists (replacing its data), and refused when the file cannot go', () => {
    expect(uploadReducer(newUpload('k', file, { datasetId: 'd1' }), { type: 'started' }).phase).toBe('sending');
    const refused = newUpload('k', { name: 'a.txt', size: 1 }, { refusal: '“a.txt” is not a CSV, GeoJSON, Parquet or Arrow file' });
    expect(refused.phase).toBe('refused');
    expect(uploadReducer(refused, { type: 'started' }).phase).toBe('refused');
    expect(uploadView(refused).label).toBe('“a.txt” is not a CSV, GeoJSON, Parquet or Arrow file');
  });

  it('ignores what arrives after it ended, and progress outside sending', () => {
    const cancelled = run(newUpload('k', file, { datasetId: 'd1' }), [
      { type: 'started' },
      { type: 'progress', sentBytes: 10, totalBytes: 2_000_000 },
      { type: 'cancelled', message: 'Cancelled; the dataset was deleted' },
      { type: 'progress', sentBytes: 99, totalBytes: 2_000_000 },
      answered('ready'),
    ]);
    expect(cancelled).toMatchObject({ phase: 'cancelled', sentBytes: 10, message: 'Cancelled; the dataset was deleted' });
    const converting = run(newUpload('k', file, { datasetId: 'd1' }), [{ type: 'started' }, { type: 'sent' }, { type: 'progress', sentBytes: 5, totalBytes: 2_000_000 }]);
    expect(converting.sentBytes).toBe(2_000_000);
    expect(uploadReducer(newUpload('k', file), { type: 'sent' }).phase).toBe('queued');
  });

  it('keeps a request failure as the error', () => {
    const item = uploadReducer(newUpload('k', file), { type: 'failed', message: 'Network error (connection reset)' });
    expect(item).toMatchObject({ phase: 'error', message: 'Network error (connection reset)' });
  });
});
