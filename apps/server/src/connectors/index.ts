// The connector registry: one Connector per connection type. PostgreSQL, Redshift, MotherDuck, Presto/Trino, Athena,
// BigQuery, Snowflake and Databricks run for real (docs/connectors.md), s3 and google-cloud-storage browse and import files
// (docs/storage-connections.md); every other warehouse type keeps its options schema (so connections
// can be saved) and answers 501 until its official driver is installed; storage types hold files, not tables, so they
// refuse queries with the spec's 'Not a database connection'.
import { AppStatusCode, CONNECTION_OPTIONS, DATA_CONNECTION_TYPES, Messages, STORAGE_CONNECTION_TYPES, type DataConnectionType } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { athenaConnector } from './athena.js';
import { bigqueryConnector } from './bigquery.js';
import { databricksConnector } from './databricks.js';
import { motherduckConnector } from './motherduck.js';
import { postgresConnector } from './postgres.js';
import { redshiftConnector } from './redshift.js';
import { snowflakeConnector } from './snowflake.js';
import { storageConnector } from './storage/index.js';
import { trinoConnector } from './trino.js';
import type { Connector } from './types.js';

export type { ConnectionTarget, Connector, ConnectorColumn, QueryBatch, RunOptions } from './types.js';

export const connectorUnavailable = (type: string) =>
  new AppError(501, `The ${type} connector is not available on this server`, AppStatusCode.NotImplemented, `No driver for ${type} connections is installed`);
export const notDatabaseConnection = (type: string) => invalidInput(Messages.notDatabaseConnection, `${type} connections hold files, not tables`);

const AVAILABLE: Partial<Record<DataConnectionType, Connector>> = {
  postgres: postgresConnector,
  redshift: redshiftConnector,
  motherduck: motherduckConnector(),
  presto: trinoConnector,
  athena: athenaConnector(),
  'big-query': bigqueryConnector(),
  databricks: databricksConnector(),
  snowflake: snowflakeConnector(),
  // Storage: browse and import (docs/storage-connections.md); queries still refused.
  s3: storageConnector('s3', () => notDatabaseConnection('s3')),
  'google-cloud-storage': storageConnector('google-cloud-storage', () => notDatabaseConnection('google-cloud-storage')),
};

function unavailableConnector(type: DataConnectionType): Connector {
  const storage = (STORAGE_CONNECTION_TYPES as readonly string[]).includes(type);
  // Storage types refuse every query and schema call; warehouses without a driver answer 501.
  const refuse = () => (storage ? notDatabaseConnection(type) : connectorUnavailable(type));
  return {
    type,
    kind: storage ? 'storage' : 'warehouse',
    optionsSchema: CONNECTION_OPTIONS[type],
    testConnection: () => Promise.reject(connectorUnavailable(type)),
    runQuery: async function* () {
      throw refuse();
    },
    describeQuery: () => Promise.reject(refuse()),
    listSchema: () => Promise.reject(refuse()),
  };
}

const CONNECTORS = new Map<string, Connector>(
  DATA_CONNECTION_TYPES.map((type) => [type, AVAILABLE[type] ?? unavailableConnector(type)] as const),
);

export function connectorFor(type: string): Connector {
  const connector = CONNECTORS.get(type);
  if (!connector) throw invalidInput(`Unknown connection type ${type}`, `Known types: ${DATA_CONNECTION_TYPES.join(', ')}`);
  return connector;
}
