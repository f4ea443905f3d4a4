import { LEGAL_AGREEMENT_TYPES, type LegalAgreement, type LegalAgreementType, type LegalConsent } from '@atlas/domain';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { isoOrNull } from '../../store/rows.js';
import * as repo from './repo.js';

const isAgreementType = (id: string): id is LegalAgreementType => (LEGAL_AGREEMENT_TYPES as readonly string[]).includes(id);

const agreementNotFound = (id: string) => notFound('Legal agreement not found', `No legal agreement or agreement type ${id}`);

/** An agreement type means its latest version in effect; anything else is an agreement id. */
export async function getAgreement(db: Db, id: string): Promise<LegalAgreement> {
  const agreement = isAgreementType(id) ? await repo.findLatestAgreement(db, id) : await repo.findAgreementById(db, id);
  if (!agreement) throw agreementNotFound(id);
  return agreement;
}

const toConsent = (agreement: LegalAgreement, consentedAt: Date | null): LegalConsent => ({
  agreementId: agreement.id,
  type: agreement.type,
  version: agreement.version,
  consented: consentedAt !== null,
  consentedAt: isoOrNull(consentedAt),
});

/** Whether the caller accepted the latest version of the type; an older version's consent does not count. */
export async function getLatestConsent(db: Db, identity: Identity, type: string): Promise<LegalConsent> {
  if (!isAgreementType(type)) throw notFound('Legal agreement type not found', `No legal agreement type ${type}`);
  const agreement = await repo.findLatestAgreement(db, type);
  if (!agreement) throw agreementNotFound(type);
  return toConsent(agreement, await repo.findConsentTime(db, agreement.id, identity.userId));
}

/** Records consent once: consenting again keeps the first time and reports created=false. */
export async function consent(db: Db, identity: Identity, id: string): Promise<{ created: boolean; consent: LegalConsent }> {
  const agreement = await getAgreement(db, id);
  const { created, consentedAt } = await repo.insertConsent(db, agreement.id, identity.userId);
  return { created, consent: toConsent(agreement, consentedAt) };
}
