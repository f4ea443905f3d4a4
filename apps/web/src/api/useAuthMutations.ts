import { useMutation } from '@tanstack/react-query';
import type { SignInRequest } from '@atlas/domain';
import { useSession } from './session';

export function useSignInMutation() {
  const { signIn } = useSession();
  return useMutation<void, Error, SignInRequest>({ mutationFn: (credentials) => signIn(credentials) });
}

export function useSignOutMutation() {
  const { signOut } = useSession();
  return useMutation<void, Error, void>({ mutationFn: () => signOut() });
}
