import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSession } from '../../api/session';
import { useSignInMutation } from '../../api/useAuthMutations';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthCard } from './AuthCard';
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
  const client = useApiClient();
  const next = nextPathAfterSignIn(searchParams.get('next'));

  // Offered only where the server opens accounts.
  const signUpOpen = useQuery({ queryKey: ['auth', 'options'], queryFn: () => client.auth.options(), staleTime: Infinity }).data?.allowSignUp === true;

  if (token && !signIn.isPending) return <Navigate to={next} replace />;

  return (
    <AuthCard title="Sign in to Atlas Studio" lead="Explore, analyze and share location data.">
      <SignInForm pending={signIn.isPending} error={signIn.isError ? errorText(signIn.error) : null} onSubmit={(credentials) => signIn.mutate(credentials)} />
      {signUpOpen && (
        <p className="auth-card__switch">
          New here? <Link to={paths.signUp()}>Create an account</Link>
        </p>
      )}
      <p className="auth-card__hint">{DEMO_HINT}</p>
    </AuthCard>
  );
}
