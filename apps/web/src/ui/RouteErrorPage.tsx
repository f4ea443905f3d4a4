import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { reportError } from '../api/errorReports';
import { errorText } from '../api/errors';
import { StandalonePage } from './StandalonePage';
import { useDocumentTitle } from './useDocumentTitle';

/** The router's last resort when a screen throws while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();
  // The router caught it, so the window never sees it: reported here (an unknown address's 404 is not an error).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
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
