// Legal agreements in the browser (docs/legal.md): the studio terms before the workspace, the analytic data terms
// before the first dashboard.
export { AgreementCard, agreementParagraphs } from './AgreementCard';
export { AgreementGate } from './AgreementGate';
export { BiTermsGate } from './BiTermsGate';
export { StudioTermsGate } from './StudioTermsGate';
export { acceptAgreement, legalKeys } from './queries';
