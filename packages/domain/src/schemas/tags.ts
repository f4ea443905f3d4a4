import { Type, type Static } from 'typebox';
import { RESOURCE_TYPES, type ResourceType } from '../enums.js';
import { StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

/** Tags belong to an organization; a name is unique in it, ignoring case. */
export const TAG_NAME_MAX_LENGTH = 100;
export const TAG_BULK_MAX_TAGS = 50;
export const TAG_BULK_MAX_RESOURCES = 500;

/**
 * Resource types as they may appear in a tag path: the spec's RESOURCE_TYPES plus their snake_case spelling
 * (bi-and-admin.md §7 calls POST /v1/tags/{tagId}/query_template/{id}).
 */
export const TAG_PATH_RESOURCE_TYPES = [...RESOURCE_TYPES, ...RESOURCE_TYPES.filter((type) => type.includes('-')).map((type) => type.replaceAll('-', '_'))] as const;

/** The spec's resource type for a path spelling (query_template → query-template). */
export const tagPathResourceType = (type: string): ResourceType => type.replaceAll('_', '-') as ResourceType;

/** A listing's tag filter (`?tagId=…&tagId=…`): only records carrying every one of these tags of the caller's organization. */
export const TAG_FILTER_MAX_TAGS = 50;
export const TagIdFilter = (records: string) =>
  Type.Optional(
    Type.Array(Uuid(), { maxItems: TAG_FILTER_MAX_TAGS, description: `Only ${records} carrying every one of these tags of the caller's organization (repeat the parameter for several)` }),
  );

const TagName = Type.String({ minLength: 1, maxLength: TAG_NAME_MAX_LENGTH });
const TagColor = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Color as #rrggbb (stored lowercase)' });
const ResourceTypeSchema = StringEnum(RESOURCE_TYPES);

/** How a tagged resource shows its tags. */
export const TagSummary = Type.Object({ id: Uuid(), name: Type.String(), color: Type.String() }, { title: 'TagSummary' });
export type TagSummary = Static<typeof TagSummary>;

const tagFields = {
  id: Uuid(),
  name: Type.String(),
  color: Type.String(),
  organizationId: Uuid(),
  ...Timestamps,
};

export const Tag = Type.Object(tagFields, { title: 'Tag' });
export type Tag = Static<typeof Tag>;

export const TagWithUsage = Type.Object(
  { ...tagFields, usageCount: Type.Integer({ minimum: 0, description: 'Resources the tag is attached to' }) },
  { title: 'TagWithUsage' },
);
export type TagWithUsage = Static<typeof TagWithUsage>;

/** A tag as attached to one resource. */
export const AttachedTag = Type.Object({ ...tagFields, resourceId: Uuid(), resourceType: ResourceTypeSchema }, { title: 'AttachedTag' });
export type AttachedTag = Static<typeof AttachedTag>;

export const TagList = Type.Object({ items: Type.Array(TagWithUsage) }, { title: 'TagList' });
export type TagList = Static<typeof TagList>;

/** A tag with the ids of the resources of one type that carry it (only resources the caller can read). */
export const TagForResourceType = Type.Object(
  { ...tagFields, resourceType: ResourceTypeSchema, resourceIds: Type.Array(Uuid()) },
  { title: 'TagForResourceType' },
);
export type TagForResourceType = Static<typeof TagForResourceType>;

export const TagForResourceTypeList = Type.Object({ items: Type.Array(TagForResourceType) }, { title: 'TagForResourceTypeList' });
export type TagForResourceTypeList = Static<typeof TagForResourceTypeList>;

export const TagsForOrganizationQuery = Type.Object({ resourceType: ResourceTypeSchema }, { additionalProperties: false });
export type TagsForOrganizationQuery = Static<typeof TagsForOrganizationQuery>;

export const CreateTagRequest = Type.Object(
  { name: TagName, color: TagColor, resourceId: Uuid(), resourceType: ResourceTypeSchema },
  { additionalProperties: false, title: 'CreateTagRequest' },
);
export type CreateTagRequest = Static<typeof CreateTagRequest>;

export const UpdateTagRequest = Type.Object(
  { name: Type.Optional(TagName), color: Type.Optional(TagColor) },
  { additionalProperties: false, minProperties: 1, title: 'UpdateTagRequest' },
);
export type UpdateTagRequest = Static<typeof UpdateTagRequest>;

export const AttachTagRequest = Type.Object({ name: TagName, color: TagColor }, { additionalProperties: false, title: 'AttachTagRequest' });
export type AttachTagRequest = Static<typeof AttachTagRequest>;

export const TaggedResource = Type.Object({ resourceType: ResourceTypeSchema, resourceId: Uuid() }, { additionalProperties: false, title: 'TaggedResource' });
export type TaggedResource = Static<typeof TaggedResource>;

const BulkResources = Type.Array(TaggedResource, { minItems: 1, maxItems: TAG_BULK_MAX_RESOURCES });

export const BulkTagRequest = Type.Object(
  { tags: Type.Array(AttachTagRequest, { minItems: 1, maxItems: TAG_BULK_MAX_TAGS }), resources: BulkResources },
  { additionalProperties: false, title: 'BulkTagRequest' },
);
export type BulkTagRequest = Static<typeof BulkTagRequest>;

export const BulkUntagRequest = Type.Object(
  { tagIds: Type.Array(Uuid(), { minItems: 1, maxItems: TAG_BULK_MAX_TAGS }), resources: BulkResources },
  { additionalProperties: false, title: 'BulkUntagRequest' },
);
export type BulkUntagRequest = Static<typeof BulkUntagRequest>;

export const BulkTagResult = Type.Object(
  {
    resourceType: ResourceTypeSchema,
    resourceId: Uuid(),
    ok: Type.Boolean(),
    error: Type.Optional(Type.Object({ message: Type.String(), appStatusCode: Type.String(), details: Type.Optional(Type.String()) })),
  },
  { title: 'BulkTagResult' },
);
export type BulkTagResult = Static<typeof BulkTagResult>;

export const BulkTagResponse = Type.Object({ results: Type.Array(BulkTagResult) }, { title: 'BulkTagResponse' });
export type BulkTagResponse = Static<typeof BulkTagResponse>;
