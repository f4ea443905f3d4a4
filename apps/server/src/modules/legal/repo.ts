import type { LegalAgreement, LegalAgreementType } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';

interface AgreementRow {
  id: string;
  type: LegalAgreementType;
  version: number;
  title: string;
  body: string;
  effective_at: Date;
  created_at: Date;
}

// Agreements never change once published (a change is a new version), so updatedAt is createdAt.
export const toAgreement = (row: AgreementRow): LegalAgreement => ({
  id: row.id,
  type: row.type,
  version: row.version,
  title: row.title,
  body: row.body,
  effectiveAt: iso(row.effective_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.created_at),
});

const COLUMNS = 'id, type, version, title, body, effective_at, created_at';

export async function findAgreementById(db: Queryable, id: string): Promise<LegalAgreement | null> {
  const rows = await db.query<AgreementRow>(`SELECT ${COLUMNS} FROM legal_agreements WHERE id = $1`, [id]);
  return rows[0] ? toAgreement(rows[0]) : null;
}

/** The highest version already in effect: a version published ahead of its date is not served yet. */
export async function findLatestAgreement(db: Queryable, type: LegalAgreementType): Promise<LegalAgreement | null> {
  const rows = await db.query<AgreementRow>(
    `SELECT ${COLUMNS} FROM legal_agreements WHERE type = $1 AND effective_at <= now() ORDER BY version DESC LIMIT 1`,
    [type],
  );
  return rows[0] ? toAgreement(rows[0]) : null;
}

export async function findConsentTime(db: Queryable, agreementId: string, userId: string): Promise<Date | null> {
  const rows = await db.query<{ consented_at: Date }>('SELECT consented_at FROM legal_consents WHERE agreement_id = $1 AND user_id = $2', [agreementId, userId]);
  return rows[0]?.consented_at ?? null;
}

/** Records the consent unless it exists; answers whether this call created it and the (first) consent time. */
export async function insertConsent(db: Queryable, agreementId: string, userId: string): Promise<{ created: boolean; consentedAt: Date }> {
  const inserted = await db.query<{ consented_at: Date }>(
    'INSERT INTO legal_consents (agreement_id, user_id) VALUES ($1, $2) ON CONFLICT (agreement_id, user_id) DO NOTHING RETURNING consented_at',
    [agreementId, userId],
  );
  if (inserted[0]) return { created: true, consentedAt: inserted[0].consented_at };
  return { created: false, consentedAt: (await findConsentTime(db, agreementId, userId))! };
}
