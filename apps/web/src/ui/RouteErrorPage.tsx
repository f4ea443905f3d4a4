import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { errorText } from '../api/errors';
import { StandalonePage } from './StandalonePage';
import { useDocumentTitle } from './useDocumentTitle';

/** The router's last resort when a screen throws while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorText(error);
  return (
    <StandalonePage>
      <section className="card state-card">
        <h1 className="state-card__title">Something went wrong</h1>
        <p className="state-card__text" role="alert">
          {message}
        </p>
        <a href={paths.workspace()} className="button button--primary">
          Reload the workspace
        </a>
      </section>
    </StandalonePage>
  );
}
