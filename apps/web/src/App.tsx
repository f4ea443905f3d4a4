import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import { RouterProvider } from 'react-router-dom';
import { ApiClientProvider } from './api/ApiClientContext';
import { createBrowserApiClient } from './api/client';
import { createQueryClient } from './api/queryClient';
import { SessionProvider } from './api/session';
import { createBrowserTokenStore, type TokenStore } from './api/tokenStore';
import { createAppRouter } from './router';

export interface AppServices {
  tokens: TokenStore;
  client: ApiClient;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The page's long-lived services, built once at start-up: token store, API client, query client, router. */
export function createAppServices(): AppServices {
  const tokens = createBrowserTokenStore();
  const client = createBrowserApiClient(tokens);
  // Any call answered 401 ends the session; <RequireAuth> then sends the user to sign-in.
  const queryClient = createQueryClient({ onUnauthorized: () => tokens.clear() });
  return { tokens, client, queryClient, router: createAppRouter() };
}

export function App({ services }: { services: AppServices }) {
  const { tokens, client, queryClient, router } = services;
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <SessionProvider tokens={tokens}>
          <RouterProvider router={router} />
        </SessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
