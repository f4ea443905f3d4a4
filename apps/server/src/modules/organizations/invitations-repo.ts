import { randomUUID } from 'node:crypto';
import type { Invitation, PENDING_MEMBERSHIP_FILTER_TYPES, Seat } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { containsPattern, Params } from '../../store/params.js';
import { iso } from '../../store/rows.js';

interface InvitationRow {
  id: string;
  email: string;
  organization_id: string;
  organization_name: string;
  application: string;
  message: string;
  seat: Seat;
  invited_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT_INVITATION = `
  SELECT i.*, o.name AS organization_name
  FROM organization_invitations i JOIN organizations o ON o.id = i.organization_id`;

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  organizationId: row.organization_id,
  organizationName: row.organization_name,
  application: row.application,
  message: row.message,
  seat: row.seat,
  invitedBy: row.invited_by,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export interface InvitationSearch {
  filterType: (typeof PENDING_MEMBERSHIP_FILTER_TYPES)[number];
  filter?: string;
  organizationId?: string;
  offset: number;
  limit: number;
}

/** Newest first; the filter matches part of the e-mail or of the message, any case. */
export async function listInvitations(db: Queryable, search: InvitationSearch): Promise<Invitation[]> {
  const params = new Params();
  const where = ['TRUE'];
  if (search.filter !== undefined) {
    const column = search.filterType === 'message' ? 'i.message' : 'i.email';
    where.push(`${column} ILIKE ${params.add(containsPattern(search.filter))} ESCAPE '\\'`);
  }
  if (search.organizationId !== undefined) where.push(`i.organization_id = ${params.add(search.organizationId)}`);
  const rows = await db.query<InvitationRow>(
    `${SELECT_INVITATION} WHERE ${where.join(' AND ')} ORDER BY i.created_at DESC, i.id OFFSET ${params.add(search.offset)} LIMIT ${params.add(search.limit)}`,
    params.values,
  );
  return rows.map(toInvitation);
}

export async function findInvitation(db: Queryable, id: string): Promise<Invitation | null> {
  const rows = await db.query<InvitationRow>(`${SELECT_INVITATION} WHERE i.id = $1`, [id]);
  return rows[0] ? toInvitation(rows[0]) : null;
}

export async function pendingInvitationExists(db: Queryable, organizationId: string, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM organization_invitations WHERE organization_id = $1 AND email = lower($2)', [organizationId, email])).length > 0;
}

export interface NewInvitation {
  organizationId: string;
  email: string;
  application: string;
  message: string;
  seat: Seat;
  invitedBy: string;
}

/** Throws the driver's unique violation (23505) when the address already has one for the organization. */
export async function insertInvitation(db: Queryable, invitation: NewInvitation): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO organization_invitations (id, organization_id, email, application, message, seat, invited_by)
     VALUES ($1, $2, lower($3), $4, $5, $6, $7)`,
    [id, invitation.organizationId, invitation.email, invitation.application, invitation.message, invitation.seat, invitation.invitedBy],
  );
  return id;
}

export async function deleteInvitation(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM organization_invitations WHERE id = $1 RETURNING id', [id])).length > 0;
}

/** Takes every invitation to the address away and answers the newest (the one that becomes the membership), if any. */
export async function takeInvitations(db: Queryable, email: string): Promise<{ organizationId: string; seat: Seat } | null> {
  const rows = await db.query<{ organization_id: string; seat: Seat; created_at: Date }>(
    'DELETE FROM organization_invitations WHERE email = lower($1) RETURNING organization_id, seat, created_at',
    [email],
  );
  const newest = rows.sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())[0];
  return newest ? { organizationId: newest.organization_id, seat: newest.seat } : null;
}
