import { describe, expect, it } from 'vitest';
import { demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { deleteExpired } from './repo.js';
import { testStores } from '../../test-support/stores.js';

describe.each(testStores())('auth on $name', (store) => {
  const h = useHarness(store);
  const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: payload as object, headers });

  it('signs in with email and password and returns a token and the user', async () => {
    const response = await signIn({ email: 'Analyst@Example.com', password: 'demo' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^ats_/);
    expect(body.user).toMatchObject({ email: 'analyst@example.com', name: 'Demo Analyst', seat: 'maker', organization: { name: 'Demo' } });
    const me = await h.app.inject({ url: '/v1/users/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().id).toBe(body.user.id);
  });

  it('tells signed-out pages that sign-up is open', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/v1/auth/options' })).json()).toEqual({ allowSignUp: true });
  });

  it('stores passwords as argon2 hashes, never in clear', async () => {
    const rows = await h.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = 'viewer@example.com'");
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain('demo');
  });

  it.each([
    ['a wrong password', { email: 'analyst@example.com', password: 'nope' }],
    ['an unknown email', { email: 'nobody@example.com', password: 'demo' }],
  ])('answers 401 with one message for %s, without creating a session', async (_, payload) => {
    const before = await h.count('sessions');
    const response = await signIn(payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password', details: '', appStatusCode: 'INVALID_CREDENTIALS' });
    expect(await h.count('sessions')).toBe(before);
  });

  it.each([
    ['malformed JSON', '{"email": "analyst@example.com",', 'Malformed JSON body', 'MALFORMED_JSON'],
    ['a wrong type', JSON.stringify({ email: 'analyst@example.com', password: 12 }), 'Invalid request body', 'VALIDATION_FAILED'],
    ['an unknown field', JSON.stringify({ email: 'analyst@example.com', password: 'demo', admin: true }), 'Invalid request body', 'VALIDATION_FAILED'],
    ['a missing field', JSON.stringify({ email: 'analyst@example.com' }), 'Invalid request body', 'VALIDATION_FAILED'],
    ['a bad email', JSON.stringify({ email: 'not-an-email', password: 'demo' }), 'Invalid request body', 'VALIDATION_FAILED'],
  ])('rejects %s with 400 in the error shape and stores nothing', async (_, payload, message, code) => {
    const before = await h.count('sessions');
    const response = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, appStatusCode: code });
    expect(typeof response.json().details).toBe('string');
    expect(await h.count('sessions')).toBe(before);
  });

  it('names the offending field in the details', async () => {
    const response = await signIn({ email: 'analyst@example.com', password: 'demo', role: 'admin' });
    expect(response.json().details).toContain("'role'");
  });

  it.each([
    ['no token', {}, 'UNAUTHORIZED'],
    ['the signed-out placeholder', { authorization: 'Bearer signed-out' }, 'UNAUTHORIZED'],
    ['an unknown token', { authorization: 'Bearer ats_not-a-real-session' }, 'UNAUTHORIZED'],
    ['a token of no known kind', { authorization: 'Bearer hello' }, 'UNAUTHORIZED'],
    ['a malformed header', { authorization: 'Basic abc' }, 'UNAUTHORIZED'],
  ])('answers 401 to %s on a call that needs auth', async (_, headers, code) => {
    const response = await h.app.inject({ url: '/v1/users/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ appStatusCode: code });
    expect(response.json().message).toBeTruthy();
  });

  it('refuses an expired session', async () => {
    const headers = await h.auth('viewer@example.com');
    await h.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    const response = await h.app.inject({ url: '/v1/users/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Session has expired', appStatusCode: 'TOKEN_EXPIRED' });
  });

  it('signs out by revoking exactly the current session', async () => {
    const first = await h.auth('analyst@example.com');
    const second = await h.auth('analyst@example.com');
    const out = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers: first });
    expect(out.statusCode).toBe(204);
    expect((await h.app.inject({ url: '/v1/users/me', headers: first })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/v1/users/me', headers: second })).statusCode).toBe(200);
  });

  it('lets public calls through with a stale token', async () => {
    const response = await h.app.inject({ url: '/v1/health', headers: { authorization: 'Bearer ats_stale' } });
    expect(response.statusCode).toBe(200);
  });
});

describe.each(testStores())('forgetting what expired on $name', (store) => {
  const h = useHarness(store);

  it('removes expired sessions and verification links and stale password failures, and keeps the live ones', async () => {
    const { analyst } = await demoIds(h.db);
    const { authorization } = await h.auth('analyst@example.com');
    await h.db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('expired-session', $1, now() - interval '1 hour')", [analyst]);
    await h.db.query("INSERT INTO email_verifications (token_hash, user_id, email, expires_at) VALUES ('old-link', $1, 'a@b.c', now() - interval '1 hour'), ('new-link', $1, 'a@b.c', now() + interval '1 hour')", [analyst]);
    await h.db.query(
      `INSERT INTO password_failures (subject, failures, last_failure_at, locked_until) VALUES
         ('account:stale', 3, now() - interval '2 hours', NULL),
         ('account:locked', 9, now() - interval '2 hours', now() + interval '1 hour'),
         ('account:recent', 2, now(), NULL)`,
    );
    await deleteExpired(h.db, 15 * 60_000);
    expect(await h.db.query("SELECT 1 FROM sessions WHERE token_hash = 'expired-session'")).toHaveLength(0);
    expect((await h.db.query<{ token_hash: string }>('SELECT token_hash FROM email_verifications')).map((row) => row.token_hash)).toEqual(['new-link']);
    expect((await h.db.query<{ subject: string }>('SELECT subject FROM password_failures ORDER BY subject')).map((row) => row.subject)).toEqual(['account:locked', 'account:recent']);
    expect((await h.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization } })).statusCode).toBe(200);
  });
});

describe('sign-up switched off', () => {
  const h = useHarness(testStores()[0]!, { allowSignUp: false });

  it('answers 403 and creates nothing', async () => {
    const before = await h.count('users');
    const response = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email: 'new@x.org', password: 'long enough', name: 'New' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Sign-up is disabled on this server', appStatusCode: 'FORBIDDEN' });
    expect(await h.count('users')).toBe(before);
  });

  it('tells signed-out pages not to offer it', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/v1/auth/options' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ allowSignUp: false });
  });
});
