// Typed calls for data connections (bi-and-admin.md §7 Connections) and the data gateway's connection calls
// (workspace-and-catalogue.md §7: POST /v1/test-connection, GET /v1/data-queries/schema/{connectionId}[/path]).
import type {
  CreateDataConnectionRequest,
  DataConnection,
  DataConnectionList,
  DataConnectionType,
  Dataset,
  DatasetList,
  ImportStorageObjectRequest,
  SchemaListing,
  StorageObjectList,
  StorageObjectsQuery,
  TestConnectionRequest,
  TestConnectionResult,
  UpdateDataConnectionRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;
const BASE = '/v1/data-connections';

export interface DataConnectionListOptions {
  types?: readonly DataConnectionType[];
  isAdmin?: boolean;
}
export interface AdminOption {
  isAdmin?: boolean;
}

export function createDataConnectionsApi(request: Http['request']) {
  const listQuery = ({ types, isAdmin }: DataConnectionListOptions = {}) => ({ types: types?.length ? types.join(',') : undefined, isAdmin: isAdmin || undefined });
  const admin = ({ isAdmin }: AdminOption = {}) => ({ isAdmin: isAdmin || undefined });
  return {
    list: (options?: DataConnectionListOptions) => request<DataConnectionList>('GET', BASE, { query: listQuery(options) }),
    forOrganization: (options?: DataConnectionListOptions) => request<DataConnectionList>('GET', `${BASE}/for-organization`, { query: listQuery(options) }),
    get: (connectionId: string, options?: AdminOption) => request<DataConnection>('GET', `${BASE}/${id(connectionId)}`, { query: admin(options) }),
    datasets: (connectionId: string, options?: AdminOption) => request<DatasetList>('GET', `${BASE}/${id(connectionId)}/datasets`, { query: admin(options) }),
    /** Other connections of the organization of the same type to the same server. */
    connections: (connectionId: string, options?: AdminOption) => request<DataConnectionList>('GET', `${BASE}/${id(connectionId)}/connections`, { query: admin(options) }),
    create: (body: CreateDataConnectionRequest) => request<DataConnection>('POST', BASE, { body }),
    update: (connectionId: string, body: UpdateDataConnectionRequest, options?: AdminOption) =>
      request<DataConnection>('PUT', `${BASE}/${id(connectionId)}`, { body, query: admin(options) }),
    remove: (connectionId: string, options?: AdminOption) => request<void>('DELETE', `${BASE}/${id(connectionId)}`, { query: admin(options) }),
    /** Unsaved {type, options} or a saved {connectionId}; rejects with the driver's message (422) when it cannot connect. */
    test: (body: TestConnectionRequest) => request<TestConnectionResult>('POST', '/v1/test-connection', { body }),
    /** [] → schemas, [schema] → tables, [schema, table] → columns. */
    schema: (connectionId: string, path: readonly string[] = []) =>
      request<SchemaListing>('GET', `/v1/data-queries/schema/${[connectionId, ...path].map(id).join('/')}`),
    /** A storage connection's buckets, or the folders and objects directly under a prefix, a page at a time. */
    objects: (connectionId: string, query: StorageObjectsQuery = {}) => request<StorageObjectList>('GET', `${BASE}/${id(connectionId)}/objects`, { query: { ...query } }),
    /** Imports an object of a storage connection as a new dataset: resolves at once with it pending (202); read it again until ready or error (metadata.progress says how much was read). */
    importObject: (connectionId: string, body: ImportStorageObjectRequest) => request<Dataset>('POST', `${BASE}/${id(connectionId)}/import`, { body }),
  };
}

export type DataConnectionsApi = ReturnType<typeof createDataConnectionsApi>;
