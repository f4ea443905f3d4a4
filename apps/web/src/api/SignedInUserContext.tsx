import { createContext, useContext, type ReactNode } from 'react';
import type { User } from '@atlas/domain';

const SignedInUserContext = createContext<User | null>(null);

/** Provided by <RequireAuth> once GET /v1/users/me has answered. */
export function SignedInUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in user, for screens rendered under <RequireAuth>. */
export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is only for screens rendered under <RequireAuth>');
  return user;
}
