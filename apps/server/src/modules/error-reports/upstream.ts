// The one outbound call: an envelope to the configured error-reporting service. The destination comes from SENTRY_DSN
// only, never from a caller; the DSN's key travels inside the envelope, never in a log line or an answer.
import { AppStatusCode } from '@atlas/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.js';
import { envelopeEndpoint, type Dsn } from './dsn.js';

/** A service that does not answer in this time is taken as failed: the caller is not held longer. */
export const UPSTREAM_TIMEOUT_MS = 5000;

export const upstreamFailed = (details: string) =>
  new AppError(502, 'The error-reporting service did not take the report', AppStatusCode.ServiceUnavailable, details);

/** Posts the envelope to the service; logs and throws upstreamFailed (502) when it cannot be reached or refuses it. */
export async function postEnvelope(dsn: Dsn, envelope: Buffer | string, log: FastifyBaseLogger): Promise<void> {
  const endpoint = envelopeEndpoint(dsn);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      // A copy the fetch types take (Buffer's backing store may be shared).
      body: typeof envelope === 'string' ? envelope : Uint8Array.from(envelope),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    log.warn({ err: error, endpoint }, 'error-reporting service unreachable');
    throw upstreamFailed('It could not be reached');
  }
  // Drained either way, so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) {
    log.warn({ status: response.status, endpoint }, 'error-reporting service refused an envelope');
    throw upstreamFailed(`It answered ${response.status}`);
  }
}
