import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectRefused } from '../admin/test-support/refusals.js';
import { parseDsn } from './dsn.js';
import { startFakeUpstream, type FakeUpstream } from './test-support/fake-upstream.js';

type Headers = { authorization: string };

describe.each(testStores())('user feedback on $name', (store) => {
  // Read by the routes at every call, so each test sets the DSN it needs on one app.
  const settings: Config['errorReporting'] = { dsn: null, tunnelPerMinute: 60 };
  const h = useHarness(store, { errorReporting: settings });
  let upstream: FakeUpstream;
  let admin: Headers;
  let analyst: Headers;
  let viewer: Headers;
  const send = (payload: object, headers: Record<string, string> = analyst) => h.app.inject({ method: 'POST', url: '/v1/sentry-user-feedback', headers, payload });
  const list = (query = '', headers: Headers = admin) => h.app.inject({ url: `/v1/admin/feedback${query}`, headers });

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    admin = await h.auth('admin@example.com');
    analyst = await h.auth('analyst@example.com');
    viewer = await h.auth('viewer@example.com');
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    settings.dsn = null;
    upstream.received = [];
    upstream.status = 200;
  });

  it('records the feedback with its sender and organization, and forwards it to the configured service as a feedback item', async () => {
    settings.dsn = parseDsn(upstream.dsn);
    const body = { comments: 'The map legend overlaps the zoom buttons', name: 'Ana', email: 'ana@example.org', eventId: 'ab'.repeat(16), url: 'http://localhost/maps/1' };
    const response = await send(body);
    expect(response.statusCode).toBe(201);
    const me = (await h.app.inject({ url: '/v1/users/me', headers: analyst })).json();
    const feedback = response.json();
    expect(feedback).toEqual({
      id: expect.any(String),
      ...body,
      userId: me.id,
      userEmail: 'analyst@example.com',
      userName: me.name,
      organizationId: me.organization.id,
      organizationName: 'Demo',
      forwardedAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: feedback.createdAt,
    });

    expect(upstream.received).toHaveLength(1);
    const [received] = upstream.received;
    expect(received!.url).toBe('/api/42/envelope/');
    const [header, itemHeader, event] = received!.body.toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(header).toEqual({ event_id: expect.stringMatching(/^[0-9a-f]{32}$/), sent_at: expect.any(String), dsn: upstream.dsn });
    expect(itemHeader).toEqual({ type: 'feedback' });
    expect(event).toMatchObject({
      event_id: header.event_id,
      type: 'feedback',
      level: 'info',
      user: { id: me.id },
      contexts: { feedback: { message: body.comments, name: 'Ana', contact_email: 'ana@example.org', url: body.url, associated_event_id: body.eventId, source: 'atlas-studio' } },
    });
  });

  it('keeps the feedback, not forwarded, when no service is configured or the service fails', async () => {
    const dropped = await send({ comments: 'No service' }, viewer);
    expect(dropped.statusCode).toBe(201);
    expect(dropped.json()).toMatchObject({ comments: 'No service', name: null, email: null, eventId: null, url: null, userEmail: 'viewer@example.com', forwardedAt: null });

    settings.dsn = parseDsn(upstream.dsn);
    upstream.status = 500;
    const failed = await send({ comments: 'Service down' });
    expect(failed.statusCode).toBe(201);
    expect(failed.json().forwardedAt).toBeNull();
    expect(upstream.received).toHaveLength(1);
    const ids = (await list()).json().items.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([dropped.json().id, failed.json().id]));
  });

  it('answers 400 for blank comments, unknown fields and malformed values, 401 signed out, storing nothing', async () => {
    const before = await h.count('user_feedback');
    for (const body of [{}, { comments: '' }, { comments: '   ' }, { comments: 'x', extra: 1 }, { comments: 'x', email: 'not-an-address' }, { comments: 'x', eventId: 'abc' }, { comments: 'x'.repeat(5001) }]) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['appStatusCode', 'details', 'message']);
    }
    expect((await send({ comments: 'anonymous' }, {})).statusCode).toBe(401);
    expect(await h.count('user_feedback')).toBe(before);
  });

  it('lists every feedback for an administrator, newest first, a page at a time', async () => {
    const sent = [];
    for (const comments of ['first', 'second', 'third']) sent.push((await send({ comments })).json().id);
    const all = (await list()).json();
    expect(all.total).toBe(await h.count('user_feedback'));
    expect(all.items.slice(0, 3).map((item: { id: string }) => item.id)).toEqual([...sent].reverse());
    const times = all.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const page = (await list('?offset=1&limit=1')).json();
    expect(page).toEqual({ items: [all.items[1]], total: all.total });
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?sort=name']) expect((await list(query)).statusCode, query).toBe(400);
  });

  it('refuses the list to makers, viewers and their API keys (403), and to anyone signed out (401)', async () => {
    await expectRefused(h, [{ method: 'GET', url: '/v1/admin/feedback' }]);
    expect((await h.app.inject({ url: '/v1/admin/feedback' })).statusCode).toBe(401);
  });
});
