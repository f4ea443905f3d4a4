import { useState } from 'react';
import type { SignInRequest } from '@atlas/domain';
import { AuthField, AuthForm } from './AuthForm';

interface SignInFormProps {
  onSubmit: (credentials: SignInRequest) => void;
  pending: boolean;
  /** The last failure, shown as an alert. */
  error: string | null;
}

/** Email and password, with labels; reports what was typed, does not call anything itself. */
export function SignInForm({ onSubmit, pending, error }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <AuthForm pending={pending} error={error} submitLabel="Sign in" onSubmit={() => onSubmit({ email: email.trim(), password })}>
      <AuthField label="Email" type="email" name="email" autoComplete="username" required autoFocus value={email} onValue={setEmail} />
      <AuthField label="Password" type="password" name="password" autoComplete="current-password" required value={password} onValue={setPassword} />
    </AuthForm>
  );
}
