import { AppStatusCode, Messages, type PublishedInfo, type PublishedItem } from '@atlas/domain';
import { unauthorized } from '../../http/errors.js';
import { verifyPassword } from '../../security/secrets.js';
import type { Queryable } from '../../store/index.js';
import { checkPasswordAttempt, publishedSubject, type AttemptSource } from '../auth/attempts.js';
import { issueViewToken } from './view-token.js';
import { countView, toPublishedInfo, toPublishedItem, type PublishedRow } from './repo.js';

export interface RevealOptions {
  /** Answer only what the unlock page shows, without the snapshot; needs no password and counts no view. */
  infoOnly?: boolean;
  password?: string | undefined;
  /** Password attempts count against the item and the client address. */
  from: AttemptSource;
  /** Signs a view token for the item's data routes, answered with a protected item once its password checked out. */
  signingSecret?: string;
}

/** What a public viewer gets of a published item: its info, or the whole item (one view counted) once the password checks out. */
export async function revealPublished(db: Queryable, row: PublishedRow, { infoOnly = false, password, from, signingSecret }: RevealOptions): Promise<PublishedItem | PublishedInfo> {
  if (infoOnly) return toPublishedInfo(row);
  if (row.password_hash !== null) {
    // PASSWORD_REQUIRED would be the better appStatusCode; AppStatusCode has none yet (see the module report).
    if (password === undefined) throw unauthorized(Messages.passwordProtected, 'Send the password to open it', AppStatusCode.PasswordRequired);
    const valid = await checkPasswordAttempt(db, from, publishedSubject(row.id), () => verifyPassword(row.password_hash!, password));
    if (!valid) throw unauthorized(Messages.incorrectPassword, '', AppStatusCode.InvalidCredentials);
  }
  const item = toPublishedItem(await countView(db, row.id));
  return row.password_hash !== null && signingSecret !== undefined ? { ...item, viewToken: issueViewToken(signingSecret, row.id, row.password_hash) } : item;
}
