import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@atlas/routes';
import { PageFrame } from '../dashboards/PageFrame';
import { AgreementGate } from './AgreementGate';

/**
 * The business-intelligence data terms (fsq-bi) before the first use of the analytic sets: wraps the dashboard
 * routes in the router. Accepted once per user (and again for a new version); declining returns to the workspace.
 */
export function BiTermsGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AgreementGate
      type="fsq-bi"
      subject="the analytic data terms"
      lead="The analytic sets come with their own terms. Please read and accept them before your first dashboard."
      note="Declining takes you back to the workspace; the terms are shown again when you next open a dashboard."
      declineLabel="Decline"
      onDecline={() => navigate(paths.workspace())}
      frame={(content) => <PageFrame>{content}</PageFrame>}
    >
      {children}
    </AgreementGate>
  );
}
