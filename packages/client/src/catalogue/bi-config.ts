// Typed calls for business-intelligence configuration (bi-and-admin.md §7 Business-intelligence configuration).
import type {
  AnalyticSetConfig,
  CreateAnalyticSetConfigRequest,
  CreateQueryParamConfigRequest,
  CreateSharedParametersRequest,
  QueryParamConfig,
  SharedParameters,
  SharedParametersInvitationList,
  SharedParametersInviteRequest,
  UpdateAnalyticSetConfigRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;
type Values = Record<string, unknown>;

export function createBiConfigApi(request: Http['request']) {
  return {
    analyticSetConfigs: {
      /** The one config of a set for an organization: 404 when none, 500 when several. */
      forOrganization: (groupId: string, organizationId: string) =>
        request<AnalyticSetConfig>('GET', `/v1/bi/analytic-set-configs/${id(groupId)}/org/${id(organizationId)}`),
      get: (configId: string) => request<AnalyticSetConfig>('GET', `/v1/bi/analytic-set-configs/${id(configId)}`),
      create: (body: CreateAnalyticSetConfigRequest) => request<AnalyticSetConfig>('POST', '/v1/bi/analytic-set-configs', { body }),
      update: (configId: string, body: UpdateAnalyticSetConfigRequest) => request<AnalyticSetConfig>('PUT', `/v1/bi/analytic-set-configs/${id(configId)}`, { body }),
      remove: (configId: string) => request<void>('DELETE', `/v1/bi/analytic-set-configs/${id(configId)}`),
    },
    queryParamConfigs: {
      get: (configId: string) => request<QueryParamConfig>('GET', `/v1/bi/query-param-configs/${id(configId)}`),
      create: (body: CreateQueryParamConfigRequest) => request<QueryParamConfig>('POST', '/v1/bi/query-param-configs', { body }),
      update: (configId: string, values: Values) => request<QueryParamConfig>('PUT', `/v1/bi/query-param-configs/${id(configId)}`, { body: { values } }),
      remove: (configId: string) => request<void>('DELETE', `/v1/bi/query-param-configs/${id(configId)}`),
      /** The group's defaults; id is null while none is stored (the set definition's defaults). */
      getDefault: (groupId: string) => request<QueryParamConfig>('GET', `/v1/bi/query-param-configs/${id(groupId)}/default`),
      setDefault: (groupId: string, values: Values) => request<QueryParamConfig>('PUT', `/v1/bi/query-param-configs/${id(groupId)}/default`, { body: { values } }),
    },
    sharedParameters: {
      get: (sharedId: string) => request<SharedParameters>('GET', `/v1/bi/shared-parameters/${id(sharedId)}`),
      create: (body: CreateSharedParametersRequest) => request<SharedParameters>('POST', '/v1/bi/shared-parameters', { body }),
      /** Stores the invitations (no e-mail is sent); invited e-mails may read once someone signs in with them. */
      invite: (sharedId: string, body: SharedParametersInviteRequest) =>
        request<SharedParametersInvitationList>('POST', `/v1/bi/shared-parameters/${id(sharedId)}/invite`, { body }),
    },
  };
}
export type BiConfigApi = ReturnType<typeof createBiConfigApi>;
