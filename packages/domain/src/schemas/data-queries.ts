// Query executions, query templates, bookmarks and the query service (workspace-and-catalogue.md §7 Data gateway and
// Query service, bi-and-admin.md §7).
import { Type, type Static } from 'typebox';
import { SQL_PAGING_DEFAULTS } from '../constants.js';
import { AGGREGATIONS, CACHE_MODES, QUERY_EXECUTION_STATES } from '../enums.js';
import { CallerActions, DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';
import { TagIdFilter } from './tags.js';

export const QUERY_TEMPLATE_MAX_LENGTH = 100_000;
export const QUERY_TEMPLATE_MAX_PARAMETERS = 100;
/** Most items one array parameter value may hold (each becomes a bound parameter). */
export const QUERY_PARAMETER_MAX_ITEMS = 1000;
export const DATA_QUERY_JSON_MAX_LIMIT = 10_000;
export const COLUMN_DISTINCT_DEFAULT_LIMIT = 100;
export const COLUMN_DISTINCT_MAX_LIMIT = 10_000;
/** The placeholder naming the dataset's relation in a template run over a dataset. */
export const DATASET_PLACEHOLDER = 'dataset';

export const QUERY_EXECUTION_KINDS = ['pipeline', 'template'] as const;
export const TEMPLATE_PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean', 'date', 'timestamp'] as const;
export type TemplateParameterType = (typeof TEMPLATE_PARAMETER_TYPES)[number];
export type CacheMode = (typeof CACHE_MODES)[number];
export type QueryExecutionState = (typeof QUERY_EXECUTION_STATES)[number];

export const CacheModeSchema = StringEnum(CACHE_MODES);
const MaxAge = Type.Integer({ minimum: 0, maximum: 10 * 365 * 24 * 3600, description: 'Seconds a cached result stays valid (default 2678400)' });

/** A column of a result: name and the engine's type name. */
export const QueryColumn = Type.Object({ name: Type.String(), type: Type.String() }, { title: 'QueryColumn' });
export type QueryColumn = Static<typeof QueryColumn>;

// ---- templates ---------------------------------------------------------------------------------------------

const Scalar = Type.Union([Type.String({ maxLength: 65_536 }), Type.Number(), Type.Boolean(), Type.Null()]);
/** A parameter value: a scalar, or a list (rendered as a list of bound values). */
export const ParameterValue = Type.Union([Scalar, Type.Array(Scalar, { maxItems: QUERY_PARAMETER_MAX_ITEMS })], { title: 'ParameterValue' });
export type ParameterValue = Static<typeof ParameterValue>;
export const ParameterValues = Type.Record(Type.String(), ParameterValue, { description: 'Values by parameter name' });
export type ParameterValues = Record<string, ParameterValue>;

export const TemplateParameter = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$', description: 'Used as {{name}} in the template' }),
    type: StringEnum(TEMPLATE_PARAMETER_TYPES),
    default: Type.Optional(ParameterValue),
    delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'Joins a list value written inside a string literal (default ",")' })),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, title: 'TemplateParameter' },
);
export type TemplateParameter = Static<typeof TemplateParameter>;

const TemplateName = Type.String({ minLength: 1, maxLength: 255 });
const TemplateText = Type.String({ minLength: 1, maxLength: QUERY_TEMPLATE_MAX_LENGTH, description: 'SQL with {{name}} placeholders; {{dataset}} is the dataset' });
const TemplateParameters = Type.Array(TemplateParameter, { maxItems: QUERY_TEMPLATE_MAX_PARAMETERS });

export const QueryTemplate = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    template: Type.String(),
    parameters: TemplateParameters,
    datasetId: Nullable(Uuid()),
    version: Type.Integer({ minimum: 1 }),
    ownerId: Uuid(),
    organizationId: Uuid(),
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'QueryTemplate' },
);
export type QueryTemplate = Static<typeof QueryTemplate>;

export const QueryTemplateList = Type.Object({ items: Type.Array(QueryTemplate), total: Type.Integer({ minimum: 0 }) }, { title: 'QueryTemplateList' });
export type QueryTemplateList = Static<typeof QueryTemplateList>;

export const CreateQueryTemplateRequest = Type.Object(
  {
    name: TemplateName,
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    template: TemplateText,
    parameters: Type.Optional(TemplateParameters),
    datasetId: Type.Optional(Nullable(Uuid())),
  },
  { additionalProperties: false, title: 'CreateQueryTemplateRequest' },
);
export type CreateQueryTemplateRequest = Static<typeof CreateQueryTemplateRequest>;

export const UpdateQueryTemplateRequest = Type.Object(
  {
    name: Type.Optional(TemplateName),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    template: Type.Optional(TemplateText),
    parameters: Type.Optional(TemplateParameters),
    datasetId: Type.Optional(Nullable(Uuid())),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateQueryTemplateRequest' },
);
export type UpdateQueryTemplateRequest = Static<typeof UpdateQueryTemplateRequest>;

export const QueryTemplateVersion = Type.Object(
  {
    templateId: Uuid(),
    version: Type.Integer({ minimum: 1 }),
    authorId: Nullable(Uuid()),
    name: Type.String(),
    description: Type.String(),
    template: Type.String(),
    parameters: TemplateParameters,
    datasetId: Nullable(Uuid()),
    createdAt: DateTime(),
  },
  { title: 'QueryTemplateVersion' },
);
export type QueryTemplateVersion = Static<typeof QueryTemplateVersion>;

export const QueryTemplateHistory = Type.Object(
  { items: Type.Array(QueryTemplateVersion), total: Type.Integer({ minimum: 0 }) },
  { title: 'QueryTemplateHistory', description: 'Newest version first' },
);
export type QueryTemplateHistory = Static<typeof QueryTemplateHistory>;

/** offset/limit paging; SQL paging defaults are offset 0, limit 100 (§9). */
const pagingFields = {
  offset: Type.Integer({ minimum: 0, default: SQL_PAGING_DEFAULTS.offset }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: SQL_PAGING_DEFAULTS.limit }),
};
export const PagingQuery = Type.Object(pagingFields, { additionalProperties: false });
export type PagingQuery = { offset?: number; limit?: number };

/** A page of a taggable listing (query templates, bookmarks), narrowed to the records carrying every tag asked for. */
export const TaggedPagingQuery = Type.Object({ ...pagingFields, tagId: TagIdFilter('records') }, { additionalProperties: false });
export type TaggedPagingQuery = PagingQuery & { tagId?: string[] };

// ---- running ----------------------------------------------------------------------------------------------

export const RollupValue = Type.Object(
  { column: Type.String({ minLength: 1, maxLength: 255 }), fn: StringEnum(AGGREGATIONS), alias: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) },
  { additionalProperties: false, title: 'RollupValue' },
);
/** Wraps a template's result in GROUP BY ROLLUP (rows…, columns…) with these aggregates. */
export const Rollup = Type.Object(
  {
    rows: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 32 })),
    columns: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 32 })),
    values: Type.Array(RollupValue, { maxItems: 64 }),
  },
  { additionalProperties: false, title: 'Rollup' },
);
export type Rollup = Static<typeof Rollup>;

const runOptions = {
  cacheMode: Type.Optional(CacheModeSchema),
  maxAge: Type.Optional(MaxAge),
};

/**
 * A serialized pipeline (`{type, props, inputs}`). The pipeline package checks it (its 400s name the node and prop);
 * the OpenAPI document replaces this schema, by its title, with the one generated from the node definitions.
 */
export const PIPELINE_JSON_TITLE = 'PipelineNode';
export const PipelineJson = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  title: PIPELINE_JSON_TITLE,
  description: 'A serialized query pipeline',
});

export const DatasetQueryRequest = Type.Object({ pipeline: PipelineJson, ...runOptions }, { additionalProperties: false, title: 'DatasetQueryRequest' });
export type DatasetQueryRequest = Static<typeof DatasetQueryRequest>;

export const QueryServiceQuery = Type.Object(
  { format: Type.Optional(Type.String({ maxLength: 100 })), ...runOptions },
  { additionalProperties: false },
);
export type QueryServiceQuery = Static<typeof QueryServiceQuery>;

const dataQueryFields = {
  queryTemplateId: Type.Optional(Uuid()),
  datasetId: Type.Optional(Uuid()),
  parameters: Type.Optional(ParameterValues),
  query: Type.Optional(Type.String({ minLength: 1, maxLength: QUERY_TEMPLATE_MAX_LENGTH, description: 'SQL text; runs only on a data connection' })),
  connectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  mapId: Type.Optional(Uuid()),
  insightId: Type.Optional(Uuid()),
  workbookId: Type.Optional(Uuid()),
  rollup: Type.Optional(Rollup),
  ...runOptions,
};
export const DataQueryRequest = Type.Object(dataQueryFields, { additionalProperties: false, title: 'DataQueryRequest' });
export type DataQueryRequest = Static<typeof DataQueryRequest>;

export const DataQueryJsonRequest = Type.Object(
  {
    ...dataQueryFields,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DATA_QUERY_JSON_MAX_LIMIT, default: SQL_PAGING_DEFAULTS.limit })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: SQL_PAGING_DEFAULTS.offset })),
  },
  { additionalProperties: false, title: 'DataQueryJsonRequest' },
);
export type DataQueryJsonRequest = Static<typeof DataQueryJsonRequest>;

export const TemplateRunRequest = Type.Object(
  {
    parameters: Type.Optional(ParameterValues),
    datasetId: Type.Optional(Uuid()),
    mapId: Type.Optional(Uuid()),
    insightId: Type.Optional(Uuid()),
    workbookId: Type.Optional(Uuid()),
    rollup: Type.Optional(Rollup),
    ...runOptions,
  },
  { additionalProperties: false, title: 'TemplateRunRequest' },
);
export type TemplateRunRequest = Static<typeof TemplateRunRequest>;

export const DataQueryJsonResult = Type.Object(
  {
    executionId: Uuid(),
    columns: Type.Array(QueryColumn),
    rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    total: Type.Integer({ minimum: 0, description: 'Rows of the whole result' }),
    offset: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1 }),
  },
  { title: 'DataQueryJsonResult' },
);
export type DataQueryJsonResult = Static<typeof DataQueryJsonResult>;

export const ColumnDistinctQuery = Type.Object(
  {
    datasetId: Uuid(),
    column: Type.String({ minLength: 1, maxLength: 255 }),
    limit: Type.Integer({ minimum: 1, maximum: COLUMN_DISTINCT_MAX_LIMIT, default: COLUMN_DISTINCT_DEFAULT_LIMIT }),
  },
  { additionalProperties: false },
);
export type ColumnDistinctQuery = { datasetId: string; column: string; limit?: number };

export const ColumnDistinctResult = Type.Object(
  { datasetId: Uuid(), column: Type.String(), values: Type.Array(Type.Unknown(), { description: 'Distinct values, sorted, NULL last' }) },
  { title: 'ColumnDistinctResult' },
);
export type ColumnDistinctResult = Static<typeof ColumnDistinctResult>;

// ---- executions -------------------------------------------------------------------------------------------

export const QueryExecution = Type.Object(
  {
    id: Uuid(),
    status: StringEnum(QUERY_EXECUTION_STATES),
    kind: StringEnum(QUERY_EXECUTION_KINDS),
    ownerId: Uuid(),
    queryTemplateId: Nullable(Uuid()),
    queryTemplateVersion: Nullable(Type.Integer()),
    datasetId: Nullable(Uuid()),
    recordId: Nullable(Uuid({ description: 'The map, insight or workbook the query ran for' })),
    parameters: Nullable(ParameterValues),
    pipelineHash: Nullable(Type.String()),
    datasetVersions: Type.Record(Type.String(), Type.String()),
    cacheMode: CacheModeSchema,
    cacheHit: Type.Boolean(),
    cacheExpiresAt: Nullable(DateTime()),
    rowCount: Nullable(Type.Integer({ minimum: 0 })),
    error: Nullable(Type.String()),
    startedAt: Nullable(DateTime()),
    finishedAt: Nullable(DateTime()),
    ...Timestamps,
  },
  { title: 'QueryExecution' },
);
export type QueryExecution = Static<typeof QueryExecution>;

export const QueryExecutionList = Type.Object({ items: Type.Array(QueryExecution), total: Type.Integer({ minimum: 0 }) }, { title: 'QueryExecutionList' });
export type QueryExecutionList = Static<typeof QueryExecutionList>;

export const QueryExecutionGetQuery = Type.Object(
  { mapId: Type.Optional(Uuid()), insightId: Type.Optional(Uuid()), workbookId: Type.Optional(Uuid()) },
  { additionalProperties: false },
);
export type QueryExecutionGetQuery = Static<typeof QueryExecutionGetQuery>;

// ---- bookmarks --------------------------------------------------------------------------------------------

export const BookmarkQuery = Type.Union(
  [
    Type.Object(
      { queryTemplateId: Uuid(), datasetId: Type.Optional(Uuid()), parameters: Type.Optional(ParameterValues) },
      { additionalProperties: false, title: 'TemplateBookmarkQuery' },
    ),
    Type.Object({ pipeline: PipelineJson }, { additionalProperties: false, title: 'PipelineBookmarkQuery' }),
  ],
  { title: 'BookmarkQuery' },
);
export type BookmarkQuery = Static<typeof BookmarkQuery>;

export const QueryBookmark = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    query: BookmarkQuery,
    ownerId: Uuid(),
    organizationId: Uuid(),
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'QueryBookmark' },
);
export type QueryBookmark = Static<typeof QueryBookmark>;

export const QueryBookmarkList = Type.Object({ items: Type.Array(QueryBookmark), total: Type.Integer({ minimum: 0 }) }, { title: 'QueryBookmarkList' });
export type QueryBookmarkList = Static<typeof QueryBookmarkList>;

export const CreateQueryBookmarkRequest = Type.Object(
  { name: TemplateName, description: Type.Optional(Type.String({ maxLength: 10_000 })), query: BookmarkQuery },
  { additionalProperties: false, title: 'CreateQueryBookmarkRequest' },
);
export type CreateQueryBookmarkRequest = Static<typeof CreateQueryBookmarkRequest>;

export const UpdateQueryBookmarkRequest = Type.Object(
  { name: Type.Optional(TemplateName), description: Type.Optional(Type.String({ maxLength: 10_000 })), query: Type.Optional(BookmarkQuery) },
  { additionalProperties: false, minProperties: 1, title: 'UpdateQueryBookmarkRequest' },
);
export type UpdateQueryBookmarkRequest = Static<typeof UpdateQueryBookmarkRequest>;

// ---- tilesets (query service) -----------------------------------------------------------------------------

export const TilesetMetadata = Type.Object(
  {
    columns: Type.Array(QueryColumn),
    rowCount: Type.Integer({ minimum: 0 }),
    minRes: Type.Optional(Type.Integer({ minimum: 0, maximum: 15 })),
    maxRes: Type.Optional(Type.Integer({ minimum: 0, maximum: 15 })),
  },
  { title: 'TilesetMetadata' },
);
export type TilesetMetadata = Static<typeof TilesetMetadata>;

export const QuantileRow = Type.Object(
  {
    time: Nullable(Type.String()),
    column: Type.String(),
    q0: Nullable(Type.Number()),
    q25: Nullable(Type.Number()),
    q50: Nullable(Type.Number()),
    q75: Nullable(Type.Number()),
    q100: Nullable(Type.Number()),
  },
  { title: 'QuantileRow' },
);
export type QuantileRow = Static<typeof QuantileRow>;
