import { Type, type Static } from 'typebox';
import { LEGAL_AGREEMENT_TYPES, type LegalAgreementType } from '../enums.js';
import { DateTime, Nullable, StringEnum, Timestamps } from '../schema-helpers.js';

export const LegalAgreementTypeSchema = StringEnum(LEGAL_AGREEMENT_TYPES);

export const LegalAgreement = Type.Object(
  {
    id: Type.String({ description: 'e.g. studio-tos-v1' }),
    type: LegalAgreementTypeSchema,
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    body: Type.String(),
    effectiveAt: DateTime(),
    ...Timestamps,
  },
  { title: 'LegalAgreement' },
);
export type LegalAgreement = Static<typeof LegalAgreement> & { type: LegalAgreementType };

/** The caller's consent to one agreement version. */
export const LegalConsent = Type.Object(
  {
    agreementId: Type.String(),
    type: LegalAgreementTypeSchema,
    version: Type.Integer({ minimum: 1 }),
    consented: Type.Boolean(),
    consentedAt: Nullable(DateTime()),
  },
  { title: 'LegalConsent' },
);
export type LegalConsent = Static<typeof LegalConsent> & { type: LegalAgreementType };

/** An agreement type (meaning its latest version) or an agreement id. */
export const LegalIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' }) });
