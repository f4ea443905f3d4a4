// The storage connection types (s3, google-cloud-storage, planet): their drivers, and their Connector for the
// registry (connectors/index.ts): their options schema, a connection test that lists one entry, and the spec's
// 'Not a database connection' for every query and schema call.
import { CONNECTION_OPTIONS, Messages, STORAGE_CONNECTION_TYPES } from '@atlas/domain';
import { invalidInput } from '../../http/errors.js';
import type { ConnectionTarget, Connector } from '../types.js';
import { gcsDriver } from './gcs.js';
import { planetDriver } from './planet.js';
import { s3Driver } from './s3.js';
import type { StorageDriver } from './types.js';

export type { ListRequest, StorageDriver, StorageObject, StoragePage } from './types.js';

export type StorageConnectionType = (typeof STORAGE_CONNECTION_TYPES)[number];

/** Google's endpoints for google-cloud-storage, Planet's Data API for planet; only tests build drivers with others. */
export const STORAGE_DRIVERS: Record<StorageConnectionType, StorageDriver> = { s3: s3Driver, 'google-cloud-storage': gcsDriver(), planet: planetDriver() };

export const isStorageType = (type: string): type is StorageConnectionType => (STORAGE_CONNECTION_TYPES as readonly string[]).includes(type);

/** The connection's bucket option, if any. */
export const bucketOf = (target: ConnectionTarget) => (typeof target.options.bucket === 'string' ? target.options.bucket : null);

/** The connection's prefix option ('' when none): nothing outside it is listed or imported. */
export const prefixOf = (target: ConnectionTarget) => (typeof target.options.prefix === 'string' ? target.options.prefix : '');

/** What a storage connection answers to queries and schema calls: it holds files, not tables. */
export const notDatabaseConnection = (type: string) => invalidInput(Messages.notDatabaseConnection, `${type} connections hold files, not tables`);

export function storageConnector(type: StorageConnectionType, driver: StorageDriver = STORAGE_DRIVERS[type]): Connector {
  const refuse = () => notDatabaseConnection(type);
  return {
    type,
    kind: 'storage',
    optionsSchema: CONNECTION_OPTIONS[type],
    // The credentials reach the store when it lists one entry of the bucket (or one bucket).
    async testConnection(target) {
      const bucket = bucketOf(target);
      if (bucket) await driver.listObjects(target, { bucket, prefix: prefixOf(target), pageSize: 1 });
      else await driver.listBuckets(target, { pageSize: 1 });
      return {};
    },
    runQuery: async function* () {
      throw refuse();
    },
    describeQuery: () => Promise.reject(refuse()),
    listSchema: () => Promise.reject(refuse()),
  };
}

export const notStorageConnection = (type: string) => invalidInput('Not a storage connection', `${type} connections hold tables; browse them with the schema calls`);
