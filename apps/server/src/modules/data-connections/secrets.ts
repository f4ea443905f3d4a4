// Connection passwords at rest: AES-256-GCM under ATLAS_SECRETS_KEY (32 bytes, hex or base64), bound to the
// connection id and its options, so a ciphertext copied onto another row, or kept while the host, port, database or
// user changed, does not decrypt: a password only ever goes where it was entered for. Or no stored password at all:
// options.passwordEnvVar names a server variable holding a whole connection URL, destination included.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppStatusCode, SECRETS_KEY_MISSING } from '@atlas/domain';
import { normalHost } from '../../connectors/network.js';
import { AppError, invalidInput } from '../../http/errors.js';

/** v2: bound to secretBinding (v1, bound to the id alone, no longer decrypts: such passwords are entered again). */
const VERSION = 'v2';

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
  if (!key) throw invalidInput(SECRETS_KEY_MISSING, 'Or name a server variable holding the connection URL with options.passwordEnvVar');
  return key;
}

/** What a stored password is bound to: its connection and every option (where and as whom it connects), in key order. */
export function secretBinding(connectionId: string, options: Record<string, unknown>): string {
  return JSON.stringify([connectionId, Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
}

/** `v2:<base64 iv>:<base64 tag>:<base64 ciphertext>`, authenticated with `binding` (see secretBinding). */
export function encryptSecret(key: Buffer, plaintext: string, binding: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(key: Buffer, stored: string, binding: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(binding));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** The stored password of a connection, decrypted; 422 when the key is gone or was changed, or the options were. */
export function storedPassword(ciphertext: string, binding: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = secretsKey(env);
  if (!key) throw invalidInput('The connection password cannot be read', 'ATLAS_SECRETS_KEY is not set on the server; save the password again once it is');
  try {
    return decryptSecret(key, ciphertext, binding);
  } catch {
    throw invalidInput('The connection password cannot be read', 'It was stored under another ATLAS_SECRETS_KEY or for other options; save the password again');
  }
}

/** The URL's password when it names exactly the options' host, port (or the type's default), database and user. */
function passwordFor(text: string | undefined, options: Record<string, unknown>, defaultPort: number | undefined): string | null {
  if (text === undefined || !URL.canParse(text)) return null;
  const url = new URL(text);
  try {
    const same =
      typeof options.host === 'string' &&
      normalHost(options.host) === normalHost(url.hostname) &&
      options.port === (url.port === '' ? defaultPort : Number(url.port)) &&
      (options.database ?? '') === decodeURIComponent(url.pathname.replace(/^\//, '')) &&
      (options.user ?? '') === decodeURIComponent(url.username);
    return same ? decodeURIComponent(url.password) : null;
  } catch {
    return null; // malformed percent-encoding
  }
}

/**
 * The password in the server variable passwordEnvVar names, which holds a whole connection URL
 * (postgres://user:password@host:port/database): it goes only to that destination. A missing variable, one that is not
 * such a URL and one for another destination answer alike, so no answer tells which variables the server has.
 */
export function environmentPassword(
  name: string,
  options: Record<string, unknown>,
  defaultPort: number | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const password = passwordFor(env[name], options, defaultPort);
  if (password === null) {
    throw invalidInput('The connection password is not set on the server', `Set ${name} on the server to a connection URL with this host, port, database and user`);
  }
  return password;
}
