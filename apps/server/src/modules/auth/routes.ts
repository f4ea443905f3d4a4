import { Type } from 'typebox';
import { AuthOptions, EmailVerificationQuery, EmailVerified, SignInRequest, SignInResponse, SignUpRequest, SignUpResponse } from '@atlas/domain';
import { forbidden } from '../../http/errors.js';
import { requireIdentity } from '../../http/identity.js';
import { passwordRouteLimit } from '../../http/rate-limit.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { attemptSource } from './attempts.js';
import { deleteExpired } from './repo.js';
import { openMailer } from './mail.js';
import { signIn, signOut, signOutEverywhere, signUp, verifyEmail } from './service.js';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export function authRoutes(app: App, { db, config }: AppDeps) {
  const mail = { mailer: openMailer(config, app.log), publicUrl: config.publicUrl };
  registerHousekeeping(app, () => deleteExpired(db, config.passwordAttempts.windowMs));

  app.get(
    '/v1/auth/options',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'What a signed-out page may offer: whether sign-up opens accounts on this server', security: [], response: { 200: AuthOptions } },
    },
    async () => ({ allowSignUp: config.allowSignUp }),
  );

  app.post(
    '/v1/auth/sign-up',
    {
      config: { public: true, ...passwordRouteLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'Open an account with an organization of its own; the same answer whether or not the address had one (then sign in)',
        security: [],
        body: SignUpRequest,
        response: { 202: SignUpResponse, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      if (!config.allowSignUp) throw forbidden('Sign-up is disabled on this server', 'Ask an administrator for an account');
      return reply.status(202).send(await signUp(db, request.body, mail));
    },
  );

  app.get(
    '/v1/auth/verify-email',
    {
      config: { public: true, ...passwordRouteLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address with the link sent at sign-up; grants and invitations to it then reach the account',
        security: [],
        querystring: EmailVerificationQuery,
        response: { 200: EmailVerified, ...errorResponses(400, 429) },
      },
    },
    (request) => verifyEmail(db, request.query.token),
  );

  app.post(
    '/v1/auth/sign-in',
    {
      config: { public: true, ...passwordRouteLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        body: SignInRequest,
        response: { 200: SignInResponse, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => signIn(db, request.body, attemptSource(request, config)),
  );

  app.post(
    '/v1/auth/sign-out',
    { schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 204: Type.Null(), ...errorResponses(401) } } },
    async (request, reply) => {
      await signOut(db, requireIdentity(request.identity));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/auth/sign-out-everywhere',
    { schema: { tags: ['auth'], summary: 'Revoke every session of the signed-in user', response: { 204: Type.Null(), ...errorResponses(401) } } },
    async (request, reply) => {
      await signOutEverywhere(db, requireIdentity(request.identity));
      return reply.status(204).send(null);
    },
  );
}

/** Runs `task` once the app is ready, then hourly until it closes (waiting for a run in flight); failures are logged. */
function registerHousekeeping(app: App, task: () => Promise<void>) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(task).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
