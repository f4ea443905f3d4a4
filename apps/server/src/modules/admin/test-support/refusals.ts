import { expect } from 'vitest';
import type { Harness } from '../../../test-support/harness.js';

type Headers = { authorization: string };
export type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

type Caller = { name: string; headers: Headers };
const made = new WeakMap<Harness, Promise<Caller[]>>();

/** Everyone who is not an administrator: a maker and a viewer of Demo, each by session and by API key (made once per suite). */
export function nonAdministrators(h: Harness): Promise<Caller[]> {
  if (!made.has(h)) made.set(h, makeCallers(h));
  return made.get(h)!;
}

async function makeCallers(h: Harness): Promise<Caller[]> {
  const callers: Caller[] = [];
  for (const [name, email] of [['a maker', 'analyst@example.com'], ['a viewer', 'viewer@example.com']] as const) {
    const headers = await h.auth(email);
    const key = await h.app.inject({ method: 'POST', url: '/v1/api-key', headers, payload: {} });
    if (key.statusCode !== 201) throw new Error(`API key for ${email}: ${key.body}`);
    callers.push({ name, headers }, { name: `${name}'s API key`, headers: { authorization: `Bearer ${key.json().key}` } });
  }
  return callers;
}

/** A fingerprint of the tables the administration calls change, to show a refusal changed nothing. */
export async function snapshot(h: Harness): Promise<unknown> {
  const read = (sql: string) => h.db.query(sql);
  return {
    organizations: await read('SELECT id, name, maker_quota_policy, updated_at FROM organizations ORDER BY id'),
    users: await read('SELECT id, organization_id, seat, is_admin, quota_policy_id, updated_at FROM users ORDER BY id'),
    invitations: await read('SELECT * FROM organization_invitations ORDER BY id'),
    records: await read('SELECT id, owner_id, organization_id, visibility, updated_at FROM records ORDER BY id'),
    datasets: await read('SELECT id, owner_id, organization_id, visibility, metadata, updated_at FROM datasets ORDER BY id'),
    grants: await read('SELECT * FROM permissions ORDER BY id'),
    locks: await read('SELECT * FROM locks ORDER BY resource_type, resource_id'),
    publications: await read('SELECT id, status, updated_at FROM published_items ORDER BY id'),
    featured: await read('SELECT id FROM featured_maps ORDER BY id'),
    emailFlags: await read('SELECT * FROM email_flags ORDER BY email'),
  };
}

/** Each call answers 403 in the error shape to every non-administrator, and nothing changes. */
export async function expectRefused(h: Harness, calls: Call[]): Promise<void> {
  const callers = await nonAdministrators(h);
  const before = await snapshot(h);
  for (const caller of callers) {
    for (const call of calls) {
      const response = await h.app.inject({ method: call.method, url: call.url, headers: caller.headers, ...(call.payload ? { payload: call.payload } : {}) });
      expect({ caller: caller.name, call: `${call.method} ${call.url}`, status: response.statusCode }).toEqual({ caller: caller.name, call: `${call.method} ${call.url}`, status: 403 });
      expect(response.json()).toEqual({ message: 'Administrator rights required', details: 'This call is for administrators only', appStatusCode: 'FORBIDDEN' });
    }
  }
  expect(await snapshot(h)).toEqual(before);
}

/** The error shape with its message. */
export const expectError = (response: { statusCode: number; json(): unknown }, status: number, message: string | RegExp) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['appStatusCode', 'details', 'message']);
  expect(body.message).toMatch(message);
};
