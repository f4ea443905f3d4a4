import type { Queryable } from '../../store/index.js';
import { joinOrganization } from '../users/repo.js';
import { takeInvitations } from './invitations-repo.js';

/**
 * The account has shown the address is its own: the newest invitation to it becomes its membership (the organization,
 * the invited seat and that seat's quota policy) and every invitation to the address is used up, so a later sign-in
 * does not move the account again. Nothing happens when no invitation waits.
 */
export async function claimInvitations(tx: Queryable, userId: string, email: string): Promise<boolean> {
  const invitation = await takeInvitations(tx, email);
  if (!invitation) return false;
  await joinOrganization(tx, userId, invitation.organizationId, invitation.seat);
  return true;
}
