// What hangs off a record besides its fields: linked datasets and map assets, the thumbnail, and sharing.
import {
  THUMBNAIL_MAX_BYTES,
  type CatalogueRecord,
  type PermissionListing,
  type RecordKind,
  type ShareRequest,
  type ThumbnailContentType,
} from '@atlas/domain';
import type { Readable } from 'node:stream';
import { checkAccess, type AccessResourceType } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { BlobStore } from '../../blobs/types.js';
import type { PolicyIssuer } from '../uploads/policy-origin.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertWritable } from '../locks/service.js';
import { applyBulkPermissions } from '../permissions/service.js';
import * as repo from './repo.js';
import { loadRecord, thumbnailKey } from './service.js';

/** Changing what a record links to is editing it: write on the record, no other editor's lock, read on the linked item. */
async function changeLink(
  db: Db,
  identity: Identity,
  kind: RecordKind,
  id: string,
  target: { type: AccessResourceType; id: string },
  change: (tx: Queryable) => Promise<number>,
): Promise<CatalogueRecord> {
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, id, 'write');
    await assertWritable(tx, identity, kind, id);
    await checkAccess(tx, identity, target.type, target.id, 'read');
    // Linking twice or unlinking what is not linked changes nothing, not even updatedAt.
    if ((await change(tx)) > 0) await repo.touchRecord(tx, id);
  });
  return loadRecord(db, identity, kind, id);
}

export const linkDataset = (db: Db, identity: Identity, kind: RecordKind, id: string, datasetId: string) =>
  changeLink(db, identity, kind, id, { type: 'dataset', id: datasetId }, (tx) => repo.linkDatasets(tx, id, [datasetId]));

export const unlinkDataset = (db: Db, identity: Identity, kind: RecordKind, id: string, datasetId: string) =>
  changeLink(db, identity, kind, id, { type: 'dataset', id: datasetId }, (tx) => repo.unlinkDataset(tx, id, datasetId));

export const linkMapAsset = (db: Db, identity: Identity, kind: RecordKind, id: string, assetId: string) =>
  changeLink(db, identity, kind, id, { type: 'map-asset', id: assetId }, (tx) => repo.linkMapAsset(tx, id, assetId));

export const unlinkMapAsset = (db: Db, identity: Identity, kind: RecordKind, id: string, assetId: string) =>
  changeLink(db, identity, kind, id, { type: 'map-asset', id: assetId }, (tx) => repo.unlinkMapAsset(tx, id, assetId));

/**
 * PUT or POST /{id}/thumbnail: records where the thumbnail will live and answers the record with
 * previewSignedPostPolicy filled in; the client then uploads the image with that policy.
 */
export async function prepareThumbnailUpload(
  db: Db,
  blobs: PolicyIssuer,
  identity: Identity,
  kind: RecordKind,
  id: string,
  contentType: ThumbnailContentType,
): Promise<CatalogueRecord> {
  const key = thumbnailKey(kind, id);
  await db.transaction(async (tx) => {
    await checkAccess(tx, identity, kind, id, 'write');
    await assertWritable(tx, identity, kind, id);
    await repo.setThumbnail(tx, id, key, contentType);
  });
  const issuedTo = { userId: identity.userId, resourceType: kind, resourceId: id };
  const policy = await blobs.createUploadPolicy({ key, contentType, maxBytes: THUMBNAIL_MAX_BYTES, issuedTo });
  return { ...(await loadRecord(db, identity, kind, id)), previewSignedPostPolicy: policy };
}

export async function readThumbnail(
  db: Db,
  blobs: BlobStore,
  identity: Identity,
  kind: RecordKind,
  id: string,
): Promise<{ body: Readable; contentType: string; size: number }> {
  await checkAccess(db, identity, kind, id, 'read');
  const row = await repo.findRecord(db, kind, id);
  const file = row?.thumbnail_key ? await blobs.read(row.thumbnail_key) : null;
  if (!file) throw notFound('Thumbnail not uploaded', `${kind} ${id} has no thumbnail`);
  // The stored file's own type wins: a newer policy for another type may not have been used yet.
  return file;
}

/** POST /{id}/share: the permissions module checks write access and applies the grants, revocations and visibility. */
export const shareRecord = (db: Db, identity: Identity, kind: RecordKind, id: string, body: ShareRequest, options: { isAdmin?: boolean }): Promise<PermissionListing> =>
  applyBulkPermissions(db, identity, { resourceType: kind, resourceId: id, ...body }, { isAdmin: options.isAdmin });
