import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueRecord, StateData } from '@atlas/domain';
import { arrowTableFromKeplerDataset } from './arrowRows';
import pointMap from './fixtures/kepler-point.json';
import { parseKeplerFile } from './parse';
import { exportKeplerMap, importKeplerMap, type TransferProgress } from './transfer';

const MAP_ID = '11111111-1111-4111-8111-111111111111';
const DATASET_ID = '22222222-2222-4222-8222-222222222222';

/** A fake API that keeps what is written, enough for importKeplerMap and exportKeplerMap. */
function fakeClient() {
  const uploads: { id: string; rows: number }[] = [];
  const states: StateData[] = [];
  let record: CatalogueRecord | null = null;
  const client = {
    datasets: {
      create: vi.fn(async (body: { name: string }) => ({ id: DATASET_ID, name: body.name })),
      uploadData: vi.fn(async (id: string, body: Blob) => {
        uploads.push({ id, rows: tableFromIPC(new Uint8Array(await body.arrayBuffer())).numRows });
        return { id, status: 'ready', errorMessage: null };
      }),
      downloadData: vi.fn(async () => tableToIPC(arrowTableFromKeplerDataset(pointMap.datasets[0]!.data as never), 'stream').buffer),
    },
    maps: {
      create: vi.fn(async (body: { name: string; description?: string; datasets?: string[] }) => {
        record = { id: MAP_ID, name: body.name, description: body.description ?? '', datasets: (body.datasets ?? []).map((id) => ({ id, name: 'eats_res_radius.csv', type: 'managed', status: 'ready' })), latestState: null } as unknown as CatalogueRecord;
        return record;
      }),
      get: vi.fn(async () => ({ ...record!, latestState: { id: 's1', data: states.at(-1)! } }) as CatalogueRecord),
      remove: vi.fn(),
    },
    studioStates: { create: vi.fn(async ({ data }: { data: StateData }) => states.push(data)) },
  };
  return { client, uploads, states };
}

describe('importKeplerMap', () => {
  it('creates the datasets from the rows, then the map with the remapped, flagged state', async () => {
    const { client, uploads, states } = fakeClient();
    const progress: TransferProgress[] = [];
    const file = parseKeplerFile(JSON.stringify(pointMap), 'kepler.gl');
    const record = await importKeplerMap(client as never, { file, format: 'kepler.gl', fileName: 'points.json' }, (step) => progress.push(step));
    expect(record.id).toBe(MAP_ID);
    expect(client.datasets.create).toHaveBeenCalledWith({ name: 'eats_res_radius.csv', type: 'managed' });
    expect(uploads).toEqual([{ id: DATASET_ID, rows: 9 }]);
    expect(client.maps.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'points', datasets: [DATASET_ID] }));
    const layer = (states[0]!.config as { visState: { layers: { config: { dataId: string } }[] } }).visState.layers[0]!;
    expect(layer.config.dataId).toBe(DATASET_ID);
    expect(states[0]!.convertedFromKepler).toBe('kepler.gl');
    expect(progress.at(-1)).toEqual({ done: 3, total: 3, label: 'Done' });
  });

  it('applies a config alone to the datasets picked for its dataIds', async () => {
    const { client, states } = fakeClient();
    const file = parseKeplerFile(JSON.stringify(pointMap.config), 'kepler.gl-raw');
    await importKeplerMap(client as never, { file, format: 'kepler.gl-raw', fileName: 'c.json', picked: { '8ppj5gfrs': DATASET_ID } }, () => undefined);
    expect(client.datasets.create).not.toHaveBeenCalled();
    expect(client.maps.create).toHaveBeenCalledWith(expect.objectContaining({ datasets: [DATASET_ID] }));
    expect(JSON.stringify(states[0])).not.toContain('8ppj5gfrs');
  });

  it('stops with the server’s reason when a dataset fails to load', async () => {
    const { client } = fakeClient();
    client.datasets.uploadData.mockResolvedValueOnce({ id: DATASET_ID, status: 'error', errorMessage: 'bad column' } as never);
    const file = parseKeplerFile(JSON.stringify(pointMap), 'kepler.gl');
    await expect(importKeplerMap(client as never, { file, format: 'kepler.gl', fileName: 'p.json' }, () => undefined)).rejects.toThrow('“eats_res_radius.csv” could not be loaded (bad column)');
    expect(client.maps.create).not.toHaveBeenCalled();
  });
});

describe('exportKeplerMap', () => {
  it('writes the saved state with every dataset’s rows, read as Arrow', async () => {
    const { client } = fakeClient();
    const file = parseKeplerFile(JSON.stringify(pointMap), 'kepler.gl');
    const record = await importKeplerMap(client as never, { file, format: 'kepler.gl', fileName: 'points.json' }, () => undefined);
    const { blob, fileName } = await exportKeplerMap(client as never, record, 'kepler.gl', () => undefined);
    expect(fileName).toBe('points.kepler.json');
    const saved = JSON.parse(await blob.text());
    expect(saved.datasets[0].data.id).toBe(DATASET_ID);
    expect(saved.datasets[0].data.allData).toHaveLength(9);
    expect(saved.config.config.visState.layers[0].config.dataId).toBe(DATASET_ID);
    expect(saved).not.toHaveProperty('convertedFromKepler');
  });

  it('reads no data for a config-only export', async () => {
    const { client } = fakeClient();
    const file = parseKeplerFile(JSON.stringify(pointMap), 'kepler.gl');
    const record = await importKeplerMap(client as never, { file, format: 'kepler.gl', fileName: 'points.json' }, () => undefined);
    const { blob } = await exportKeplerMap(client as never, record, 'kepler.gl-raw', () => undefined);
    expect(client.datasets.downloadData).not.toHaveBeenCalled();
    expect(JSON.parse(await blob.text())).toMatchObject({ version: 'v1' });
  });
});
