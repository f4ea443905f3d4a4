import { NavLink } from 'react-router-dom';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { useFeatureFlags } from '../../api/useFeatureFlags';
import { Icon } from '../../ui/Icon';
import { navItemsFor } from './navItems';

/** The left navigation of the workspace; the current section is highlighted. */
export function WorkspaceNav() {
  const user = useSignedInUser();
  const flags = useFeatureFlags();
  return (
    <nav className="sidebar" aria-label="Workspace">
      <ul className="sidebar__list">
        {navItemsFor(user, flags.data ?? null).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={({ isActive }) => `sidebar__link${isActive ? ' is-active' : ''}`}>
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
