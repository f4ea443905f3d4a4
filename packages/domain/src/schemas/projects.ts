import { Type, type Static } from 'typebox';
import { PROJECT_RESOURCE_TYPES } from '../enums.js';
import { CallerActions, DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';
import { VisibilitySchema } from './permissions.js';
import { UploadPolicy } from './uploads.js';

export type ProjectResourceType = (typeof PROJECT_RESOURCE_TYPES)[number];

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 10_000 });
const ProjectResourceTypeSchema = StringEnum(PROJECT_RESOURCE_TYPES);

export const ProjectFolder = Type.Object(
  { id: Uuid(), name: Type.String(), parentId: Nullable(Uuid()), ...Timestamps },
  { title: 'ProjectFolder' },
);
export type ProjectFolder = Static<typeof ProjectFolder>;

export const Project = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    folders: Type.Array(ProjectFolder),
    ownerId: Uuid(),
    organizationId: Uuid(),
    visibility: VisibilitySchema,
    thumbnailSignedPostPolicy: Nullable(UploadPolicy),
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'Project' },
);
export type Project = Static<typeof Project>;

export const ProjectList = Type.Object({ items: Type.Array(Project), total: Type.Integer({ minimum: 0 }) }, { title: 'ProjectList' });
export type ProjectList = Static<typeof ProjectList>;

export const ProjectListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive part of the name' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export type ProjectListQuery = { search?: string; limit?: number; offset?: number };

export const CreateProjectRequest = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false, title: 'CreateProjectRequest' },
);
export type CreateProjectRequest = Static<typeof CreateProjectRequest>;

export const UpdateProjectRequest = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1, title: 'UpdateProjectRequest' },
);
export type UpdateProjectRequest = Static<typeof UpdateProjectRequest>;

export const ProjectThumbnailPolicy = Type.Object({ thumbnailSignedPostPolicy: UploadPolicy }, { title: 'ProjectThumbnailPolicy' });
export type ProjectThumbnailPolicy = Static<typeof ProjectThumbnailPolicy>;

export const CreateProjectFolderRequest = Type.Object(
  { name: Name, parentId: Type.Optional(Nullable(Uuid({ description: 'A folder of the same project; null or absent: top level' }))) },
  { additionalProperties: false, title: 'CreateProjectFolderRequest' },
);
export type CreateProjectFolderRequest = Static<typeof CreateProjectFolderRequest>;

export const UpdateProjectFolderRequest = Type.Object(
  { name: Type.Optional(Name), parentId: Type.Optional(Nullable(Uuid({ description: 'null moves the folder to the top level' }))) },
  { additionalProperties: false, minProperties: 1, title: 'UpdateProjectFolderRequest' },
);
export type UpdateProjectFolderRequest = Static<typeof UpdateProjectFolderRequest>;

/** The part of a map, dataset, insight or map style a project listing shows. */
export const ProjectResourceSummary = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    type: Type.Optional(Type.String({ description: 'Dataset type, or the map asset type' })),
    status: Type.Optional(Type.String({ description: 'Dataset status' })),
    updatedAt: DateTime(),
  },
  { title: 'ProjectResourceSummary' },
);
export type ProjectResourceSummary = Static<typeof ProjectResourceSummary>;

export const ProjectResource = Type.Object(
  {
    id: Uuid(),
    folderId: Nullable(Uuid()),
    resourceType: ProjectResourceTypeSchema,
    resource: ProjectResourceSummary,
    ...Timestamps,
  },
  { title: 'ProjectResource' },
);
export type ProjectResource = Static<typeof ProjectResource>;

export const ProjectResourceList = Type.Object({ items: Type.Array(ProjectResource) }, { title: 'ProjectResourceList' });
export type ProjectResourceList = Static<typeof ProjectResourceList>;

/** Without id the resource is added; with id the existing entry is updated (moved). */
export const SaveProjectResourceRequest = Type.Object(
  {
    id: Type.Optional(Uuid()),
    folderId: Type.Optional(Nullable(Uuid())),
    resourceType: ProjectResourceTypeSchema,
    resourceId: Uuid(),
  },
  { additionalProperties: false, title: 'SaveProjectResourceRequest' },
);
export type SaveProjectResourceRequest = Static<typeof SaveProjectResourceRequest>;

export const MoveProjectResourceRequest = Type.Object(
  { folderId: Nullable(Uuid({ description: 'null moves the resource to the top level' })) },
  { additionalProperties: false, title: 'MoveProjectResourceRequest' },
);
export type MoveProjectResourceRequest = Static<typeof MoveProjectResourceRequest>;
