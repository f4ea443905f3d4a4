import {
  CreateProjectFolderRequest,
  CreateProjectRequest,
  MoveProjectResourceRequest,
  Project,
  ProjectFolder,
  ProjectList,
  ProjectListQuery,
  ProjectResource,
  ProjectResourceList,
  ProjectThumbnailPolicy,
  ThumbnailRequest,
  SaveProjectResourceRequest,
  UpdateProjectFolderRequest,
  UpdateProjectRequest,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { policyIssuerFor } from '../uploads/policy-origin.js';
import * as folders from './folders.js';
import * as resources from './resources.js';
import * as projects from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const FolderParams = Type.Object({ id: Uuid(), folderId: Uuid() });
const EntryParams = Type.Object({ id: Uuid(), resourceId: Uuid({ description: 'Id of the project resource entry' }) });
const tags = ['projects'];
const NoContent = { 204: Type.Null() };
const Image = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The image, streamed with its content type' });

/** Projects with folders and the resources filed in them (workspace-and-catalogue.md §7 Projects). */
export function projectRoutes(app: App, { db, blobs, config }: AppDeps) {
  app.get(
    '/v1/projects',
    { schema: { tags, summary: "The caller's projects", querystring: ProjectListQuery, response: { 200: ProjectList, ...errorResponses(400, 401) } } },
    (request) => projects.listProjects(db, requireIdentity(request.identity), 'owned', request.query),
  );
  app.get(
    '/v1/projects/for-organization',
    { schema: { tags, summary: "Projects of the caller's organization", querystring: ProjectListQuery, response: { 200: ProjectList, ...errorResponses(400, 401) } } },
    (request) => projects.listProjects(db, requireIdentity(request.identity), 'organization', request.query),
  );
  app.get(
    '/v1/projects/:id',
    { schema: { tags, summary: 'One project with its folders', params: IdParams, response: { 200: Project, ...errorResponses(400, 401, 404) } } },
    (request) => projects.getProject(db, requireIdentity(request.identity), request.params.id),
  );
  app.post(
    '/v1/projects',
    { schema: { tags, summary: 'Create a project', body: CreateProjectRequest, response: { 201: Project, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => reply.status(201).send(await projects.createProject(db, requireIdentity(request.identity), request.body)),
  );
  app.put(
    '/v1/projects/:id',
    { schema: { tags, summary: 'Rename or describe a project', params: IdParams, body: UpdateProjectRequest, response: { 200: Project, ...errorResponses(400, 401, 403, 404) } } },
    (request) => projects.updateProject(db, requireIdentity(request.identity), request.params.id, request.body),
  );
  app.delete(
    '/v1/projects/:id',
    { schema: { tags, summary: 'Delete a project with its folders and entries', params: IdParams, response: { ...NoContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await projects.deleteProject(db, blobs, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/projects/:id/thumbnail',
      schema: {
        tags,
        summary: 'Get an upload policy for the project thumbnail (png, jpeg or webp, at most 5 MB)',
        params: IdParams,
        body: ThumbnailRequest,
        response: { 200: ProjectThumbnailPolicy, ...errorResponses(400, 401, 403, 404) },
      },
      handler: (request) => projects.requestThumbnailUpload(db, policyIssuerFor(blobs, config, request), requireIdentity(request.identity), request.params.id, request.body),
    });
  }
  app.get(
    '/v1/projects/:id/thumbnail',
    { schema: { tags, summary: 'The uploaded thumbnail image', params: IdParams, response: { 200: Image, ...errorResponses(400, 401, 404) } } },
    async (request, reply) => {
      const blob = await projects.readThumbnail(db, blobs, requireIdentity(request.identity), request.params.id);
      return reply.type(blob.contentType).header('content-length', blob.size).header('cache-control', 'private, no-cache').send(blob.body);
    },
  );

  app.post(
    '/v1/projects/:id/folders',
    { schema: { tags, summary: 'Create a folder', params: IdParams, body: CreateProjectFolderRequest, response: { 201: ProjectFolder, ...errorResponses(400, 401, 403, 404, 422) } } },
    async (request, reply) => reply.status(201).send(await folders.createFolder(db, requireIdentity(request.identity), request.params.id, request.body)),
  );
  app.put(
    '/v1/projects/:id/folders/:folderId',
    {
      schema: {
        tags,
        summary: 'Rename or move a folder (never into itself or a subfolder)',
        params: FolderParams,
        body: UpdateProjectFolderRequest,
        response: { 200: ProjectFolder, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => folders.updateFolder(db, requireIdentity(request.identity), request.params.id, request.params.folderId, request.body),
  );
  app.delete(
    '/v1/projects/:id/folders/:folderId',
    { schema: { tags, summary: 'Delete a folder with its subfolders and their entries', params: FolderParams, response: { ...NoContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await folders.deleteFolder(db, requireIdentity(request.identity), request.params.id, request.params.folderId);
      return reply.status(204).send(null);
    },
  );

  const listResponse = { response: { 200: ProjectResourceList, ...errorResponses(400, 401, 404) } };
  app.get(
    '/v1/projects/:id/resources',
    { schema: { tags, summary: 'All entries whose resource the caller can read', params: IdParams, ...listResponse } },
    (request) => resources.listResources(db, requireIdentity(request.identity), request.params.id, { all: true }),
  );
  app.get(
    '/v1/projects/:id/folders/root/resources',
    { schema: { tags, summary: 'Entries at the top level (in no folder)', params: IdParams, ...listResponse } },
    (request) => resources.listResources(db, requireIdentity(request.identity), request.params.id, { folderId: null }),
  );
  app.get(
    '/v1/projects/:id/folders/:folderId/resources',
    { schema: { tags, summary: 'Entries directly in one folder', params: FolderParams, ...listResponse } },
    (request) => resources.listResources(db, requireIdentity(request.identity), request.params.id, { folderId: request.params.folderId }),
  );
  app.post(
    '/v1/projects/:id/resources',
    {
      schema: {
        tags,
        summary: 'Add a resource (no id) or update an entry (with id)',
        params: IdParams,
        body: SaveProjectResourceRequest,
        response: { 200: ProjectResource, 201: ProjectResource, ...errorResponses(400, 401, 403, 404, 409, 422, 500) },
      },
    },
    async (request, reply) => {
      const { created, entry } = await resources.saveResource(db, requireIdentity(request.identity), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );
  app.put(
    '/v1/projects/:id/resources/:resourceId',
    {
      schema: {
        tags,
        summary: 'Move an entry to a folder (null: top level)',
        params: EntryParams,
        body: MoveProjectResourceRequest,
        response: { 200: ProjectResource, ...errorResponses(400, 401, 403, 404, 422, 500) },
      },
    },
    (request) => resources.moveResource(db, requireIdentity(request.identity), request.params.id, request.params.resourceId, request.body),
  );
  app.delete(
    '/v1/projects/:id/resources/:resourceId',
    { schema: { tags, summary: 'Remove an entry (the resource itself stays)', params: EntryParams, response: { ...NoContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await resources.removeResource(db, requireIdentity(request.identity), request.params.id, request.params.resourceId);
      return reply.status(204).send(null);
    },
  );
}
