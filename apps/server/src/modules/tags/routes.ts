import {
  AttachedTag,
  AttachTagRequest,
  BulkTagRequest,
  BulkTagResponse,
  BulkUntagRequest,
  CreateTagRequest,
  StringEnum,
  Tag,
  TAG_PATH_RESOURCE_TYPES,
  tagPathResourceType,
  TagForResourceTypeList,
  TagList,
  TagsForOrganizationQuery,
  UpdateTagRequest,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { bulkTag, bulkUntag } from './bulk.js';
import * as tagService from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const AttachmentParams = Type.Object({
  tagId: Uuid(),
  type: StringEnum(TAG_PATH_RESOURCE_TYPES, { description: 'A resource type; snake_case spellings (query_template) are accepted' }),
  resourceId: Uuid(),
});
const tags = ['tags'];

/** Organization tags and their attachment to resources (workspace-and-catalogue.md §7 Tags). */
export function tagRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/tags',
    { schema: { tags, summary: "Tags of the caller's organization, with how many resources carry each", response: { 200: TagList, ...errorResponses(401) } } },
    (request) => tagService.listTags(db, requireIdentity(request.identity)),
  );
  app.get(
    '/v1/tags/for-organization',
    {
      schema: {
        tags,
        summary: 'Tags of the organization on resources of one type, with the ids of those the caller can read',
        querystring: TagsForOrganizationQuery,
        response: { 200: TagForResourceTypeList, ...errorResponses(400, 401) },
      },
    },
    (request) => tagService.listTagsForResourceType(db, requireIdentity(request.identity), request.query.resourceType),
  );
  app.post(
    '/v1/tags',
    {
      schema: {
        tags,
        summary: 'Tag a resource: the tag is created when its name is new in the organization, else reused',
        body: CreateTagRequest,
        response: { 201: AttachedTag, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await tagService.createTag(db, requireIdentity(request.identity), request.body)),
  );
  app.put(
    '/v1/tags/:id',
    { schema: { tags, summary: 'Rename or recolor a tag', params: IdParams, body: UpdateTagRequest, response: { 200: Tag, ...errorResponses(400, 401, 403, 404, 409) } } },
    (request) => tagService.updateTag(db, requireIdentity(request.identity), request.params.id, request.body),
  );
  app.delete(
    '/v1/tags/:id',
    { schema: { tags, summary: 'Delete a tag, detaching it everywhere', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await tagService.deleteTag(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/tags/bulk',
    {
      schema: {
        tags,
        summary: 'Tag many resources with many tags; each resource succeeds or fails on its own',
        body: BulkTagRequest,
        response: { 200: BulkTagResponse, ...errorResponses(400, 401) },
      },
    },
    (request) => bulkTag(db, requireIdentity(request.identity), request.body),
  );
  app.post(
    '/v1/tags/bulk/remove',
    {
      schema: {
        tags,
        summary: 'Detach tags from many resources; each resource succeeds or fails on its own',
        body: BulkUntagRequest,
        response: { 200: BulkTagResponse, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => bulkUntag(db, requireIdentity(request.identity), request.body),
  );

  app.post(
    '/v1/tags/:tagId/:type/:resourceId',
    {
      schema: {
        tags,
        summary: 'Attach a tag to a resource, updating the tag name and color',
        params: AttachmentParams,
        body: AttachTagRequest,
        response: { 200: AttachedTag, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => {
      const { tagId, type, resourceId } = request.params;
      return tagService.attachTag(db, requireIdentity(request.identity), tagId, tagPathResourceType(type), resourceId, request.body);
    },
  );
  app.delete(
    '/v1/tags/:tagId/:type/:resourceId',
    { schema: { tags, summary: 'Detach a tag from a resource', params: AttachmentParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 422) } } },
    async (request, reply) => {
      const { tagId, type, resourceId } = request.params;
      await tagService.detachTag(db, requireIdentity(request.identity), tagId, tagPathResourceType(type), resourceId);
      return reply.status(204).send(null);
    },
  );
}
