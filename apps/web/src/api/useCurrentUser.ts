import { useQuery } from '@tanstack/react-query';
import type { User } from '@atlas/domain';
import { useApiClient } from './ApiClientContext';
import { queryKeys } from './queryKeys';
import { useSession } from './session';

/** GET /v1/users/me for the signed-in user; idle while signed out. A 401 ends the session (see queryClient). */
export function useCurrentUser() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery<User>({
    queryKey: queryKeys.currentUser,
    queryFn: () => client.users.me(),
    enabled: token !== null,
  });
}
