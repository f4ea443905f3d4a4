import { Type } from 'typebox';
import { SignInRequest, SignInResponse } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { signIn, signOut } from './service.js';

export function authRoutes(app: App, { db }: AppDeps) {
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
