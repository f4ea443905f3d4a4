import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryable, isUnauthorized } from './errors';

const MAX_RETRIES = 2;

/**
 * The one query client. Any call answered 401 ends the session (`onUnauthorized`), so an expired
 * token sends the user back to sign-in from whichever screen made the call.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}
