// Typed calls for tags (workspace-and-catalogue.md §7 Tags, bi-and-admin.md §7).
import type {
  AttachedTag,
  AttachTagRequest,
  BulkTagRequest,
  BulkTagResponse,
  BulkUntagRequest,
  CreateTagRequest,
  ResourceType,
  Tag,
  TagForResourceTypeList,
  TagList,
  UpdateTagRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;
/** A resource type as the path takes it; query_template is the spelling bi-and-admin.md uses. */
type PathResourceType = ResourceType | 'query_template';
const attachment = (tagId: string, type: PathResourceType, resourceId: string) => `/v1/tags/${id(tagId)}/${id(type)}/${id(resourceId)}`;

export function createTagsApi(request: Http['request']) {
  return {
    list: () => request<TagList>('GET', '/v1/tags'),
    forOrganization: (resourceType: ResourceType) => request<TagForResourceTypeList>('GET', '/v1/tags/for-organization', { query: { resourceType } }),
    /** Creates the tag when its name is new in the organization (else reuses it) and attaches it. */
    create: (body: CreateTagRequest) => request<AttachedTag>('POST', '/v1/tags', { body }),
    update: (tagId: string, body: UpdateTagRequest) => request<Tag>('PUT', `/v1/tags/${id(tagId)}`, { body }),
    remove: (tagId: string) => request<void>('DELETE', `/v1/tags/${id(tagId)}`),
    attach: (tagId: string, type: PathResourceType, resourceId: string, body: AttachTagRequest) =>
      request<AttachedTag>('POST', attachment(tagId, type, resourceId), { body }),
    detach: (tagId: string, type: PathResourceType, resourceId: string) => request<void>('DELETE', attachment(tagId, type, resourceId)),
    /** Per-resource results: one failure does not stop the others. */
    bulk: (body: BulkTagRequest) => request<BulkTagResponse>('POST', '/v1/tags/bulk', { body }),
    bulkRemove: (body: BulkUntagRequest) => request<BulkTagResponse>('POST', '/v1/tags/bulk/remove', { body }),
  };
}
export type TagsApi = ReturnType<typeof createTagsApi>;
