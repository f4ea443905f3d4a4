import { useSignOutMutation } from '../../api/useAuthMutations';
import { Icon } from '../../ui/Icon';

/**
 * Ends the session on the server and here. Once the token is gone, <RequireAuth> takes the user
 * to the sign-in page (without a `next`, since they chose to leave).
 */
export function SignOutButton() {
  const signOut = useSignOutMutation();
  return (
    <button type="button" className="button button--ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      <Icon name="signOut" />
      <span>Sign out</span>
    </button>
  );
}
