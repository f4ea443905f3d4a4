// The connector registry: one Connector per connection type. Every warehouse type runs for real through its vendor's
// driver or API (docs/connectors.md); s3 and google-cloud-storage browse and import files (docs/storage-connections.md);
// planet keeps its options schema (so connections can be saved) but its catalogue is not read: its test answers 501.
// Storage types hold files, not tables, so they refuse queries with the spec's 'Not a database connection'.
import { AppStatusCode, CONNECTION_OPTIONS, DATA_CONNECTION_TYPES, Messages, type DataConnectionType } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { athenaConnector } from './athena.js';
import { bigqueryConnector } from './bigquery.js';
import { databricksConnector } from './databricks.js';
import { kineticaConnector } from './kinetica.js';
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
  kinetica: kineticaConnector(),
  // Storage: browse and import (docs/storage-connections.md); queries still refused.
  s3: storageConnector('s3', () => notDatabaseConnection('s3')),
  'google-cloud-storage': storageConnector('google-cloud-storage', () => notDatabaseConnection('google-cloud-storage')),
};

/** A storage type whose files this server does not read (planet): saved, its test 501, its queries refused. */
function unreadStorage(type: DataConnectionType): Connector {
  const refuse = () => notDatabaseConnection(type);
  return {
    type,
    kind: 'storage',
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
  DATA_CONNECTION_TYPES.map((type) => [type, AVAILABLE[type] ?? unreadStorage(type)] as const),
);

export function connectorFor(type: string): Connector {
  const connector = CONNECTORS.get(type);
  if (!connector) throw invalidInput(`Unknown connection type ${type}`, `Known types: ${DATA_CONNECTION_TYPES.join(', ')}`);
  return connector;
}
