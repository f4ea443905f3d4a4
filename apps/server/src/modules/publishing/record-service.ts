import type {
  PublishedInfo,
  PublishedItem,
  PublishedList,
  PublishedListQuery,
  PublishedStatusEntry,
  PublishResourcesResponse,
  UploadOptions,
} from '@atlas/domain';
import { checkAccess, readableFilter, resourceLabel } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { hashPassword } from '../../security/secrets.js';
import type { Db } from '../../store/index.js';
import { Params } from '../../store/params.js';
import { revealPublished, type RevealOptions } from './public-view.js';
import * as repo from './repo.js';
import * as source from './source-repo.js';

/** Publishing maps and insights: the same two steps, listings and public view for both kinds. */
export type PublishableKind = 'map' | 'insight';

const label = (kind: PublishableKind) => resourceLabel(kind).toLowerCase();

/** Step one: creates or resets the record's publication as pending, keeping the options (password already hashed). */
export async function preparePublication(db: Db, identity: Identity, kind: PublishableKind, recordId: string, options: UploadOptions): Promise<PublishResourcesResponse> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, recordId, 'write');
    const record = (await source.findRecord(tx, kind, recordId))!;
    const pending: repo.PendingOptions = {
      ...(options.name !== undefined && { name: options.name }),
      ...(options.description !== undefined && { description: options.description }),
      ...(options.password !== undefined && { passwordHash: options.password === null ? null : await hashPassword(options.password) }),
    };
    const row = await repo.upsertPending(tx, kind, recordId, record, pending);
    const { passwordHash, ...shown } = pending;
    return {
      publishedId: row.id,
      status: 'pending',
      uploadOptions: shown,
      passwordProtected: passwordHash !== undefined ? passwordHash !== null : row.password_hash !== null,
    };
  });
}

/** Step two: snapshots the newest state and the linked datasets and makes the publication public. */
export async function publishRecord(db: Db, identity: Identity, kind: PublishableKind, recordId: string, publishedId: string): Promise<PublishedItem> {
  return db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, recordId, 'write');
    const row = await repo.findForRecord(tx, kind, recordId);
    if (!row || row.id !== publishedId) throw notFound('Publication not found', `No publication ${publishedId} for ${label(kind)} ${recordId}`);
    const record = (await source.findRecord(tx, kind, recordId))!;
    const options = row.upload_options;
    const published = await repo.publish(tx, row.id, {
      ownerId: record.ownerId,
      organizationId: record.organizationId,
      name: options.name ?? record.name,
      description: options.description ?? record.description,
      config: { version: 'v1', config: (await source.latestStateData(tx, kind, recordId)) ?? {} },
      datasets: await source.linkedDatasets(tx, identity, recordId),
      passwordHash: 'passwordHash' in options ? (options.passwordHash ?? null) : row.password_hash,
      isSample: record.isSample,
    });
    return repo.toPublishedItem(published);
  });
}

export async function unpublish(db: Db, identity: Identity, kind: PublishableKind, recordId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, recordId, 'write');
    // The featured entry of a map goes with it (ON DELETE CASCADE).
    if (!(await repo.deleteForRecord(tx, kind, recordId))) throw notFound(`${resourceLabel(kind)} is not published`, `${kind} ${recordId}`);
  });
}

/** The caller's own published items of this kind. */
export async function listOwn(db: Db, identity: Identity, kind: PublishableKind, query: PublishedListQuery): Promise<PublishedList> {
  const params = new Params();
  return repo.listPublished(db, kind, `r.owner_id = ${params.add(identity.userId)}`, params, query);
}

/** Published sample maps, shown to everyone; password-protected ones stay out of the public gallery. */
export async function listSamples(db: Db, query: PublishedListQuery): Promise<PublishedList> {
  return repo.listPublished(db, 'map', 'r.is_sample AND p.password_hash IS NULL', new Params(), query);
}

/** For each requested record the caller can read, in the order asked: its publication or null. */
export async function publicationsOf(db: Db, identity: Identity, kind: PublishableKind, ids: readonly string[]): Promise<PublishedStatusEntry[]> {
  const unique = [...new Set(ids)];
  const params = new Params();
  const readable = readableFilter(identity, kind, 'r', params);
  const found = await repo.publishedOfRecords(db, kind, unique, readable, params);
  return unique.flatMap((recordId) => (found.has(recordId) ? [{ recordId, published: found.get(recordId) ?? null }] : []));
}

/** The public page of a map or insight; the same 404 whether the record is missing, private or pending. */
export async function viewPublished(db: Db, kind: PublishableKind, id: string, options: RevealOptions): Promise<PublishedItem | PublishedInfo> {
  const row = await repo.findPublicForRecord(db, kind, id);
  if (!row) throw notFound(`Published ${label(kind)} not found`, '');
  return revealPublished(db, row, options);
}
