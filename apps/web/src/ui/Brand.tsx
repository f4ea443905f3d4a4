import { Link } from 'react-router-dom';
import { APP_NAME } from './useDocumentTitle';

/** The product mark and name; links home when `to` is given. */
export function Brand({ to }: { to?: string }) {
  const content = (
    <>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M16 6 7 26h4.2L16 15.2 20.8 26H25z" />
      </svg>
      <span className="brand__name">{APP_NAME}</span>
    </>
  );
  return to ? (
    <Link to={to} className="brand">
      {content}
    </Link>
  ) : (
    <span className="brand">{content}</span>
  );
}
