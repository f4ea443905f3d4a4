import type { User } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { Brand } from '../../ui/Brand';
import { FeedbackButton } from './FeedbackButton';
import { SignOutButton } from './SignOutButton';
import { UserBadge } from './UserBadge';

/** The bar across the top of the workspace: product name, the signed-in user, sign-out. */
export function TopBar({ user }: { user: User }) {
  return (
    <header className="topbar">
      <Brand to={paths.workspace()} />
      <div className="topbar__account">
        <UserBadge user={user} />
        <FeedbackButton user={user} />
        <SignOutButton />
      </div>
    </header>
  );
}
