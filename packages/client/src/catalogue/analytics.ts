// Typed calls for analytic sets (bi-and-admin.md §7 Analytics).
import type { AnalyticQueryResult, AnalyticSetDefinition, Labels } from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;

export interface AnalyticQueryOptions {
  /** Administrators only: run as another organization. */
  impersonateOrganizationId?: string;
  expectData?: boolean;
  /** Recompute instead of answering from the server's cache (sends cache-control: no-cache). */
  refresh?: boolean;
}

export function createAnalyticsApi(request: Http['request']) {
  return {
    getSet: (setId: string, { impersonateOrganizationId }: AnalyticQueryOptions = {}) =>
      request<AnalyticSetDefinition>('GET', `/v1/analytic-sets/${id(setId)}`, { query: { impersonateOrganizationId } }),
    labels: () => request<Labels>('GET', '/v1/labels'),
    /**
     * Runs one view of a set with query-bar parameters. Rows carry the spec's field names and each matches the view's row
     * schema in @atlas/domain (AnalyticRow: one of AudienceInsightRow, ChangeInVisitsRow, …), device_count included.
     */
    query: (setId: string, viewId: string, parameters: Record<string, unknown>, { impersonateOrganizationId, expectData, refresh }: AnalyticQueryOptions = {}) =>
      request<AnalyticQueryResult>('POST', `/v1/query/${id(setId)}/template/${id(viewId)}`, {
        body: { parameters },
        query: { impersonateOrganizationId, expectData: expectData ? true : undefined },
        ...(refresh ? { headers: { 'cache-control': 'no-cache' } } : {}),
      }),
    /** Administrators: drop cached answers after labels, a set's default configuration or an organization's change. */
    invalidateLabels: () => request<void>('POST', '/v1/invalidate/labels'),
    invalidateDefault: (setId: string) => request<void>('POST', `/v1/invalidate/${id(setId)}/default`),
    invalidateOrganization: (setId: string, organizationId: string) => request<void>('POST', `/v1/invalidate/${id(setId)}/org/${id(organizationId)}`),
  };
}
