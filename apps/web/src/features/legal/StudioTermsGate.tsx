import type { ReactNode } from 'react';
import { StandalonePage } from '../../ui/StandalonePage';
import { AgreementGate } from './AgreementGate';

/**
 * The studio terms (studio-tos) before anything of the workspace shows: rendered by <RequireAuth> around every
 * signed-in route, so the user lands where they were going once they accept. Declining is signing out.
 */
export function StudioTermsGate({ onSignOut, children }: { onSignOut: () => void; children: ReactNode }) {
  return (
    <AgreementGate
      type="studio-tos"
      subject="the terms of service"
      lead="Before you continue, please read and accept the terms of service."
      note="Signing out declines the terms; they are shown again at your next sign-in."
      declineLabel="Sign out"
      onDecline={onSignOut}
      frame={(content) => <StandalonePage>{content}</StandalonePage>}
    >
      {children}
    </AgreementGate>
  );
}
