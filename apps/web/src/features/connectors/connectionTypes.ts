// Every connection type of workspace-and-catalogue.md §1 with the options schema its form is generated from: the
// domain's CONNECTION_OPTIONS, the very schemas the server validates with (docs/connectors-screen.md).
import {
  CONNECTION_OPTIONS,
  CONNECTION_SECRET_NAMES,
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

/** The names the type picker shows. */
const LABELS: Record<DataConnectionType, string> = {
  snowflake: 'Snowflake',
  'big-query': 'BigQuery',
  athena: 'Athena',
  postgres: 'PostgreSQL',
  presto: 'Presto / Trino',
  redshift: 'Redshift',
  databricks: 'Databricks',
  motherduck: 'MotherDuck',
  kinetica: 'Kinetica',
  s3: 'Amazon S3',
  'google-cloud-storage': 'Google Cloud Storage',
  planet: 'Planet',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const info = (kind: ConnectionTypeInfo['kind']) => (type: DataConnectionType): ConnectionTypeInfo => ({
  type,
  kind,
  label: LABELS[type],
  // The domain's TypeBox schema is plain JSON Schema: the subset the form reads.
  schema: CONNECTION_OPTIONS[type] as unknown as OptionsSchema,
  secretLabel: capitalized(CONNECTION_SECRET_NAMES[type]),
});

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
