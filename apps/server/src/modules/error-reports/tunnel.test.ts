import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { parseDsn } from './dsn.js';
import { TUNNEL_BODY_LIMIT } from './routes.js';
import { startFakeUpstream, type FakeUpstream } from './test-support/fake-upstream.js';

const [pglite] = testStores();
const RATE_LIMIT = 5;
// Read by the routes at every call, so each test sets the DSN it needs on one app.
const settings: Config['errorReporting'] = { dsn: null, tunnelPerMinute: RATE_LIMIT };

/** An error event as the browser SDK frames it, plus an attachment whose bytes hold a newline and invalid UTF-8. */
function envelope(dsn: string, eventId = '0123456789abcdef0123456789abcdef'): Buffer {
  const attachment = Buffer.from([0x61, 0x0a, 0xff, 0xfe, 0x62]);
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: eventId, sent_at: '2026-11-28T00:00:00.000Z', dsn })}\n`),
    Buffer.from(`${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ event_id: eventId, message: 'boom', level: 'error' })}\n`),
    Buffer.from(`${JSON.stringify({ type: 'attachment', length: attachment.length, filename: 'a.bin' })}\n`),
    attachment,
    Buffer.from('\n'),
  ]);
}

let address = 0;
/** Each test posts from its own client address, so the per-address limit of one never meets another's requests. */
const nextAddress = () => `10.0.0.${++address}`;

describe('POST /v1/sentry-tunnel', () => {
  const h = useHarness(pglite!, { errorReporting: settings });
  let upstream: FakeUpstream;
  const post = (body: Buffer | string, headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' }, remoteAddress = nextAddress()) =>
    h.app.inject({ method: 'POST', url: '/v1/sentry-tunnel', payload: body, headers, remoteAddress });

  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    settings.dsn = parseDsn(upstream.dsn);
    upstream.received = [];
    upstream.status = 200;
  });

  it('forwards an envelope for the configured project to the service exactly as it came, without credentials', async () => {
    const body = envelope(upstream.dsn);
    for (const headers of [{ 'content-type': 'text/plain;charset=UTF-8' }, { 'content-type': 'application/x-sentry-envelope' }, { authorization: 'Bearer stale' }] as Array<Record<string, string>>) {
      const response = await post(body, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.json()).toEqual({ id: '0123456789abcdef0123456789abcdef' });
    }
    expect(upstream.received).toHaveLength(3);
    for (const received of upstream.received) {
      expect(received.method).toBe('POST');
      expect(received.url).toBe('/api/42/envelope/');
      expect(received.headers['content-type']).toBe('application/x-sentry-envelope');
      expect(received.body.equals(body)).toBe(true);
    }
  });

  it('refuses an envelope for any other project, host or key (403) and forwards nothing', async () => {
    const port = new URL(upstream.dsn).port;
    const others = [`http://publickey@127.0.0.1:${port}/43`, `http://publickey@localhost:${port}/42`, `http://otherkey@127.0.0.1:${port}/42`, 'https://publickey@o1.ingest.example.com/42'];
    for (const dsn of others) {
      const response = await post(envelope(dsn));
      expect(response.statusCode, dsn).toBe(403);
      expect(response.json()).toEqual({ message: 'Envelope refused', details: "Its dsn is not this studio's error-reporting project", appStatusCode: 'FORBIDDEN' });
    }
    expect(upstream.received).toEqual([]);
  });

  it('drops every well-formed envelope with the same 200 when no service is configured', async () => {
    settings.dsn = null;
    for (const dsn of [upstream.dsn, 'https://publickey@o1.ingest.example.com/7']) {
      const response = await post(envelope(dsn));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: '0123456789abcdef0123456789abcdef' });
    }
    expect(upstream.received).toEqual([]);
  });

  it('answers a malformed envelope 400 in the error shape, configured or not, and forwards nothing', async () => {
    const item = `${JSON.stringify({ type: 'event' })}\n{}\n`;
    const cases: Array<[string, string]> = [
      ['', 'The body is empty'],
      ['not json\n' + item, 'The envelope header is not a JSON object on one line'],
      ['[1]\n' + item, 'The envelope header is not a JSON object on one line'],
      [`{"event_id":"x"}\n${item}`, 'The envelope header names no dsn'],
      [`${JSON.stringify({ dsn: 'not a dsn' })}\n${item}`, "The envelope header's dsn is not a DSN"],
      [`${JSON.stringify({ dsn: upstream.dsn, event_id: 7 })}\n${item}`, 'The envelope header has an event_id that is not text'],
      [`${JSON.stringify({ dsn: upstream.dsn })}\n`, 'The envelope has no item'],
      [`${JSON.stringify({ dsn: upstream.dsn })}\n{"length":2}\n{}\n`, "Item 1's header has no type"],
      [`${JSON.stringify({ dsn: upstream.dsn })}\n${item}nope\n`, "Item 2's header is not a JSON object on one line"],
      [`${JSON.stringify({ dsn: upstream.dsn })}\n{"type":"attachment","length":99}\nab\n`, 'Item 1: its length runs past the end of the envelope'],
      [`${JSON.stringify({ dsn: upstream.dsn })}\n{"type":"attachment","length":-1}\nab\n`, 'Item 1: its length is not a whole number of bytes'],
    ];
    for (const dsn of [parseDsn(upstream.dsn), null]) {
      settings.dsn = dsn;
      for (const [body, details] of cases) {
        const response = await post(body);
        expect({ body, status: response.statusCode, answer: response.json() }).toEqual({ body, status: 400, answer: { message: 'Invalid envelope', details, appStatusCode: 'BAD_REQUEST' } });
      }
    }
    expect(upstream.received).toEqual([]);
  });

  it('answers 413 above the size limit, in the error shape', async () => {
    const response = await post(Buffer.concat([envelope(upstream.dsn), Buffer.alloc(TUNNEL_BODY_LIMIT, 0x20)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().appStatusCode).toBe('PAYLOAD_TOO_LARGE');
    expect(upstream.received).toEqual([]);
  });

  it('answers 502 in the error shape when the service refuses the envelope or cannot be reached, and never shows the key', async () => {
    upstream.status = 503;
    const refused = await post(envelope(upstream.dsn));
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: 'The error-reporting service did not take the report', details: 'It answered 503', appStatusCode: 'SERVICE_UNAVAILABLE' });

    const closed = await startFakeUpstream();
    await closed.close();
    settings.dsn = parseDsn(closed.dsn);
    const unreachable = await post(envelope(closed.dsn));
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().details).toBe('It could not be reached');
    for (const response of [refused, unreachable]) expect(response.body).not.toContain('publickey');
  });

  it(`limits one client address to ${RATE_LIMIT} envelopes a minute (429 with Retry-After); other addresses go on`, async () => {
    const from = nextAddress();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await post(envelope(upstream.dsn), undefined, from)).statusCode).toBe(200);
    const limited = await post(envelope(upstream.dsn), undefined, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().appStatusCode).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(envelope(upstream.dsn))).statusCode).toBe(200);
    expect(upstream.received).toHaveLength(RATE_LIMIT + 1);
  });
});

describe('GET /v1/error-reporting', () => {
  const h = useHarness(pglite!, { errorReporting: settings });

  it('tells anyone the public DSN, without a secret key, and the tunnel; null when none is configured', async () => {
    settings.dsn = parseDsn('https://publickey:secretkey@errors.example.com/sentry/42');
    const configured = await h.app.inject({ url: '/v1/error-reporting' });
    expect(configured.statusCode).toBe(200);
    expect(configured.json()).toEqual({ dsn: 'https://publickey@errors.example.com/sentry/42', tunnel: '/v1/sentry-tunnel' });
    expect(configured.body).not.toContain('secretkey');

    settings.dsn = null;
    expect((await h.app.inject({ url: '/v1/error-reporting', headers: { authorization: 'Bearer stale' } })).json()).toEqual({ dsn: null, tunnel: '/v1/sentry-tunnel' });
  });
});
