import { Type, type Static } from 'typebox';
import { DateTime, Nullable, Timestamps, Uuid } from '../schema-helpers.js';

// Error reports (workspace-and-catalogue.md §7 Data gateway; docs/error-reports.md): the browser's error envelopes go
// through /v1/sentry-tunnel, users' feedback through /v1/sentry-user-feedback, administrators read the feedback.

/** A Sentry event id: 32 hexadecimal digits (a UUID without its dashes). */
export const SentryEventId = (options: Record<string, unknown> = {}) => Type.String({ pattern: '^[0-9a-f]{32}$', ...options });

/** GET /v1/error-reporting: what the web app needs to report through the tunnel. */
export const ErrorReportingSettings = Type.Object(
  {
    dsn: Nullable(
      Type.String({ description: "The error-reporting project's public DSN (public key, host, project id; never a secret key). null: reporting is off and the web app sends nothing" }),
    ),
    tunnel: Type.String({ description: 'Where the web app posts its envelopes: /v1/sentry-tunnel' }),
  },
  { title: 'ErrorReportingSettings' },
);
export type ErrorReportingSettings = Static<typeof ErrorReportingSettings>;

/** The tunnel's answer, the same whether the envelope was forwarded or dropped (no service configured). */
export const TunnelAccepted = Type.Object(
  { id: Nullable(Type.String({ description: "The envelope header's event_id, when it has one" })) },
  { title: 'TunnelAccepted' },
);
export type TunnelAccepted = Static<typeof TunnelAccepted>;

const Text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });

export const UserFeedbackCreate = Type.Object(
  {
    comments: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S', description: 'What the user has to say (not blank)' }),
    name: Type.Optional(Text(200, 'The name the user gives (may differ from the account)')),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 320, description: 'Where the user may be answered' })),
    eventId: Type.Optional(SentryEventId({ description: 'The error report the feedback is about, when there is one' })),
    url: Type.Optional(Text(2000, 'The page the user was on')),
  },
  { additionalProperties: false, title: 'UserFeedbackCreate' },
);
export type UserFeedbackCreate = Static<typeof UserFeedbackCreate>;

export const UserFeedback = Type.Object(
  {
    id: Uuid(),
    comments: Type.String(),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    eventId: Nullable(Type.String()),
    url: Nullable(Type.String()),
    userId: Nullable(Uuid({ description: 'The account that sent it (null once the account is gone)' })),
    userEmail: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    organizationId: Nullable(Uuid({ description: "The sender's organization when it was sent (null once it is gone)" })),
    organizationName: Nullable(Type.String()),
    forwardedAt: Nullable(DateTime({ description: 'When the error-reporting service accepted it; null: none configured, or it did not answer' })),
    ...Timestamps,
  },
  { title: 'UserFeedback', description: 'Feedback never changes once sent: updatedAt is createdAt' },
);
export type UserFeedback = Static<typeof UserFeedback>;

export const USER_FEEDBACK_PAGE = { limit: 50, maxLimit: 200 } as const;

export const UserFeedbackListQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: USER_FEEDBACK_PAGE.maxLimit, default: USER_FEEDBACK_PAGE.limit })),
  },
  { additionalProperties: false },
);
export type UserFeedbackListQuery = Static<typeof UserFeedbackListQuery>;

export const UserFeedbackList = Type.Object(
  { items: Type.Array(UserFeedback, { description: 'Newest first' }), total: Type.Integer({ minimum: 0 }) },
  { title: 'UserFeedbackList' },
);
export type UserFeedbackList = Static<typeof UserFeedbackList>;
