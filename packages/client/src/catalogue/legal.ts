// Typed calls for legal agreements (workspace-and-catalogue.md §7 Legal).
import type { LegalAgreement, LegalAgreementType, LegalConsent } from '@atlas/domain';
import type { Http } from '../http.js';

const id = encodeURIComponent;

export function createLegalApi(request: Http['request']) {
  return {
    /** By type (its latest version) or by agreement id such as 'studio-tos-v1'. Needs no sign-in. */
    get: (agreementIdOrType: string) => request<LegalAgreement>('GET', `/v1/legal/${id(agreementIdOrType)}`),
    latestConsent: (type: LegalAgreementType) => request<LegalConsent>('GET', `/v1/legal/latest/${id(type)}/consent`),
    /** Consents to the agreement, or to the latest version of a type; repeating it keeps the first consent. */
    consent: (agreementIdOrType: string) => request<LegalConsent>('POST', `/v1/legal/${id(agreementIdOrType)}/consent`),
  };
}
export type LegalApi = ReturnType<typeof createLegalApi>;
