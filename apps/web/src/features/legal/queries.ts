// The reads and the one write of the legal gates: the caller's consent to the latest version of an agreement type,
// the agreement's text, and recording consent (workspace-and-catalogue.md §7 Legal, /v1/legal).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@atlas/client';
import type { LegalAgreement, LegalAgreementType, LegalConsent } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';

export const legalKeys = {
  /** The caller's consent to the latest version in effect of a type. Sign-in and sign-out clear every query. */
  consent: (type: LegalAgreementType) => ['legal', 'consent', type] as const,
  /** One agreement version by id: versions never change, so it is kept for the page's life. */
  agreement: (id: string) => ['legal', 'agreement', id] as const,
};

/**
 * The consent check (for signed-in screens only), kept for the page's life: it runs when the page loads and after each sign-in (signing in clears
 * every cached answer). A version published meanwhile is asked for then, never in the middle of someone's work.
 */
export function useLatestConsent(type: LegalAgreementType, enabled = true) {
  const client = useApiClient();
  return useQuery<LegalConsent>({
    queryKey: legalKeys.consent(type),
    queryFn: () => client.legal.latestConsent(type),
    enabled,
    staleTime: Infinity,
  });
}

/** The text of the exact version the consent check named (so what is shown is what is accepted). */
export function useAgreement(agreementId: string | null) {
  const client = useApiClient();
  return useQuery<LegalAgreement>({
    queryKey: legalKeys.agreement(agreementId ?? ''),
    queryFn: () => client.legal.get(agreementId!),
    enabled: agreementId !== null,
    staleTime: Infinity,
  });
}

/**
 * Records consent to the version shown (by its id, not the type: a version that came into effect meanwhile is not
 * accepted unseen), then asks again which version is the latest, so a newer one is shown next instead of passing.
 */
export async function acceptAgreement(client: ApiClient, agreementId: string, type: LegalAgreementType): Promise<LegalConsent> {
  await client.legal.consent(agreementId);
  return client.legal.latestConsent(type);
}

export function useAcceptAgreement(type: LegalAgreementType) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<LegalConsent, Error, string>({
    mutationFn: (agreementId) => acceptAgreement(client, agreementId, type),
    onSuccess: (latest) => queryClient.setQueryData(legalKeys.consent(type), latest),
  });
}

/** No agreement of the type is in effect (none was ever published): there is nothing to accept. */
export const noAgreementInEffect = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
