import { Type, type Static } from 'typebox';
import { DATASET_STATUSES, DATASET_TYPES, MAP_ASSET_TYPES } from '../enums.js';
import { OwnerSummary } from './datasets.js';
import { UploadPolicy } from './uploads.js';
import { CallerActions, DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';
import { Lock } from './locks.js';
import { VisibilitySchema } from './permissions.js';
import { State } from './states.js';

/** Maps, insights and workbooks share one table and one generic call pattern (bi-and-admin.md §7). */
export const RECORD_KINDS = ['map', 'insight', 'workbook'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Where each record kind is served. A dashboard is an insight: /v1/dashboards is an alias of /v1/insights. */
export const RECORD_PATHS = {
  maps: { path: '/v1/maps', kind: 'map' },
  insights: { path: '/v1/insights', kind: 'insight' },
  dashboards: { path: '/v1/dashboards', kind: 'insight' },
  workbooks: { path: '/v1/workbooks', kind: 'workbook' },
} as const satisfies Record<string, { path: string; kind: RecordKind }>;

/** The canonical path of each kind, used in links such as thumbnailUrl. */
export const RECORD_KIND_PATHS: Record<RecordKind, string> = { map: '/v1/maps', insight: '/v1/insights', workbook: '/v1/workbooks' };

export const RECORD_METADATA_MAX_BYTES = 1024 * 1024;

/** Free-form JSON object, at most RECORD_METADATA_MAX_BYTES once serialized. */
export const RecordMetadata = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: 'Free-form JSON object (at most 1 MB)',
});

export const RecordDatasetRef = Type.Object(
  { id: Uuid(), name: Type.String(), type: StringEnum(DATASET_TYPES), status: StringEnum(DATASET_STATUSES) },
  { title: 'RecordDatasetRef' },
);
export type RecordDatasetRef = Static<typeof RecordDatasetRef>;

export const RecordMapAssetRef = Type.Object(
  { id: Uuid(), name: Type.String(), type: StringEnum(MAP_ASSET_TYPES), metadata: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }) },
  { title: 'RecordMapAssetRef' },
);
export type RecordMapAssetRef = Static<typeof RecordMapAssetRef>;

/** Linked map assets split by type (3d-model assets under `models`). */
export const RecordMapAssets = Type.Object(
  { mapStyles: Type.Array(RecordMapAssetRef), colorPalettes: Type.Array(RecordMapAssetRef), models: Type.Array(RecordMapAssetRef) },
  { title: 'RecordMapAssets' },
);
export type RecordMapAssets = Static<typeof RecordMapAssets>;

export const RecordTag = Type.Object({ id: Uuid(), name: Type.String(), color: Type.String() }, { title: 'RecordTag' });
export type RecordTag = Static<typeof RecordTag>;

export const PublishedRef = Type.Object(
  { id: Uuid(), publishedAt: DateTime(), passwordProtected: Type.Boolean() },
  { title: 'PublishedRef', description: 'The published snapshot of the record' },
);
export type PublishedRef = Static<typeof PublishedRef>;

export const FeaturedRef = Type.Object({ id: Uuid(), highlighted: Type.Boolean() }, { title: 'FeaturedRef' });
export type FeaturedRef = Static<typeof FeaturedRef>;


/** A map, insight (dashboard) or workbook. */
export const CatalogueRecord = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    metadata: RecordMetadata,
    ownerId: Uuid(),
    owner: OwnerSummary,
    organizationId: Uuid(),
    visibility: VisibilitySchema,
    datasets: Type.Array(RecordDatasetRef),
    mapAssets: RecordMapAssets,
    latestState: Nullable(State),
    lock: Nullable(Lock),
    thumbnailUrl: Nullable(Type.String({ description: 'GET path of the uploaded thumbnail' })),
    previewSignedPostPolicy: Nullable(UploadPolicy),
    tags: Type.Array(RecordTag),
    latestPublishedMap: Type.Optional(Nullable(PublishedRef)),
    featuredMap: Type.Optional(Nullable(FeaturedRef)),
    latestPublishedInsight: Type.Optional(Nullable(PublishedRef)),
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'CatalogueRecord' },
);
export type CatalogueRecord = Static<typeof CatalogueRecord>;

export const RecordList = Type.Object({ items: Type.Array(CatalogueRecord), total: Type.Integer({ minimum: 0 }) }, { title: 'RecordList' });
export type RecordList = Static<typeof RecordList>;

export const RecordListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive part of the name' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export type RecordListQuery = { search?: string; limit?: number; offset?: number };

export const RecordGetQuery = Type.Object(
  {
    isAdmin: Type.Optional(Type.Boolean({ description: 'Admin mode (administrators only)' })),
    acquireLock: Type.Optional(Type.Boolean({ description: 'Take the editing lock when it is free' })),
  },
  { additionalProperties: false },
);
export type RecordGetQuery = Static<typeof RecordGetQuery>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 10_000 });

export const CreateRecordRequest = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    metadata: Type.Optional(RecordMetadata),
    datasets: Type.Optional(Type.Array(Uuid(), { maxItems: 500, description: 'Ids of datasets the caller can read' })),
  },
  { additionalProperties: false, title: 'CreateRecordRequest' },
);
export type CreateRecordRequest = Static<typeof CreateRecordRequest>;

export const UpdateRecordRequest = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    metadata: Type.Optional(RecordMetadata),
    ownerId: Type.Optional(Uuid({ description: "New owner (admin mode only): a maker of the record's organization" })),
  },
  { additionalProperties: false, title: 'UpdateRecordRequest' },
);
export type UpdateRecordRequest = Static<typeof UpdateRecordRequest>;

