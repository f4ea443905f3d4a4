import { Type } from 'typebox';
import { SignInRequest, SignInResponse, SignUpRequest } from '@atlas/domain';
import { forbidden } from '../../http/errors.js';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { signIn, signOut, signUp } from './service.js';

export function authRoutes(app: App, { db, config }: AppDeps) {
  app.post(
    '/v1/auth/sign-up',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create an account with an organization of its own, and sign in',
        security: [],
        body: SignUpRequest,
        response: { 201: SignInResponse, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      if (!config.allowSignUp) throw forbidden('Sign-up is disabled on this server', 'Ask an administrator for an account');
      return reply.status(201).send(await signUp(db, request.body));
    },
  );

  app.post(
    '/v1/auth/sign-in',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        body: SignInRequest,
        response: { 200: SignInResponse, ...errorResponses(400, 401) },
      },
    },
    (request) => signIn(db, request.body),
  );

  app.post(
    '/v1/auth/sign-out',
    { schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 204: Type.Null(), ...errorResponses(401) } } },
    async (request, reply) => {
      await signOut(db, requireIdentity(request.identity));
      return reply.status(204).send(null);
    },
  );
}
