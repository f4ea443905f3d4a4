import type {
  CreateReportRequest,
  CreateReportResponse,
  PublishedInfo,
  PublishedItem,
  PublishReportRequest,
  ReportInvitation,
  ReportInviteRequest,
  ReportList,
  ReportListQuery,
} from '@atlas/domain';
import { paths } from '@atlas/routes';
import { assertAdminMode, assertCanCreate, checkReference, isOwnerOrAdministrator } from '../../http/access.js';
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

/**
 * A report's public page is /public/report/{id} (docs/reports.md): the web app's /public/{id} opens maps and dashboards.
 * Every answer naming a report carries that address.
 */
const withReportUrl = <T extends { id: string; url: string }>(item: T): T => ({ ...item, url: paths.publicReport(item.id) });

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
    return withReportUrl(repo.toPublishedItem(published));
  });
}

/** The public report; pending and unknown ids answer the same 404. */
export async function viewReport(db: Db, id: string, options: RevealOptions): Promise<PublishedItem | PublishedInfo> {
  const row = await reports.findReport(db, id);
  if (!row || row.status !== 'published') throw notFound('Published report not found', '');
  const answer = await revealPublished(db, row, options);
  return 'url' in answer ? withReportUrl(answer) : answer;
}

/**
 * The caller's own reports, pending ones included, newest change first; in admin mode (administrators only) every
 * report, as administrators manage them all. Summaries only: no snapshot, nothing of the password but whether one is set.
 */
export async function listReports(db: Db, identity: Identity, query: ReportListQuery): Promise<ReportList> {
  const adminMode = assertAdminMode(identity, query.isAdmin);
  const { rows, total } = await reports.listReports(db, adminMode ? null : identity.userId, query.limit, query.offset);
  return { items: rows.map((row) => withReportUrl(repo.toSummary(row))), total };
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
