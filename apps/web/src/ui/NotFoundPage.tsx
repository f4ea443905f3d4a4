import { Link, useLocation } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { useDocumentTitle } from './useDocumentTitle';

const heading = 'Page not found';
const text = 'There is no screen of Atlas Studio at this address.';

/** What an address no route matches shows. */
export function NotFoundPage() {
  const location = useLocation();
  const requested = `${location.pathname}${location.search}${location.hash}`;
  useDocumentTitle(heading);

  return (
    <section className="card state-card" aria-labelledby="not-found-heading">
      <svg className="state-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.3v.2" />
      </svg>
      <h1 id="not-found-heading" className="state-card__title">
        {heading}
      </h1>
      <p className="state-card__text">{text}</p>
      <dl className="facts facts--compact">
        <div className="facts__row">
          <dt>Requested path</dt>
          <dd>
            <code data-testid="requested-path">{requested}</code>
          </dd>
        </div>
      </dl>
      <Link to={paths.workspace()} className="button button--primary">
        Back to workspace
      </Link>
    </section>
  );
}
