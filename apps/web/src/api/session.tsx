import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@atlas/domain';
import { useApiClient } from './ApiClientContext';
import { queryKeys } from './queryKeys';
import type { TokenStore } from './tokenStore';

export interface Session {
  /** The bearer token, or null when signed out. */
  token: string | null;
  /** True after the user signed out in this page (until the next sign-in), as opposed to a session that expired. */
  signedOut: boolean;
  /** Signs in, keeps the token and seeds the current-user cache with the user the server returned. */
  signIn(credentials: SignInRequest): Promise<void>;
  /** Tells the server (best effort), then forgets the token and every cached answer. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ tokens, children }: { tokens: TokenStore; children: ReactNode }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(tokens.subscribe, tokens.get);
  const [signedOut, setSignedOut] = useState(false);

  const signIn = useCallback(
    async (credentials: SignInRequest) => {
      const { token: newToken, user } = await client.auth.signIn(credentials);
      setSignedOut(false);
      tokens.set(newToken);
      // Nothing cached for a previous user may leak into this session.
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.currentUser, user);
    },
    [client, queryClient, tokens],
  );

  const signOut = useCallback(async () => {
    try {
      await client.auth.signOut();
    } catch {
      // The token may already be expired or the server unreachable; signing out locally still counts.
    } finally {
      // The token store re-renders synchronously; commit the flag first so that <RequireAuth> sees both.
      flushSync(() => setSignedOut(true));
      tokens.clear();
      queryClient.removeQueries();
    }
  }, [client, queryClient, tokens]);

  const session = useMemo<Session>(() => ({ token, signedOut, signIn, signOut }), [token, signedOut, signIn, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
