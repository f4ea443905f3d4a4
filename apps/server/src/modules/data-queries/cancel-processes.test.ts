// Cancelling through one server process a query that runs in another (two apps on one PostgreSQL): the running
// query stops and its client gets the cancelled answer, not the result.
import { describe, expect, it } from 'vitest';
import { testStores } from '../../test-support/stores.js';
import { useProcesses, type TestProcess } from '../datasets/test-support/processes.js';

const ANALYST = 'analyst@example.com';
const postgres = testStores().find((store) => store.name === 'postgres');

/** count(*) over the self-join of n rows sharing one key: n² rows, slow enough to cancel. */
function slowPipeline(uuid: string) {
  const data = { type: 'dataset', props: { uuid } };
  return {
    type: 'group',
    props: { expressions: [{ expression: { kind: 'aggregate', fn: 'count' }, alias: 'n' }] },
    inputs: [{ type: 'join', props: { on: [['k', 'k']] }, inputs: [data, data] }],
  };
}

describe.runIf(postgres)('cancelling a query through another process', () => {
  const cluster = useProcesses(postgres!, 2);

  it('stops the query where it runs: its client gets 409 QUERY_CANCELLED', { timeout: 120_000 }, async () => {
    const [a, b] = cluster.processes as [TestProcess, TestProcess];
    const headers = await a.auth(ANALYST);
    const created = await a.app.inject({ method: 'POST', url: '/v1/datasets', headers, payload: { name: 'same key' } });
    const { id } = created.json() as { id: string };
    const loaded = await a.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data`, headers: { ...headers, 'content-type': 'text/csv' }, payload: `k\n${'1\n'.repeat(200_000)}` });
    expect(loaded.statusCode).toBe(200);

    const running = a.app.inject({ method: 'POST', url: '/query?cacheMode=no-cache', headers, payload: slowPipeline(id) });
    let executionId: string | undefined;
    for (let n = 0; n < 500 && !executionId; n++) {
      const page = (await b.app.inject({ url: '/v1/data-queries?limit=5', headers: await b.auth(ANALYST) })).json() as { items: { id: string; status: string }[] };
      executionId = page.items.find((item) => item.status === 'running')?.id;
      if (!executionId) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(executionId).toBeDefined();
    // "running" is recorded just before the engine starts; give DuckDB time to be inside the query.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cancel = await b.app.inject({ method: 'POST', url: `/v1/data-queries/${executionId}/cancel`, headers: await b.auth(ANALYST) });
    expect(cancel.json()).toMatchObject({ id: executionId, status: 'cancelled' });

    const answer = await running;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: 'Query was cancelled', appStatusCode: 'QUERY_CANCELLED' });
    const execution = await a.app.inject({ url: `/v1/data-queries/${executionId}`, headers });
    expect(execution.json()).toMatchObject({ status: 'cancelled', rowCount: null });
  });
});
