import type { UserFeedback, UserFeedbackCreate } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { iso, isoOrNull } from '../../store/rows.js';

interface FeedbackRow {
  id: string;
  comments: string;
  name: string | null;
  email: string | null;
  event_id: string | null;
  url: string | null;
  user_id: string | null;
  user_email: string | null;
  user_name: string | null;
  organization_id: string | null;
  organization_name: string | null;
  forwarded_at: Date | null;
  created_at: Date;
}

const toFeedback = (row: FeedbackRow): UserFeedback => ({
  id: row.id,
  comments: row.comments,
  name: row.name,
  email: row.email,
  eventId: row.event_id,
  url: row.url,
  userId: row.user_id,
  userEmail: row.user_email,
  userName: row.user_name,
  organizationId: row.organization_id,
  organizationName: row.organization_name,
  forwardedAt: isoOrNull(row.forwarded_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.created_at),
});

const SELECT = `SELECT f.id, f.comments, f.name, f.email, f.event_id, f.url, f.user_id, u.email AS user_email, u.name AS user_name,
    f.organization_id, o.name AS organization_name, f.forwarded_at, f.created_at
  FROM user_feedback f LEFT JOIN users u ON u.id = f.user_id LEFT JOIN organizations o ON o.id = f.organization_id`;

export async function insertFeedback(db: Queryable, id: string, sender: { userId: string; organizationId: string }, feedback: UserFeedbackCreate): Promise<void> {
  await db.query(
    'INSERT INTO user_feedback (id, user_id, organization_id, comments, name, email, event_id, url) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [id, sender.userId, sender.organizationId, feedback.comments, feedback.name ?? null, feedback.email ?? null, feedback.eventId ?? null, feedback.url ?? null],
  );
}

export async function markForwarded(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE user_feedback SET forwarded_at = now() WHERE id = $1', [id]);
}

export async function findFeedback(db: Queryable, id: string): Promise<UserFeedback | null> {
  const rows = await db.query<FeedbackRow>(`${SELECT} WHERE f.id = $1`, [id]);
  return rows[0] ? toFeedback(rows[0]) : null;
}

/** A page of every feedback, newest first (the id breaks ties, so pages never overlap). */
export async function listFeedback(db: Queryable, offset: number, limit: number): Promise<{ items: UserFeedback[]; total: number }> {
  const rows = await db.query<FeedbackRow>(`${SELECT} ORDER BY f.created_at DESC, f.id DESC OFFSET $1 LIMIT $2`, [offset, limit]);
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_feedback');
  return { items: rows.map(toFeedback), total: count!.n };
}
