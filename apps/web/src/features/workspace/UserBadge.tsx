import type { User } from '@atlas/domain';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0] ?? '')
    .join('');
  return (letters.length > 2 ? `${letters[0]}${letters[letters.length - 1]}` : letters).toUpperCase() || '?';
}

/** Who is signed in, and for which organization. */
export function UserBadge({ user }: { user: User }) {
  return (
    <div className="user-badge" title={user.email}>
      <span className="user-badge__avatar" aria-hidden="true">
        {initials(user.name)}
      </span>
      <span className="user-badge__text">
        <span className="user-badge__name" data-testid="user-name">
          {user.name}
        </span>
        <span className="user-badge__org" data-testid="organization-name">
          {user.organization.name}
        </span>
      </span>
    </div>
  );
}
