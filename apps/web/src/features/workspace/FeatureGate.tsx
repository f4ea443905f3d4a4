// A screen that needs feature flags of the organization (docs/feature-flags.md): the screen itself when they are all
// on, else a page saying it is not enabled for the organization. Wraps routes in router.tsx.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FeatureFlag } from '@atlas/domain';
import { paths } from '@atlas/routes';
import { errorText } from '../../api/errors';
import { useFeatureFlags } from '../../api/useFeatureFlags';
import { Spinner } from '../../ui/Spinner';
import { StandalonePage } from '../../ui/StandalonePage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { flagsAllow } from './featureGates';

export interface FeatureGateProps {
  flags: readonly FeatureFlag[];
  /** The screen's name, as the page names it ("Workbooks"). */
  screen: string;
  /** A route outside the workspace chrome: the page gets the standalone frame. */
  standalone?: boolean;
  children: ReactNode;
}

export function FeatureGate({ flags: required, screen, standalone = false, children }: FeatureGateProps) {
  const flags = useFeatureFlags();
  if (flags.isSuccess && flagsAllow(flags.data, required)) return <>{children}</>;
  const content = flags.isPending ? (
    <Spinner label="Loading…" />
  ) : flags.isError ? (
    <section className="card state-card" aria-label="Feature flags">
      <p className="form__error" role="alert">
        {errorText(flags.error)}
      </p>
      <button type="button" className="button button--ghost" onClick={() => void flags.refetch()}>
        Try again
      </button>
    </section>
  ) : (
    <NotEnabledPage screen={screen} flags={required.filter((flag) => flags.data[flag] !== true)} />
  );
  return standalone ? <StandalonePage brandLink={paths.workspace()}>{content}</StandalonePage> : content;
}

/** "Not enabled for your organization": which screen, which flags are off, who can turn them on. */
export function NotEnabledPage({ screen, flags }: { screen: string; flags: readonly FeatureFlag[] }) {
  const heading = 'Not enabled for your organization';
  useDocumentTitle(heading);
  return (
    <section className="card state-card" aria-labelledby="not-enabled-heading" data-testid="feature-not-enabled">
      <svg className="state-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" />
        <path d="M6 6l12 12" />
      </svg>
      <h1 id="not-enabled-heading" className="state-card__title">
        {heading}
      </h1>
      <p className="state-card__text">
        {screen} is not enabled for your organization. An administrator can turn it on in the administration console (Feature flags).
      </p>
      <dl className="facts facts--compact">
        <div className="facts__row">
          <dt>Screen</dt>
          <dd>{screen}</dd>
        </div>
        <div className="facts__row">
          <dt>{flags.length === 1 ? 'Feature flag off' : 'Feature flags off'}</dt>
          <dd>
            <code>{flags.join(', ')}</code>
          </dd>
        </div>
      </dl>
      <Link to={paths.workspace()} className="button button--primary">
        Back to workspace
      </Link>
    </section>
  );
}
