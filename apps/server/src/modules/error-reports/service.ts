import { randomUUID } from 'node:crypto';
import {
  USER_FEEDBACK_PAGE,
  type ErrorReportingSettings,
  type TunnelAccepted,
  type UserFeedback,
  type UserFeedbackCreate,
  type UserFeedbackList,
  type UserFeedbackListQuery,
} from '@atlas/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { assertAdministrator } from '../../http/access.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { parseDsn, publicDsn, sameDsn } from './dsn.js';
import { readEnvelope } from './envelope.js';
import { feedbackEnvelope } from './feedback-envelope.js';
import * as repo from './repo.js';
import { postEnvelope } from './upstream.js';

export const TUNNEL_PATH = '/v1/sentry-tunnel';

type Settings = Config['errorReporting'];

/** GET /v1/error-reporting: the public DSN the web app writes into its envelopes (null: it reports nothing). */
export const reportingSettings = ({ dsn }: Settings): ErrorReportingSettings => ({ dsn: dsn ? publicDsn(dsn) : null, tunnel: TUNNEL_PATH });

/**
 * POST /v1/sentry-tunnel: a well-formed envelope for the configured project goes to the service as it came; with no
 * service configured it is dropped with the same answer. Any other dsn is refused: the tunnel reaches one place only.
 */
export async function tunnel({ dsn }: Settings, body: Buffer | undefined, log: FastifyBaseLogger): Promise<TunnelAccepted> {
  if (!body?.length) throw badRequest('Invalid envelope', 'The body is empty');
  const envelope = readEnvelope(body);
  const claimed = parseDsn(envelope.dsn);
  if (!claimed) throw badRequest('Invalid envelope', "The envelope header's dsn is not a DSN");
  if (dsn) {
    if (!sameDsn(claimed, dsn)) throw forbidden('Envelope refused', "Its dsn is not this studio's error-reporting project");
    await postEnvelope(dsn, body, log);
  }
  return { id: envelope.eventId };
}

/**
 * POST /v1/sentry-user-feedback: stored first, so a failing service loses nothing; then sent to the service when one is
 * configured, and marked forwarded once it took it.
 */
export async function sendFeedback(db: Db, { dsn }: Settings, identity: Identity, feedback: UserFeedbackCreate, log: FastifyBaseLogger): Promise<UserFeedback> {
  const id = randomUUID();
  await repo.insertFeedback(db, id, identity, feedback);
  if (dsn) {
    const sent = await postEnvelope(dsn, feedbackEnvelope(dsn, feedback, identity), log).then(
      () => true,
      () => false, // logged by postEnvelope; the feedback is kept for the console either way
    );
    if (sent) await repo.markForwarded(db, id);
  }
  return (await repo.findFeedback(db, id))!;
}

/** GET /v1/admin/feedback: every organization's feedback, newest first (administrators). */
export async function listFeedback(db: Db, identity: Identity, query: UserFeedbackListQuery): Promise<UserFeedbackList> {
  assertAdministrator(identity);
  return repo.listFeedback(db, query.offset ?? 0, query.limit ?? USER_FEEDBACK_PAGE.limit);
}
