import { Link } from 'react-router-dom';

export interface ViewerSeatNoticeProps {
  /** What makers make, e.g. "Dashboards are saved by makers". */
  title: string;
  /** What a viewer seat can do instead. */
  text: string;
  /** Where the viewer goes next, and the button's words. */
  to: string;
  linkLabel: string;
  testId: string;
}

/**
 * What a viewer seat sees on a create address (/dashboard/new, /new) instead of a screen the server would refuse to
 * save: why, and the way to the records it can open. The callers decide with the catalogue's `canCreate`.
 */
export function ViewerSeatNotice({ title, text, to, linkLabel, testId }: ViewerSeatNoticeProps) {
  return (
    <div className="card state-card" data-testid={testId}>
      <h1 className="state-card__title">{title}</h1>
      <p className="state-card__text">
        Your seat in the organization is a viewer seat: {text} An administrator can give you a maker seat.
      </p>
      <Link to={to} className="button button--primary">
        {linkLabel}
      </Link>
    </div>
  );
}
