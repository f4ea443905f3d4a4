// Typed calls for maps, insights, dashboards and workbooks, their state records and locks (bi-and-admin.md §7).
import {
  RECORD_PATHS,
  STATE_KINDS,
  type CatalogueRecord,
  type CreateInsightStateRequest,
  type CreateRecordRequest,
  type CreateStudioStateRequest,
  type CreateWorkbookStateRequest,
  type InsightState,
  type LockResourceType,
  type PermissionListing,
  type RecordList,
  type RecordListQuery,
  type ResourceLock,
  type ShareRequest,
  type StateData,
  type StudioState,
  type ThumbnailContentType,
  type UpdateRecordRequest,
  type WorkbookState,
} from '@atlas/domain';
import type { Http } from '../http.js';
import { uploadWithPolicy, type UploadOptions } from './uploads.js';

const id = encodeURIComponent;
// Flags go out only when true: the server reads an absent flag as false.
const flag = (value: boolean | undefined) => (value ? true : undefined);

export interface RecordOpenOptions {
  isAdmin?: boolean;
  acquireLock?: boolean;
}

function createRecordCalls(request: Http['request'], path: string) {
  const at = (recordId: string, rest = '') => `${path}/${id(recordId)}${rest}`;
  const openQuery = ({ isAdmin, acquireLock }: RecordOpenOptions = {}) => ({ isAdmin: flag(isAdmin), acquireLock: flag(acquireLock) });
  const list = (suffix: string) => (query: RecordListQuery = {}) => request<RecordList>('GET', `${path}${suffix}`, { query: { ...query } });
  const calls = {
    list: list(''),
    listForOrganization: list('/for-organization'),
    listSharedWithUser: list('/shared-with-user'),
    listSamples: list('/samples'),
    get: (recordId: string, options?: RecordOpenOptions) => request<CatalogueRecord>('GET', at(recordId), { query: openQuery(options) }),
    create: (body: CreateRecordRequest) => request<CatalogueRecord>('POST', path, { body }),
    update: (recordId: string, body: UpdateRecordRequest, options?: RecordOpenOptions) =>
      request<CatalogueRecord>('PUT', at(recordId), { body, query: openQuery(options) }),
    /** A record without an id is created (POST); one with an id is updated (PUT). */
    save: (record: (CreateRecordRequest & { id?: undefined }) | (UpdateRecordRequest & { id: string }), options?: RecordOpenOptions) => {
      if (record.id === undefined) return calls.create(record);
      const { id: recordId, ...body } = record;
      return calls.update(recordId, body, options);
    },
    clone: (recordId: string) => request<CatalogueRecord>('POST', at(recordId, '/clone')),
    remove: (recordId: string) => request<void>('DELETE', at(recordId)),
    share: (recordId: string, body: ShareRequest, { isAdmin }: { isAdmin?: boolean } = {}) =>
      request<PermissionListing>('POST', at(recordId, '/share'), { body, query: { isAdmin: flag(isAdmin) } }),
    addDataset: (recordId: string, datasetId: string) => request<CatalogueRecord>('POST', at(recordId, `/datasets/${id(datasetId)}`)),
    removeDataset: (recordId: string, datasetId: string) => request<CatalogueRecord>('DELETE', at(recordId, `/datasets/${id(datasetId)}`)),
    addMapAsset: (recordId: string, assetId: string) => request<CatalogueRecord>('POST', at(recordId, `/map-assets/${id(assetId)}`)),
    removeMapAsset: (recordId: string, assetId: string) => request<CatalogueRecord>('DELETE', at(recordId, `/map-assets/${id(assetId)}`)),
    /** Answers the record with previewSignedPostPolicy, the policy to upload the image with. */
    prepareThumbnail: (recordId: string, contentType: ThumbnailContentType) =>
      request<CatalogueRecord>('PUT', at(recordId, '/thumbnail'), { body: { contentType } }),
    /** Sends the content type, then uploads the image with the policy the server answered ("Record is not upload-ready" without one). */
    uploadThumbnail: async (recordId: string, file: Blob, options?: UploadOptions) => {
      const record = await calls.prepareThumbnail(recordId, file.type as ThumbnailContentType);
      await uploadWithPolicy(record.previewSignedPostPolicy, file, options);
      return { ...record, previewSignedPostPolicy: null };
    },
    thumbnail: (recordId: string) => request<Blob>('GET', at(recordId, '/thumbnail'), { responseType: 'blob' }),
  };
  return calls;
}

function createStateCalls<S, C>(request: Http['request'], path: string) {
  return {
    get: (stateId: string) => request<S>('GET', `${path}/${id(stateId)}`),
    create: (body: C) => request<S>('POST', path, { body }),
    update: (stateId: string, data: StateData, { acquireLock }: { acquireLock?: boolean } = {}) =>
      request<S>('PUT', `${path}/${id(stateId)}`, { body: { data }, query: { acquireLock: flag(acquireLock) } }),
    remove: (stateId: string) => request<void>('DELETE', `${path}/${id(stateId)}`),
  };
}

export function createRecordsApi(request: Http['request']) {
  return {
    maps: createRecordCalls(request, RECORD_PATHS.maps.path),
    insights: createRecordCalls(request, RECORD_PATHS.insights.path),
    /** Dashboards are insights: the same records under another path. */
    dashboards: createRecordCalls(request, RECORD_PATHS.dashboards.path),
    workbooks: createRecordCalls(request, RECORD_PATHS.workbooks.path),
    insightStates: createStateCalls<InsightState, CreateInsightStateRequest>(request, STATE_KINDS['insight-state'].path),
    studioStates: createStateCalls<StudioState, CreateStudioStateRequest>(request, STATE_KINDS.studiostate.path),
    workbookStates: createStateCalls<WorkbookState, CreateWorkbookStateRequest>(request, STATE_KINDS['workbook-state'].path),
    locks: {
      /** PUT /v1/locks/{type}/{id}/owner: hands the editing lock to another user. */
      changeOwner: (type: LockResourceType, resourceId: string, ownerId: string, { isAdmin }: { isAdmin?: boolean } = {}) =>
        request<ResourceLock>('PUT', `/v1/locks/${id(type)}/${id(resourceId)}/owner`, { body: { ownerId }, query: { isAdmin: flag(isAdmin) } }),
      /** DELETE /v1/locks/{type}/{id} (not in the spec): the holder, or an administrator in admin mode, frees the record. */
      release: (type: LockResourceType, resourceId: string, { isAdmin }: { isAdmin?: boolean } = {}) =>
        request<void>('DELETE', `/v1/locks/${id(type)}/${id(resourceId)}`, { query: { isAdmin: flag(isAdmin) } }),
    },
  };
}
export type RecordsApi = ReturnType<typeof createRecordsApi>;
