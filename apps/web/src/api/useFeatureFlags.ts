import { useQuery } from '@tanstack/react-query';
import type { FeatureFlags } from '@atlas/domain';
import { useApiClient } from './ApiClientContext';
import { queryKeys } from './queryKeys';
import { useSession } from './session';

/**
 * Under the current user's key: every write that reads the user again (the console's among them) reads the flags
 * again too, so an administrator who changes their own organization's flags sees the screens follow at once.
 */
export const featureFlagsKey = [...queryKeys.currentUser, 'flags'] as const;

/**
 * GET /v1/users/me/flags: the feature flags of the signed-in user's organization (docs/feature-flags.md); idle while
 * signed out (public pages), where `data` stays undefined.
 */
export function useFeatureFlags() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery<FeatureFlags>({
    queryKey: featureFlagsKey,
    queryFn: () => client.users.flags(),
    enabled: token !== null,
    staleTime: 30_000,
  });
}
