import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { queryDataset, type QueryDatasetStep } from './queryDataset';

const BYTES = new Uint8Array([1, 2, 3, 4]).buffer;

function fakeClient(upload: () => Promise<Partial<Dataset>>) {
  const calls: string[] = [];
  const client = {
    dataQueries: {
      run: async (body: { connectionId?: string; query?: string }) => {
        calls.push(`run ${body.connectionId} ${body.query}`);
        return { data: BYTES, executionId: 'e1', cacheExpires: null, cache: null };
      },
    },
    datasets: {
      create: async (body: { name: string; dataConnectionId?: string | null }) => {
        calls.push(`create ${body.name} ${body.dataConnectionId}`);
        return { id: 'd1' } as Dataset;
      },
      uploadData: async (id: string, data: unknown, options: { format?: string }) => {
        calls.push(`upload ${id} ${(data as ArrayBuffer).byteLength} ${options.format}`);
        return (await upload()) as Dataset;
      },
      remove: async (id: string) => {
        calls.push(`remove ${id}`);
      },
    },
  };
  return { client: client as unknown as Parameters<typeof queryDataset>[0], calls };
}

describe('a connection query made into a dataset', () => {
  it('runs the query, creates a dataset linked to the connection, uploads the Arrow result, and reports each step', async () => {
    const { client, calls } = fakeClient(async () => ({ id: 'd1', status: 'ready' }));
    const steps: QueryDatasetStep[] = [];
    const dataset = await queryDataset(client, { connectionId: 'c1', query: 'SELECT 1', name: 'Result' }, (step) => steps.push(step));
    expect(dataset.status).toBe('ready');
    expect(calls).toEqual(['run c1 SELECT 1', 'create Result c1', 'upload d1 4 arrow']);
    expect(steps).toEqual([{ step: 'query' }, { step: 'upload', bytes: 4 }, { step: 'convert' }]);
  });

  it('removes the dataset when its data cannot be stored, and says why', async () => {
    const { client, calls } = fakeClient(async () => ({ id: 'd1', status: 'error', errorMessage: 'Unreadable Arrow' }));
    await expect(queryDataset(client, { connectionId: 'c1', query: 'SELECT 1', name: 'Result' }, () => undefined)).rejects.toThrow(
      'The result could not be stored as a dataset (Unreadable Arrow)',
    );
    expect(calls.at(-1)).toBe('remove d1');
  });

  it('removes the dataset when the upload is cancelled or fails', async () => {
    const { client, calls } = fakeClient(async () => {
      throw new DOMException('The operation was aborted', 'AbortError');
    });
    await expect(queryDataset(client, { connectionId: 'c1', query: 'SELECT 1', name: 'Result' }, () => undefined)).rejects.toThrow('aborted');
    expect(calls.at(-1)).toBe('remove d1');
  });
});
