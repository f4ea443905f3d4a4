import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, environmentPassword, requireSecretsKey, secretBinding, secretsKey, storedPassword } from './secrets.js';

describe('connection secrets', () => {
  const key = randomBytes(32);
  const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

  it('round-trips with AES-256-GCM, a fresh IV each time, bound to the connection id', () => {
    const first = encryptSecret(key, 'pa:ss wörd', id);
    const second = encryptSecret(key, 'pa:ss wörd', id);
    expect(first).toMatch(/^v2:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('pa:ss');
    expect(decryptSecret(key, first, id)).toBe('pa:ss wörd');
    expect(() => decryptSecret(key, first, '00000000-0000-0000-0000-000000000000')).toThrow();
    expect(() => decryptSecret(randomBytes(32), first, id)).toThrow();
    const [version, iv, tag, body] = first.split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0]! ^= 1;
    expect(() => decryptSecret(key, [version, iv, tag, flipped.toString('base64')].join(':'), id)).toThrow();
  });

  it('reads the key as hex or base64 and refuses other lengths', () => {
    expect(secretsKey({})).toBeNull();
    expect(secretsKey({ ATLAS_SECRETS_KEY: key.toString('hex') })).toEqual(key);
    expect(secretsKey({ ATLAS_SECRETS_KEY: key.toString('base64') })).toEqual(key);
    expect(() => secretsKey({ ATLAS_SECRETS_KEY: 'short' })).toThrow('ATLAS_SECRETS_KEY is not a 32-byte key');
    expect(() => requireSecretsKey({})).toThrow('Set ATLAS_SECRETS_KEY on the server to store connection passwords');
  });

  it('explains a password that cannot be read', () => {
    const stored = encryptSecret(key, 'pw', id);
    expect(storedPassword(stored, id, { ATLAS_SECRETS_KEY: key.toString('hex') })).toBe('pw');
    expect(() => storedPassword(stored, id, {})).toThrow('The connection password cannot be read');
    expect(() => storedPassword(stored, id, { ATLAS_SECRETS_KEY: randomBytes(32).toString('hex') })).toThrow('The connection password cannot be read');
  });

  it('binds a stored password to the connection and every option, in any key order', () => {
    const options = { host: 'db.example', port: 5432, database: 'sales', user: 'reader', ssl: false };
    const stored = encryptSecret(key, 'pw', secretBinding(id, options));
    const reordered = { ssl: false, user: 'reader', database: 'sales', port: 5432, host: 'db.example' };
    expect(decryptSecret(key, stored, secretBinding(id, reordered))).toBe('pw');
    for (const change of [{ host: 'evil.example' }, { port: 5433 }, { database: 'other' }, { user: 'postgres' }, { ssl: true }]) {
      expect(() => decryptSecret(key, stored, secretBinding(id, { ...options, ...change })), JSON.stringify(change)).toThrow();
    }
  });

  it("gives a variable's password only to the host, port, database and user of its URL", () => {
    const options = { host: 'db.example', port: 5432, database: 'sales', user: 'reader', ssl: false };
    const env = { ATLAS_CONNECTION_X: 'postgres://reader:p%40ss@DB.example/sales', ATLAS_CONNECTION_PLAIN: 'just-a-password', ATLAS_CONNECTION_BAD: 'postgres://reader:%ZZ@db.example/sales' };
    expect(environmentPassword('ATLAS_CONNECTION_X', options, 5432, env)).toBe('p@ss');
    expect(environmentPassword('ATLAS_CONNECTION_X', { ...options, port: 6543 }, 6543, env)).toBe('p@ss');
    const notSet = 'The connection password is not set on the server';
    for (const change of [{ host: 'evil.example' }, { port: 5433 }, { database: 'other' }, { user: 'postgres' }]) {
      expect(() => environmentPassword('ATLAS_CONNECTION_X', { ...options, ...change }, 5432, env), JSON.stringify(change)).toThrow(notSet);
    }
    for (const name of ['ATLAS_CONNECTION_PLAIN', 'ATLAS_CONNECTION_BAD', 'ATLAS_CONNECTION_MISSING']) {
      expect(() => environmentPassword(name, options, 5432, env), name).toThrow(notSet);
    }
  });
});
