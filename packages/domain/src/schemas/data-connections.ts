import { Type, type Static } from 'typebox';
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

