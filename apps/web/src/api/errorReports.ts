// Error reports (docs/error-reports.md). The page's uncaught errors go to the server's tunnel as Sentry envelopes, which
// forwards them to the error-reporting service it is configured with; the browser itself talks to our server only.
// A minimal sender rather than @sentry/browser, which the project does not install: one `event` item per error.
// Nothing is sent, nor asked, until an error happens; with no service configured (dsn null) nothing is sent at all.
import type { ErrorReportingSettings } from '@atlas/domain';

/** Reports from one page load: enough to see what broke, never a flood from an error thrown in a loop. */
export const MAX_REPORTS_PER_PAGE = 10;
const MAX_STACK_CHARS = 8000;

export type Mechanism = 'onerror' | 'onunhandledrejection' | 'route-error';

export interface ErrorContext {
  url: string;
  userAgent: string;
  mechanism: Mechanism;
  now: Date;
  eventId: string;
}

const newEventId = () => crypto.randomUUID().replaceAll('-', '');

function describe(error: unknown): { type: string; value: string; stack?: string } {
  if (error instanceof Error) return { type: error.name || 'Error', value: error.message, ...(error.stack && { stack: error.stack.slice(0, MAX_STACK_CHARS) }) };
  return { type: 'Error', value: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error) };
}

/** The envelope for one error: the header names the DSN (the tunnel forwards only its own), one `event` item. */
export function errorEnvelope(dsn: string, error: unknown, context: ErrorContext): string {
  const { type, value, stack } = describe(error);
  const event = {
    event_id: context.eventId,
    timestamp: context.now.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    exception: { values: [{ type, value, mechanism: { type: context.mechanism, handled: false } }] },
    request: { url: context.url, headers: { 'User-Agent': context.userAgent } },
    ...(stack && { extra: { stack } }),
  };
  const header = { event_id: context.eventId, sent_at: context.now.toISOString(), dsn, sdk: { name: 'atlas-studio.browser', version: '1' } };
  return [header, { type: 'event' }, event].map((part) => JSON.stringify(part)).join('\n') + '\n';
}

export interface ErrorReporter {
  report(error: unknown, mechanism: Mechanism): void;
  /** The event id of the last error reported, for feedback about it. */
  lastEventId(): string | undefined;
}

export interface ReporterPage {
  send: typeof fetch;
  url(): string;
  userAgent: string;
}

const browserPage = (): ReporterPage => ({ send: (...args) => fetch(...args), url: () => window.location.href, userAgent: navigator.userAgent });

/** A reporter that sends through the page's fetch, asking the server for its settings at the first error. */
export function createErrorReporter({ send, url, userAgent }: ReporterPage = browserPage()): ErrorReporter {
  let settings: Promise<ErrorReportingSettings | null> | undefined;
  const seen = new Set<string>();
  let last: string | undefined;
  const loadSettings = () =>
    send('/v1/error-reporting')
      .then((response) => (response.ok ? (response.json() as Promise<ErrorReportingSettings>) : null))
      .catch(() => null);

  return {
    report(error, mechanism) {
      const { type, value } = describe(error);
      const key = `${type}: ${value}`;
      if (seen.has(key) || seen.size >= MAX_REPORTS_PER_PAGE) return;
      seen.add(key);
      const eventId = newEventId();
      settings ??= loadSettings();
      void settings.then((answer) => {
        if (!answer?.dsn) return;
        last = eventId;
        const context = { url: url(), userAgent, mechanism, now: new Date(), eventId };
        const body = errorEnvelope(answer.dsn, error, context);
        // A failed report is not reported again: that could loop.
        send(answer.tunnel, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(() => undefined);
      });
    },
    lastEventId: () => last,
  };
}

let reporter: ErrorReporter | undefined;

/** Once, at start-up: reports every uncaught error and unhandled rejection of the page from now on. */
export function startErrorReporting(target: Window = window): void {
  if (reporter) return;
  const started = createErrorReporter();
  reporter = started;
  target.addEventListener('error', (event) => started.report(event.error ?? event.message, 'onerror'));
  target.addEventListener('unhandledrejection', (event) => started.report(event.reason, 'onunhandledrejection'));
}

/** An error a screen caught to show (the router's error page): reported like an uncaught one. */
export const reportError = (error: unknown) => reporter?.report(error, 'route-error');

/** The last reported error's event id, so feedback sent right after it names it. */
export const lastErrorEventId = () => reporter?.lastEventId();
