import {
  Invitation,
  InvitationCreate,
  InvitationCreateQuery,
  InvitationListQuery,
  InvitationParams,
  Organization,
  OrganizationCreate,
  OrganizationLinkRequest,
  OrganizationListQuery,
  OrganizationUpdate,
  Uuid,
} from '@atlas/domain';
import { Type } from 'typebox';
import { requireIdentity } from '../../http/identity.js';
import { errorResponses, type App, type AppDeps } from '../../http/types.js';
import { bodyMayBeEmpty } from '../publishing/hooks.js';
import * as invitations from './invitations-service.js';
import * as organizations from './service.js';

const IdParams = Type.Object({ id: Uuid() });
const tags = ['administration'];
const BASE = '/v1/organizations';

/** Organizations and their invitations (bi-and-admin.md §7 Administration): administrators only. */
export function organizationRoutes(app: App, { db }: AppDeps) {
  app.get(
    BASE,
    { schema: { tags, summary: 'Organizations with their seat counts (administrators)', querystring: OrganizationListQuery, response: { 200: Type.Array(Organization), ...errorResponses(400, 401, 403) } } },
    (request) => organizations.listOrganizations(db, requireIdentity(request.identity), request.query),
  );

  app.post(
    BASE,
    { schema: { tags, summary: 'Create an organization (administrators)', body: OrganizationCreate, response: { 201: Organization, ...errorResponses(400, 401, 403, 422) } } },
    async (request, reply) => reply.status(201).send(await organizations.createOrganization(db, requireIdentity(request.identity), request.body)),
  );

  app.get(
    `${BASE}/invitations`,
    { schema: { tags, summary: 'Pending invitations, newest first, filtered by e-mail or message (administrators)', querystring: InvitationListQuery, response: { 200: Type.Array(Invitation), ...errorResponses(400, 401, 403) } } },
    (request) => invitations.listInvitations(db, requireIdentity(request.identity), request.query),
  );

  app.delete(
    `${BASE}/invitations/:id`,
    { schema: { tags, summary: 'Withdraw an invitation (administrators)', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await invitations.deleteInvitation(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id`,
    { schema: { tags, summary: 'An organization with its seat counts (administrators)', params: IdParams, response: { 200: Organization, ...errorResponses(400, 401, 403, 404) } } },
    (request) => organizations.getOrganization(db, requireIdentity(request.identity), request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename an organization or change its maker quota policy, which its makers then get (administrators)',
        params: IdParams,
        body: OrganizationUpdate,
        response: { 200: Organization, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => organizations.updateOrganization(db, requireIdentity(request.identity), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Delete an empty organization (administrators)', params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      await organizations.deleteOrganization(db, requireIdentity(request.identity), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${BASE}/:id/link`,
    {
      schema: {
        tags,
        summary: 'Link a user to the organization: they join it with the seat given (administrators)',
        params: IdParams,
        body: OrganizationLinkRequest,
        response: { 200: Organization, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => organizations.linkUser(db, requireIdentity(request.identity), request.params.id, request.body),
  );

  app.post(
    `${BASE}/:orgId/invitations/:invitee`,
    {
      preValidation: bodyMayBeEmpty,
      schema: {
        tags,
        summary: 'Invite an e-mail address to the organization; it joins when it signs in with the address verified (administrators)',
        params: InvitationParams,
        querystring: InvitationCreateQuery,
        body: InvitationCreate,
        response: { 201: Invitation, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { orgId, invitee } = request.params;
      const created = await invitations.invite(db, requireIdentity(request.identity), orgId, invitee, request.query.application, request.body);
      return reply.status(201).send(created);
    },
  );
}
