// Storage connections (s3, google-cloud-storage, planet): the bodies of the browse and import calls, and an import's
// progress (docs/storage-connections.md); their options are in schemas/data-connections.ts with every type's.
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from './schema-helpers.js';

export const STORAGE_PAGE_SIZE = 1000;

export const StorageObjectsQuery = Type.Object(
  {
    bucket: Type.Optional(Type.String({ minLength: 1, maxLength: 222, description: "A bucket, for a connection without one (else the connection's)" })),
    prefix: Type.Optional(Type.String({ maxLength: 1024, description: "Lists what is directly under it ('/' separates folders)" })),
    pageToken: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'nextPageToken of the previous page' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: STORAGE_PAGE_SIZE, default: STORAGE_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type StorageObjectsQuery = Static<typeof StorageObjectsQuery>;

export const STORAGE_ENTRY_KINDS = ['bucket', 'folder', 'object'] as const;

export const StorageEntry = Type.Object(
  {
    kind: StringEnum(STORAGE_ENTRY_KINDS),
    /** A bucket's name, a folder's prefix (ending in '/') or an object's key. */
    key: Type.String({ description: "A bucket's name, a folder's whole prefix (ending in '/') or an object's whole key" }),
    size: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes (objects)' })),
    lastModified: Type.Optional(DateTime({ description: 'Objects' })),
  },
  { title: 'StorageEntry' },
);
export type StorageEntry = Static<typeof StorageEntry>;

export const StorageObjectList = Type.Object(
  {
    bucket: Nullable(Type.String({ description: 'The bucket listed; null when the items are buckets' })),
    prefix: Type.String(),
    items: Type.Array(StorageEntry),
    nextPageToken: Nullable(Type.String({ description: 'Ask again with pageToken for the next page' })),
  },
  { title: 'StorageObjectList' },
);
export type StorageObjectList = Static<typeof StorageObjectList>;

export const ImportStorageObjectRequest = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 1024, description: "The object's whole key" }),
    bucket: Type.Optional(Type.String({ minLength: 1, maxLength: 222, description: "For a connection without a bucket (else the connection's)" })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The dataset's name (the key's file name when not given)" })),
  },
  { additionalProperties: false, title: 'ImportStorageObjectRequest' },
);
export type ImportStorageObjectRequest = Static<typeof ImportStorageObjectRequest>;

export const STORAGE_IMPORT_PHASES = ['queued', 'reading', 'read'] as const;

/** An import's metadata.progress while its dataset is pending (docs/storage-connections.md). */
export const StorageImportProgress = Type.Object(
  {
    phase: StringEnum(STORAGE_IMPORT_PHASES, { description: 'queued → reading → read (the engine converts after read)' }),
    fraction: Type.Number({ minimum: 0, maximum: 1, description: 'Bytes read of the total; 0 until all is read when the store gave no size' }),
    bytes: Type.Integer({ minimum: 0 }),
    total: Nullable(Type.Integer({ minimum: 0, description: "The object's size, when the store said it" })),
  },
  { title: 'StorageImportProgress' },
);
export type StorageImportProgress = Static<typeof StorageImportProgress>;
