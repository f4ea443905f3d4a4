import { describe, expect, it } from 'vitest';
import type { Dataset } from '@atlas/domain';
import { buildShare, mayBuildTiles, startTileBuild, waitForTileset } from './tileBuild';

const record = (status: Dataset['status'], progress?: number, errorMessage: string | null = null) =>
  ({ id: 't1', status, errorMessage, metadata: progress === undefined ? {} : { vectorTile: { progress } } }) as unknown as Dataset;

/** A client whose datasets.get answers the records in turn. */
function reading(...answers: Dataset[]) {
  let reads = 0;
  return { client: { datasets: { get: async () => answers[reads++]! } } as never, reads: () => reads };
}

describe('mayBuildTiles', () => {
  it('needs copy on the source and a maker seat', () => {
    expect(mayBuildTiles({ actions: ['read', 'copy'] }, { seat: 'maker' })).toBe(true);
    expect(mayBuildTiles({ actions: ['read', 'download'] }, { seat: 'maker' })).toBe(false);
    expect(mayBuildTiles({ actions: ['read', 'copy'] }, { seat: 'viewer' })).toBe(false);
  });
});

describe('startTileBuild', () => {
  it('asks POST /v1/datasets/vectortile to tile the source', async () => {
    const calls: unknown[] = [];
    const client = { http: { request: async (...args: unknown[]) => (calls.push(args), record('pending', 0)) } } as never;
    expect((await startTileBuild(client, 's1')).status).toBe('pending');
    expect(calls).toEqual([['POST', '/v1/datasets/vectortile', { body: { source: 's1' } }]]);
  });
});

describe('waitForTileset', () => {
  it('reports the build progress the record says until it is ready', async () => {
    const { client, reads } = reading(record('pending', 0.3), record('pending', 0.8), record('ready', 1));
    const seen: number[] = [];
    const ready = await waitForTileset(client, record('pending', 0), { onProgress: (share) => seen.push(share), intervalMs: 1 });
    expect(ready.status).toBe('ready');
    expect(seen).toEqual([0, 0.3, 0.8, 1]);
    expect(reads()).toBe(3);
  });

  it("fails with the build's reason", async () => {
    const { client } = reading(record('error', 0.5, 'The source has no geometries to tile (Every row has an empty geometry)'));
    await expect(waitForTileset(client, record('pending', 0.1), { onProgress: () => undefined, intervalMs: 1 })).rejects.toThrow(
      'The vector tiles could not be built: The source has no geometries to tile (Every row has an empty geometry)',
    );
  });

  it('answers a ready tileset at once, and stops waiting when told', async () => {
    const { client, reads } = reading();
    expect((await waitForTileset(client, record('ready', 1), { onProgress: () => undefined })).status).toBe('ready');
    expect(reads()).toBe(0);
    const controller = new AbortController();
    const waiting = waitForTileset(client, record('pending', 0), { onProgress: () => undefined, signal: controller.signal, intervalMs: 60_000 });
    controller.abort(new Error('left'));
    await expect(waiting).rejects.toThrow('left');
  });
});

describe('buildShare', () => {
  it('reads metadata.vectorTile.progress, within 0..1', () => {
    expect(buildShare(record('pending', 0.42))).toBe(0.42);
    expect(buildShare(record('pending'))).toBe(0);
    expect(buildShare(record('pending', 3))).toBe(1);
  });
});
