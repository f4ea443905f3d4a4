import { randomUUID } from 'node:crypto';
import type { PublishedDatasetRef } from '@atlas/domain';
import type { Queryable } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { EMPTY_CONFIG, type PublishedRow } from './repo.js';

/** SQL for published reports (published_items of resource_type 'report') and their invitations. */

export interface NewReport {
  ownerId: string;
  organizationId: string;
  name: string;
  description: string;
  datasets: PublishedDatasetRef[];
  passwordHash: string | null;
}

export async function insertReport(tx: Queryable, report: NewReport): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO published_items (id, resource_type, resource_id, organization_id, owner_id, name, description, config, datasets, password_hash, status)
     VALUES ($1, 'report', NULL, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, 'pending')`,
    [id, report.organizationId, report.ownerId, report.name, report.description, JSON.stringify(EMPTY_CONFIG), JSON.stringify(report.datasets), report.passwordHash],
  );
  return id;
}

export async function findReport(db: Queryable, id: string): Promise<PublishedRow | null> {
  const rows = await db.query<PublishedRow>("SELECT * FROM published_items WHERE id = $1 AND resource_type = 'report'", [id]);
  return rows[0] ?? null;
}

export async function insertInvitation(tx: Queryable, publishedId: string, emails: string[], description: string, invitedBy: string) {
  const rows = await tx.query<{ id: string; created_at: Date }>(
    'INSERT INTO report_invitations (id, published_id, emails, description, invited_by) VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING id, created_at',
    [randomUUID(), publishedId, JSON.stringify(emails), description, invitedBy],
  );
  return rows[0]!;
}

/** A page of reports, newest change first: the owner's, or every report when `ownerId` is null (admin mode). */
export async function listReports(db: Queryable, ownerId: string | null, limit: number, offset: number): Promise<{ rows: PublishedRow[]; total: number }> {
  const params = new Params();
  const where = `resource_type = 'report'${ownerId === null ? '' : ` AND owner_id = ${params.add(ownerId)}::uuid`}`;
  const counts = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM published_items WHERE ${where}`, params.values);
  const rows = await db.query<PublishedRow>(
    `SELECT * FROM published_items WHERE ${where} ORDER BY updated_at DESC, created_at DESC, id LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  return { rows, total: counts[0]!.n };
}
