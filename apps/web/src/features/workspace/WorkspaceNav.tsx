import { NavLink } from 'react-router-dom';
import { Icon } from '../../ui/Icon';
import { NAV_ITEMS } from './navItems';

/** The left navigation of the workspace; the current section is highlighted. */
export function WorkspaceNav() {
  return (
    <nav className="sidebar" aria-label="Workspace">
      <ul className="sidebar__list">
        {NAV_ITEMS.map((item) => (
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
