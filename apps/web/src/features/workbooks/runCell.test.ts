import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@atlas/client';
import { datasetAnswer } from '../datasets/test-support';
import { newCell, type Cell } from './cells';
import { ensureTemplate, saveCellResult } from './runCell';

type Client = Parameters<typeof ensureTemplate>[0];

/** A client whose query templates live in a map, with the calls recorded. */
function templateClient(existing: Record<string, { template: string; datasetId: string | null }> = {}) {
  const templates = new Map(Object.entries(existing));
  const calls: string[] = [];
  const client = {
    dataQueries: {
      templates: {
        get: vi.fn(async (id: string) => {
          const found = templates.get(id);
          if (!found) throw new Error('Query template not found');
          return { id, ...found };
        }),
        create: vi.fn(async (body: { template: string; datasetId: string | null; name: string }) => {
          calls.push(`create ${body.name}`);
          templates.set('new-template', body);
          return { id: 'new-template' };
        }),
        update: vi.fn(async (id: string, body: { template: string; datasetId: string | null }) => {
          calls.push(`update ${id}`);
          templates.set(id, body);
          return { id };
        }),
      },
    },
  } as unknown as Client;
  return { client, calls, templates };
}

const sqlCell = (extra: Partial<Cell>): Cell => ({ ...newCell('sql'), text: 'select * from {{dataset}}', datasetId: 'd1', title: 'Stores', ...extra });

describe('the query template of a SQL cell over datasets', () => {
  it('is created on the first run, named after the workbook and the cell', async () => {
    const { client, calls, templates } = templateClient();
    expect(await ensureTemplate(client, sqlCell({}), 'Retail')).toBe('new-template');
    expect(calls).toEqual(['create Retail · Stores']);
    expect(templates.get('new-template')).toMatchObject({ template: 'select * from {{dataset}}', datasetId: 'd1' });
  });

  it('is left alone when the cell still says the same, brought up to date when not', async () => {
    const { client, calls, templates } = templateClient({ t1: { template: 'select * from {{dataset}}', datasetId: 'd1' } });
    expect(await ensureTemplate(client, sqlCell({ templateId: 't1' }), 'Retail')).toBe('t1');
    expect(calls).toEqual([]);
    expect(await ensureTemplate(client, sqlCell({ templateId: 't1', datasetId: 'd2' }), 'Retail')).toBe('t1');
    expect(calls).toEqual(['update t1']);
    expect(templates.get('t1')).toMatchObject({ datasetId: 'd2' });
  });

  it('is made again when the kept one was deleted', async () => {
    const { client, calls } = templateClient();
    expect(await ensureTemplate(client, sqlCell({ templateId: 'gone' }), 'Retail')).toBe('new-template');
    expect(calls).toEqual(['create Retail · Stores']);
  });
});

describe('saving a pipeline result as a dataset', () => {
  const pipelineCell = { ...newCell('pipeline'), text: '{"type": "dataset", "props": {"uuid": "d1"}}' };
  const context = { workbookId: 'w1', workbookName: 'Retail' };

  function saveClient(upload: () => Promise<unknown>) {
    const calls: string[] = [];
    const client = {
      dataQueries: { datasetsQuery: vi.fn(async () => ({ data: new ArrayBuffer(8) })) },
      datasets: {
        create: vi.fn(async ({ name }: { name: string }) => (calls.push(`create ${name}`), datasetAnswer({ id: 'd9', name, status: 'pending' }))),
        uploadData: vi.fn(async () => (calls.push('upload'), upload())),
        remove: vi.fn(async (id: string) => void calls.push(`remove ${id}`)),
      },
      workbooks: { addDataset: vi.fn(async (workbookId: string, datasetId: string) => void calls.push(`add ${datasetId} to ${workbookId}`)) },
    } as unknown as Pick<ApiClient, 'dataQueries' | 'datasets' | 'workbooks'>;
    return { client, calls };
  }

  it('creates the dataset, uploads the Arrow bytes and lists it in the workbook', async () => {
    const { client, calls } = saveClient(async () => datasetAnswer({ id: 'd9', name: 'Result' }));
    expect((await saveCellResult(client, pipelineCell, 'Result', context)).id).toBe('d9');
    expect(calls).toEqual(['create Result', 'upload', 'add d9 to w1']);
  });

  it('removes a dataset whose data could not be stored, and says why', async () => {
    const { client, calls } = saveClient(async () => datasetAnswer({ id: 'd9', status: 'error', errorMessage: 'bad bytes' }));
    await expect(saveCellResult(client, pipelineCell, 'Result', context)).rejects.toThrow('The result could not be stored as a dataset (bad bytes)');
    expect(calls).toEqual(['create Result', 'upload', 'remove d9']);
  });
});
