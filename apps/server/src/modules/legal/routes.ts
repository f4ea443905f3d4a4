import { LegalAgreement, LegalConsent, LegalIdParams } from '@atlas/domain';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import * as legal from './service.js';

const tags = ['legal'];

/** Legal agreements (studio-tos, fsq-sample-data, fsq-bi, fsq-despp) and each user's consent to them. */
export function legalRoutes(app: App, { db }: AppDeps) {
  app.get(
    '/v1/legal/:id',
    {
      schema: {
        tags,
        summary: 'A legal agreement: by type (its latest version) or by agreement id',
        params: LegalIdParams,
        response: { 200: LegalAgreement, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => legal.getAgreement(db, request.params.id),
  );

  app.get(
    '/v1/legal/latest/:id/consent',
    {
      schema: {
        tags,
        summary: "The caller's consent to the latest version of an agreement type",
        params: LegalIdParams,
        response: { 200: LegalConsent, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => legal.getLatestConsent(db, requireIdentity(request.identity), request.params.id),
  );

  app.post(
    '/v1/legal/:id/consent',
    {
      schema: {
        tags,
        summary: 'Consent to an agreement (by id) or to the latest version of a type; 201 the first time, 200 after',
        params: LegalIdParams,
        response: { 200: LegalConsent, 201: LegalConsent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { created, consent } = await legal.consent(db, requireIdentity(request.identity), request.params.id);
      return reply.status(created ? 201 : 200).send(consent);
    },
  );
}
