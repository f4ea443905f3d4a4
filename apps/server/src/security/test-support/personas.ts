import type { PermissionRole } from '@atlas/domain';

/**
 * Who calls. Every resource of the matrix is owned by the demo analyst (a maker of "Demo") and private unless the
 * persona says `publicRead`. The rank follows http/access.ts: 4 owner or admin mode, 3 editor, 2 viewer grant or member
 * of the owner's organization, 1 limited-viewer or public_read, 0 invisible.
 */
export interface Persona {
  name: string;
  /** null: no token at all. */
  email: string | null;
  /** Rank before grants and visibility: 4 owner, 2 member of the owner's organization, 0 anyone else. */
  base: 0 | 2 | 4;
  viewerSeat?: boolean;
  /** The owner grants this role to the persona's user before the case runs. */
  grant?: PermissionRole;
  /** The owner makes the resource public_read before the case runs. */
  publicRead?: boolean;
  /** Sends ?isAdmin=true where the route takes it (the persona is an administrator). */
  adminMode?: boolean;
  /** Calls with its API key instead of a session token. */
  apiKey?: boolean;
}

export const OWNER = 'analyst@example.com';
export const MEMBER = 'member@example.com';
export const OUTSIDER = 'outsider@security.test';
export const FOREIGN_ADMIN = 'root@security.test';
/** Owns the map style whose accessToken no answer may carry; a maker of Demo that no persona calls as. */
export const STYLIST = 'stylist@example.com';
/** Receives the grants the personas try to make. */
export const BYSTANDER = 'bystander@security.test';

const SIGNED_IN: Persona[] = [
  { name: 'the owner', email: OWNER, base: 4 },
  { name: 'a maker of the owner organization', email: MEMBER, base: 2 },
  { name: 'a viewer seat of the owner organization', email: 'viewer@example.com', base: 2, viewerSeat: true },
  { name: 'a viewer seat granted editor', email: 'viewer@example.com', base: 2, viewerSeat: true, grant: 'editor' },
  { name: 'an administrator of the organization', email: 'admin@example.com', base: 2 },
  { name: 'an administrator of the organization in admin mode', email: 'admin@example.com', base: 2, adminMode: true },
  { name: 'an administrator of another organization', email: FOREIGN_ADMIN, base: 0 },
  { name: 'an administrator of another organization in admin mode', email: FOREIGN_ADMIN, base: 0, adminMode: true },
  { name: 'a user of another organization', email: OUTSIDER, base: 0 },
  { name: 'a user of another organization on a public_read resource', email: OUTSIDER, base: 0, publicRead: true },
  { name: 'a limited-viewer grantee of another organization', email: OUTSIDER, base: 0, grant: 'limited-viewer' },
  { name: 'a viewer grantee of another organization', email: OUTSIDER, base: 0, grant: 'viewer' },
  { name: 'an editor grantee of another organization', email: OUTSIDER, base: 0, grant: 'editor' },
];

export const PERSONAS: Persona[] = [
  { name: 'anonymous', email: null, base: 0 },
  ...SIGNED_IN,
  ...SIGNED_IN.map((persona) => ({ ...persona, name: `${persona.name}, with an API key`, apiKey: true })),
];

/** What an action needs. `download` is §6 copy judged by rank only (see checkDataDownload); `adminMode` is admin mode itself. */
export type Need = 'read' | 'write' | 'delete' | 'copy' | 'download' | 'adminMode';

const ROLE_RANK: Record<PermissionRole, number> = { 'limited-viewer': 1, viewer: 2, editor: 3 };

/** The persona's rank on the resource; admin mode counts only where the route honours ?isAdmin=true. */
export function rankOf(persona: Persona, adminModeHonoured: boolean): number {
  if (persona.adminMode && adminModeHonoured) return 4;
  return Math.max(persona.base, persona.grant ? ROLE_RANK[persona.grant] : 0, persona.publicRead ? 1 : 0);
}

/** The status the rules give: `ok` when allowed, 401 signed out, 404 invisible, 403 visible but not allowed. */
export function expectedStatus<Ok>(persona: Persona, need: Need, adminModeHonoured: boolean, ok: Ok): Ok | 401 | 403 | 404 {
  if (!persona.email) return 401;
  // Admin mode is refused to non-administrators before anything is looked up, so existence does not show.
  if (need === 'adminMode') return persona.adminMode && adminModeHonoured ? ok : 403;
  const rank = rankOf(persona, adminModeHonoured);
  if (rank === 0) return 404;
  const adminMode = Boolean(persona.adminMode && adminModeHonoured);
  // A viewer seat only reads, whatever it is granted (unless in admin mode); downloading is judged by rank alone.
  const maker = !persona.viewerSeat || adminMode;
  const allowed = {
    read: true,
    download: rank >= 2,
    copy: rank >= 2 && maker,
    write: rank >= 3 && maker,
    delete: rank >= 3 && maker,
  }[need];
  return allowed ? ok : 403;
}

/** Whether the persona may read a private resource of the owner's organization (the linked secret dataset). */
export const readsOwnerOrganization = (persona: Pick<Persona, 'base' | 'adminMode'>) => persona.base >= 2 || persona.adminMode === true;
