import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { importView } from './storageImport';

const record = (status: Dataset['status'], progress?: object, errorMessage: string | null = null) => ({ status, errorMessage, metadata: progress ? { progress } : {} });

describe('importView', () => {
  it('follows the record: queued, reading a share of the object, read (converting, not measured), ready', () => {
    expect(importView(record('pending', { phase: 'queued', fraction: 0, bytes: 0, total: 2_000_000 }))).toEqual({ state: 'running', fraction: 0, label: 'Starting the import…' });
    expect(importView(record('pending', { phase: 'reading', fraction: 0.25, bytes: 500_000, total: 2_000_000 }))).toEqual({
      state: 'running',
      fraction: 0.25,
      label: 'Reading: 25% (500 kB of 2.0 MB)',
    });
    expect(importView(record('pending', { phase: 'read', fraction: 1, bytes: 2_000_000, total: 2_000_000 }))).toEqual({
      state: 'running',
      fraction: null,
      label: 'Read 2.0 MB; loading it into the dataset…',
    });
    expect(importView(record('ready', { phase: 'read', fraction: 1, bytes: 2_000_000, total: 2_000_000 }))).toEqual({ state: 'ready' });
  });

  it('reads bytes alone when the store did not say the size, and starts from a record without progress', () => {
    expect(importView(record('pending', { phase: 'reading', fraction: 0, bytes: 1536, total: null }))).toEqual({ state: 'running', fraction: null, label: 'Reading: 1.5 kB' });
    expect(importView(record('new'))).toEqual({ state: 'running', fraction: 0, label: 'Starting the import…' });
  });

  it('says why it failed as "message (details)"', () => {
    expect(importView(record('error', { phase: 'reading', fraction: 0.1, bytes: 10, total: 100 }, 'Could not read the object: The storage stopped sending it'))).toEqual({
      state: 'failed',
      message: 'Could not read the object (The storage stopped sending it)',
    });
    expect(importView(record('error'))).toEqual({ state: 'failed', message: 'The file could not be loaded' });
  });
});
