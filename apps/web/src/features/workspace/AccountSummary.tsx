import type { Seat, User } from '@atlas/domain';
import { Facts } from '../../ui/Facts';

const SEAT_LABELS = { maker: 'Maker', viewer: 'Viewer' } as const satisfies Record<Seat, string>;

/** Who the user is in their organization: seat and administrator rights. */
export function AccountSummary({ user }: { user: User }) {
  return (
    <Facts
      items={[
        { label: 'Organization', value: user.organization.name, testId: 'account-organization' },
        { label: 'Email', value: user.email, testId: 'account-email' },
        { label: 'Seat', value: SEAT_LABELS[user.seat], testId: 'account-seat' },
        { label: 'Administrator', value: user.isAdmin ? 'Yes' : 'No', testId: 'account-admin' },
      ]}
    />
  );
}
