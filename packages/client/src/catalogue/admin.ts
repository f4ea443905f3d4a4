// Typed calls of the administration console (bi-and-admin.md §7 Administration): organizations, invitations,
// user look-up, administrators, seats and quota policies. Administrators only; everyone else gets 403.
import type {
  Invitation,
  InvitationCreate,
  InvitationListQuery,
  Organization,
  OrganizationCreate,
  OrganizationLinkRequest,
  OrganizationListQuery,
  OrganizationUpdate,
  QuotaPolicy,
  Seat,
  User,
  UserLookupQuery,
} from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;

export function createAdminApi(request: Http['request']) {
  return {
    organizations: {
      list: (query: OrganizationListQuery = {}) => request<Organization[]>('GET', '/v1/organizations', { query }),
      get: (orgId: string) => request<Organization>('GET', `/v1/organizations/${id(orgId)}`),
      create: (body: OrganizationCreate) => request<Organization>('POST', '/v1/organizations', { body }),
      update: (orgId: string, body: OrganizationUpdate) => request<Organization>('PUT', `/v1/organizations/${id(orgId)}`, { body }),
      /** Only an empty organization (409 otherwise). */
      remove: (orgId: string) => request<void>('DELETE', `/v1/organizations/${id(orgId)}`),
      /** The user joins the organization with the seat (viewer by default). */
      link: (orgId: string, body: OrganizationLinkRequest) => request<Organization>('POST', `/v1/organizations/${id(orgId)}/link`, { body }),
    },
    invitations: {
      list: (query: InvitationListQuery = {}) => request<Invitation[]>('GET', '/v1/organizations/invitations', { query }),
      create: (orgId: string, invitee: string, application: string, body: InvitationCreate = {}) =>
        request<Invitation>('POST', `/v1/organizations/${id(orgId)}/invitations/${id(invitee)}`, { query: { application }, body }),
      remove: (invitationId: string) => request<void>('DELETE', `/v1/organizations/invitations/${id(invitationId)}`),
    },
    users: {
      /** With `email`: exactly one user, else 404 "No user found for email {email}". */
      lookUp: (query: UserLookupQuery) => request<User[]>('GET', '/v1/users', { query }),
      administrators: () => request<User[]>('GET', '/v1/users/admin'),
      addAdministrator: (userId: string) => request<User>('POST', `/v1/users/admin/${id(userId)}`),
      /** 409 for the last administrator. */
      removeAdministrator: (userId: string) => request<void>('DELETE', `/v1/users/admin/${id(userId)}`),
      setSeat: (userId: string, orgId: string, seat: Seat) =>
        request<User>('PUT', `/v1/admin/users/${id(userId)}/organization/${id(orgId)}/seat/${id(seat)}`),
      setQuotaPolicy: (userId: string, policyId: string) => request<User>('PUT', `/v1/users/${id(userId)}/quotapolicy/${id(policyId)}`),
    },
    quotaPolicies: () => request<QuotaPolicy[]>('GET', '/v1/quotapolicies'),
  };
}
export type AdminApi = ReturnType<typeof createAdminApi>;
