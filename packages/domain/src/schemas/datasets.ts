import { Type, type Static } from 'typebox';
import { DATASET_METADATA_TYPES, DATASET_STATUSES, DATASET_TYPES, type DatasetStatus, type DatasetType } from '../enums.js';
import { CallerActions, DateTime, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';
import { VisibilitySchema } from './permissions.js';
import { TagIdFilter, TagSummary } from './tags.js';

export const DATASET_METADATA_MAX_BYTES = 1024 * 1024;
export const DATASET_SEARCH_MAX_LIMIT = 100;
export const DATASET_SEARCH_DEFAULT_LIMIT = 20;

const DatasetTypeSchema = StringEnum(DATASET_TYPES);
const DatasetStatusSchema = StringEnum(DATASET_STATUSES);
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 10_000 });

/** The spec's metadata keys, typed; any other key is kept as sent (at most 1 MB as JSON). */
export const DatasetMetadata = Type.Object(
  {
    contentType: Type.Optional(Type.String({ maxLength: 255 })),
    storageReadPath: Type.Optional(Type.String({ maxLength: 2048 })),
    source: Type.Optional(Type.String()),
    type: Type.Optional(StringEnum(DATASET_METADATA_TYPES)),
    cache: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true, title: 'DatasetMetadata', description: 'At most 1 MB once serialized' },
);
export type DatasetMetadata = Static<typeof DatasetMetadata> & Record<string, unknown>;

/** Who owns a record, by name (never an email): what a list shows in its Owner column. */
export const OwnerSummary = Type.Object({ id: Uuid(), name: Type.String() }, { title: 'OwnerSummary', description: 'The owning user' });
export type OwnerSummary = Static<typeof OwnerSummary>;

export const Dataset = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    type: DatasetTypeSchema,
    metadata: DatasetMetadata,
    status: DatasetStatusSchema,
    errorMessage: Nullable(Type.String()),
    dataConnection: Nullable(Type.Object({ id: Uuid() })),
    tags: Type.Array(TagSummary),
    ownerId: Uuid(),
    owner: OwnerSummary,
    organizationId: Uuid(),
    visibility: VisibilitySchema,
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'Dataset' },
);
export type Dataset = Omit<Static<typeof Dataset>, 'metadata' | 'type' | 'status'> & {
  metadata: DatasetMetadata;
  type: DatasetType;
  status: DatasetStatus;
};

export const DatasetList = Type.Object({ items: Type.Array(Dataset), total: Type.Integer({ minimum: 0 }) }, { title: 'DatasetList' });
export type DatasetList = { items: Dataset[]; total: number };

/** How an uploaded file may be compressed: gzip, or a zip holding the one data file (PUT /v1/datasets/{id}/data?compression=). */
/** The file extensions that name an upload format (csv, geojson, parquet, arrow), read by the server inside a zip and by the web app's file picker. */
export const UPLOAD_FORMAT_OF_EXTENSION: Readonly<Record<string, 'csv' | 'geojson' | 'parquet' | 'arrow'>> = {
  csv: 'csv',
  tsv: 'csv',
  geojson: 'geojson',
  json: 'geojson',
  parquet: 'parquet',
  pq: 'parquet',
  arrow: 'arrow',
  arrows: 'arrow',
  feather: 'arrow',
  ipc: 'arrow',
};

export const DATASET_UPLOAD_COMPRESSIONS = ['gzip', 'zip'] as const;
export type DatasetUploadCompression = (typeof DATASET_UPLOAD_COMPRESSIONS)[number];

export const DATASET_SORT_KEYS = ['name', 'type', 'status', 'rowCount', 'sizeBytes', 'updatedAt', 'createdAt'] as const;
export type DatasetSortKey = (typeof DATASET_SORT_KEYS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DatasetListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive part of the name or description' })),
    type: Type.Optional(DatasetTypeSchema),
    status: Type.Optional(DatasetStatusSchema),
    tagId: TagIdFilter('datasets'),
    sort: Type.Optional(StringEnum(DATASET_SORT_KEYS, { description: 'What the page is ordered by (default updatedAt); status goes ready, pending, new, error; rowCount and sizeBytes put datasets without data last' })),
    order: Type.Optional(StringEnum(SORT_ORDERS, { description: 'asc or desc (default desc)' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export type DatasetListQuery = {
  search?: string;
  type?: DatasetType;
  status?: DatasetStatus;
  tagId?: string[];
  sort?: DatasetSortKey;
  order?: SortOrder;
  limit?: number;
  offset?: number;
};

export const DatasetAdminQuery = Type.Object(
  { isAdmin: Type.Optional(Type.Boolean({ description: 'Admin mode (administrators only)' })) },
  { additionalProperties: false },
);
export type DatasetAdminQuery = Static<typeof DatasetAdminQuery>;

export const CreateDatasetRequest = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    type: Type.Optional(DatasetTypeSchema),
    metadata: Type.Optional(DatasetMetadata),
    dataConnectionId: Type.Optional(Nullable(Uuid())),
  },
  { additionalProperties: false, title: 'CreateDatasetRequest' },
);
export type CreateDatasetRequest = {
  name: string;
  description?: string;
  type?: DatasetType;
  metadata?: DatasetMetadata;
  dataConnectionId?: string | null;
};

export const UpdateDatasetRequest = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    metadata: Type.Optional(DatasetMetadata),
    type: Type.Optional(DatasetTypeSchema),
    ownerId: Type.Optional(Uuid({ description: "New owner (admin mode only): a maker of the dataset's organization" })),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateDatasetRequest' },
);
export type UpdateDatasetRequest = {
  name?: string;
  description?: string;
  metadata?: DatasetMetadata;
  type?: DatasetType;
  ownerId?: string;
};

/** A map that uses the dataset. */
export const DatasetMapRef = Type.Object({ id: Uuid(), name: Type.String(), updatedAt: DateTime() }, { title: 'DatasetMapRef' });
export type DatasetMapRef = Static<typeof DatasetMapRef>;

export const DatasetMapList = Type.Object({ items: Type.Array(DatasetMapRef), total: Type.Integer({ minimum: 0 }) }, { title: 'DatasetMapList' });
export type DatasetMapList = Static<typeof DatasetMapList>;

export const DatasetSearchQuery = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the name or description' })),
    limit: Type.Integer({ minimum: 1, maximum: DATASET_SEARCH_MAX_LIMIT, default: DATASET_SEARCH_DEFAULT_LIMIT }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export type DatasetSearchQuery = { query?: string; limit?: number; offset?: number };

/** What anyone may see of a public dataset. */
export const PublicDataset = Type.Object(
  { id: Uuid(), name: Type.String(), description: Type.String(), type: DatasetTypeSchema, status: DatasetStatusSchema, updatedAt: DateTime() },
  { title: 'PublicDataset' },
);
export type PublicDataset = Omit<Static<typeof PublicDataset>, 'type' | 'status'> & { type: DatasetType; status: DatasetStatus };

export const PublicDatasetList = Type.Object(
  { items: Type.Array(PublicDataset), total: Type.Integer({ minimum: 0 }) },
  { title: 'PublicDatasetList' },
);
export type PublicDatasetList = { items: PublicDataset[]; total: number };

/** A warehouse table name: `table` or `schema.table`, each part a plain identifier (kept as written, quoted). */
export const WAREHOUSE_TABLE_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,62}(\\.[A-Za-z_][A-Za-z0-9_]{0,62})?$';

/** POST /v1/datasets/{id}/workbench: write the dataset's rows into a new table of a warehouse connection. */
export const WorkbenchRequest = Type.Object(
  {
    connectionId: Uuid(),
    tableName: Type.String({ pattern: WAREHOUSE_TABLE_NAME_PATTERN, maxLength: 127, description: 'table or schema.table; a table that exists is refused (409)' }),
    includeHeader: Type.Boolean({
      default: true,
      description: "true: the table's columns take the dataset's column names; false: they are named column_1, column_2, …",
    }),
  },
  { additionalProperties: false, title: 'WorkbenchRequest' },
);
export type WorkbenchRequest = { connectionId: string; tableName: string; includeHeader?: boolean };

export const WorkbenchResult = Type.Object(
  {
    connectionId: Uuid(),
    tableName: Type.String(),
    rowCount: Type.Integer({ minimum: 0 }),
    columns: Type.Array(Type.Object({ name: Type.String(), dbType: Type.String() }, { additionalProperties: false })),
  },
  { title: 'WorkbenchResult' },
);
export type WorkbenchResult = Static<typeof WorkbenchResult>;
