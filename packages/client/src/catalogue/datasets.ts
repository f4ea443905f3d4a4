// Typed calls for dataset metadata (workspace-and-catalogue.md §7 Datasets); data and query calls come with the data engine.
import type {
  CreateDatasetRequest,
  Dataset,
  DatasetList,
  DatasetListQuery,
  DatasetMapList,
  DatasetSearchQuery,
  PublicDatasetList,
  UpdateDatasetRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;
type AdminOption = { isAdmin?: boolean };
// Only `true` is sent: the server treats an absent flag as false.
const adminQuery = ({ isAdmin }: AdminOption = {}) => ({ isAdmin: isAdmin ? true : undefined });

export function createDatasetsApi(request: Http['request']) {
  const listing = (path: string) => (query: DatasetListQuery = {}) => request<DatasetList>('GET', path, { query: { ...query } });
  return {
    list: listing('/v1/datasets'),
    sample: listing('/v1/datasets/sample'),
    forOrganization: listing('/v1/datasets/for-organization'),
    sharedWithUser: listing('/v1/datasets/shared-with-user'),
    /** Public datasets only; works signed out. */
    search: (query: DatasetSearchQuery = {}) => request<PublicDatasetList>('GET', '/v1/datasets/search', { query: { ...query } }),
    get: (datasetId: string, options?: AdminOption) => request<Dataset>('GET', `/v1/datasets/${id(datasetId)}`, { query: adminQuery(options) }),
    create: (body: CreateDatasetRequest) => request<Dataset>('POST', '/v1/datasets', { body }),
    /** In admin mode `ownerId` transfers the dataset. */
    update: (datasetId: string, body: UpdateDatasetRequest, options?: AdminOption) =>
      request<Dataset>('PUT', `/v1/datasets/${id(datasetId)}`, { body, query: adminQuery(options) }),
    clone: (datasetId: string) => request<Dataset>('POST', `/v1/datasets/${id(datasetId)}/clone`),
    remove: (datasetId: string) => request<void>('DELETE', `/v1/datasets/${id(datasetId)}`),
    maps: (datasetId: string) => request<DatasetMapList>('GET', `/v1/datasets/${id(datasetId)}/maps`),
  };
}
export type DatasetsApi = ReturnType<typeof createDatasetsApi>;
