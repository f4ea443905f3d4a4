// User feedback as the service takes it: a `feedback` envelope item holding an event with a `feedback` context
// (https://develop.sentry.dev/sdk/telemetry/feedbacks/), which needs no error event to hang on, unlike the older
// `user_report` item.
import { randomUUID } from 'node:crypto';
import type { UserFeedbackCreate } from '@atlas/domain';
import { publicDsn, type Dsn } from './dsn.js';
import { writeEnvelope } from './envelope.js';

/** The envelope for one feedback, addressed to the configured project. */
export function feedbackEnvelope(dsn: Dsn, feedback: UserFeedbackCreate, sender: { userId: string }, now = new Date()): string {
  const eventId = randomUUID().replaceAll('-', '');
  const context = {
    message: feedback.comments,
    ...(feedback.name !== undefined && { name: feedback.name }),
    ...(feedback.email !== undefined && { contact_email: feedback.email }),
    ...(feedback.url !== undefined && { url: feedback.url }),
    ...(feedback.eventId !== undefined && { associated_event_id: feedback.eventId }),
    source: 'atlas-studio',
  };
  const event = {
    event_id: eventId,
    timestamp: now.getTime() / 1000,
    platform: 'javascript',
    level: 'info',
    type: 'feedback',
    contexts: { feedback: context },
    user: { id: sender.userId },
  };
  return writeEnvelope({ event_id: eventId, sent_at: now.toISOString(), dsn: publicDsn(dsn) }, [[{ type: 'feedback' }, event]]);
}
