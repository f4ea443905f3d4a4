import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { demoIds } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const { failures } = loadConfig({}).passwordAttempts;

describe.each(testStores())('published password brute force on $name', (store) => {
  const h = useHarness(store);
  let ids = { analyst: '', demoOrg: '' };
  beforeAll(async () => {
    ids = await demoIds(h.db);
  });

  const publishedRecord = async (kind: 'map' | 'insight', base: string) => {
    const id = randomUUID();
    await h.db.query('INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, $2, $3, $4, $5)', [id, kind, ids.demoOrg, ids.analyst, 'Locked']);
    const headers = await h.auth('analyst@example.com');
    const pending = await h.app.inject({ method: 'POST', url: `${base}/${id}/publish/resources`, headers, payload: { uploadOptions: { password: 'open sesame' } } });
    expect((await h.app.inject({ method: 'POST', url: `${base}/${id}/publish/${pending.json().publishedId}`, headers })).statusCode).toBe(200);
    return id;
  };

  it.each([
    ['map', '/v1/maps', 'published-map'],
    ['insight', '/v1/insights', 'published-insight'],
  ] as const)('locks a published %s after repeated wrong passwords, the right one included', async (kind, base, publicPath) => {
    const id = await publishedRecord(kind, base);
    const unlock = (password: string) => h.app.inject({ method: 'POST', url: `${base}/${id}/${publicPath}`, payload: { password } });
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push((await unlock(`guess-${i}`)).statusCode);
    expect(answers.slice(0, failures)).toEqual(Array(failures).fill(401));
    expect(new Set(answers.slice(failures))).toEqual(new Set([429]));
    const right = await unlock('open sesame');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ message: 'Too many failed attempts', appStatusCode: 'TOO_MANY_REQUESTS' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks a published report after repeated wrong passwords', async () => {
    const published = randomUUID();
    await h.db.query(
      // The analyst's password hash ('demo') stands in for the report's.
      `INSERT INTO published_items (id, resource_type, organization_id, owner_id, name, status, password_hash)
       SELECT $1, 'report', $2, $3, 'Report', 'published', password_hash FROM users WHERE email = 'analyst@example.com'`,
      [published, ids.demoOrg, ids.analyst],
    );
    const view = (password: string) => h.app.inject({ url: `/v1/reports/published/${published}?password=${password}` });
    for (let i = 0; i < failures; i++) expect((await view(`guess-${i}`)).statusCode).toBe(401);
    expect((await view('demo')).statusCode).toBe(429);
  });
});
