import { Navigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { useSession } from '../../api/session';
import { useSignInMutation } from '../../api/useAuthMutations';
import { StandalonePage } from '../../ui/StandalonePage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { nextPathAfterSignIn } from './nextPath';
import { SignInForm } from './SignInForm';

export const DEMO_HINT = 'Demo accounts: admin@example.com, analyst@example.com, viewer@example.com';

/**
 * /sign-in: the form, then on to `next` (or the workspace). Once a token is held (just signed in, or
 * already signed in on arrival) the page forwards by itself.
 */
export function SignInPage() {
  useDocumentTitle('Sign in');
  const { token } = useSession();
  const [searchParams] = useSearchParams();
  const signIn = useSignInMutation();
  const next = nextPathAfterSignIn(searchParams.get('next'));

  if (token && !signIn.isPending) return <Navigate to={next} replace />;

  return (
    <StandalonePage>
      <section className="card auth-card" aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading" className="auth-card__title">
          Sign in to Atlas Studio
        </h1>
        <p className="auth-card__lead">Explore, analyze and share location data.</p>
        <SignInForm
          pending={signIn.isPending}
          error={signIn.isError ? errorText(signIn.error) : null}
          onSubmit={(credentials) => signIn.mutate(credentials)}
        />
        <p className="auth-card__hint">{DEMO_HINT}</p>
      </section>
    </StandalonePage>
  );
}
