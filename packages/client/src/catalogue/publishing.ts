// Typed calls for published maps, insights and reports (workspace-and-catalogue.md §7).
import type {
  AnalyticQueryResult,
  AnalyticSetDefinition,
  CreateFeaturedMapRequest,
  Labels,
  CreateReportRequest,
  CreateReportResponse,
  FeaturedMap,
  PublishedInfo,
  PublishedItem,
  PublishedList,
  PublishedListQuery,
  PublishedStatusEntry,
  PublishReportRequest,
  PublishResourcesResponse,
  ReportInvitation,
  ReportInviteRequest,
  ReportList,
  ReportListQuery,
  UpdateFeaturedMapRequest,
  UploadOptions,
} from '@atlas/domain';
import type { Http } from '../http.js';

const seg = encodeURIComponent;

/** The header a protected item's data calls carry: the viewToken its public view answered once unlocked. */
export const VIEW_TOKEN_HEADER = 'x-view-token';
const viewTokenHeaders = (viewToken: string | undefined) => (viewToken ? { headers: { [VIEW_TOKEN_HEADER]: viewToken } } : {});

/** The published pattern shared by maps and insights; `id` is the record id (the public calls also take the published id). */
function publishedCalls(request: Http['request'], base: string, listKey: 'maps' | 'insights', publicPath: string) {
  const calls = {
    /** The caller's own published items (default 50, sorted by views). */
    listPublished: (query: Partial<PublishedListQuery> = {}) => request<PublishedList>('GET', `${base}/published`, { query }),
    /** The publication (or null) of each listed record the caller can read. */
    publishedList: (ids: readonly string[]) => request<PublishedStatusEntry[]>('GET', `${base}/published/list`, { query: { [listKey]: ids.join(',') } }),
    /** Step one: a pending publication holding the options. */
    publishResources: (id: string, uploadOptions: UploadOptions = {}) =>
      request<PublishResourcesResponse>('POST', `${base}/${seg(id)}/publish/resources`, { body: { uploadOptions } }),
    /** Step two: snapshot and make public. */
    publish: (id: string, publishedId: string) => request<PublishedItem>('POST', `${base}/${seg(id)}/publish/${seg(publishedId)}`),
    /** Both steps in one go. */
    async publishNow(id: string, uploadOptions: UploadOptions = {}) {
      const { publishedId } = await calls.publishResources(id, uploadOptions);
      return calls.publish(id, publishedId);
    },
    unpublish: (id: string) => request<void>('DELETE', `${base}/${seg(id)}/unpublish`),
    /** Public view; a password-protected item answers 401 here, use `unlock`. */
    viewPublished: (id: string) => request<PublishedItem>('GET', `${base}/${seg(id)}/${publicPath}`),
    /** Name, description and protection, without the snapshot and without the password. */
    publishedInfo: (id: string) => request<PublishedInfo>('GET', `${base}/${seg(id)}/${publicPath}`, { query: { infoOnly: true } }),
    unlock: (id: string, password: string) => request<PublishedItem>('POST', `${base}/${seg(id)}/${publicPath}`, { body: { password } }),
  };
  return calls;
}

export function createPublishingApi(request: Http['request']) {
  const featured = '/v1/maps/published/featured';
  const reports = '/v1/reports/published';
  return {
    maps: {
      ...publishedCalls(request, '/v1/maps', 'maps', 'published-map'),
      /** The data of a dataset a published map shows, as an Arrow stream response (public). */
      publishedDatasetData: (id: string, datasetId: string, { viewToken, signal }: { viewToken?: string; signal?: AbortSignal } = {}) =>
        request<Response>('GET', `/v1/maps/${seg(id)}/published-map/datasets/${seg(datasetId)}/data`, { responseType: 'response', signal, ...viewTokenHeaders(viewToken) }),
      samples: (query: Partial<PublishedListQuery> = {}) => request<PublishedList>('GET', '/v1/maps/published/samples', { query }),
      featured: {
        list: () => request<FeaturedMap[]>('GET', featured),
        create: (body: CreateFeaturedMapRequest) => request<FeaturedMap>('POST', featured, { body }),
        update: (id: string, body: UpdateFeaturedMapRequest) => request<FeaturedMap>('PUT', `${featured}/${seg(id)}`, { body }),
        remove: (id: string) => request<void>('DELETE', `${featured}/${seg(id)}`),
        highlight: (id: string, highlighted = true) => request<FeaturedMap>('PUT', `${featured}/${seg(id)}/highlight`, { body: { highlighted } }),
      },
    },
    insights: {
      ...publishedCalls(request, '/v1/insights', 'insights', 'published-insight'),
      /** The analytic set a published dashboard shows, and the labels (public). */
      publishedAnalyticSet: (id: string, viewToken?: string) =>
        request<{ definition: AnalyticSetDefinition; labels: Labels }>('GET', `/v1/insights/${seg(id)}/published-insight/analytic-set`, viewTokenHeaders(viewToken)),
      /** One chart of a published dashboard; the server answers it with the saved values whatever `parameters` say (public). */
      publishedQuery: (id: string, templateId: string, parameters: Record<string, unknown>, viewToken?: string) =>
        request<AnalyticQueryResult>('POST', `/v1/insights/${seg(id)}/published-insight/query/${seg(templateId)}`, {
          body: { parameters },
          ...viewTokenHeaders(viewToken),
        }),
    },
    reports: {
      /** The caller's own reports, pending ones too, newest change first; `isAdmin: true` (administrators) lists every report. */
      list: (query: Partial<ReportListQuery> = {}) => request<ReportList>('GET', reports, { query }),
      create: (body: CreateReportRequest) => request<CreateReportResponse>('POST', `${reports}/resources`, { body }),
      publish: (id: string, body: PublishReportRequest = {}) => request<PublishedItem>('POST', `${reports}/${seg(id)}`, { body }),
      get: (id: string, password?: string) => request<PublishedItem>('GET', `${reports}/${seg(id)}`, { query: { password } }),
      info: (id: string) => request<PublishedInfo>('GET', `${reports}/${seg(id)}`, { query: { infoOnly: true } }),
      invite: (id: string, body: ReportInviteRequest) => request<ReportInvitation>('POST', `${reports}/${seg(id)}/invite`, { body }),
    },
  };
}
export type PublishingApi = ReturnType<typeof createPublishingApi>;
