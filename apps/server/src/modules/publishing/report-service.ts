import type { CreateReportRequest, CreateReportResponse, PublishedInfo, PublishedItem, PublishReportRequest, ReportInvitation, ReportInviteRequest } from '@atlas/domain';
import { assertCanCreate, checkReference, isOwnerOrAdministrator } from '../../http/access.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { hashPassword } from '../../security/secrets.js';
import type { Db } from '../../store/index.js';
import { iso } from '../../store/rows.js';
import { revealPublished, type RevealOptions } from './public-view.js';
import * as repo from './repo.js';
import * as reports from './report-repo.js';
import { datasetRefs } from './source-repo.js';

/** Published reports: a snapshot over datasets the creator can read, public by link, optionally password-protected. */

const missing = (id: string) => notFound('Report not found', `No report with id ${id}`);

/**
 * Its owner (or an administrator) manages a report. Others get 403 once it is published (its link is public
 * anyway) and 404 while it is pending, so a pending report's existence does not leak.
 */
function assertManager(identity: Identity, id: string, row: repo.PublishedRow | null): repo.PublishedRow {
  if (!row) throw missing(id);
  if (isOwnerOrAdministrator(identity, row.owner_id)) return row;
  if (row.status === 'published') throw forbidden('Only the owner of this report can change it', `report ${id}`);
  throw missing(id);
}

export async function createReport(db: Db, identity: Identity, request: CreateReportRequest): Promise<CreateReportResponse> {
  assertCanCreate(identity, 'reports');
  const datasetIds = [...new Set(request.datasets)];
  const { name, description = '', password } = request.uploadOptions;
  return db.transaction(async (tx) => {
    for (const id of datasetIds) await checkReference(tx, identity, 'dataset', id);
    const publishedId = await reports.insertReport(tx, {
      ownerId: identity.userId,
      organizationId: identity.organizationId,
      name,
      description,
      datasets: await datasetRefs(tx, datasetIds),
      passwordHash: password ? await hashPassword(password) : null,
    });
    return { publishedId, status: 'pending' as const };
  });
}

export async function publishReport(db: Db, identity: Identity, id: string, request: PublishReportRequest): Promise<PublishedItem> {
  return db.transaction(async (tx) => {
    const row = assertManager(identity, id, await reports.findReport(tx, id));
    const published = await repo.publish(tx, row.id, {
      ownerId: row.owner_id,
      organizationId: row.organization_id,
      name: request.name ?? row.name,
      description: request.description ?? row.description,
      config: { version: 'v1', config: request.config ?? {} },
      datasets: row.datasets,
      passwordHash: row.password_hash,
      isSample: false,
    });
    return repo.toPublishedItem(published);
  });
}

/** The public report; pending and unknown ids answer the same 404. */
export async function viewReport(db: Db, id: string, options: RevealOptions): Promise<PublishedItem | PublishedInfo> {
  const row = await reports.findReport(db, id);
  if (!row || row.status !== 'published') throw notFound('Published report not found', '');
  return revealPublished(db, row, options);
}

/** Stores the invitation; e-mail delivery needs a mail transport the server does not have yet. */
export async function invite(db: Db, identity: Identity, id: string, request: ReportInviteRequest): Promise<ReportInvitation> {
  const emails = [...new Set(request.emails.map((email) => email.trim().toLowerCase()))];
  const description = request.description ?? '';
  return db.transaction(async (tx) => {
    const row = assertManager(identity, id, await reports.findReport(tx, id));
    const invitation = await reports.insertInvitation(tx, row.id, emails, description, identity.userId);
    return { invitationId: invitation.id, emails, description, createdAt: iso(invitation.created_at) };
  });
}
