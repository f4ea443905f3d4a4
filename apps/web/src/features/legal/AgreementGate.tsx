import type { ReactNode } from 'react';
import type { LegalAgreement, LegalAgreementType } from '@atlas/domain';
import { errorText } from '../../api/errors';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AgreementCard, type AgreementCardProps } from './AgreementCard';
import { noAgreementInEffect, useAcceptAgreement, useAgreement, useLatestConsent } from './queries';
import './legal.css';

export interface AgreementGateProps {
  type: LegalAgreementType;
  /** The agreement's name in running text: "Checking {subject}…", "Could not load {subject}". */
  subject: string;
  lead: string;
  note: string;
  declineLabel: string;
  onDecline: () => void;
  /** What the agreement, its loading and its failure are shown in (the children are not framed). */
  frame: (content: ReactNode) => ReactNode;
  /** Shown once the user has accepted the latest version of the type. */
  children: ReactNode;
}

/**
 * Shows the children only to a user who has accepted the latest version in effect of the agreement type; anyone else
 * reads that version and accepts it (consent recorded through POST /v1/legal/{id}/consent) or declines. With no
 * version of the type in effect (404) there is nothing to accept and the children show.
 */
export function AgreementGate({ type, subject, lead, note, declineLabel, onDecline, frame, children }: AgreementGateProps) {
  const consent = useLatestConsent(type);
  const askFor = consent.data && !consent.data.consented ? consent.data.agreementId : null;
  const agreement = useAgreement(askFor);
  const accept = useAcceptAgreement(type);

  if (consent.data?.consented || (consent.isError && noAgreementInEffect(consent.error))) return <>{children}</>;
  if (consent.isError)
    return frame(
      <GateFailure title={`Could not check ${subject}`} error={consent.error} onRetry={() => void consent.refetch()} declineLabel={declineLabel} onDecline={onDecline} />,
    );
  if (!consent.data) return frame(<Spinner label={`Checking ${subject}…`} />);
  if (agreement.isError)
    return frame(
      <GateFailure title={`Could not load ${subject}`} error={agreement.error} onRetry={() => void agreement.refetch()} declineLabel={declineLabel} onDecline={onDecline} />,
    );
  if (!agreement.data) return frame(<Spinner label={`Loading ${subject}…`} />);
  const shown = agreement.data;
  return frame(
    <AgreementScreen
      agreement={shown}
      lead={lead}
      note={note}
      declineLabel={declineLabel}
      onDecline={onDecline}
      onAccept={() => accept.mutate(shown.id)}
      pending={accept.isPending}
      error={accept.isError ? errorText(accept.error) : null}
    />,
  );
}

/** The card, and the agreement's title on the tab while it is asked for. */
function AgreementScreen(props: AgreementCardProps & { agreement: LegalAgreement }) {
  useDocumentTitle(props.agreement.title);
  return (
    <div className="legal-screen">
      <AgreementCard {...props} />
    </div>
  );
}

/** A failed check or load: "message (details)", Try again, and the way out (which never needs the server). */
function GateFailure({ title, error, onRetry, declineLabel, onDecline }: { title: string; error: unknown; onRetry: () => void; declineLabel: string; onDecline: () => void }) {
  return (
    <div className="legal-screen">
      <div className="card state-card">
        <h1 className="state-card__title">{title}</h1>
        <p className="state-card__text" role="alert">
          {errorText(error)}
        </p>
        <div className="legal-card__actions">
          <button type="button" className="button button--ghost" onClick={onDecline}>
            {declineLabel}
          </button>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      </div>
    </div>
  );
}
