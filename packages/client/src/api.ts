// Typed calls for identity and service endpoints; other areas can build on `http`.
import type {
  ApiKey,
  ApiKeyRequest,
  ApiKeyWithSecret,
  FeatureFlags,
  Health,
  Quota,
  SignInRequest,
  SignInResponse,
  StaticConfigs,
  Tiers,
  User,
  UserSeat,
  UserUpdate,
} from '@atlas/domain';
import { createHttp, type HttpOptions } from './http.js';

const id = encodeURIComponent;

export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  const { request } = http;
  return {
    http,
    auth: {
      signIn: (body: SignInRequest) => request<SignInResponse>('POST', '/v1/auth/sign-in', { body }),
      signOut: () => request<void>('POST', '/v1/auth/sign-out'),
    },
    users: {
      // Only `true` is sent: the server treats an absent flag as false.
      me: ({ includeFlags }: { includeFlags?: boolean } = {}) =>
        request<User>('GET', '/v1/users/me', { query: { includeFlags: includeFlags ? true : undefined } }),
      flags: () => request<FeatureFlags>('GET', '/v1/users/me/flags'),
      quota: () => request<Quota>('GET', '/v1/users/me/quota'),
      seat: (userId: string) => request<UserSeat>('GET', `/v1/users/${id(userId)}/seat`),
      update: (userId: string, body: UserUpdate) => request<User>('PUT', `/v1/users/${id(userId)}`, { body }),
    },
    apiKey: {
      get: () => request<ApiKey>('GET', '/v1/api-key'),
      create: (body: ApiKeyRequest = {}) => request<ApiKeyWithSecret>('POST', '/v1/api-key', { body }),
      /** Rotates the key: the old secret stops working and the new one is shown once. */
      update: (body: ApiKeyRequest = {}) => request<ApiKeyWithSecret>('PUT', '/v1/api-key', { body }),
      remove: () => request<void>('DELETE', '/v1/api-key'),
    },
    service: {
      health: () => request<Health>('GET', '/v1/health'),
      tiers: () => request<Tiers>('GET', '/v1/tiers'),
      staticConfigs: () => request<StaticConfigs>('GET', '/v1/static-configs'),
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
