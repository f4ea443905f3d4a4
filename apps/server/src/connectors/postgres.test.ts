import { describe, expect, it } from 'vitest';
import { arrowRows } from '../modules/query/test-support/helpers.js';
import { arrowFromBatches } from './arrow.js';
import { postgresConnector } from './postgres.js';
import type { ConnectionTarget } from './types.js';

const URL = process.env.TEST_DATABASE_URL;
const target: ConnectionTarget = { type: 'postgres', options: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', ssl: false }, password: () => null, allowedHosts: ['127.0.0.1'] };

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe.skipIf(!URL)('postgres connector', () => {
  it('streams a result in batches of the cursor size, and as Arrow', async () => {
    const batches = [];
    for await (const batch of postgresConnector.runQuery(target, 'SELECT g AS n FROM generate_series(1, $1::int) g', [5], { timeoutMs: 5000, batchRows: 2 })) {
      batches.push(batch.rows.map((row) => row[0]));
    }
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    const bytes = await collect(await arrowFromBatches(postgresConnector.runQuery(target, 'SELECT g AS n FROM generate_series(1, 5) g', [], { timeoutMs: 5000, batchRows: 2 })));
    expect(arrowRows(bytes)).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
  });

  it('cancels a running statement on the server when the signal aborts (409)', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    const run = arrowFromBatches(postgresConnector.runQuery(target, 'SELECT pg_sleep(10)', [], { timeoutMs: 20_000, signal: controller.signal }));
    await expect(run).rejects.toMatchObject({ statusCode: 409, message: 'Query was cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('describes a query without running it, with pipeline column types', async () => {
    const columns = await postgresConnector.describeQuery(target, "SELECT 1::int8 AS a, 'x'::text AS b, now() AS c, pg_sleep(10) AS slow", [], { timeoutMs: 2000 });
    expect(columns).toEqual([
      { name: 'a', type: 'integer', dbType: 'int8' },
      { name: 'b', type: 'string', dbType: 'text' },
      { name: 'c', type: 'timestamp', dbType: 'timestamptz' },
      { name: 'slow', type: 'unknown', dbType: 'oid:2278' },
    ]);
  });
});
