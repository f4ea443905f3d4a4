import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Opaque bearer secrets: a readable kind prefix and 32 random bytes. */
export type SecretKind = 'session' | 'apiKey';
const PREFIX: Record<SecretKind, string> = { session: 'ats_', apiKey: 'atk_' };

export function newSecret(kind: SecretKind): string {
  return PREFIX[kind] + randomBytes(32).toString('base64url');
}

export function secretKind(token: string): SecretKind | null {
  if (token.startsWith(PREFIX.session)) return 'session';
  if (token.startsWith(PREFIX.apiKey)) return 'apiKey';
  return null;
}

/** Secrets are high-entropy, so a plain SHA-256 is a safe lookup key; passwords get argon2. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const hashPassword = (password: string) => hash(password);

// Verifying against this when no user matches keeps sign-in timing the same for unknown emails.
let decoy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hash('decoy-password-for-timing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
