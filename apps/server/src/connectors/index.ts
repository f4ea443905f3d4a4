// The connector registry: one Connector per connection type. PostgreSQL runs for real; every other warehouse type
// keeps its options schema (so connections can be saved) and answers 501 until its official driver is installed;
// storage types hold files, not tables, so they refuse queries with the spec's 'Not a database connection'.
import {
  AppStatusCode,
  DATA_CONNECTION_TYPES,
  Messages,
  PostgresConnectionOptions,
  STORAGE_CONNECTION_TYPES,
  connectionPasswordFields,
  type DataConnectionType,
} from '@atlas/domain';
import { Type, type TProperties } from 'typebox';
import { AppError, invalidInput } from '../http/errors.js';
import { postgresConnector } from './postgres.js';
import type { Connector } from './types.js';

export type { ConnectionTarget, Connector, ConnectorColumn, QueryBatch, RunOptions } from './types.js';

const name = (description?: string) => Type.String({ minLength: 1, maxLength: 255, ...(description ? { description } : {}) });
const options = (properties: TProperties, passwordMeans = 'password') =>
  Type.Object({ ...properties, ...connectionPasswordFields }, { additionalProperties: false, description: `password / passwordEnvVar: the ${passwordMeans}` });

/** Options of the types whose driver is not installed here: what their official drivers need to connect. */
const OPTION_SCHEMAS: Record<Exclude<DataConnectionType, 'postgres'>, ReturnType<typeof options>> = {
  snowflake: options({ account: name(), warehouse: Type.Optional(name()), database: name(), schema: Type.Optional(name()), user: name(), role: Type.Optional(name()) }),
  'big-query': options({ projectId: name(), location: Type.Optional(name()) }, 'service account key (JSON)'),
  athena: options({ region: name(), workgroup: Type.Optional(name()), outputLocation: name('s3:// location for results'), accessKeyId: name() }, 'secret access key'),
  presto: options({
    host: name(),
    port: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
    catalog: name(),
    schema: Type.Optional(name()),
    user: name(),
    ssl: Type.Boolean({ default: false }),
  }),
  redshift: options({ ...PostgresConnectionOptions.properties, port: Type.Integer({ minimum: 1, maximum: 65535, default: 5439 }) }),
  databricks: options({ host: name(), httpPath: name(), catalog: Type.Optional(name()), schema: Type.Optional(name()) }, 'personal access token'),
  motherduck: options({ database: name() }, 'MotherDuck token'),
  kinetica: options({ url: Type.String({ minLength: 1, maxLength: 2048, format: 'uri' }), user: name() }),
  s3: options({ bucket: name(), region: name(), prefix: Type.Optional(Type.String({ maxLength: 1024 })), accessKeyId: Type.Optional(name()) }, 'secret access key'),
  'google-cloud-storage': options({ bucket: name(), projectId: Type.Optional(name()), prefix: Type.Optional(Type.String({ maxLength: 1024 })) }, 'service account key (JSON)'),
  planet: options({}, 'Planet API key'),
};

export const connectorUnavailable = (type: string) =>
  new AppError(501, `The ${type} connector is not available on this server`, AppStatusCode.NotImplemented, `No driver for ${type} connections is installed`);
export const notDatabaseConnection = (type: string) => invalidInput(Messages.notDatabaseConnection, `${type} connections hold files, not tables`);

function unavailableConnector(type: Exclude<DataConnectionType, 'postgres'>): Connector {
  const storage = (STORAGE_CONNECTION_TYPES as readonly string[]).includes(type);
  // Storage types refuse every query and schema call; warehouses without a driver answer 501.
  const refuse = () => (storage ? notDatabaseConnection(type) : connectorUnavailable(type));
  return {
    type,
    kind: storage ? 'storage' : 'warehouse',
    optionsSchema: OPTION_SCHEMAS[type],
    testConnection: () => Promise.reject(connectorUnavailable(type)),
    runQuery: async function* () {
      throw refuse();
    },
    describeQuery: () => Promise.reject(refuse()),
    listSchema: () => Promise.reject(refuse()),
  };
}

const CONNECTORS = new Map<string, Connector>(
  DATA_CONNECTION_TYPES.map((type) => [type, type === 'postgres' ? postgresConnector : unavailableConnector(type)] as const),
);

export function connectorFor(type: string): Connector {
  const connector = CONNECTORS.get(type);
  if (!connector) throw invalidInput(`Unknown connection type ${type}`, `Known types: ${DATA_CONNECTION_TYPES.join(', ')}`);
  return connector;
}
