// Every connection type of workspace-and-catalogue.md §1 with the options schema its form is generated from.
// PostgreSQL's schema is the domain's own (PostgresConnectionOptions); the server keeps the other types' schemas in
// apps/server/src/connectors/index.ts and publishes none of them, so they are mirrored here (docs/connectors-screen.md).
import {
  PASSWORD_ENV_VAR_PATTERN,
  PostgresConnectionOptions,
  STORAGE_CONNECTION_TYPES,
  WAREHOUSE_CONNECTION_TYPES,
  type DataConnectionType,
  type FeatureFlags,
} from '@atlas/domain';
import { STORAGE_CONNECTORS_FLAGS, flagsAllow } from '../workspace/featureGates';

export interface OptionProperty {
  type: 'string' | 'integer' | 'boolean';
  default?: string | number | boolean;
  description?: string;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** The JSON-schema subset the option schemas use: a flat object of strings, integers and booleans. */
export interface OptionsSchema {
  properties: Record<string, OptionProperty>;
  required?: readonly string[];
}

export interface ConnectionTypeInfo {
  type: DataConnectionType;
  label: string;
  kind: 'warehouse' | 'storage';
  schema: OptionsSchema;
  /** What the write-only secret is for this type (the server's "password / passwordEnvVar: the …"). */
  secretLabel: string;
}

const text = (description?: string): OptionProperty => ({ type: 'string', ...(description ? { description } : {}) });
const port = (value: number): OptionProperty => ({ type: 'integer', minimum: 1, maximum: 65535, default: value });
const secretFields: Record<string, OptionProperty> = {
  password: text('Write-only: stored encrypted, never shown again'),
  passwordEnvVar: { type: 'string', pattern: PASSWORD_ENV_VAR_PATTERN, description: 'Name of a server variable (ATLAS_CONNECTION_…) holding the whole connection URL' },
};
const schema = (properties: Record<string, OptionProperty>, required: string[]): OptionsSchema => ({ properties: { ...properties, ...secretFields }, required });

const postgres = PostgresConnectionOptions as unknown as OptionsSchema;

const SCHEMAS: Record<DataConnectionType, Omit<ConnectionTypeInfo, 'type' | 'kind'>> = {
  snowflake: {
    label: 'Snowflake',
    secretLabel: 'Password',
    schema: schema({ account: text(), warehouse: text(), database: text(), schema: text(), user: text(), role: text() }, ['account', 'database', 'user']),
  },
  'big-query': { label: 'BigQuery', secretLabel: 'Service account key (JSON)', schema: schema({ projectId: text(), location: text() }, ['projectId']) },
  athena: {
    label: 'Athena',
    secretLabel: 'Secret access key',
    schema: schema({ region: text(), workgroup: text(), outputLocation: text('s3:// location for results'), accessKeyId: text() }, ['region', 'outputLocation', 'accessKeyId']),
  },
  postgres: { label: 'PostgreSQL', secretLabel: 'Password', schema: postgres },
  presto: {
    label: 'Presto / Trino',
    secretLabel: 'Password',
    schema: schema({ host: text(), port: port(8080), catalog: text(), schema: text(), user: text(), ssl: { type: 'boolean', default: false } }, ['host', 'port', 'catalog', 'user', 'ssl']),
  },
  redshift: { label: 'Redshift', secretLabel: 'Password', schema: { properties: { ...postgres.properties, port: port(5439) }, required: postgres.required } },
  databricks: {
    label: 'Databricks',
    secretLabel: 'Personal access token',
    schema: schema({ host: text(), httpPath: text(), catalog: text(), schema: text() }, ['host', 'httpPath']),
  },
  motherduck: { label: 'MotherDuck', secretLabel: 'MotherDuck token', schema: schema({ database: text() }, ['database']) },
  kinetica: { label: 'Kinetica', secretLabel: 'Password', schema: schema({ url: text('The Kinetica server address (https://…)'), user: text() }, ['url', 'user']) },
  s3: { label: 'Amazon S3', secretLabel: 'Secret access key', schema: schema({ bucket: text(), region: text(), prefix: text(), accessKeyId: text() }, ['bucket', 'region']) },
  'google-cloud-storage': {
    label: 'Google Cloud Storage',
    secretLabel: 'Service account key (JSON)',
    schema: schema({ bucket: text(), projectId: text(), prefix: text() }, ['bucket']),
  },
  planet: { label: 'Planet', secretLabel: 'Planet API key', schema: schema({}, []) },
};

const info = (kind: ConnectionTypeInfo['kind']) => (type: DataConnectionType): ConnectionTypeInfo => ({ type, kind, ...SCHEMAS[type] });

export const WAREHOUSE_TYPES: readonly ConnectionTypeInfo[] = WAREHOUSE_CONNECTION_TYPES.map(info('warehouse'));
export const STORAGE_TYPES: readonly ConnectionTypeInfo[] = STORAGE_CONNECTION_TYPES.map(info('storage'));

export function connectionType(type: DataConnectionType): ConnectionTypeInfo {
  return [...WAREHOUSE_TYPES, ...STORAGE_TYPES].find((entry) => entry.type === type)!;
}

export interface TypeGroupInfo {
  label: string;
  types: readonly ConnectionTypeInfo[];
}

/**
 * The type picker's groups for the organization's flags (docs/feature-flags.md): the storage types only with
 * storage-connectors-enabled (flags not read yet offer none of them).
 */
export function typeGroups(flags: FeatureFlags | null): TypeGroupInfo[] {
  return [
    { label: 'Warehouses', types: WAREHOUSE_TYPES },
    ...(flagsAllow(flags, STORAGE_CONNECTORS_FLAGS) ? [{ label: 'Storage', types: STORAGE_TYPES }] : []),
  ];
}
