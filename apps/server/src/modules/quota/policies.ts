import { invalidInput, notFound } from '../../http/errors.js';
import type { Queryable } from '../../store/index.js';
import { quotaPolicyExists } from './policies-repo.js';

/** The policy a seat gives in an organization: a maker gets the organization's maker policy (or the maker tier), a viewer the viewer tier. */
export const POLICY_OF_SEAT_SQL = (seat: string, organizationId: string) =>
  `CASE WHEN ${seat} = 'maker' THEN coalesce((SELECT maker_quota_policy FROM organizations WHERE id = ${organizationId}), 'maker') ELSE 'viewer' END`;

/** A policy named in a request body (an organization's makerQuotaPolicy) must exist: 422 otherwise. */
export async function assertPolicyReference(db: Queryable, id: string | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await quotaPolicyExists(db, id))) throw invalidInput('Unknown quota policy', `No quota policy with id ${id}; see GET /v1/quotapolicies`);
}

/** A policy named in the path must exist: 404 otherwise. */
export async function assertPolicyExists(db: Queryable, id: string): Promise<void> {
  if (!(await quotaPolicyExists(db, id))) throw notFound('Quota policy not found', `No quota policy with id ${id}`);
}
