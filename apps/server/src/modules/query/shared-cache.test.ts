import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { arrowRows } from './test-support/helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two server instances configured with the same REDIS_URL share cached results.
describe.skipIf(!redisUrl).each(testStores())('result cache shared through Redis on $name', (store) => {
  const first = useHarness(store, { redisUrl: redisUrl ?? null });
  const second = useHarness(store, { redisUrl: redisUrl ?? null });

  it('serves a result computed by one instance from the other', async () => {
    const pipeline = { type: 'inline_data', props: { format: 'CSV', data: `token\n${randomUUID()}\n` } };
    const run = async (h: typeof first) =>
      h.app.inject({ method: 'POST', url: '/query?cacheMode=studio-cloud-cache', headers: await h.auth('analyst@example.com'), payload: pipeline });
    const computed = await run(first);
    expect(computed.headers['x-cache']).toBe('miss');
    const shared = await run(second);
    expect(shared.headers['x-cache']).toBe('hit');
    expect(Buffer.compare(computed.rawPayload, shared.rawPayload)).toBe(0);
    expect(shared.headers['x-cache-expires']).toBe(computed.headers['x-cache-expires']);
    expect(arrowRows(shared.rawPayload)).toEqual(arrowRows(computed.rawPayload));
  });
});
