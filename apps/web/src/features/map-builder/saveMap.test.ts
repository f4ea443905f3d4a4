import { describe, expect, it } from 'vitest';
import type { CatalogueRecord, StateData } from '@atlas/domain';
import { saveMap } from './saveMap';

/** An in-memory stand-in for the maps and studio-state calls, logging each. */
function fakeClient({ failStateCreate = false } = {}) {
  const calls: string[] = [];
  const records = new Map<string, CatalogueRecord>();
  const base = (id: string, name: string, description = '', datasets: string[] = []) =>
    ({ id, name, description, datasets: datasets.map((dataset) => ({ id: dataset })), latestState: null }) as unknown as CatalogueRecord;
  const client = {
    maps: {
      create: async (body: { name: string; description?: string; datasets?: string[] }) => {
        calls.push(`create ${body.name} [${body.datasets?.join(',')}]`);
        const record = base('m1', body.name, body.description, body.datasets);
        records.set('m1', record);
        return record;
      },
      update: async (id: string, body: { name?: string; description?: string }, options?: { acquireLock?: boolean }) => {
        calls.push(`update ${id} ${body.name} ${body.description} lock=${options?.acquireLock}`);
        return records.get(id)!;
      },
      addDataset: async (id: string, dataset: string) => void calls.push(`add ${id} ${dataset}`),
      removeDataset: async (id: string, dataset: string) => void calls.push(`remove-dataset ${id} ${dataset}`),
      remove: async (id: string) => {
        calls.push(`remove ${id}`);
        records.delete(id);
      },
      get: async (id: string, options?: { acquireLock?: boolean }) => {
        calls.push(`get ${id} lock=${options?.acquireLock}`);
        return records.get(id)!;
      },
    },
    studioStates: {
      create: async ({ mapId, data }: { mapId: string; data: StateData }) => {
        calls.push(`state create ${mapId} ${JSON.stringify(data)}`);
        if (failStateCreate) throw new Error('state refused');
      },
      update: async (id: string, data: StateData, options?: { acquireLock?: boolean }) =>
        void calls.push(`state update ${id} ${JSON.stringify(data)} lock=${options?.acquireLock}`),
    },
  };
  return { client: client as unknown as Parameters<typeof saveMap>[0], calls, records };
}

const data = { version: 'v1', config: { visState: {} } };

describe('saveMap', () => {
  it('creates the map with its datasets and state the first time, then opens it with the lock', async () => {
    const { client, calls } = fakeClient();
    const saved = await saveMap(client, { title: 'Stores', description: 'd', datasetIds: ['d1', 'd2'], data });
    expect(saved.id).toBe('m1');
    expect(calls).toEqual(['create Stores [d1,d2]', `state create m1 ${JSON.stringify(data)}`, 'get m1 lock=true']);
  });

  it('takes the new record back when its state cannot be saved', async () => {
    const { client, calls, records } = fakeClient({ failStateCreate: true });
    await expect(saveMap(client, { title: 'Stores', description: '', datasetIds: [], data })).rejects.toThrow('state refused');
    expect(calls.at(-1)).toBe('remove m1');
    expect(records.size).toBe(0);
  });

  it('updates details only when they changed, links and unlinks datasets, and updates the state under the lock', async () => {
    const { client, calls, records } = fakeClient();
    const map = { ...(await client.maps.create({ name: 'Stores', description: '', datasets: ['d1', 'd2'] })), latestState: { id: 's1' } } as CatalogueRecord;
    records.set('m1', map);
    calls.length = 0;
    await saveMap(client, { map, title: 'Stores', description: '', datasetIds: ['d2', 'd3'], data });
    expect(calls).toEqual(['add m1 d3', 'remove-dataset m1 d1', `state update s1 ${JSON.stringify(data)} lock=true`, 'get m1 lock=true']);
    calls.length = 0;
    await saveMap(client, { map, title: 'Shops', description: 'new', datasetIds: ['d1', 'd2'], data });
    expect(calls[0]).toBe('update m1 Shops new lock=true');
  });

  it('creates the state of a saved map that has none', async () => {
    const { client, calls } = fakeClient();
    const map = await client.maps.create({ name: 'Empty', datasets: [] });
    calls.length = 0;
    await saveMap(client, { map, title: 'Empty', description: '', datasetIds: [], data });
    expect(calls).toEqual([`state create m1 ${JSON.stringify(data)}`, 'get m1 lock=true']);
  });
});
