import { Link } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** What /admin shows to a signed-in user who is not an administrator (the server refuses them every call too). */
export function AdminRefusal() {
  useDocumentTitle('Administrator rights required');
  return (
    <section className="card state-card" aria-labelledby="admin-refusal-heading" data-testid="admin-refusal">
      <svg className="state-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </svg>
      <h1 id="admin-refusal-heading" className="state-card__title">
        Administrator rights required
      </h1>
      <p className="state-card__text">
        The administration console manages the organizations, users, invitations and quotas of Atlas Studio. Your account is not an administrator; ask
        one of the studio’s administrators if you need these rights.
      </p>
      <Link to={paths.workspace()} className="button button--primary">
        Back to workspace
      </Link>
    </section>
  );
}
