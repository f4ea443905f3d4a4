import { useId, type ReactNode } from 'react';
import { StandalonePage } from '../../ui/StandalonePage';
import './auth.css';

/** The signed-out pages (sign-in, sign-up): one card under the brand, with a title and a lead line. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <StandalonePage>
      <section className="card auth-card" aria-labelledby={headingId}>
        <h1 id={headingId} className="auth-card__title">
          {title}
        </h1>
        <p className="auth-card__lead">{lead}</p>
        {children}
      </section>
    </StandalonePage>
  );
}
