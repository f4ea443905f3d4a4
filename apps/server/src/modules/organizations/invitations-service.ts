import type { Invitation, InvitationCreate, InvitationListQuery } from '@atlas/domain';
import { SQL_PAGING_DEFAULTS } from '@atlas/domain';
import { assertAdministrator } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { findUserByEmail } from '../users/repo.js';
import * as repo from './invitations-repo.js';
import { findOrganization } from './repo.js';

const ALREADY_PENDING = 'An invitation to this address is already pending';

export function listInvitations(db: Db, identity: Identity, query: InvitationListQuery): Promise<Invitation[]> {
  assertAdministrator(identity);
  return repo.listInvitations(db, {
    filterType: query.filterType ?? 'email',
    filter: query.filter,
    organizationId: query.organizationId,
    offset: query.offset ?? SQL_PAGING_DEFAULTS.offset,
    limit: query.limit ?? SQL_PAGING_DEFAULTS.limit,
  });
}

/** No mail is sent: the addressee joins when they sign in (or up) with the address verified. */
export async function invite(db: Db, identity: Identity, organizationId: string, email: string, application: string, body: InvitationCreate): Promise<Invitation> {
  assertAdministrator(identity);
  try {
    return await db.transaction(async (tx) => {
      if (!(await findOrganization(tx, organizationId))) throw notFound('Organization not found', `No organization with id ${organizationId}`);
      const member = await findUserByEmail(tx, email);
      if (member?.organization_id === organizationId) throw conflict('The address already belongs to a member of this organization', email.toLowerCase());
      if (await repo.pendingInvitationExists(tx, organizationId, email)) throw conflict(ALREADY_PENDING, 'Delete it first to send another');
      const id = await repo.insertInvitation(tx, { organizationId, email, application, message: body.message ?? '', seat: body.seat ?? 'viewer', invitedBy: identity.userId });
      return (await repo.findInvitation(tx, id))!;
    });
  } catch (error) {
    // The same invitation sent twice at once: the second finds the first one's row.
    if ((error as { code?: string }).code === '23505') throw conflict(ALREADY_PENDING, 'Delete it first to send another');
    throw error;
  }
}

export async function deleteInvitation(db: Db, identity: Identity, id: string): Promise<void> {
  assertAdministrator(identity);
  if (!(await repo.deleteInvitation(db, id))) throw notFound('Invitation not found', `No invitation with id ${id}`);
}
