import { describe, expect, it } from 'vitest';
import type { CatalogueRecord, StateData } from '@atlas/domain';
import { saveDashboard } from './saveDashboard';

/** An in-memory stand-in for the two record APIs, logging every call. */
function fakeClient({ failStateCreate = false } = {}) {
  const calls: string[] = [];
  const records = new Map<string, CatalogueRecord>();
  let next = 0;
  const record = (id: string, name: string): CatalogueRecord =>
    ({ id, name, latestState: null, description: '', metadata: {} }) as unknown as CatalogueRecord;
  const client = {
    insights: {
      create: async (body: { name: string; metadata?: Record<string, unknown> }) => {
        calls.push(`create ${body.name} ${JSON.stringify(body.metadata)}`);
        const created = record(`r${++next}`, body.name);
        records.set(created.id, created);
        return created;
      },
      update: async (id: string, body: { name?: string }) => {
        calls.push(`update ${id} ${body.name}`);
        const updated = { ...records.get(id)!, name: body.name! };
        records.set(id, updated);
        return updated;
      },
      remove: async (id: string) => {
        calls.push(`remove ${id}`);
        records.delete(id);
      },
      get: async (id: string) => {
        const found = records.get(id);
        if (!found) throw new Error(`no record ${id}`);
        return found;
      },
    },
    insightStates: {
      create: async ({ insightId, data }: { insightId: string; data: StateData }) => {
        calls.push(`state create ${insightId} ${JSON.stringify(data)}`);
        if (failStateCreate) throw new Error('state refused');
        const state = { id: `s${++next}`, data, ownerId: 'o', createdAt: '', updatedAt: '', insightId };
        records.set(insightId, { ...records.get(insightId)!, latestState: state });
        return state;
      },
      update: async (id: string, data: StateData) => {
        calls.push(`state update ${id} ${JSON.stringify(data)}`);
        return { id, data, ownerId: 'o', createdAt: '', updatedAt: '', insightId: 'x' };
      },
    },
  };
  return { client: client as unknown as Parameters<typeof saveDashboard>[0], calls, records };
}

const state = { templateId: 'audience-insight' as const, values: { dma: '501', chains: ['a'] } };

describe('saveDashboard', () => {
  it('creates the record and its state the first time', async () => {
    const { client, calls } = fakeClient();
    const saved = await saveDashboard(client, { name: 'Mine', state });
    expect(calls).toEqual([
      'create Mine {"templateId":"audience-insight"}',
      'state create r1 {"templateId":"audience-insight","values":{"dma":"501","chains":["a"]}}',
    ]);
    expect(saved.id).toBe('r1');
    expect(saved.latestState?.data).toEqual(state);
  });

  it('takes the record back when its state cannot be stored', async () => {
    const { client, calls, records } = fakeClient({ failStateCreate: true });
    await expect(saveDashboard(client, { name: 'Mine', state })).rejects.toThrow('state refused');
    expect(calls.at(-1)).toBe('remove r1');
    expect(records.size).toBe(0);
  });

  it('updates the latest state, renaming only when the name changed', async () => {
    const { client, calls } = fakeClient();
    const first = await saveDashboard(client, { name: 'Mine', state });
    calls.length = 0;
    await saveDashboard(client, { insight: first, name: 'Mine', state: { ...state, values: { dma: '602' } } });
    expect(calls).toEqual([`state update ${first.latestState!.id} {"templateId":"audience-insight","values":{"dma":"602"}}`]);
    calls.length = 0;
    await saveDashboard(client, { insight: first, name: 'Renamed', state });
    expect(calls[0]).toBe('update r1 Renamed');
  });

  it('adds a state to a record that has none', async () => {
    const { client, calls } = fakeClient();
    const bare = await client.insights.create({ name: 'Bare' });
    calls.length = 0;
    await saveDashboard(client, { insight: bare, name: 'Bare', state });
    expect(calls).toEqual([`state create ${bare.id} {"templateId":"audience-insight","values":{"dma":"501","chains":["a"]}}`]);
  });
});
