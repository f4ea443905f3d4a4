import { describe, expect, it } from 'vitest';
import { MAX_REPORTS_PER_PAGE, createErrorReporter, errorEnvelope } from './errorReports';

const DSN = 'https://publickey@errors.example.com/42';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A page whose fetch answers the settings call and records every envelope posted. */
function fakePage(dsn: string | null) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const send = (async (url: string, init?: RequestInit) => {
    calls.push({ url, ...(init && { init }) });
    return new Response(url === '/v1/error-reporting' ? JSON.stringify({ dsn, tunnel: '/v1/sentry-tunnel' }) : '{}', { status: 200 });
  }) as typeof fetch;
  return { calls, page: { send, url: () => 'http://localhost/maps/1', userAgent: 'test-agent' } };
}

describe('errorEnvelope', () => {
  it('frames one event item under a header naming the DSN, one JSON document a line', () => {
    const error = new TypeError('x is undefined');
    const lines = errorEnvelope(DSN, error, { url: 'http://localhost/a', userAgent: 'ua', mechanism: 'onerror', now: new Date('2026-11-28T00:00:00Z'), eventId: 'a'.repeat(32) })
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ event_id: 'a'.repeat(32), sent_at: '2026-11-28T00:00:00.000Z', dsn: DSN });
    expect(lines[1]).toEqual({ type: 'event' });
    expect(lines[2]).toMatchObject({
      event_id: 'a'.repeat(32),
      timestamp: Date.parse('2026-11-28T00:00:00Z') / 1000,
      level: 'error',
      exception: { values: [{ type: 'TypeError', value: 'x is undefined', mechanism: { type: 'onerror', handled: false } }] },
      request: { url: 'http://localhost/a', headers: { 'User-Agent': 'ua' } },
      extra: { stack: expect.stringContaining('x is undefined') },
    });
  });
});

describe('createErrorReporter', () => {
  it('posts each error once to the tunnel as an envelope for the configured DSN, and remembers its event id', async () => {
    const { calls, page } = fakePage(DSN);
    const reporter = createErrorReporter(page);
    reporter.report(new Error('boom'), 'onerror');
    reporter.report(new Error('boom'), 'onerror');
    reporter.report('a rejected string', 'onunhandledrejection');
    await flush();
    expect(calls.map((call) => call.url)).toEqual(['/v1/error-reporting', '/v1/sentry-tunnel', '/v1/sentry-tunnel']);
    const [first, second] = calls.slice(1).map((call) => String(call.init?.body).trimEnd().split('\n').map((line) => JSON.parse(line)));
    expect(first![0].dsn).toBe(DSN);
    expect(first![2].exception.values[0]).toMatchObject({ type: 'Error', value: 'boom' });
    expect(second![2].exception.values[0]).toMatchObject({ value: 'a rejected string', mechanism: { type: 'onunhandledrejection' } });
    expect(reporter.lastEventId()).toBe(second![0].event_id);
  });

  it(`sends nothing when no service is configured, and at most ${MAX_REPORTS_PER_PAGE} reports a page`, async () => {
    const off = fakePage(null);
    const silent = createErrorReporter(off.page);
    silent.report(new Error('boom'), 'onerror');
    await flush();
    expect(off.calls.map((call) => call.url)).toEqual(['/v1/error-reporting']);
    expect(silent.lastEventId()).toBeUndefined();

    const on = fakePage(DSN);
    const reporter = createErrorReporter(on.page);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) reporter.report(new Error(`error ${i}`), 'onerror');
    await flush();
    expect(on.calls.filter((call) => call.url === '/v1/sentry-tunnel')).toHaveLength(MAX_REPORTS_PER_PAGE);
  });
});
