import { randomUUID } from 'node:crypto';
import {
  AppStatusCode,
  RECORD_METADATA_MAX_BYTES,
  type CatalogueRecord,
  type CreateRecordRequest,
  type RecordKind,
  type RecordList,
  type UpdateRecordRequest,
} from '@atlas/domain';
import { assertAdminMode, assertCanCreate, checkAccess, forgetResource, resourceLabel } from '../../http/access.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { BlobStore } from '../../blobs/types.js';
import type { Db, Queryable } from '../../store/index.js';
import { transferOwnership } from './ownership.js';
import { acquireLock, assertWritable } from '../locks/service.js';
import { deleteForRecord } from '../publishing/repo.js';
import { assertQuota } from '../quota/service.js';
import { copyLatestState } from '../states/repo.js';
import { KIND_INFO } from './kinds.js';
import { presentRecords } from './present.js';
import * as repo from './repo.js';

export const thumbnailKey = (kind: RecordKind, id: string) => `thumbnails/${kind}/${id}`;

const recordNotFound = (kind: RecordKind, id: string) => notFound(`${resourceLabel(kind)} not found`, `No ${resourceLabel(kind).toLowerCase()} with id ${id}`);

/** The record's JSON as the caller may see it, read after their access to the record was checked. */
export async function loadRecord(db: Queryable, identity: Identity, kind: RecordKind, id: string, adminMode = false): Promise<CatalogueRecord> {
  const row = await repo.findRecord(db, kind, id);
  if (!row) throw recordNotFound(kind, id);
  return (await presentRecords(db, identity, kind, [row], adminMode))[0]!;
}

function assertMetadataSize(metadata: Record<string, unknown> | undefined): void {
  if (metadata === undefined) return;
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > RECORD_METADATA_MAX_BYTES) {
    throw new AppError(413, 'metadata is too large', AppStatusCode.PayloadTooLarge, `${bytes} bytes; at most ${RECORD_METADATA_MAX_BYTES}`);
  }
}

export async function listRecords(db: Db, identity: Identity, kind: RecordKind, scope: repo.ListScope, options: repo.ListOptions): Promise<RecordList> {
  const { rows, total } = await repo.listRecords(db, identity, kind, scope, options);
  return { items: await presentRecords(db, identity, kind, rows), total };
}

/** GET /{id}. With acquireLock the caller takes the lock when free; when another editor holds it, the record opens read-only. */
export async function getRecord(db: Db, identity: Identity, kind: RecordKind, id: string, options: { isAdmin?: boolean; acquireLock?: boolean }): Promise<CatalogueRecord> {
  if (options.acquireLock) {
    await db.transaction(async (tx) => {
      await checkAccess(tx, identity, kind, id, 'write', { isAdmin: options.isAdmin });
      await acquireLock(tx, identity, kind, id);
    });
  } else {
    await checkAccess(db, identity, kind, id, 'read', { isAdmin: options.isAdmin });
  }
  return loadRecord(db, identity, kind, id, options.isAdmin === true);
}

export async function createRecord(db: Db, identity: Identity, kind: RecordKind, body: CreateRecordRequest): Promise<CatalogueRecord> {
  assertCanCreate(identity, KIND_INFO[kind].plural);
  assertMetadataSize(body.metadata);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const datasetIds = [...new Set(body.datasets ?? [])];
    for (const datasetId of datasetIds) await checkAccess(tx, identity, 'dataset', datasetId, 'read');
    await assertQuota(tx, identity, KIND_INFO[kind].quota);
    await repo.insertRecord(tx, {
      id,
      kind,
      organizationId: identity.organizationId,
      ownerId: identity.userId,
      name: body.name,
      description: body.description ?? '',
      metadata: body.metadata ?? {},
    });
    await repo.linkDatasets(tx, id, datasetIds);
  });
  return loadRecord(db, identity, kind, id);
}

/**
 * PUT /{id}: needs write and no other editor's lock; in admin mode the owner may change too, to a maker of the record's
 * organization (ownership.ts). Changing only the owner needs no lock: the old owner's lock passes on.
 */
export async function updateRecord(
  db: Db,
  identity: Identity,
  kind: RecordKind,
  id: string,
  body: UpdateRecordRequest,
  options: { isAdmin?: boolean; acquireLock?: boolean },
): Promise<CatalogueRecord> {
  const adminMode = assertAdminMode(identity, options.isAdmin);
  if (body.ownerId !== undefined && !adminMode) throw forbidden('Only administrators can change the owner', 'Use isAdmin=true');
  assertMetadataSize(body.metadata);
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, id, 'write', { isAdmin: options.isAdmin });
    const changes: repo.RecordChanges = { name: body.name, description: body.description, metadata: body.metadata };
    const editsContent = Object.values(changes).some((value) => value !== undefined);
    if (editsContent || options.acquireLock) await assertWritable(tx, identity, kind, id);
    if (body.ownerId !== undefined) await transferOwnership(tx, identity, kind, id, body.ownerId);
    if (options.acquireLock) await acquireLock(tx, identity, kind, id);
    await repo.updateRecord(tx, id, changes);
  });
  return loadRecord(db, identity, kind, id, adminMode);
}

/** POST /{id}/clone: a private copy owned by the caller, with the links they may read, the latest state and the thumbnail. */
export async function cloneRecord(db: Db, blobs: BlobStore, identity: Identity, kind: RecordKind, id: string): Promise<CatalogueRecord> {
  await checkAccess(db, identity, kind, id, 'copy');
  assertCanCreate(identity, KIND_INFO[kind].plural);
  const cloneId = randomUUID();
  let copiedKey: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await assertQuota(tx, identity, KIND_INFO[kind].quota);
      const source = await repo.findRecord(tx, kind, id);
      if (!source) throw recordNotFound(kind, id);
      await repo.insertRecord(tx, {
        id: cloneId,
        kind,
        organizationId: identity.organizationId,
        ownerId: identity.userId,
        name: `${source.name} (copy)`,
        description: source.description,
        metadata: source.metadata,
      });
      await repo.copyLinks(tx, identity, id, cloneId);
      await copyLatestState(tx, id, cloneId, identity.userId);
      if (source.thumbnail_key && source.thumbnail_content_type) {
        const key = thumbnailKey(kind, cloneId);
        // Only a thumbnail that was actually uploaded is copied; a policy that was never used copies nothing.
        if (await blobs.copy(source.thumbnail_key, key)) {
          copiedKey = key;
          await repo.setThumbnail(tx, cloneId, key, source.thumbnail_content_type);
        }
      }
    });
  } catch (error) {
    if (copiedKey) await blobs.delete(copiedKey);
    throw error;
  }
  return loadRecord(db, identity, kind, cloneId);
}

/** DELETE /{id}: the row and what points at it go in one transaction; the thumbnail file after the commit. */
export async function deleteRecord(db: Db, blobs: BlobStore, identity: Identity, kind: RecordKind, id: string): Promise<void> {
  const thumbnail = await db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, id, 'delete');
    const row = await repo.findRecord(tx, kind, id);
    if (!row) throw recordNotFound(kind, id);
    await forgetResource(tx, kind, id);
    if (kind !== 'workbook') await deleteForRecord(tx, kind, id);
    await repo.deleteRecord(tx, id);
    return row.thumbnail_key;
  });
  if (thumbnail) await blobs.delete(thumbnail);
}
