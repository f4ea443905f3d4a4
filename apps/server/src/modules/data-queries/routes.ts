import {
  ColumnDistinctQuery,
  ColumnDistinctResult,
  CreateQueryBookmarkRequest,
  CreateQueryTemplateRequest,
  DataQueryJsonRequest,
  Dataset,
  DataQueryJsonResult,
  DataQueryRequest,
  PagingQuery,
  QueryBookmark,
  QueryBookmarkList,
  QueryExecution,
  QueryExecutionGetQuery,
  QueryExecutionList,
  QueryTemplate,
  QueryTemplateHistory,
  QueryTemplateList,
  RECORD_PATHS,
  SchemaListing,
  TaggedPagingQuery,
  TemplateRunRequest,
  UpdateQueryBookmarkRequest,
  UpdateQueryTemplateRequest,
  Uuid,
  VectorTilingRequest,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity, type Identity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { ARROW_STREAM_TYPE, assertArrowAccepted, cancelExecution, queryContext, sendArrow, withExecutionHeader } from '../execution/index.js';
import * as bookmarks from './bookmarks.js';
import { columnDistinct } from './distinct.js';
import { getExecution, getRecordExecution, latestRecordTemplateExecution, listExecutions } from './lookups.js';
import { connectionRunOf, connectionSchema, runConnectionQuery, runConnectionQueryJson } from './connections.js';
import { recordOf, runTemplate, runTemplateExecution, runTemplateJson, templateRunOf } from './run.js';
import * as templates from './templates.js';
import { vectorTiles } from '../vector-tiles/index.js';
import { tileQueryResult } from './vector-tiling.js';

const IdParams = Type.Object({ id: Uuid() });
const ExecutionParams = Type.Object({ executionId: Uuid() });
const tags = ['data-queries'];
const arrowResponse = {
  200: {
    description: `An Arrow IPC stream (${ARROW_STREAM_TYPE}); headers x-query-execution-id, x-cache-expires, x-cache, cache-control`,
    content: { [ARROW_STREAM_TYPE]: { schema: Type.String({ format: 'binary' }) } },
  },
  ...errorResponses(400, 401, 403, 404, 406, 408, 409, 422),
};
const ArrowQuery = Type.Object({ format: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

/** /v1/data-queries (workspace-and-catalogue.md §7 Data gateway, bi-and-admin.md §7) and the records' query-executions. */
export function dataQueryRoutes(app: App, deps: AppDeps) {
  const context = queryContext(app, deps);
  const tiles = vectorTiles(app, deps);
  const { db } = deps;
  const identity = (request: { identity: Identity | null }) => requireIdentity(request.identity);

  // ---- running ----
  app.post(
    '/v1/data-queries',
    {
      schema: {
        tags,
        summary: 'Run a query template over a dataset (or SQL on a data connection); the result is an Arrow stream',
        querystring: ArrowQuery,
        body: DataQueryRequest,
        response: arrowResponse,
      },
    },
    async (request, reply) => {
      const caller = identity(request);
      assertArrowAccepted(request.query.format, request.headers.accept);
      const onConnection = connectionRunOf(request.body);
      if (onConnection) {
        const recordId = await recordOf(context, caller, onConnection);
        return sendArrow(reply, await withExecutionHeader(reply, () => runConnectionQuery(context, caller, { ...onConnection, recordId })));
      }
      const run = templateRunOf(request.body);
      return sendArrow(reply, await withExecutionHeader(reply, () => runTemplate(context, caller, run)));
    },
  );

  app.post(
    '/v1/data-queries/json',
    {
      schema: {
        tags,
        summary: 'Like POST /v1/data-queries, answering one page of rows as JSON (offset 0, limit 100 by default)',
        body: DataQueryJsonRequest,
        response: { 200: DataQueryJsonResult, ...errorResponses(400, 401, 403, 404, 408, 409, 422) },
      },
    },
    async (request, reply) => {
      const caller = identity(request);
      const { offset, limit } = request.body;
      const onConnection = connectionRunOf(request.body);
      if (onConnection) {
        const recordId = await recordOf(context, caller, onConnection);
        return withExecutionHeader(reply, () => runConnectionQueryJson(context, caller, { ...onConnection, recordId }, { offset, limit }));
      }
      const run = templateRunOf(request.body);
      return withExecutionHeader(reply, () => runTemplateJson(context, caller, run, { offset, limit }));
    },
  );

  app.post(
    '/v1/data-queries/templates/:id',
    {
      schema: { tags, summary: 'Run a query template; the result is an Arrow stream', params: IdParams, querystring: ArrowQuery, body: TemplateRunRequest, response: arrowResponse },
    },
    async (request, reply) => {
      const caller = identity(request);
      assertArrowAccepted(request.query.format, request.headers.accept);
      const run = { ...request.body, templateId: request.params.id };
      return sendArrow(reply, await withExecutionHeader(reply, () => runTemplate(context, caller, run)));
    },
  );

  app.post(
    '/v1/data-queries/templates/:id/executions',
    {
      schema: {
        tags,
        summary: 'Run a query template to the end and answer its execution record (status success, failure or cancelled)',
        params: IdParams,
        body: TemplateRunRequest,
        response: { 201: QueryExecution, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await runTemplateExecution(context, identity(request), { ...request.body, templateId: request.params.id })),
  );

  app.put(
    '/v1/data-queries/vector-tiling',
    {
      schema: {
        tags,
        summary: 'Build vector tiles (mvt or pmtiles) from a query result: a new vector-tile dataset, pending until built',
        description:
          'The query is a pipeline, a query template (with datasetId and parameters) or SQL on a data connection, run without the result cache. The geometry comes from geometryColumn, or latColumn and lngColumn, or a column named geometry, geom, the_geom, wkt, geojson or shape, or lat/latitude and lng/lon/long/longitude. Answers the dataset at once as pending, as POST /v1/datasets/vectortile does.',
        body: VectorTilingRequest,
        response: { 202: Dataset, ...errorResponses(400, 401, 402, 403, 404, 408, 409, 422) },
      },
    },
    async (request, reply) => reply.status(202).send(await tileQueryResult(context, tiles, identity(request), request.body)),
  );

  app.get(
    '/v1/data-queries/column-distinct',
    {
      schema: {
        tags,
        summary: "Distinct values of a dataset's column (sorted, NULL last)",
        querystring: ColumnDistinctQuery,
        response: { 200: ColumnDistinctResult, ...errorResponses(400, 401, 404, 408, 422) },
      },
    },
    (request) => columnDistinct(context, identity(request), request.query),
  );

  for (const path of ['/v1/data-queries/schema/:connectionId', '/v1/data-queries/schema/:connectionId/*']) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: "A data connection's schemas; /{schema}: its tables; /{schema}/{table}: its columns",
          params: Type.Object({ connectionId: Uuid(), '*': Type.Optional(Type.String({ maxLength: 1000 })) }),
          response: { 200: SchemaListing, ...errorResponses(400, 401, 404, 408, 422, 501) },
        },
      },
      (request) => {
        const rest = request.params['*'] ?? '';
        const path = rest.split('/').filter((part) => part !== '');
        return connectionSchema(context, identity(request), request.params.connectionId, path);
      },
    );
  }

  // ---- executions ----
  app.get(
    '/v1/data-queries',
    { schema: { tags, summary: "The caller's query executions, newest first", querystring: PagingQuery, response: { 200: QueryExecutionList, ...errorResponses(400, 401) } } },
    (request) => listExecutions(db, identity(request), request.query),
  );

  app.get(
    '/v1/data-queries/:executionId',
    {
      schema: {
        tags,
        summary: 'One execution: the caller\'s own, or (with mapId, insightId or workbookId) one run for a record the caller can read',
        params: ExecutionParams,
        querystring: QueryExecutionGetQuery,
        response: { 200: QueryExecution, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => getExecution(db, identity(request), request.params.executionId, request.query),
  );

  app.post(
    '/v1/data-queries/:executionId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a queued or running execution (interrupts the query)',
        params: ExecutionParams,
        response: { 200: QueryExecution, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => cancelExecution(context, identity(request), request.params.executionId),
  );

  // ---- templates ----
  app.get(
    '/v1/data-queries/templates',
    { schema: { tags, summary: 'Query templates the caller can read (tagId: those carrying every tag)', querystring: TaggedPagingQuery, response: { 200: QueryTemplateList, ...errorResponses(400, 401) } } },
    (request) => templates.listTemplates(db, identity(request), request.query),
  );
  app.post(
    '/v1/data-queries/templates',
    { schema: { tags, summary: 'Create a query template (version 1)', body: CreateQueryTemplateRequest, response: { 201: QueryTemplate, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => reply.status(201).send(await templates.createTemplate(db, identity(request), request.body)),
  );
  app.get(
    '/v1/data-queries/templates/:id',
    { schema: { tags, summary: 'One query template', params: IdParams, response: { 200: QueryTemplate, ...errorResponses(400, 401, 404) } } },
    (request) => templates.getTemplate(db, identity(request), request.params.id),
  );
  app.put(
    '/v1/data-queries/templates/:id',
    {
      schema: {
        tags,
        summary: 'Update a query template; every update stores a new version',
        params: IdParams,
        body: UpdateQueryTemplateRequest,
        response: { 200: QueryTemplate, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => templates.updateTemplate(db, identity(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/data-queries/templates/:id',
    { schema: { tags, summary: 'Delete a query template and its history', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await templates.deleteTemplate(db, identity(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/data-queries/templates/:id/history',
    {
      schema: { tags, summary: 'Versions of a query template, newest first', params: IdParams, querystring: PagingQuery, response: { 200: QueryTemplateHistory, ...errorResponses(400, 401, 404) } },
    },
    (request) => templates.templateHistory(db, identity(request), request.params.id, request.query),
  );

  // ---- bookmarks ----
  app.get(
    '/v1/data-queries/bookmarks',
    { schema: { tags, summary: "The caller's query bookmarks (tagId: those carrying every tag)", querystring: TaggedPagingQuery, response: { 200: QueryBookmarkList, ...errorResponses(400, 401) } } },
    (request) => bookmarks.listBookmarks(db, identity(request), 'owned', request.query),
  );
  app.get(
    '/v1/data-queries/bookmarks/for-organization',
    { schema: { tags, summary: "Query bookmarks of the caller's organization (tagId: those carrying every tag)", querystring: TaggedPagingQuery, response: { 200: QueryBookmarkList, ...errorResponses(400, 401) } } },
    (request) => bookmarks.listBookmarks(db, identity(request), 'organization', request.query),
  );
  app.post(
    '/v1/data-queries/bookmarks',
    { schema: { tags, summary: 'Bookmark a template run or a pipeline', body: CreateQueryBookmarkRequest, response: { 201: QueryBookmark, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => reply.status(201).send(await bookmarks.createBookmark(db, identity(request), request.body)),
  );
  app.get(
    '/v1/data-queries/bookmarks/:id',
    { schema: { tags, summary: 'One query bookmark', params: IdParams, response: { 200: QueryBookmark, ...errorResponses(400, 401, 404) } } },
    (request) => bookmarks.getBookmark(db, identity(request), request.params.id),
  );
  app.put(
    '/v1/data-queries/bookmarks/:id',
    {
      schema: { tags, summary: 'Update a query bookmark', params: IdParams, body: UpdateQueryBookmarkRequest, response: { 200: QueryBookmark, ...errorResponses(400, 401, 403, 404) } },
    },
    (request) => bookmarks.updateBookmark(db, identity(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/data-queries/bookmarks/:id',
    { schema: { tags, summary: 'Delete a query bookmark', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await bookmarks.deleteBookmark(db, identity(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- records (bi-and-admin.md §7 Generic records) ----
  for (const [name, { path, kind }] of Object.entries(RECORD_PATHS)) {
    app.get(
      `${path}/:id/query-executions/:executionId`,
      {
        schema: {
          tags: [name],
          summary: `A query execution run for this ${kind}`,
          params: Type.Object({ id: Uuid(), executionId: Uuid() }),
          response: { 200: QueryExecution, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => getRecordExecution(db, identity(request), kind, request.params.id, request.params.executionId),
    );
    app.get(
      `${path}/:id/query-executions/templates/:templateId`,
      {
        schema: {
          tags: [name],
          summary: `The newest execution of a query template run for this ${kind}`,
          params: Type.Object({ id: Uuid(), templateId: Uuid() }),
          response: { 200: QueryExecution, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => latestRecordTemplateExecution(db, identity(request), kind, request.params.id, request.params.templateId),
    );
  }
}
