import { useMutation } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import type { SignUpRequest } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthCard } from './AuthCard';
import { SignUpForm } from './SignUpForm';

/**
 * /sign-up: opens an account, then says what comes next in the server's words (check your e-mail, or sign in when the
 * server sends none) and links to sign-in. A server that allows no sign-up refuses, and the form shows why.
 */
export function SignUpPage() {
  useDocumentTitle('Create an account');
  const client = useApiClient();
  const { token } = useSession();
  const signUp = useMutation({ mutationFn: (request: SignUpRequest) => client.auth.signUp(request) });

  if (token) return <Navigate to={paths.workspace()} replace />;

  return (
    <AuthCard title="Create an account" lead="Your account comes with an organization of its own; an invitation can bring you into another.">
      {signUp.isSuccess ? (
        <>
          <p className="auth-card__done" role="status">
            {signUp.data.message}
          </p>
          <Link className="button button--primary button--block" to={paths.signIn()}>
            Sign in
          </Link>
        </>
      ) : (
        <>
          <SignUpForm pending={signUp.isPending} error={signUp.isError ? errorText(signUp.error) : null} onSubmit={(request) => signUp.mutate(request)} />
          <p className="auth-card__switch">
            Already have an account? <Link to={paths.signIn()}>Sign in</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
