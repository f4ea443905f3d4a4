import { Type, type Static } from 'typebox';
import { PUBLISHED_MAPS_DEFAULTS } from '../constants.js';
import { LISTING_SORT_KEYS } from '../enums.js';
import { DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

// Published maps, insights and reports (workspace-and-catalogue.md §4, §6, §7; bi-and-admin.md §9).

export const PUBLISHED_RESOURCE_TYPES = ['map', 'insight', 'report'] as const;
export type PublishedResourceType = (typeof PUBLISHED_RESOURCE_TYPES)[number];
export const PUBLISHED_STATUSES = ['pending', 'published'] as const;
export type PublishedStatus = (typeof PUBLISHED_STATUSES)[number];

export const PUBLISHED_PASSWORD_LIMITS = { minLength: 4, maxLength: 200 } as const;
export const PUBLISHED_LIST_MAX_IDS = 100;
export const REPORT_MAX_DATASETS = 50;
export const REPORT_INVITE_MAX_EMAILS = 100;
export const REPORT_LIST_DEFAULT_LIMIT = 25;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 2000 });
const Password = Type.String(PUBLISHED_PASSWORD_LIMITS);
const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** The snapshot taken at publish time, in the saved-map format. */
export const PublishedConfig = Type.Object({ version: Type.Literal('v1'), config: JsonObject }, { title: 'PublishedConfig' });
export type PublishedConfig = Static<typeof PublishedConfig>;

export const PublishedDatasetRef = Type.Object({ id: Uuid(), name: Type.String() }, { title: 'PublishedDatasetRef' });
export type PublishedDatasetRef = Static<typeof PublishedDatasetRef>;

const summaryProperties = {
  id: Uuid(),
  resourceType: StringEnum(PUBLISHED_RESOURCE_TYPES),
  resourceId: Nullable(Uuid({ description: 'The published map or insight; null for reports' })),
  name: Type.String(),
  description: Type.String(),
  ownerId: Uuid(),
  organizationId: Uuid(),
  datasets: Type.Array(PublishedDatasetRef),
  passwordProtected: Type.Boolean(),
  status: StringEnum(PUBLISHED_STATUSES),
  views: Type.Integer({ minimum: 0 }),
  publishedAt: Nullable(DateTime()),
  url: Type.String({ description: 'Public link path, /public/{id}' }),
  ...Timestamps,
};

/** A published item without its snapshot, as listed beside featured maps. */
export const PublishedItemSummary = Type.Object(summaryProperties, { title: 'PublishedItemSummary' });
export type PublishedItemSummary = Static<typeof PublishedItemSummary>;

export const PublishedItem = Type.Object(
  {
    ...summaryProperties,
    config: PublishedConfig,
    viewToken: Type.Optional(
      Type.String({
        description: 'Only in the public view of a password-protected item, once its password checked out: send it as X-View-Token to its data routes (valid 8 hours)',
      }),
    ),
  },
  { title: 'PublishedItem' },
);
export type PublishedItem = Static<typeof PublishedItem>;

/** What a public page shows before the password is given (`?infoOnly=true`). */
export const PublishedInfo = Type.Object(
  { id: Uuid(), name: Type.String(), description: Type.String(), passwordProtected: Type.Boolean(), publishedAt: Nullable(DateTime()) },
  { title: 'PublishedInfo' },
);
export type PublishedInfo = Static<typeof PublishedInfo>;

export const PublicPublishedAnswer = Type.Union([PublishedItem, PublishedInfo]);

/** Options of a map or insight publication. `password: null` removes protection; leaving it out keeps the current one. */
export const UploadOptions = Type.Object(
  { password: Type.Optional(Nullable(Password)), name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, title: 'UploadOptions' },
);
export type UploadOptions = Static<typeof UploadOptions>;

export const PublishResourcesRequest = Type.Object({ uploadOptions: UploadOptions }, { additionalProperties: false, title: 'PublishResourcesRequest' });
export type PublishResourcesRequest = Static<typeof PublishResourcesRequest>;

export const PublishResourcesResponse = Type.Object(
  {
    publishedId: Uuid(),
    status: Type.Literal('pending'),
    uploadOptions: Type.Object({ name: Type.Optional(Type.String()), description: Type.Optional(Type.String()) }),
    passwordProtected: Type.Boolean({ description: 'Whether the item will be protected once published' }),
  },
  { title: 'PublishResourcesResponse' },
);
export type PublishResourcesResponse = Static<typeof PublishResourcesResponse>;

export const PublishedListQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 200, default: PUBLISHED_MAPS_DEFAULTS.count }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
    sortBy: StringEnum(LISTING_SORT_KEYS, { default: PUBLISHED_MAPS_DEFAULTS.sortBy }),
  },
  { additionalProperties: false },
);
export type PublishedListQuery = Static<typeof PublishedListQuery>;

export const PublishedList = Type.Object({ items: Type.Array(PublishedItem), total: Type.Integer({ minimum: 0 }) }, { title: 'PublishedList' });
export type PublishedList = Static<typeof PublishedList>;

export const PublishedStatusEntry = Type.Object({ recordId: Uuid(), published: Nullable(PublishedItem) }, { title: 'PublishedStatusEntry' });
export type PublishedStatusEntry = Static<typeof PublishedStatusEntry>;

export const PublicViewQuery = Type.Object({ infoOnly: Type.Boolean({ default: false }) }, { additionalProperties: false });
export const PublicPasswordRequest = Type.Object({ password: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });
export type PublicPasswordRequest = Static<typeof PublicPasswordRequest>;

// Featured maps: administrators curate published maps; highlighting one un-highlights the others.

export const FeaturedMap = Type.Object(
  {
    id: Uuid(),
    publishedId: Uuid(),
    recordId: Nullable(Uuid()),
    title: Type.String(),
    description: Type.String(),
    position: Type.Integer(),
    highlighted: Type.Boolean(),
    publishedMap: PublishedItemSummary,
    ...Timestamps,
  },
  { title: 'FeaturedMap' },
);
export type FeaturedMap = Static<typeof FeaturedMap>;

const Position = Type.Integer({ minimum: 0, maximum: 100000 });

export const CreateFeaturedMapRequest = Type.Object(
  { publishedId: Uuid(), title: Type.Optional(Name), description: Type.Optional(Description), position: Type.Optional(Position) },
  { additionalProperties: false, title: 'CreateFeaturedMapRequest' },
);
export type CreateFeaturedMapRequest = Static<typeof CreateFeaturedMapRequest>;

export const UpdateFeaturedMapRequest = Type.Object(
  { title: Type.Optional(Name), description: Type.Optional(Description), position: Type.Optional(Position) },
  { additionalProperties: false, title: 'UpdateFeaturedMapRequest' },
);
export type UpdateFeaturedMapRequest = Static<typeof UpdateFeaturedMapRequest>;

export const HighlightFeaturedMapRequest = Type.Object(
  { highlighted: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false, title: 'HighlightFeaturedMapRequest' },
);
export type HighlightFeaturedMapRequest = Static<typeof HighlightFeaturedMapRequest>;

// Published reports: a snapshot over datasets, shared by link and by invitation.

export const CreateReportRequest = Type.Object(
  {
    datasets: Type.Array(Uuid(), { minItems: 1, maxItems: REPORT_MAX_DATASETS }),
    uploadOptions: Type.Object(
      { name: Name, description: Type.Optional(Description), password: Type.Optional(Nullable(Password)) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'CreateReportRequest' },
);
export type CreateReportRequest = Static<typeof CreateReportRequest>;

export const CreateReportResponse = Type.Object({ publishedId: Uuid(), status: Type.Literal('pending') }, { title: 'CreateReportResponse' });
export type CreateReportResponse = Static<typeof CreateReportResponse>;

export const PublishReportRequest = Type.Object(
  { config: Type.Optional(JsonObject), name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, title: 'PublishReportRequest' },
);
export type PublishReportRequest = Static<typeof PublishReportRequest>;

export const ReportViewQuery = Type.Object(
  { password: Type.Optional(Type.String({ maxLength: 200 })), infoOnly: Type.Boolean({ default: false }) },
  { additionalProperties: false },
);
export type ReportViewQuery = Static<typeof ReportViewQuery>;

export const ReportInviteRequest = Type.Object(
  {
    emails: Type.Array(Type.String({ format: 'email', maxLength: 320 }), { minItems: 1, maxItems: REPORT_INVITE_MAX_EMAILS }),
    description: Type.Optional(Type.String({ maxLength: 2000, default: '' })),
  },
  { additionalProperties: false, title: 'ReportInviteRequest' },
);
export type ReportInviteRequest = Static<typeof ReportInviteRequest>;

export const ReportInvitation = Type.Object(
  { invitationId: Uuid(), emails: Type.Array(Type.String()), description: Type.String(), createdAt: DateTime() },
  { title: 'ReportInvitation' },
);
export type ReportInvitation = Static<typeof ReportInvitation>;

/** The caller's own reports, newest change first (docs/reports.md); administrators in admin mode list every report. */
export const ReportListQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 200, default: REPORT_LIST_DEFAULT_LIMIT }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
    isAdmin: Type.Optional(Type.Boolean({ description: 'Admin mode (administrators only): every report, not only the caller\'s' })),
  },
  { additionalProperties: false },
);
export type ReportListQuery = Static<typeof ReportListQuery>;

/** A page of reports without their snapshots (config) and without anything of their password but whether one is set. */
export const ReportList = Type.Object({ items: Type.Array(PublishedItemSummary), total: Type.Integer({ minimum: 0 }) }, { title: 'ReportList' });
export type ReportList = Static<typeof ReportList>;
