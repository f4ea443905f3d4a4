// Typed calls for the query service (POST /query, /tileset…), POST /v1/datasets/query and /v1/data-queries
// (workspace-and-catalogue.md §7 Data gateway and Query service, bi-and-admin.md §7).
import {
  RECORD_PATHS,
  type CacheMode,
  type ColumnDistinctQuery,
  type ColumnDistinctResult,
  type CreateQueryBookmarkRequest,
  type CreateQueryTemplateRequest,
  type DataQueryJsonRequest,
  type DataQueryJsonResult,
  type DataQueryRequest,
  type DatasetQueryRequest,
  type PagingQuery,
  type QuantileRow,
  type QueryBookmark,
  type QueryBookmarkList,
  type QueryExecution,
  type QueryExecutionGetQuery,
  type QueryExecutionList,
  type QueryTemplate,
  type QueryTemplateHistory,
  type QueryTemplateList,
  type TaggedPagingQuery,
  type TemplateRunRequest,
  type TilesetMetadata,
  type UpdateQueryBookmarkRequest,
  type UpdateQueryTemplateRequest,
} from '@atlas/domain';
import type { PipelineNodeJson } from '@atlas/pipeline';
import type { Http } from '../http.js';

const id = encodeURIComponent;
const ARROW = 'application/vnd.apache.arrow.stream';

/** A query result: the Arrow IPC stream's bytes and what its headers say. */
export interface ArrowResult {
  data: ArrayBuffer;
  executionId: string | null;
  /** When the cached result expires (ISO); now for no-cache results. */
  cacheExpires: string | null;
  /** hit: served from the cache; miss: computed and cached; bypass: computed, not cached. */
  cache: 'hit' | 'miss' | 'bypass' | null;
}

export interface RunOptions {
  cacheMode?: CacheMode;
  maxAge?: number;
  signal?: AbortSignal;
}

/** A serialized pipeline (`{type, props, inputs}`). */
/** A serialized pipeline, typed from the pipeline package's node definitions. */
export type PipelineJson = PipelineNodeJson;
type RecordPath = keyof typeof RECORD_PATHS;

export function createDataQueriesApi(request: Http['request']) {
  async function arrow(path: string, body: unknown, options: { query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {}): Promise<ArrowResult> {
    const response = await request<Response>('POST', path, { body, query: options.query, signal: options.signal, headers: { accept: ARROW }, responseType: 'response' });
    const cache = response.headers.get('x-cache');
    return {
      data: await response.arrayBuffer(),
      executionId: response.headers.get('x-query-execution-id'),
      cacheExpires: response.headers.get('x-cache-expires'),
      cache: cache === 'hit' || cache === 'miss' || cache === 'bypass' ? cache : null,
    };
  }
  const serviceQuery = ({ cacheMode, maxAge }: RunOptions = {}) => ({ format: 'arrow', cacheMode, maxAge });

  return {
    /** Query service: runs a pipeline (POST /query?format=arrow). */
    query: (pipeline: PipelineJson, options: RunOptions = {}) => arrow('/query', pipeline, { query: serviceQuery(options), signal: options.signal }),
    /** The catalogue's POST /v1/datasets/query. */
    datasetsQuery: (body: DatasetQueryRequest, signal?: AbortSignal) => arrow('/v1/datasets/query', body, { signal }),
    tileset: (pipeline: PipelineJson, options: RunOptions = {}) => arrow('/tileset', pipeline, { query: serviceQuery(options), signal: options.signal }),
    tilesetMetadata: (pipeline: PipelineJson) => request<TilesetMetadata>('POST', '/tileset/metadata', { body: pipeline }),
    /** One pipeline: its rows; a list: one entry each, null where it failed. */
    tilesetQuantiles: <T extends PipelineJson | PipelineJson[]>(body: T) =>
      request<T extends unknown[] ? Array<QuantileRow[] | null> : QuantileRow[]>('POST', '/tileset/quantiles', { body }),

    /** Runs a query template over a dataset (SQL text needs a data connection). */
    run: (body: DataQueryRequest, signal?: AbortSignal) => arrow('/v1/data-queries', body, { signal }),
    /** One page of rows as JSON (offset 0, limit 100 by default). */
    json: (body: DataQueryJsonRequest) => request<DataQueryJsonResult>('POST', '/v1/data-queries/json', { body }),
    runTemplate: (templateId: string, body: TemplateRunRequest = {}, signal?: AbortSignal) => arrow(`/v1/data-queries/templates/${id(templateId)}`, body, { signal }),
    /** Runs a template to the end and answers its execution record. */
    createTemplateExecution: (templateId: string, body: TemplateRunRequest = {}) =>
      request<QueryExecution>('POST', `/v1/data-queries/templates/${id(templateId)}/executions`, { body }),
    executions: (query: PagingQuery = {}) => request<QueryExecutionList>('GET', '/v1/data-queries', { query }),
    execution: (executionId: string, query: QueryExecutionGetQuery = {}) => request<QueryExecution>('GET', `/v1/data-queries/${id(executionId)}`, { query }),
    cancel: (executionId: string) => request<QueryExecution>('POST', `/v1/data-queries/${id(executionId)}/cancel`),
    columnDistinct: (query: ColumnDistinctQuery) => request<ColumnDistinctResult>('GET', '/v1/data-queries/column-distinct', { query }),
    schema: (connectionId: string, path = '') => request<unknown>('GET', `/v1/data-queries/schema/${id(connectionId)}${path ? `/${path.split('/').map(id).join('/')}` : ''}`),

    templates: {
      list: (query: TaggedPagingQuery = {}) => request<QueryTemplateList>('GET', '/v1/data-queries/templates', { query }),
      create: (body: CreateQueryTemplateRequest) => request<QueryTemplate>('POST', '/v1/data-queries/templates', { body }),
      get: (templateId: string) => request<QueryTemplate>('GET', `/v1/data-queries/templates/${id(templateId)}`),
      update: (templateId: string, body: UpdateQueryTemplateRequest) => request<QueryTemplate>('PUT', `/v1/data-queries/templates/${id(templateId)}`, { body }),
      remove: (templateId: string) => request<void>('DELETE', `/v1/data-queries/templates/${id(templateId)}`),
      history: (templateId: string, query: PagingQuery = {}) => request<QueryTemplateHistory>('GET', `/v1/data-queries/templates/${id(templateId)}/history`, { query }),
    },

    bookmarks: {
      list: (query: TaggedPagingQuery = {}) => request<QueryBookmarkList>('GET', '/v1/data-queries/bookmarks', { query }),
      forOrganization: (query: TaggedPagingQuery = {}) => request<QueryBookmarkList>('GET', '/v1/data-queries/bookmarks/for-organization', { query }),
      create: (body: CreateQueryBookmarkRequest) => request<QueryBookmark>('POST', '/v1/data-queries/bookmarks', { body }),
      get: (bookmarkId: string) => request<QueryBookmark>('GET', `/v1/data-queries/bookmarks/${id(bookmarkId)}`),
      update: (bookmarkId: string, body: UpdateQueryBookmarkRequest) => request<QueryBookmark>('PUT', `/v1/data-queries/bookmarks/${id(bookmarkId)}`, { body }),
      remove: (bookmarkId: string) => request<void>('DELETE', `/v1/data-queries/bookmarks/${id(bookmarkId)}`),
    },

    /** GET /v1/{maps|insights|dashboards|workbooks}/{id}/query-executions/{execId}. */
    recordExecution: (records: RecordPath, recordId: string, executionId: string) =>
      request<QueryExecution>('GET', `${RECORD_PATHS[records].path}/${id(recordId)}/query-executions/${id(executionId)}`),
    /** The newest execution of a template run for the record. */
    recordTemplateExecution: (records: RecordPath, recordId: string, templateId: string) =>
      request<QueryExecution>('GET', `${RECORD_PATHS[records].path}/${id(recordId)}/query-executions/templates/${id(templateId)}`),
  };
}
export type DataQueriesApi = ReturnType<typeof createDataQueriesApi>;
