// What the share dialog lists: one row per grant of a permission listing, and the e-mail lists people type.
import type { Lock, PermissionListing, PermissionRole, Seat, User } from '@atlas/domain';

export const ROLE_LABELS = { 'limited-viewer': 'Limited viewer', viewer: 'Viewer', editor: 'Editor' } as const satisfies Record<PermissionRole, string>;
/** The roles a new grant can take in the dialog. */
export const GRANTABLE_ROLES = ['limited-viewer', 'viewer', 'editor'] as const satisfies readonly PermissionRole[];

const SEAT_PLURALS = { maker: 'Makers', viewer: 'Viewer seats' } as const satisfies Record<Seat, string>;

export interface GrantRow {
  permissionId: string;
  kind: 'user' | 'email' | 'organization' | 'role';
  /** Who: a person's name, an address, an organization, or a seat group. */
  label: string;
  /** A second line: the person's e-mail, "Invitation pending", "Organization", … */
  detail: string;
  role: PermissionRole;
}

/** People first, then pending e-mails, organizations and seat groups, each by name. */
export function grantRows(listing: PermissionListing, organizationName: string): GrantRow[] {
  const byLabel = (a: GrantRow, b: GrantRow) => a.label.localeCompare(b.label);
  return [
    ...listing.users
      .map((user): GrantRow => ({ permissionId: user.permission.id, kind: 'user', label: user.name, detail: user.email, role: user.permission.role }))
      .sort(byLabel),
    ...listing.emails
      .map((entry): GrantRow => ({ permissionId: entry.permission.id, kind: 'email', label: entry.email, detail: 'Invitation pending', role: entry.permission.role }))
      .sort(byLabel),
    ...listing.organizations
      .map((org): GrantRow => ({ permissionId: org.permission.id, kind: 'organization', label: `Everyone in ${org.name}`, detail: 'Organization', role: org.permission.role }))
      .sort(byLabel),
    ...listing.roles
      .map((entry): GrantRow => ({
        permissionId: entry.permission.id,
        kind: 'role',
        label: `${SEAT_PLURALS[entry.role]} in ${organizationName}`,
        detail: 'Seat group',
        role: entry.permission.role,
      }))
      .sort(byLabel),
  ];
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Splits typed addresses (commas, semicolons, spaces or lines), lowercased and without repeats; `invalid` lists the rest. */
export function parseEmails(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (!part) continue;
    const email = part.toLowerCase();
    if (!EMAIL.test(email)) invalid.push(part);
    else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}

/** A lock counts until it expires; a lapsed one is nobody's. */
export const lockIsActive = (lock: Lock | null, now: number) => lock !== null && Date.parse(lock.expiresAt) > now;

/** Who can take over the editing lock: the owner and makers granted editor (the server refuses anyone who cannot write). */
export function lockCandidates(listing: PermissionListing, user: Pick<User, 'id' | 'name'>): Array<{ id: string; label: string }> {
  const owner = { id: listing.ownerId, label: listing.ownerId === user.id ? `${user.name} (you)` : 'The owner' };
  const editors = listing.users
    .filter((person) => person.permission.role === 'editor' && person.seat === 'maker' && person.id !== listing.ownerId)
    .map((person) => ({ id: person.id, label: person.id === user.id ? `${person.name} (you)` : person.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [owner, ...editors];
}
