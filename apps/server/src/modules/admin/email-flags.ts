import { assertAdministrator } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { isoOrNull } from '../../store/rows.js';
import type { EmailFlags, EmailFlagsUpdate } from './schemas.js';

interface FlagsRow {
  email: string;
  do_not_email: boolean | null;
  bounced: boolean | null;
  complained: boolean | null;
  user_id: string | null;
  updated_by: string | null;
  updated_at: Date | null;
}

/** The address's flags beside the account using it; an address never flagged reads as all false. */
async function readFlags(db: Queryable, email: string): Promise<EmailFlags> {
  const rows = await db.query<FlagsRow>(
    `SELECT a.email, f.do_not_email, f.bounced, f.complained, f.updated_by, f.updated_at,
            (SELECT u.id FROM users u WHERE lower(u.email) = a.email) AS user_id
     FROM (SELECT $1::text AS email) a LEFT JOIN email_flags f ON f.email = a.email`,
    [email],
  );
  const row = rows[0]!;
  return {
    email: row.email,
    doNotEmail: row.do_not_email ?? false,
    bounced: row.bounced ?? false,
    complained: row.complained ?? false,
    userId: row.user_id,
    updatedBy: row.updated_by,
    updatedAt: isoOrNull(row.updated_at),
  };
}

/** GET /v1/email_flags?email=: what is recorded about an address (administrators). */
export async function getEmailFlags(db: Db, identity: Identity, email: string): Promise<EmailFlags> {
  assertAdministrator(identity);
  return readFlags(db, email.toLowerCase());
}

/** POST /v1/email_flags {email, ...flags}: sets the flags given, keeps the others (administrators). */
export async function setEmailFlags(db: Db, identity: Identity, { email, doNotEmail, bounced, complained }: EmailFlagsUpdate): Promise<EmailFlags> {
  assertAdministrator(identity);
  const address = email.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO email_flags (email, do_not_email, bounced, complained, updated_by)
       VALUES ($1, coalesce($2, false), coalesce($3, false), coalesce($4, false), $5)
       ON CONFLICT (email) DO UPDATE SET
         do_not_email = coalesce($2, email_flags.do_not_email),
         bounced = coalesce($3, email_flags.bounced),
         complained = coalesce($4, email_flags.complained),
         updated_by = $5, updated_at = now()`,
      [address, doNotEmail ?? null, bounced ?? null, complained ?? null, identity.userId],
    );
    return readFlags(tx, address);
  });
}
