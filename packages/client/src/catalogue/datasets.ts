// Typed calls for datasets (workspace-and-catalogue.md §7 Datasets): metadata, and the data itself (upload, download, latest load).
import type {
  CreateDatasetRequest,
  Dataset,
  DatasetList,
  DatasetListQuery,
  DatasetMapList,
  DatasetSearchQuery,
  DatasetUploadCompression,
  PublicDatasetList,
  UpdateDatasetRequest,
  WorkbenchRequest,
  WorkbenchResult,
} from '@atlas/domain';
import type { Http, RawBody } from '../http.js';

const id = encodeURIComponent;

export type DatasetUploadFormat = 'csv' | 'geojson' | 'parquet' | 'arrow';

/** The content type each upload format is sent with. */
export const UPLOAD_CONTENT_TYPES: Record<DatasetUploadFormat, string> = {
  csv: 'text/csv',
  geojson: 'application/geo+json',
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.stream',
};

export interface UploadDataOptions {
  /** The file's format; without it the Blob's type must name one (text/csv, application/geo+json, …), or the name of the file in a zip. */
  format?: DatasetUploadFormat;
  /** How the file is compressed; without it the server tells gzip and zip from the first bytes. */
  compression?: DatasetUploadCompression;
  /** Store no Arrow copy: uploads are faster and smaller, Arrow downloads are encoded on every read. */
  skipArrow?: boolean;
  signal?: AbortSignal;
}

export interface DownloadDataOptions {
  /** arrow (default): an Arrow IPC stream; csv: text with a header row; parquet: the stored Parquet file. */
  format?: 'arrow' | 'csv' | 'parquet';
  signal?: AbortSignal;
}

/** GET /{id}/query-execution: the dataset's latest data load. */
export interface DatasetDataLoad {
  id: string;
  status: 'queued' | 'running' | 'success' | 'failure';
  source: 'upload' | 'clone';
  format: DatasetUploadFormat | null;
  dataVersion: string | null;
  rowCount: number | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

function contentTypeOf(file: RawBody, format: DatasetUploadFormat | undefined): string {
  if (format) return UPLOAD_CONTENT_TYPES[format];
  const type = typeof Blob !== 'undefined' && file instanceof Blob ? file.type : '';
  return type || 'application/octet-stream';
}
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
    /** Writes the rows into a new table of a warehouse connection (copy on the dataset, write on the connection). */
    workbench: (datasetId: string, body: WorkbenchRequest) => request<WorkbenchResult>('POST', `/v1/datasets/${id(datasetId)}/workbench`, { body }),
    /**
     * Replaces the dataset's data with a file (a Blob, bytes or a stream, sent as the raw body). Resolves to the
     * dataset: status ready, or error with errorMessage (its previous data then stays).
     */
    uploadData: (datasetId: string, file: RawBody, { format, compression, skipArrow, signal }: UploadDataOptions = {}) =>
      request<Dataset>('PUT', `/v1/datasets/${id(datasetId)}/data`, {
        rawBody: file,
        headers: { 'content-type': contentTypeOf(file, format) },
        query: { format, compression, skipArrow: skipArrow ? true : undefined },
        signal,
      }),
    /** The data as bytes: an Arrow IPC stream (read it with apache-arrow's tableFromIPC), CSV or the Parquet file. */
    downloadData: (datasetId: string, { format, signal }: DownloadDataOptions = {}) =>
      request<ArrayBuffer>('GET', `/v1/datasets/${id(datasetId)}/data`, { query: { format }, responseType: 'arrayBuffer', signal }),
    queryExecution: (datasetId: string) => request<DatasetDataLoad>('GET', `/v1/datasets/${id(datasetId)}/query-execution`),
  };
}
export type DatasetsApi = ReturnType<typeof createDatasetsApi>;
