import { Type, type Static, type TProperties } from 'typebox';
import { STORAGE_CONNECTION_TYPES, VISIBILITIES, WAREHOUSE_CONNECTION_TYPES } from '../enums.js';
import { CallerActions, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';

export const DATA_CONNECTION_TYPES = [...WAREHOUSE_CONNECTION_TYPES, ...STORAGE_CONNECTION_TYPES] as const;
export type DataConnectionType = (typeof DATA_CONNECTION_TYPES)[number];
export const DataConnectionTypeSchema = StringEnum(DATA_CONNECTION_TYPES);

/** Names a server environment variable may have to be usable as a connection password (so no other secret of the server can be named). */
export const PASSWORD_ENV_VAR_PATTERN = '^ATLAS_CONNECTION_[A-Z0-9_]{1,100}$';
export const SECRETS_KEY_MISSING = 'Set ATLAS_SECRETS_KEY on the server to store connection passwords';

/** Password fields shared by the warehouse option schemas: `password` is write-only (stored encrypted), `passwordEnvVar` names where the server finds it. */
export const connectionPasswordFields = {
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'Write-only: stored encrypted (needs ATLAS_SECRETS_KEY), never returned' })),
  passwordEnvVar: Type.Optional(
    Type.String({ pattern: PASSWORD_ENV_VAR_PATTERN, description: 'Name of a server environment variable (ATLAS_CONNECTION_…) holding a whole connection URL; its password goes only to that host, port, database and user' }),
  ),
};

export const PostgresConnectionOptions = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 255 }),
    port: Type.Integer({ minimum: 1, maximum: 65535, default: 5432 }),
    database: Type.String({ minLength: 1, maxLength: 255 }),
    user: Type.String({ minLength: 1, maxLength: 255 }),
    ssl: Type.Boolean({ default: false, description: 'TLS with certificate verification' }),
    ...connectionPasswordFields,
  },
  { additionalProperties: false, title: 'PostgresConnectionOptions' },
);
export type PostgresConnectionOptions = Static<typeof PostgresConnectionOptions>;

/** What each type's write-only secret is (`password` / `passwordEnvVar` hold it): the forms' label and the schemas' description. */
export const CONNECTION_SECRET_NAMES: Record<DataConnectionType, string> = {
  snowflake: 'password',
  'big-query': 'service account key (JSON)',
  athena: 'secret access key',
  postgres: 'password',
  presto: 'password',
  redshift: 'password',
  databricks: 'personal access token',
  motherduck: 'MotherDuck token',
  kinetica: 'password',
  s3: 'secret access key',
  'google-cloud-storage': 'service account key (JSON)',
  planet: 'Planet API key',
};

const connectionName = (description?: string) => Type.String({ minLength: 1, maxLength: 255, ...(description ? { description } : {}) });
const connectionOptions = <P extends TProperties>(type: DataConnectionType, properties: P) =>
  Type.Object({ ...connectionPasswordFields, ...properties }, { additionalProperties: false, description: `password / passwordEnvVar: the ${CONNECTION_SECRET_NAMES[type]}` });

/** A service account key (JSON) is about 2.4 kB: more than the 1024 characters of a password (big-query, google-cloud-storage). */
const serviceAccountKey = {
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 16_384, description: 'Write-only: the service account key (JSON), stored encrypted (needs ATLAS_SECRETS_KEY), never returned' })),
};
const bucket = Type.Optional(Type.String({ minLength: 1, maxLength: 222, description: 'Without one, the buckets the credentials reach are listed' }));
const prefix = Type.Optional(Type.String({ maxLength: 1024, description: 'Only keys starting with this are browsed and imported' }));

/** An S3 (or S3-compatible) connection (docs/storage-connections.md). */
export const S3ConnectionOptions = connectionOptions('s3', {
  bucket,
  region: connectionName('AWS region (eu-west-1); any name for an S3-compatible endpoint'),
  prefix,
  accessKeyId: Type.Optional(connectionName()),
  endpoint: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2048, format: 'uri', description: "An S3-compatible server (https://minio.example.com); AWS's regional endpoint when empty" }),
  ),
  forcePathStyle: Type.Boolean({ default: false, description: 'Address buckets as https://endpoint/bucket (most S3-compatible servers need it)' }),
});
export type S3ConnectionOptions = Static<typeof S3ConnectionOptions>;

/** A Google Cloud Storage connection (docs/storage-connections.md). */
export const GcsConnectionOptions = connectionOptions('google-cloud-storage', { bucket, projectId: Type.Optional(connectionName('Needed to list buckets')), prefix, ...serviceAccountKey });
export type GcsConnectionOptions = Static<typeof GcsConnectionOptions>;

/**
 * Each type's options: what its official driver needs to connect (postgres, redshift, motherduck, presto, athena and
 * big-query run here; the others are saved and answer 501 until their driver is installed). The server validates with
 * them and the connector form is drawn from them.
 */
export const CONNECTION_OPTIONS = {
  snowflake: connectionOptions('snowflake', {
    account: connectionName(),
    warehouse: Type.Optional(connectionName()),
    database: connectionName(),
    schema: Type.Optional(connectionName()),
    user: connectionName(),
    role: Type.Optional(connectionName()),
  }),
  'big-query': connectionOptions('big-query', { projectId: connectionName(), location: Type.Optional(connectionName()), ...serviceAccountKey }),
  athena: connectionOptions('athena', {
    region: connectionName(),
    workgroup: Type.Optional(connectionName()),
    outputLocation: connectionName('s3:// location for results'),
    accessKeyId: connectionName(),
    catalog: Type.Optional(connectionName('Data catalog (AwsDataCatalog when empty)')),
  }),
  postgres: PostgresConnectionOptions,
  presto: connectionOptions('presto', {
    host: connectionName(),
    port: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
    catalog: connectionName(),
    schema: Type.Optional(connectionName()),
    user: connectionName(),
    ssl: Type.Boolean({ default: false }),
  }),
  redshift: connectionOptions('redshift', { ...PostgresConnectionOptions.properties, port: Type.Integer({ minimum: 1, maximum: 65535, default: 5439 }) }),
  databricks: connectionOptions('databricks', { host: connectionName(), httpPath: connectionName(), catalog: Type.Optional(connectionName()), schema: Type.Optional(connectionName()) }),
  motherduck: connectionOptions('motherduck', { database: connectionName() }),
  kinetica: connectionOptions('kinetica', { url: Type.String({ minLength: 1, maxLength: 2048, format: 'uri', description: 'The Kinetica server address (https://…)' }), user: connectionName() }),
  s3: S3ConnectionOptions,
  'google-cloud-storage': GcsConnectionOptions,
  planet: connectionOptions('planet', {}),
} as const satisfies Record<DataConnectionType, ReturnType<typeof Type.Object>>;

/** Options as stored and answered: per type (see the type's options schema), never holding a password. */
const Options = Type.Record(Type.String(), Type.Unknown(), { description: "Per type, checked against the type's options schema (postgres: PostgresConnectionOptions)" });

export const DataConnection = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    type: DataConnectionTypeSchema,
    options: Options,
    hasPassword: Type.Boolean({ description: 'An encrypted password is stored' }),
    ownerId: Uuid(),
    organizationId: Uuid(),
    visibility: StringEnum(VISIBILITIES),
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'DataConnection' },
);
export type DataConnection = Static<typeof DataConnection>;

export const DataConnectionList = Type.Object({ items: Type.Array(DataConnection), total: Type.Integer({ minimum: 0 }) }, { title: 'DataConnectionList' });
export type DataConnectionList = Static<typeof DataConnectionList>;

export const CreateDataConnectionRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: DataConnectionTypeSchema,
    options: Options,
    visibility: Type.Optional(StringEnum(VISIBILITIES)),
  },
  { additionalProperties: false, title: 'CreateDataConnectionRequest' },
);
export type CreateDataConnectionRequest = Static<typeof CreateDataConnectionRequest>;

export const UpdateDataConnectionRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Replaces the options; without password the stored password is kept only if the options stay the same' })),
    visibility: Type.Optional(StringEnum(VISIBILITIES)),
  },
  { additionalProperties: false, title: 'UpdateDataConnectionRequest' },
);
export type UpdateDataConnectionRequest = Static<typeof UpdateDataConnectionRequest>;

export const DataConnectionListQuery = Type.Object(
  {
    types: Type.Optional(Type.String({ maxLength: 1000, description: 'Comma-separated connection types, e.g. postgres,snowflake' })),
    isAdmin: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DataConnectionListQuery = Static<typeof DataConnectionListQuery>;

export const TestConnectionRequest = Type.Union(
  [
    Type.Object({ type: DataConnectionTypeSchema, options: Options }, { additionalProperties: false }),
    Type.Object({ connectionId: Uuid() }, { additionalProperties: false }),
  ],
  { title: 'TestConnectionRequest' },
);
export type TestConnectionRequest = Static<typeof TestConnectionRequest>;

export const TestConnectionResult = Type.Object({ ok: Type.Literal(true), serverVersion: Type.Optional(Type.String()) }, { title: 'TestConnectionResult' });
export type TestConnectionResult = Static<typeof TestConnectionResult>;

export const SCHEMA_ENTRY_KINDS = ['schema', 'table', 'column'] as const;
export const SchemaEntry = Type.Object(
  { name: Type.String(), kind: StringEnum(SCHEMA_ENTRY_KINDS), type: Type.Optional(Type.String({ description: "The warehouse's type name (columns)" })) },
  { title: 'SchemaEntry' },
);
export type SchemaEntry = Static<typeof SchemaEntry>;
export const SchemaListing = Type.Object({ path: Type.Array(Type.String()), items: Type.Array(SchemaEntry) }, { title: 'SchemaListing' });
export type SchemaListing = Static<typeof SchemaListing>;

