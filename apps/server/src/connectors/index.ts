// The connector registry: one Connector per connection type. Every warehouse type runs for real through its vendor's
// driver or API (docs/connectors.md); s3, google-cloud-storage and planet (its catalogue) browse and import files
// (docs/storage-connections.md). Storage types hold files, not tables, so they refuse queries with the spec's
// 'Not a database connection'.
import { DATA_CONNECTION_TYPES, type DataConnectionType } from '@atlas/domain';
import { invalidInput } from '../http/errors.js';
import { athenaConnector } from './athena.js';
import { bigqueryConnector } from './bigquery.js';
import { databricksConnector } from './databricks.js';
import { kineticaConnector } from './kinetica.js';
import { motherduckConnector } from './motherduck.js';
import { postgresConnector } from './postgres.js';
import { redshiftConnector } from './redshift.js';
import { snowflakeConnector } from './snowflake.js';
import { notDatabaseConnection, storageConnector } from './storage/index.js';
import { trinoConnector } from './trino.js';
import type { Connector } from './types.js';

export type { ConnectionTarget, Connector, ConnectorColumn, QueryBatch, RunOptions } from './types.js';

export { notDatabaseConnection };

const AVAILABLE: Record<DataConnectionType, Connector> = {
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
  s3: storageConnector('s3'),
  'google-cloud-storage': storageConnector('google-cloud-storage'),
  planet: storageConnector('planet'),
};

const CONNECTORS = new Map<string, Connector>(DATA_CONNECTION_TYPES.map((type) => [type, AVAILABLE[type]] as const));

export function connectorFor(type: string): Connector {
  const connector = CONNECTORS.get(type);
  if (!connector) throw invalidInput(`Unknown connection type ${type}`, `Known types: ${DATA_CONNECTION_TYPES.join(', ')}`);
  return connector;
}
