import { createApiClient, type ApiClient } from '@atlas/client';
import type { TokenStore } from './tokenStore';

/** The API client for this page: same-origin calls (the dev server proxies /v1), bearer token from the store. */
export function createBrowserApiClient(tokens: TokenStore): ApiClient {
  return createApiClient({ baseUrl: '', getToken: () => tokens.get() });
}
