import { describe, expect, it } from 'vitest';
import { tileReader } from './tileReader';

const ORIGIN = 'http://127.0.0.1:4000';

function client(answer: ArrayBuffer | undefined) {
  const calls: Array<{ method: string; path: string; options: unknown }> = [];
  const request = async (method: string, path: string, options: unknown) => (calls.push({ method, path, options }), answer);
  return { client: { http: { request } } as never, calls };
}

describe('tileReader', () => {
  it("reads our tile URL through the API client (which adds the session's token), as bytes", async () => {
    const bytes = new ArrayBuffer(8);
    const { client: api, calls } = client(bytes);
    const signal = new AbortController().signal;
    expect(await tileReader(api, ORIGIN)(`${ORIGIN}/v1/datasets/d1/tiles/3/1/2.pbf?v=abc`, signal)).toBe(bytes);
    expect(calls).toEqual([{ method: 'GET', path: '/v1/datasets/d1/tiles/3/1/2.pbf?v=abc', options: { responseType: 'arrayBuffer', signal } }]);
  });

  it('answers null for an empty tile (204)', async () => {
    expect(await tileReader(client(undefined).client, ORIGIN)(`${ORIGIN}/v1/datasets/d1/tiles/0/0/0.pbf`)).toBeNull();
  });

  it('reads nothing from another host', async () => {
    const { client: api, calls } = client(new ArrayBuffer(1));
    await expect(tileReader(api, ORIGIN)('https://tiles.example.com/0/0/0.pbf')).rejects.toThrow('Tiles are read from this studio only, not from https://tiles.example.com.');
    expect(calls).toEqual([]);
  });
});
