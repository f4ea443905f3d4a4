import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

describe.each(testStores())('API keys on $name', (store) => {
  const h = useHarness(store);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, payload?: object) =>
    h.app.inject({ method, url: '/v1/api-key', headers, ...(payload ? { payload } : {}) });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('creates, reads, rotates and deletes the key, which works as a bearer token meanwhile', async () => {
    const session = await h.auth('analyst@example.com');
    expect((await call('GET', session)).statusCode).toBe(404);

    const created = await call('POST', session, {});
    expect(created.statusCode).toBe(201);
    const { key, id, createdAt, prefix } = created.json();
    expect(key).toMatch(/^atk_/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(Date.parse(createdAt)).not.toBeNaN();

    const read = await call('GET', session);
    expect(read.json()).toMatchObject({ id, prefix, expiresAt: null });
    expect(read.json().key).toBeUndefined();

    const me = await h.app.inject({ url: '/v1/users/me', headers: bearer(key) });
    expect(me.json().email).toBe('analyst@example.com');
    expect((await call('GET', session)).json().lastUsedAt).not.toBeNull();

    expect((await call('POST', session, {})).statusCode).toBe(409);

    const rotated = await call('PUT', session, {});
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().id).toBe(id);
    expect((await h.app.inject({ url: '/v1/users/me', headers: bearer(key) })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/v1/users/me', headers: bearer(rotated.json().key) })).statusCode).toBe(200);

    expect((await call('DELETE', session)).statusCode).toBe(204);
    const afterDelete = await h.app.inject({ url: '/v1/users/me', headers: bearer(rotated.json().key) });
    expect(afterDelete.statusCode).toBe(401);
    expect(afterDelete.json()).toMatchObject({ message: 'API key is not valid', appStatusCode: 'UNAUTHORIZED' });
    expect((await call('DELETE', session)).statusCode).toBe(404);
  });

  it('refuses an expired key', async () => {
    const session = await h.auth('viewer@example.com');
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const created = await call('POST', session, { expiresAt });
    expect(created.json().expiresAt).toBe(expiresAt);
    await h.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [created.json().id]);
    const response = await h.app.inject({ url: '/v1/users/me', headers: bearer(created.json().key) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'API key has expired', appStatusCode: 'TOKEN_EXPIRED' });
  });

  it.each([
    ['an unknown field', { name: 'ci' }, 400],
    ['a wrong type', { expiresAt: 42 }, 400],
    ['a past expiry', { expiresAt: '2001-01-01T00:00:00.000Z' }, 422],
  ])('rejects %s on create and stores nothing', async (_, payload, status) => {
    const session = await h.auth('admin@example.com');
    const before = await h.count('api_keys');
    const response = await call('POST', session, payload);
    expect(response.statusCode).toBe(status);
    expect(Object.keys(response.json()).sort()).toEqual(['appStatusCode', 'details', 'message']);
    expect(await h.count('api_keys')).toBe(before);
  });

  it('needs a signed-in caller', async () => {
    expect((await call('GET', {})).statusCode).toBe(401);
    expect((await call('POST', {}, {})).statusCode).toBe(401);
  });
});
