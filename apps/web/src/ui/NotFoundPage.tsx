import { Link, useLocation } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { useDocumentTitle } from './useDocumentTitle';

export type NotFoundKind = 'unavailable' | 'not-found';

const COPY: Record<NotFoundKind, { heading: string; text: string }> = {
  unavailable: {
    heading: 'Page not available',
    text: 'This screen of Atlas Studio is not available in this version.',
  },
  'not-found': {
    heading: 'Page not found',
    text: 'There is no screen of Atlas Studio at this address.',
  },
};

/**
 * What a route shows when its screen is not built (kind 'unavailable', with the screen's name)
 * or when no route matches at all (kind 'not-found'). Never a stand-in for a real screen.
 */
export function NotFoundPage({ kind, screen }: { kind: NotFoundKind; screen?: string }) {
  const location = useLocation();
  const { heading, text } = COPY[kind];
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
        {screen && (
          <div className="facts__row">
            <dt>Screen</dt>
            <dd>{screen}</dd>
          </div>
        )}
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
