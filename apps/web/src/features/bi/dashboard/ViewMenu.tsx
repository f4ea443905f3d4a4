// The side menu of an analytic set's views (and subviews, indented by depth), the selected one marked.
import { Link, type To } from 'react-router-dom';
import type { MenuEntry } from './layout';

export interface ViewMenuProps {
  entries: readonly MenuEntry[];
  selectedId: string | undefined;
  /** Where choosing a view leads (the address keeps what the page keeps: values, or only the view). */
  linkTo(id: string): To;
}

export function ViewMenu({ entries, selectedId, linkTo }: ViewMenuProps) {
  return (
    <nav className="bi-menu" aria-label="Views">
      <p className="bi-menu__heading">Views</p>
      <ul className="bi-menu__list">
        {entries.map((item) => (
          <li key={item.id}>
            <Link
              to={linkTo(item.id)}
              replace
              className={`bi-menu__link bi-menu__link--depth-${item.depth}${item.id === selectedId ? ' is-active' : ''}`}
              aria-current={item.id === selectedId ? 'page' : undefined}
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
