import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../http.js';
import { recordingRequest } from '../test-support.js';
import { createDataQueriesApi, type PipelineJson } from './data-queries.js';

const pipeline: PipelineJson = { type: 'dataset', props: { uuid: 'd1' } };

describe('data query calls', () => {
  it('hits the spec paths with the bodies given', async () => {
    const { request, calls } = recordingRequest();
    const api = createDataQueriesApi(request);
    await api.json({ queryTemplateId: 't1', parameters: { n: 1 }, limit: 10 });
    await api.createTemplateExecution('t1', { parameters: { n: 2 }, mapId: 'm1' });
    await api.executions({ offset: 5, limit: 10 });
    await api.execution('e1', { mapId: 'm1' });
    await api.cancel('e1');
    await api.columnDistinct({ datasetId: 'd1', column: 'region', limit: 3 });
    await api.schema('c 1', 'public/table');
    await api.tilesetMetadata(pipeline);
    await api.tilesetQuantiles([pipeline]);
    await api.templates.list({ limit: 2, tagId: ['g1', 'g2'] });
    await api.templates.create({ name: 'T', template: 'SELECT 1' });
    await api.templates.update('t1', { name: 'U' });
    await api.templates.remove('t1');
    await api.templates.history('t1', { offset: 1, limit: 1 });
    await api.bookmarks.forOrganization({ tagId: ['g1'] });
    await api.bookmarks.create({ name: 'B', query: { pipeline } });
    await api.bookmarks.update('b1', { name: 'C' });
    await api.recordExecution('dashboards', 'r1', 'e1');
    await api.recordTemplateExecution('maps', 'r1', 't1');
    expect(calls).toEqual([
      ['POST', 'https://api.test/v1/data-queries/json', { queryTemplateId: 't1', parameters: { n: 1 }, limit: 10 }],
      ['POST', 'https://api.test/v1/data-queries/templates/t1/executions', { parameters: { n: 2 }, mapId: 'm1' }],
      ['GET', 'https://api.test/v1/data-queries?offset=5&limit=10', undefined],
      ['GET', 'https://api.test/v1/data-queries/e1?mapId=m1', undefined],
      ['POST', 'https://api.test/v1/data-queries/e1/cancel', undefined],
      ['GET', 'https://api.test/v1/data-queries/column-distinct?datasetId=d1&column=region&limit=3', undefined],
      ['GET', 'https://api.test/v1/data-queries/schema/c%201/public/table', undefined],
      ['POST', 'https://api.test/tileset/metadata', pipeline],
      ['POST', 'https://api.test/tileset/quantiles', [pipeline]],
      ['GET', 'https://api.test/v1/data-queries/templates?limit=2&tagId=g1&tagId=g2', undefined],
      ['POST', 'https://api.test/v1/data-queries/templates', { name: 'T', template: 'SELECT 1' }],
      ['PUT', 'https://api.test/v1/data-queries/templates/t1', { name: 'U' }],
      ['DELETE', 'https://api.test/v1/data-queries/templates/t1', undefined],
      ['GET', 'https://api.test/v1/data-queries/templates/t1/history?offset=1&limit=1', undefined],
      ['GET', 'https://api.test/v1/data-queries/bookmarks/for-organization?tagId=g1', undefined],
      ['POST', 'https://api.test/v1/data-queries/bookmarks', { name: 'B', query: { pipeline } }],
      ['PUT', 'https://api.test/v1/data-queries/bookmarks/b1', { name: 'C' }],
      ['GET', 'https://api.test/v1/dashboards/r1/query-executions/e1', undefined],
      ['GET', 'https://api.test/v1/maps/r1/query-executions/templates/t1', undefined],
    ]);
  });

  it('reads Arrow results with their execution headers', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(bytes, { headers: { 'x-query-execution-id': 'e9', 'x-cache-expires': '2030-01-01T00:00:00.000Z', 'x-cache': 'hit' } }),
    );
    const { request } = createHttp({ baseUrl: 'https://api.test', fetch: fetch as unknown as typeof globalThis.fetch });
    const api = createDataQueriesApi(request);
    const result = await api.query(pipeline, { cacheMode: 'no-cache' });
    expect(new Uint8Array(result.data)).toEqual(bytes);
    expect(result).toMatchObject({ executionId: 'e9', cacheExpires: '2030-01-01T00:00:00.000Z', cache: 'hit' });
    await api.datasetsQuery({ pipeline, cacheMode: 'studio-cloud-cache' });
    await api.run({ queryTemplateId: 't1', datasetId: 'd1' });
    await api.runTemplate('t1', { parameters: { a: [1, 2] } });
    await api.tileset(pipeline);
    const sent = fetch.mock.calls.map(([url, init]) => [init?.method, String(url), JSON.parse(String(init?.body)), new Headers(init?.headers).get('accept')]);
    expect(sent).toEqual([
      ['POST', 'https://api.test/query?format=arrow&cacheMode=no-cache', pipeline, 'application/vnd.apache.arrow.stream'],
      ['POST', 'https://api.test/v1/datasets/query', { pipeline, cacheMode: 'studio-cloud-cache' }, 'application/vnd.apache.arrow.stream'],
      ['POST', 'https://api.test/v1/data-queries', { queryTemplateId: 't1', datasetId: 'd1' }, 'application/vnd.apache.arrow.stream'],
      ['POST', 'https://api.test/v1/data-queries/templates/t1', { parameters: { a: [1, 2] } }, 'application/vnd.apache.arrow.stream'],
      ['POST', 'https://api.test/tileset?format=arrow', pipeline, 'application/vnd.apache.arrow.stream'],
    ]);
  });
});
