import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { addUser, demoIds } from '../../test-support/fixtures.js';
import { useHarness, type Harness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const DEFAULTS = loadConfig({}).passwordAttempts;

const signInFrom = (h: Harness, email: string, password: string, remoteAddress = '127.0.0.1') =>
  h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password }, remoteAddress });

const expectTooMany = (response: Awaited<ReturnType<typeof signInFrom>>, message = 'Too many failed attempts') => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message, details: expect.stringMatching(/^Try again in \d+ seconds$/), appStatusCode: 'TOO_MANY_REQUESTS' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe.each(testStores())('sign-in brute force on $name', (store) => {
  const h = useHarness(store);
  beforeAll(async () => {
    await addUser(h.db, { email: 'target@example.com', organization: 'Demo' });
    await addUser(h.db, { email: 'reset@example.com', organization: 'Demo' });
    await addUser(h.db, { email: 'growing@example.com', organization: 'Demo' });
  });

  it('locks an account after repeated failures: 30 wrong passwords, then the right one, answer 429', async () => {
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await signInFrom(h, 'target@example.com', `wrong-${i}`)).statusCode);
    expect(answers.slice(0, DEFAULTS.failures)).toEqual(Array(DEFAULTS.failures).fill(401));
    expect(new Set(answers.slice(DEFAULTS.failures))).toEqual(new Set([429]));
    const right = await signInFrom(h, 'Target@Example.com', 'demo');
    expectTooMany(right);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(DEFAULTS.lockMs / 1000);
    // The lock is the account's: another account signs in from the same address.
    expect((await signInFrom(h, 'analyst@example.com', 'demo')).statusCode).toBe(200);
  });

  it('locks unknown addresses the same way, so the lock does not tell which accounts exist', async () => {
    for (let i = 0; i < DEFAULTS.failures; i++) expect((await signInFrom(h, 'nobody@example.com', 'wrong')).statusCode).toBe(401);
    expectTooMany(await signInFrom(h, 'nobody@example.com', 'wrong'));
  });

  it('forgets failures after a successful sign-in', async () => {
    for (let i = 0; i < DEFAULTS.failures - 1; i++) await signInFrom(h, 'reset@example.com', 'wrong');
    expect((await signInFrom(h, 'reset@example.com', 'demo')).statusCode).toBe(200);
    for (let i = 0; i < DEFAULTS.failures - 1; i++) expect((await signInFrom(h, 'reset@example.com', 'wrong')).statusCode).toBe(401);
    expect((await signInFrom(h, 'reset@example.com', 'demo')).statusCode).toBe(200);
  });

  it('doubles the lock with each failure after it ends', async () => {
    for (let i = 0; i < DEFAULTS.failures; i++) await signInFrom(h, 'growing@example.com', 'wrong');
    await h.db.query("UPDATE password_failures SET locked_until = now() - interval '1 second' WHERE subject = 'account:growing@example.com'");
    expect((await signInFrom(h, 'growing@example.com', 'wrong')).statusCode).toBe(401);
    const locked = await signInFrom(h, 'growing@example.com', 'demo');
    expectTooMany(locked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(DEFAULTS.lockMs / 1000);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual((2 * DEFAULTS.lockMs) / 1000);
  });
});

describe('sign-in limits per client address', () => {
  const h = useHarness(testStores()[0]!, { passwordAttempts: { ...DEFAULTS, addressFailures: 3, perMinute: 1000 } });

  it('locks an address after failures on several accounts; other addresses still sign in', async () => {
    for (const email of ['a@x.org', 'b@x.org', 'c@x.org']) expect((await signInFrom(h, email, 'wrong', '10.0.0.1')).statusCode).toBe(401);
    expectTooMany(await signInFrom(h, 'analyst@example.com', 'demo', '10.0.0.1'));
    expect((await signInFrom(h, 'analyst@example.com', 'demo', '10.0.0.2')).statusCode).toBe(200);
  });
});

describe('client addresses behind a proxy', () => {
  const limits = { ...DEFAULTS, addressFailures: 2, perMinute: 1000 };
  const h = useHarness(testStores()[0]!, { passwordAttempts: limits });
  const proxied = useHarness(testStores()[0]!, { passwordAttempts: limits, trustProxy: '10.9.0.1' });
  const viaProxy = (app: Harness, forwardedFor: string, password = 'wrong') =>
    app.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: 'analyst@example.com', password }, remoteAddress: '10.9.0.1', headers: { 'x-forwarded-for': forwardedFor } });

  it('ignores X-Forwarded-For by default, so a client cannot pick a fresh address for each attempt', async () => {
    for (const forwardedFor of ['1.1.1.1', '2.2.2.2']) expect((await viaProxy(h, forwardedFor)).statusCode).toBe(401);
    expectTooMany(await viaProxy(h, '3.3.3.3', 'demo'));
  });

  it('counts each client behind a trusted proxy (TRUST_PROXY) on its own', async () => {
    for (let i = 0; i < 2; i++) expect((await viaProxy(proxied, '1.1.1.1')).statusCode).toBe(401);
    expectTooMany(await viaProxy(proxied, '1.1.1.1', 'demo'));
    expect((await viaProxy(proxied, '2.2.2.2', 'demo')).statusCode).toBe(200);
  });
});

describe('request rate per client address', () => {
  const h = useHarness(testStores()[0]!, { passwordAttempts: { ...DEFAULTS, perMinute: 3 } });

  it('answers 429 in the error shape with Retry-After once an address sends too many password requests', async () => {
    for (let i = 0; i < 3; i++) expect((await signInFrom(h, 'analyst@example.com', 'demo', '10.0.0.3')).statusCode).toBe(200);
    expectTooMany(await signInFrom(h, 'analyst@example.com', 'demo', '10.0.0.3'), 'Too many requests');
    expect((await signInFrom(h, 'analyst@example.com', 'demo', '10.0.0.4')).statusCode).toBe(200);
  });
});

describe.each(testStores())('accounts and sessions on $name', (store) => {
  const h = useHarness(store);
  const signUp = (email: string, password = 'long enough') =>
    h.app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email, password, name: 'Someone' } });
  const me = (headers: { authorization: string }) => h.app.inject({ url: '/v1/users/me', headers });

  it('answers sign-up the same for a new and an existing address, and takes over nothing', async () => {
    const [users, sessions] = [await h.count('users'), await h.count('sessions')];
    const fresh = await signUp('fresh@new.org');
    const taken = await signUp('Analyst@example.com', 'attacker password');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(fresh.statusCode).toBe(202);
    expect(taken.json()).toEqual(fresh.json());
    expect(Object.keys(fresh.json())).toEqual(['message']);
    expect(await h.count('users')).toBe(users + 1);
    expect(await h.count('sessions')).toBe(sessions);
    // The new account works; the existing one keeps its password.
    await h.auth('fresh@new.org', 'long enough');
    await h.auth('analyst@example.com', 'demo');
    expect((await signInFrom(h, 'analyst@example.com', 'attacker password')).statusCode).toBe(401);
  });

  it('signs out everywhere: every session of the user ends, other users keep theirs', async () => {
    const [first, second, other] = [await h.auth('viewer@example.com'), await h.auth('viewer@example.com'), await h.auth('analyst@example.com')];
    const out = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-out-everywhere', headers: first });
    expect(out.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/v1/auth/sign-out-everywhere' })).statusCode).toBe(401);
  });

  it('ends the other sessions when a user changes their password, and all of them when an administrator sets it', async () => {
    const user = await addUser(h.db, { email: 'changer@example.com', organization: 'Demo' });
    const [current, other] = [await h.auth(user.email), await h.auth(user.email)];
    const change = (headers: { authorization: string }, payload: object) =>
      h.app.inject({ method: 'PUT', url: `/v1/users/${user.id}/password`, headers, payload });

    const wrong = await change(current, { currentPassword: 'nope', newPassword: 'brand new password' });
    expect(wrong.statusCode).toBe(401);
    expect((await change(current, { newPassword: 'brand new password' })).statusCode).toBe(400);
    expect((await change(await h.auth('analyst@example.com'), { newPassword: 'brand new password' })).statusCode).toBe(403);

    expect((await change(current, { currentPassword: 'demo', newPassword: 'brand new password' })).statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signInFrom(h, user.email, 'demo')).statusCode).toBe(401);
    const again = await h.auth(user.email, 'brand new password');

    const byAdmin = await change(await h.auth('admin@example.com'), { newPassword: 'set by the admin' });
    expect(byAdmin.statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(401);
    expect((await me(again)).statusCode).toBe(401);
    await h.auth(user.email, 'set by the admin');
  });

  it('does not give an e-mail grant to an unverified sign-up; an administrator verifying the address does', async () => {
    const { demoOrg, analyst } = await demoIds(h.db);
    const map = randomUUID();
    await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'Shared by e-mail')", [map, demoOrg, analyst]);
    const grant = await h.app.inject({
      method: 'POST',
      url: '/v1/permissions',
      headers: await h.auth('analyst@example.com'),
      payload: { resourceType: 'map', resourceId: map, granteeType: 'email', granteeId: 'squatter@new.org', role: 'viewer' },
    });
    expect(grant.statusCode).toBe(201);
    expect((await signUp('squatter@new.org')).statusCode).toBe(202);
    const squatter = await h.auth('squatter@new.org', 'long enough');
    const grants = () => h.db.query<{ grantee_type: string }>('SELECT grantee_type FROM permissions WHERE resource_id = $1', [map]);
    expect(await grants()).toEqual([{ grantee_type: 'email' }]);
    expect((await h.app.inject({ url: `/v1/maps/${map}`, headers: squatter })).statusCode).toBe(404);
    // Granting again to the address of an unverified account keeps it an e-mail grant.
    await h.app.inject({
      method: 'POST',
      url: '/v1/permissions',
      headers: await h.auth('analyst@example.com'),
      payload: { resourceType: 'map', resourceId: map, granteeType: 'email', granteeId: 'squatter@new.org', role: 'viewer' },
    });
    expect(await grants()).toEqual([{ grantee_type: 'email' }]);

    const { id } = (await me(squatter)).json();
    expect((await h.app.inject({ method: 'POST', url: `/v1/users/${id}/email-verification`, headers: squatter })).statusCode).toBe(403);
    const verified = await h.app.inject({ method: 'POST', url: `/v1/users/${id}/email-verification`, headers: await h.auth('admin@example.com') });
    expect(verified.statusCode).toBe(200);
    expect(await grants()).toEqual([{ grantee_type: 'user' }]);
    expect((await h.app.inject({ url: `/v1/maps/${map}`, headers: squatter })).statusCode).toBe(200);
  });
});
