import {
  CreateDatasetRequest,
  Dataset,
  DatasetAdminQuery,
  DatasetList,
  DatasetListQuery,
  DatasetMapList,
  DatasetSearchQuery,
  PublicDatasetList,
  UpdateDatasetRequest,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { datasetDataRoutes } from './data-routes.js';
import type { DatasetScope } from './repo.js';
import * as datasets from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['datasets'];

const LISTINGS: Array<{ path: string; scope: DatasetScope; summary: string }> = [
  { path: '/v1/datasets', scope: 'owned', summary: "The caller's datasets" },
  { path: '/v1/datasets/sample', scope: 'sample', summary: 'Sample datasets the caller can read' },
  { path: '/v1/datasets/for-organization', scope: 'organization', summary: "Datasets of the caller's organization" },
  { path: '/v1/datasets/shared-with-user', scope: 'shared', summary: 'Datasets shared with the caller through a permission' },
];

/** Datasets (workspace-and-catalogue.md §7 Datasets): metadata here, data in data-routes.ts. */
export function datasetRoutes(app: App, deps: AppDeps) {
  const { db, engine } = deps;
  datasetDataRoutes(app, deps);
  for (const { path, scope, summary } of LISTINGS) {
    app.get(
      path,
      { schema: { tags, summary, querystring: DatasetListQuery, response: { 200: DatasetList, ...errorResponses(400, 401) } } },
      (request) => datasets.listDatasets(db, requireIdentity(request.identity), scope, request.query),
    );
  }

  app.get(
    '/v1/datasets/search',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Search public datasets (no authentication; only public_read datasets, even with a token)',
        querystring: DatasetSearchQuery,
        response: { 200: PublicDatasetList, ...errorResponses(400) },
      },
    },
    (request) => datasets.searchPublicDatasets(db, request.query),
  );

  app.get(
    '/v1/datasets/:id',
    { schema: { tags, summary: 'One dataset', params: IdParams, querystring: DatasetAdminQuery, response: { 200: Dataset, ...errorResponses(400, 401, 403, 404) } } },
    (request) => datasets.getDataset(db, requireIdentity(request.identity), request.params.id, request.query.isAdmin),
  );

  app.post(
    '/v1/datasets',
    { schema: { tags, summary: 'Create a dataset (status new)', body: CreateDatasetRequest, response: { 201: Dataset, ...errorResponses(400, 401, 402, 403, 422) } } },
    async (request, reply) => reply.status(201).send(await datasets.createDataset(db, requireIdentity(request.identity), request.body)),
  );

  app.put(
    '/v1/datasets/:id',
    {
      schema: {
        tags,
        summary: 'Update a dataset; in admin mode also transfer its ownership',
        params: IdParams,
        querystring: DatasetAdminQuery,
        body: UpdateDatasetRequest,
        response: { 200: Dataset, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => datasets.updateDataset(db, requireIdentity(request.identity), request.params.id, request.body, request.query.isAdmin),
  );

  app.post(
    '/v1/datasets/:id/clone',
    { schema: { tags, summary: 'Copy a dataset, with its data, into a new one owned by the caller', params: IdParams, response: { 201: Dataset, ...errorResponses(400, 401, 402, 403, 404) } } },
    async (request, reply) => reply.status(201).send(await datasets.cloneDataset(db, engine, requireIdentity(request.identity), request.params.id)),
  );

  app.delete(
    '/v1/datasets/:id',
    { schema: { tags, summary: 'Delete a dataset and its data', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await datasets.deleteDataset(db, engine, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/datasets/:id/maps',
    { schema: { tags, summary: 'Maps using the dataset that the caller can read', params: IdParams, response: { 200: DatasetMapList, ...errorResponses(400, 401, 404) } } },
    (request) => datasets.listDatasetMaps(db, requireIdentity(request.identity), request.params.id),
  );
}
