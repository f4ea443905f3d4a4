import { tableToIPC, tableFromArrays } from 'apache-arrow';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@atlas/client';
import { publishNewReport, republishReport, stepText, type PublishStep } from './publishFlow';

const visits = { id: '11111111-1111-4111-8111-111111111111', name: 'Visits' };
const empty = { id: '22222222-2222-4222-8222-222222222222', name: 'Empty' };

function fakeClient({ failRead }: { failRead?: ApiError } = {}) {
  const arrow = tableToIPC(tableFromArrays({ venue: ['A', 'B'], visits: Int32Array.from([3, 4]) }), 'stream');
  const datasetsQuery = vi.fn(async (body: { pipeline: { inputs: Array<{ props: { uuid: string } }> } }) => {
    const id = body.pipeline.inputs[0]!.props.uuid;
    if (failRead) throw failRead;
    if (id === empty.id) throw new ApiError({ status: 404, message: 'Dataset has no data', details: 'Upload it', appStatusCode: 'NOT_FOUND', url: '' });
    return { data: arrow.buffer.slice(arrow.byteOffset, arrow.byteOffset + arrow.byteLength) as ArrayBuffer };
  });
  const create = vi.fn(async () => ({ publishedId: 'r1', status: 'pending' as const }));
  const publish = vi.fn(async (id: string, body: { config?: Record<string, unknown> }) => ({ id, config: { version: 'v1', config: body.config } }));
  const client = { dataQueries: { datasetsQuery }, publishing: { reports: { create, publish } } };
  return { client: client as unknown as Parameters<typeof publishNewReport>[0], datasetsQuery, create, publish };
}

describe('publishNewReport', () => {
  it('reads each dataset, creates the report and publishes the snapshot, saying each step', async () => {
    const { client, create, publish } = fakeClient();
    const steps: PublishStep[] = [];
    await publishNewReport(client, { datasets: [visits, empty], name: ' Q3 ', description: ' About ', password: 'letmein', includeRows: true }, (step) => steps.push(step));
    expect(steps.map(stepText)).toEqual(['Reading “Visits” (1 of 2)…', 'Reading “Empty” (2 of 2)…', 'Creating the report…', 'Publishing…']);
    expect(create).toHaveBeenCalledWith({ datasets: [visits.id, empty.id], uploadOptions: { name: 'Q3', description: 'About', password: 'letmein' } });
    const config = publish.mock.calls[0]![1].config as { kind: string; includeRows: boolean; datasets: unknown[] };
    expect(publish.mock.calls[0]![0]).toBe('r1');
    expect(config).toMatchObject({ kind: 'dataset-preview', includeRows: true });
    expect(config.datasets).toEqual([
      { ...visits, columns: ['venue', 'visits'], rows: [['A', 3], ['B', 4]], note: null },
      { ...empty, columns: [], rows: [], note: expect.stringContaining('no data') },
    ]);
  });

  it('sends no password or description when none is given', async () => {
    const { client, create } = fakeClient();
    await publishNewReport(client, { datasets: [visits], name: 'Open', description: '  ', password: '', includeRows: false }, () => undefined);
    expect(create).toHaveBeenCalledWith({ datasets: [visits.id], uploadOptions: { name: 'Open' } });
  });

  it('creates nothing when a dataset cannot be read', async () => {
    const refused = new ApiError({ status: 403, message: 'Forbidden', details: 'no read', appStatusCode: 'FORBIDDEN', url: '' });
    const { client, create } = fakeClient({ failRead: refused });
    await expect(publishNewReport(client, { datasets: [visits], name: 'X', description: '', password: '', includeRows: true }, () => undefined)).rejects.toBe(refused);
    expect(create).not.toHaveBeenCalled();
  });
});

describe('republishReport', () => {
  it('takes a new snapshot and publishes it on the same report', async () => {
    const { client, create, publish } = fakeClient();
    await republishReport(client, { id: 'r9', datasets: [visits] }, false, () => undefined);
    expect(create).not.toHaveBeenCalled();
    expect(publish.mock.calls[0]![0]).toBe('r9');
    expect(publish.mock.calls[0]![1].config).toMatchObject({ includeRows: false, datasets: [{ ...visits, columns: ['venue', 'visits'], rows: [] }] });
  });
});
