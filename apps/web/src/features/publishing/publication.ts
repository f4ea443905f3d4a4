// How a publication reads in the publish dialog and on the public page, and what a publish sends.
import { PUBLISHED_PASSWORD_LIMITS, type PublishedItem, type UploadOptions } from '@atlas/domain';

/** The password of a (re-)publish: none, the one it has now, or a new one. */
export type PasswordChoice = 'none' | 'keep' | 'new';

/** What step one of publishing sends for the choice: `null` removes the password, leaving it out keeps it. */
export function uploadOptionsFor(choice: PasswordChoice, password: string): UploadOptions {
  if (choice === 'none') return { password: null };
  if (choice === 'keep') return {};
  return { password };
}

/** Why the form cannot be sent yet, or null. */
export function passwordProblem(choice: PasswordChoice, password: string): string | null {
  if (choice !== 'new') return null;
  if (password.length < PUBLISHED_PASSWORD_LIMITS.minLength) return `A password has at least ${PUBLISHED_PASSWORD_LIMITS.minLength} characters.`;
  if (password.length > PUBLISHED_PASSWORD_LIMITS.maxLength) return `A password has at most ${PUBLISHED_PASSWORD_LIMITS.maxLength} characters.`;
  return null;
}

/** The choice a dialog opens with: keep a password the publication has, else none. */
export const initialChoice = (published: Pick<PublishedItem, 'passwordProtected'> | null): PasswordChoice => (published?.passwordProtected ? 'keep' : 'none');

export function publishedDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : 'not yet';
}

/** "Published 3 Jan 2026 · 5 views · password-protected", or "Not published". */
export function publicationSummary(published: Pick<PublishedItem, 'publishedAt' | 'views' | 'passwordProtected'> | null): string {
  if (!published) return 'Not published';
  const views = `${published.views} ${published.views === 1 ? 'view' : 'views'}`;
  return [`Published ${publishedDate(published.publishedAt)}`, views, published.passwordProtected ? 'password-protected' : 'open to anyone with the link'].join(' · ');
}
