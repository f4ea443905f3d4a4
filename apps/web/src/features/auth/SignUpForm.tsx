import { useState } from 'react';
import { SignUpRequest } from '@atlas/domain';
import { AuthField, AuthForm } from './AuthForm';

// The server's limits, read from its schema (TypeBox keeps the JSON Schema keywords, untyped), so the browser stops
// what the server would refuse.
type StringLimits = { minLength?: number; maxLength?: number };
const { name: NAME, email: EMAIL, password: PASSWORD } = SignUpRequest.properties as Record<keyof SignUpRequest, StringLimits>;

interface SignUpFormProps {
  onSubmit: (request: SignUpRequest) => void;
  pending: boolean;
  /** The last failure, shown as an alert. */
  error: string | null;
}

/** Name, email and a new password; reports what was typed, does not call anything itself. */
export function SignUpForm({ onSubmit, pending, error }: SignUpFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <AuthForm pending={pending} error={error} submitLabel="Create account" onSubmit={() => onSubmit({ name: name.trim(), email: email.trim(), password })}>
      <AuthField label="Name" name="name" autoComplete="name" required autoFocus maxLength={NAME.maxLength} value={name} onValue={setName} />
      <AuthField label="Email" type="email" name="email" autoComplete="email" required maxLength={EMAIL.maxLength} value={email} onValue={setEmail} />
      <AuthField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD.minLength}
        maxLength={PASSWORD.maxLength}
        hint={`At least ${PASSWORD.minLength} characters.`}
        value={password}
        onValue={setPassword}
      />
    </AuthForm>
  );
}
