// Connection passwords at rest: AES-256-GCM under ATLAS_SECRETS_KEY (32 bytes, hex or base64), bound to the
// connection id so a ciphertext copied onto another row does not decrypt. Or no stored password at all:
// options.passwordEnvVar names a server environment variable read at connect time.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppStatusCode, SECRETS_KEY_MISSING } from '@atlas/domain';
import { AppError, invalidInput } from '../../http/errors.js';

const VERSION = 'v1';

/** The 32-byte key, or null when ATLAS_SECRETS_KEY is unset. A malformed key is a server misconfiguration (500). */
export function secretsKey(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const text = env.ATLAS_SECRETS_KEY?.trim();
  if (!text) return null;
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new AppError(500, 'ATLAS_SECRETS_KEY is not a 32-byte key', AppStatusCode.InternalError, 'Give 64 hex digits or 32 bytes in base64');
  }
  return key;
}

export function requireSecretsKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const key = secretsKey(env);
  if (!key) throw invalidInput(SECRETS_KEY_MISSING, 'Or name an environment variable holding the password with options.passwordEnvVar');
  return key;
}

/** `v1:<base64 iv>:<base64 tag>:<base64 ciphertext>`. */
export function encryptSecret(key: Buffer, plaintext: string, connectionId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(connectionId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(key: Buffer, stored: string, connectionId: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(connectionId));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** The stored password of a connection, decrypted; 422 when the key is gone or was changed. */
export function storedPassword(ciphertext: string, connectionId: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = secretsKey(env);
  if (!key) throw invalidInput('The connection password cannot be read', 'ATLAS_SECRETS_KEY is not set on the server; save the password again once it is');
  try {
    return decryptSecret(key, ciphertext, connectionId);
  } catch {
    throw invalidInput('The connection password cannot be read', 'It was stored under another ATLAS_SECRETS_KEY; save the password again');
  }
}

/** The password named by passwordEnvVar; 422 when the server does not have that variable. */
export function environmentPassword(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (value === undefined) throw invalidInput('The connection password is not set on the server', `Environment variable ${name} is not set`);
  return value;
}
