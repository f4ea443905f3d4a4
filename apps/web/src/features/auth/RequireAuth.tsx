import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { errorText, isUnauthorized } from '../../api/errors';
import { useSession } from '../../api/session';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { useCurrentUser } from '../../api/useCurrentUser';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { StudioTermsGate } from '../legal/StudioTermsGate';
import { useLatestConsent } from '../legal/queries';
import { StandalonePage } from '../../ui/StandalonePage';
import { signInPathFor } from './nextPath';

/**
 * Guards the routes that need a signed-in user: no token sends the visitor to sign-in (with `next`);
 * otherwise the child routes render once GET /v1/users/me has answered. A 401 there clears the token
 * (see createQueryClient), which lands here again as "no token". A user who has not accepted the latest studio terms
 * reads and accepts them first (<StudioTermsGate>, docs/legal.md), then sees the route they asked for.
 */
export function RequireAuth() {
  const { token, signedOut, signOut } = useSession();
  const location = useLocation();
  const currentUser = useCurrentUser();
  // Asked together with /v1/users/me, so the gate costs no extra round trip for someone who has accepted.
  useLatestConsent('studio-tos', token !== null);

  if (!token) return <Navigate to={signedOut ? paths.signIn() : signInPathFor(location)} replace />;
  if (currentUser.data) {
    return (
      <SignedInUserProvider user={currentUser.data}>
        <StudioTermsGate onSignOut={() => void signOut()}>
          <Outlet />
        </StudioTermsGate>
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
