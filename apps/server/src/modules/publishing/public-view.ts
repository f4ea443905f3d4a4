import { AppStatusCode, Messages, type PublishedInfo, type PublishedItem } from '@atlas/domain';
import { unauthorized } from '../../http/errors.js';
import { verifyPassword } from '../../security/secrets.js';
import type { Queryable } from '../../store/index.js';
import { checkPasswordAttempt, publishedSubject, type AttemptSource } from '../auth/attempts.js';
import { countView, toPublishedInfo, toPublishedItem, type PublishedRow } from './repo.js';

export interface RevealOptions {
  /** Answer only what the unlock page shows, without the snapshot; needs no password and counts no view. */
  infoOnly?: boolean;
  password?: string | undefined;
  /** Password attempts count against the item and the client address. */
  from: AttemptSource;
}

/** What a public viewer gets of a published item: its info, or the whole item (one view counted) once the password checks out. */
export async function revealPublished(db: Queryable, row: PublishedRow, { infoOnly = false, password, from }: RevealOptions): Promise<PublishedItem | PublishedInfo> {
  if (infoOnly) return toPublishedInfo(row);
  if (row.password_hash !== null) {
    // PASSWORD_REQUIRED would be the better appStatusCode; AppStatusCode has none yet (see the module report).
    if (password === undefined) throw unauthorized(Messages.passwordProtected, 'Send the password to open it', AppStatusCode.PasswordRequired);
    const valid = await checkPasswordAttempt(db, from, publishedSubject(row.id), () => verifyPassword(row.password_hash!, password));
    if (!valid) throw unauthorized(Messages.incorrectPassword, '', AppStatusCode.InvalidCredentials);
  }
  return toPublishedItem(await countView(db, row.id));
}
