import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { errorText, isUnauthorized } from '../../api/errors';
import { useSession } from '../../api/session';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { useCurrentUser } from '../../api/useCurrentUser';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { StandalonePage } from '../../ui/StandalonePage';
import { signInPathFor } from './nextPath';

/**
 * Guards the routes that need a signed-in user: no token sends the visitor to sign-in (with `next`);
 * otherwise the child routes render once GET /v1/users/me has answered. A 401 there clears the token
 * (see createQueryClient), which lands here again as "no token".
 */
export function RequireAuth() {
  const { token, signedOut } = useSession();
  const location = useLocation();
  const currentUser = useCurrentUser();

  if (!token) return <Navigate to={signedOut ? paths.signIn() : signInPathFor(location)} replace />;
  if (currentUser.data) {
    return (
      <SignedInUserProvider user={currentUser.data}>
        <Outlet />
      </SignedInUserProvider>
    );
  }

  if (currentUser.isError && !isUnauthorized(currentUser.error)) {
    return (
      <StandalonePage>
        <ErrorState
          title="Could not load your account"
          message={errorText(currentUser.error)}
          onRetry={() => void currentUser.refetch()}
        />
      </StandalonePage>
    );
  }
  return (
    <StandalonePage>
      <Spinner label="Loading your workspace…" />
    </StandalonePage>
  );
}
