import {
  CreateDataConnectionRequest,
  DataConnection,
  DataConnectionList,
  DataConnectionListQuery,
  DatasetList,
  TestConnectionRequest,
  TestConnectionResult,
  UpdateDataConnectionRequest,
  Uuid,
  WorkbenchRequest,
  WorkbenchResult,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as connections from './service.js';
import { storageConnectionRoutes } from './storage-routes.js';
import { writeToWarehouse } from './workbench.js';

const tags = ['data-connections'];
const BASE = '/v1/data-connections';
const IdParams = Type.Object({ id: Uuid() });
const AdminQuery = Type.Object({ isAdmin: Type.Optional(Type.Boolean({ description: 'Admin mode (administrators only)' })) }, { additionalProperties: false });

/**
 * Data connections (bi-and-admin.md §7 Connections) and POST /v1/test-connection (workspace-and-catalogue.md §7 Data
 * gateway). Passwords are write-only: answers carry hasPassword, never the password or its ciphertext.
 */
export function dataConnectionRoutes(app: App, deps: AppDeps) {
  const { db, config } = deps;
  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The caller's data connections (?types=postgres,snowflake; admin mode: everyone's)",
        querystring: DataConnectionListQuery,
        response: { 200: DataConnectionList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => connections.listOwned(db, requireIdentity(request.identity), request.query),
  );

  app.get(
    `${BASE}/for-organization`,
    {
      schema: {
        tags,
        summary: "The data connections of the caller's organization they may read",
        querystring: DataConnectionListQuery,
        response: { 200: DataConnectionList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => connections.listForOrganization(db, requireIdentity(request.identity), request.query),
  );

  app.get(
    `${BASE}/:id`,
    { schema: { tags, summary: 'A data connection', params: IdParams, querystring: AdminQuery, response: { 200: DataConnection, ...errorResponses(400, 401, 403, 404) } } },
    (request) => connections.getConnection(db, requireIdentity(request.identity), request.params.id, request.query.isAdmin),
  );

  app.get(
    `${BASE}/:id/datasets`,
    {
      schema: {
        tags,
        summary: 'The datasets whose dataConnection is this connection (those the caller may read)',
        params: IdParams,
        querystring: AdminQuery,
        response: { 200: DatasetList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => connections.listDatasets(db, requireIdentity(request.identity), request.params.id, request.query.isAdmin),
  );

  app.get(
    `${BASE}/:id/connections`,
    {
      schema: {
        tags,
        summary: 'Other connections of the organization of the same type to the same server (host, account, project, …), those the caller may read',
        params: IdParams,
        querystring: AdminQuery,
        response: { 200: DataConnectionList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => connections.listSameServer(db, requireIdentity(request.identity), request.params.id, request.query.isAdmin),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a data connection; options.password is stored encrypted (ATLAS_SECRETS_KEY), or options.passwordEnvVar names a server variable holding its connection URL',
        body: CreateDataConnectionRequest,
        response: { 201: DataConnection, ...errorResponses(400, 401, 402, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await connections.createConnection(db, requireIdentity(request.identity), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a data connection; options replace the stored ones (a stored password is kept only while the options stay the same)',
        params: IdParams,
        querystring: AdminQuery,
        body: UpdateDataConnectionRequest,
        response: { 200: DataConnection, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => connections.updateConnection(db, requireIdentity(request.identity), request.params.id, request.body, request.query.isAdmin),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Delete a data connection', params: IdParams, querystring: AdminQuery, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await connections.deleteConnection(db, requireIdentity(request.identity), request.params.id, request.query.isAdmin);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/test-connection',
    {
      schema: {
        tags,
        summary: "Connect with unsaved {type, options} or a saved {connectionId}; 422 when it fails (the database's own message, or one answer for every network failure)",
        body: TestConnectionRequest,
        response: { 200: TestConnectionResult, ...errorResponses(400, 401, 404, 422, 501) },
      },
    },
    (request) => connections.testConnection(db, requireIdentity(request.identity), request.body, config.allowedConnectionHosts),
  );

  app.post(
    '/v1/datasets/:id/workbench',
    {
      schema: {
        tags: ['datasets', ...tags],
        summary: "Write the dataset's rows into a new table of a warehouse connection (postgres, redshift), in one transaction",
        description:
          'Needs copy access to the dataset (the data leaves the studio) and write access to the connection (its credentials create the table). A table that exists is never replaced (409); a failure part-way leaves no table.',
        params: IdParams,
        body: WorkbenchRequest,
        response: { 200: WorkbenchResult, ...errorResponses(400, 401, 403, 404, 408, 409, 422, 501) },
      },
    },
    (request) =>
      writeToWarehouse(db, deps.engine, requireIdentity(request.identity), request.params.id, request.body, {
        allowedHosts: config.allowedConnectionHosts,
        timeoutMs: config.queryTimeoutMs,
      }),
  );

  storageConnectionRoutes(app, deps);
}
