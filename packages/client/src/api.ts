// Typed calls for identity and service endpoints; other areas can build on `http`.
import type {
  AuthOptions,
  ApiKey,
  ApiKeyRequest,
  ApiKeyWithSecret,
  FeatureFlags,
  Health,
  Industries,
  Quota,
  ScreeningStatusResult,
  ScreeningStatusUpdates,
  SignInRequest,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  StaticConfigs,
  Tiers,
  User,
  UserFeedback,
  UserFeedbackCreate,
  UserSeat,
  UserUpdate,
} from '@atlas/domain';
import { createAnalyticsApi } from './catalogue/analytics.js';
import { createAdminApi } from './catalogue/admin.js';
import { createBiConfigApi } from './catalogue/bi-config.js';
import { createDataConnectionsApi } from './catalogue/data-connections.js';
import { createDataQueriesApi } from './catalogue/data-queries.js';
import { createDatasetsApi } from './catalogue/datasets.js';
import { createLegalApi } from './catalogue/legal.js';
import { createMapAssetsApi } from './catalogue/map-assets.js';
import { createPermissionsApi } from './catalogue/permissions.js';
import { createProjectsApi } from './catalogue/projects.js';
import { createPublishingApi } from './catalogue/publishing.js';
import { createRecordsApi } from './catalogue/records.js';
import { createTagsApi } from './catalogue/tags.js';
import { createHttp, type HttpOptions } from './http.js';

const id = encodeURIComponent;

export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  const { request } = http;
  return {
    http,
    auth: {
      /** Public: whether this server opens accounts with sign-up. */
      options: () => request<AuthOptions>('GET', '/v1/auth/options'),
      signIn: (body: SignInRequest) => request<SignInResponse>('POST', '/v1/auth/sign-in', { body }),
      /** The same answer whether or not the address had an account; sign in afterwards. */
      signUp: (body: SignUpRequest) => request<SignUpResponse>('POST', '/v1/auth/sign-up', { body }),
      signOut: () => request<void>('POST', '/v1/auth/sign-out'),
      signOutEverywhere: () => request<void>('POST', '/v1/auth/sign-out-everywhere'),
    },
    users: {
      // Only `true` is sent: the server treats an absent flag as false.
      me: ({ includeFlags }: { includeFlags?: boolean } = {}) =>
        request<User>('GET', '/v1/users/me', { query: { includeFlags: includeFlags ? true : undefined } }),
      flags: () => request<FeatureFlags>('GET', '/v1/users/me/flags'),
      quota: () => request<Quota>('GET', '/v1/users/me/quota'),
      seat: (userId: string) => request<UserSeat>('GET', `/v1/users/${id(userId)}/seat`),
      update: (userId: string, body: UserUpdate) => request<User>('PUT', `/v1/users/${id(userId)}`, { body }),
      industries: () => request<Industries>('GET', '/v1/users/industries'),
      google: () => request<unknown>('GET', '/v1/users/me/google'),
      moveToOrganization: (userId: string, organizationId: string) =>
        request<User>('PUT', `/v1/users/${id(userId)}/organization/${id(organizationId)}`),
      setScreeningStatuses: (body: ScreeningStatusUpdates) => request<ScreeningStatusResult>('PUT', '/v1/users/screening-status', { body }),
    },
    apiKey: {
      get: () => request<ApiKey>('GET', '/v1/api-key'),
      create: (body: ApiKeyRequest = {}) => request<ApiKeyWithSecret>('POST', '/v1/api-key', { body }),
      /** Rotates the key: the old secret stops working and the new one is shown once. */
      update: (body: ApiKeyRequest = {}) => request<ApiKeyWithSecret>('PUT', '/v1/api-key', { body }),
      remove: () => request<void>('DELETE', '/v1/api-key'),
    },
    // Catalogue (workspace-and-catalogue.md §7): maps, insights, dashboards, workbooks, their states and locks.
    ...createRecordsApi(request),
    datasets: createDatasetsApi(request),
    dataQueries: createDataQueriesApi(request),
    dataConnections: createDataConnectionsApi(request),
    permissions: createPermissionsApi(request),
    publishing: createPublishingApi(request),
    mapAssets: createMapAssetsApi(request),
    projects: createProjectsApi(request),
    tags: createTagsApi(request),
    legal: createLegalApi(request),
    analytics: createAnalyticsApi(request),
    bi: createBiConfigApi(request),
    admin: createAdminApi(request),
    feedback: {
      /** Stored for the administrators, and forwarded when an error-reporting service is configured (docs/error-reports.md). */
      send: (body: UserFeedbackCreate) => request<UserFeedback>('POST', '/v1/sentry-user-feedback', { body }),
    },
    service: {
      health: () => request<Health>('GET', '/v1/health'),
      tiers: () => request<Tiers>('GET', '/v1/tiers'),
      staticConfigs: () => request<StaticConfigs>('GET', '/v1/static-configs'),
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
