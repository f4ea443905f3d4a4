import type { LegalAgreement } from '@atlas/domain';

export interface AgreementCardProps {
  agreement: LegalAgreement;
  /** Why the agreement is shown, above its title. */
  lead: string;
  /** What declining does, under the buttons. */
  note: string;
  declineLabel: string;
  onAccept: () => void;
  onDecline: () => void;
  /** Consent is being recorded: both buttons wait. */
  pending: boolean;
  /** The failure of the last "I accept", as "message (details)". */
  error: string | null;
}

const effectiveDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The agreement's body is plain text (the seeded agreements hold no markup): paragraphs are separated by blank lines
 * and shown as text nodes, so whatever the body holds is never interpreted as HTML.
 */
export function agreementParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** One agreement version to read, with "I accept" and a way out. Uses no hooks, so it can be called as a function. */
export function AgreementCard({ agreement, lead, note, declineLabel, onAccept, onDecline, pending, error }: AgreementCardProps) {
  const headingId = `legal-${agreement.type}-title`;
  return (
    <section className="card legal-card" aria-labelledby={headingId} data-testid="legal-agreement" data-agreement={agreement.id}>
      <p className="legal-card__lead">{lead}</p>
      <h1 id={headingId} className="legal-card__title">
        {agreement.title}
      </h1>
      <p className="legal-card__meta">
        Version {agreement.version} · in effect since {effectiveDate.format(new Date(agreement.effectiveAt))}
      </p>
      <div className="legal-card__body" tabIndex={0} role="region" aria-label={`Text of the ${agreement.title}`}>
        {agreementParagraphs(agreement.body).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="legal-card__actions">
        <button type="button" className="button button--ghost" onClick={onDecline} disabled={pending}>
          {declineLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onAccept} disabled={pending}>
          {pending ? 'Recording your consent…' : 'I accept'}
        </button>
      </div>
      <p className="legal-card__note">{note}</p>
    </section>
  );
}
