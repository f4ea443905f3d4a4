// The confirmations of the users list: a seat, a quota policy, administrator rights, a verified address. Each says what
// follows from it.
import type { QuotaPolicy, Seat, User } from '@atlas/domain';
import { ConfirmWrite } from './ConfirmWrite';
import { SEAT_LABELS, policyName } from './format';
import { useAdminWrite } from './queries';

export type UserChange =
  | { kind: 'seat'; user: User; seat: Seat }
  | { kind: 'policy'; user: User; policyId: string }
  | { kind: 'administrator'; user: User; grant: boolean }
  | { kind: 'verify'; user: User };

export function ConfirmUserChange({ change, policies, signedInId, onClose }: { change: UserChange; policies: readonly QuotaPolicy[] | undefined; signedInId: string; onClose(): void }) {
  const write = useAdminWrite((client, next: UserChange): Promise<unknown> => {
    if (next.kind === 'seat') return client.admin.users.setSeat(next.user.id, next.user.organization.id, next.seat);
    if (next.kind === 'policy') return client.admin.users.setQuotaPolicy(next.user.id, next.policyId);
    if (next.kind === 'verify') return client.admin.users.verifyEmail(next.user.id);
    return next.grant ? client.admin.users.addAdministrator(next.user.id) : client.admin.users.removeAdministrator(next.user.id);
  });
  const run = () => write.mutateAsync(change);
  const who = change.user.name || change.user.email;

  if (change.kind === 'seat') {
    const seat = SEAT_LABELS[change.seat];
    return (
      <ConfirmWrite title={`Give ${who} a ${seat.toLowerCase()} seat?`} confirmLabel={`Make ${seat.toLowerCase()}`} danger={change.seat === 'viewer'} run={run} onClose={onClose}>
        <p>
          {who} ({change.user.email}) becomes a {seat.toLowerCase()} of {change.user.organization.name}, with the quota policy of that seat
          {change.seat === 'viewer' ? ': a viewer reads what the organization makes but creates nothing.' : ': the organization’s maker policy.'}
        </p>
      </ConfirmWrite>
    );
  }
  if (change.kind === 'policy') {
    return (
      <ConfirmWrite title="Change the quota policy?" confirmLabel="Assign policy" run={run} onClose={onClose}>
        <p>
          {who} ({change.user.email}) gets the policy “{policyName(policies, change.policyId)}” instead of “{change.user.quotaPolicy.name}”, until their seat or their organization’s
          maker policy changes.
        </p>
      </ConfirmWrite>
    );
  }
  if (change.kind === 'verify') {
    return (
      <ConfirmWrite title={`Verify ${change.user.email}?`} confirmLabel="Verify address" run={run} onClose={onClose}>
        <p>
          You vouch that {change.user.email} is {who}’s address, as the link of a verification e-mail would. What was sent to it becomes theirs: shares made to the address,
          and the newest invitation, which moves them into the inviting organization with its seat.
        </p>
      </ConfirmWrite>
    );
  }
  const self = change.user.id === signedInId;
  return change.grant ? (
    <ConfirmWrite title={`Make ${who} an administrator?`} confirmLabel="Make administrator" run={run} onClose={onClose}>
      <p>{who} will manage every organization, user, invitation and quota of the studio, as you do.</p>
    </ConfirmWrite>
  ) : (
    <ConfirmWrite title="Remove administrator rights?" confirmLabel="Remove administrator" danger run={run} onClose={onClose}>
      <p>
        {self
          ? 'You are removing your own rights: you will no longer see this console. The last administrator cannot be removed.'
          : `${who} (${change.user.email}) keeps their seat but can no longer use this console. The last administrator cannot be removed.`}
      </p>
    </ConfirmWrite>
  );
}
