import { randomUUID } from 'node:crypto';
import {
  ASSET_CONTENT_TYPES,
  MAP_ASSET_FILE_MAX_BYTES,
  THUMBNAIL_MAX_BYTES,
  Messages,
  type CreateMapAssetRequest,
  type MapAsset,
  type MapAssetFilesRequest,
  type MapAssetList,
  type MapAssetType,
  type UpdateMapAssetRequest,
} from '@atlas/domain';
import type { BlobStore } from '../../blobs/index.js';
import type { PolicyIssuer } from '../uploads/policy-origin.js';
import { assertCanCreate, checkAccess, forgetResource, oneWithCallerActions, withCallerActions } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { assertMetadata } from './metadata.js';
import { toMapAsset } from './present.js';
import * as repo from './repo.js';

/** What a typed call answers when the asset is of another type ("a style call must get a map-style asset"). */
const NOT_OF_TYPE: Record<MapAssetType, string> = {
  'map-style': Messages.assetNotMapStyle,
  'color-palette': Messages.assetNotColorPalette,
  '3d-model': 'Asset is not a 3D Model',
};

export type AssetFile = 'asset' | 'thumbnail';
const FILE_MAX_BYTES: Record<AssetFile, number> = { asset: MAP_ASSET_FILE_MAX_BYTES, thumbnail: THUMBNAIL_MAX_BYTES };
export const fileKey = (id: string, file: AssetFile) => `map-assets/${id}/${file}`;

type Metadata = Record<string, unknown>;

async function load(db: Queryable, id: string): Promise<repo.MapAssetRow> {
  const row = await repo.findAsset(db, id);
  if (!row) throw notFound('Map asset not found', `No map asset with id ${id}`);
  return row;
}

export async function listMapAssets(db: Db, identity: Identity, query: repo.ListQuery): Promise<MapAssetList> {
  const { rows, total } = await repo.listAssets(db, identity, query);
  return { items: await withCallerActions(db, identity, 'map-asset', rows.map((row) => toMapAsset(row, identity))), total };
}

export async function getMapAsset(db: Db, identity: Identity, id: string, type?: MapAssetType): Promise<MapAsset> {
  await checkAccess(db, identity, 'map-asset', id, 'read');
  const row = await load(db, id);
  if (type && row.type !== type) throw badRequest(NOT_OF_TYPE[type], `Asset ${id} is a ${row.type}`);
  return oneWithCallerActions(db, identity, 'map-asset', toMapAsset(row, identity));
}

export async function createMapAsset(db: Db, identity: Identity, body: CreateMapAssetRequest): Promise<MapAsset> {
  assertCanCreate(identity, 'map assets');
  const metadata = (body.metadata ?? {}) as Metadata;
  assertMetadata(body.type, metadata);
  const row = await repo.insertAsset(db, {
    id: randomUUID(),
    organizationId: identity.organizationId,
    ownerId: identity.userId,
    type: body.type,
    name: body.name,
    description: body.description ?? '',
    metadata,
  });
  return oneWithCallerActions(db, identity, 'map-asset', toMapAsset(row, identity));
}

/**
 * A style's access token survives an update that does not name it, and one that sends null from someone who was
 * shown null in its place (anyone but the owner); the owner clears it with null.
 */
function keepAccessToken(stored: Metadata, incoming: Metadata, isOwner: boolean): Metadata {
  const given = incoming.accessToken;
  if (given === null && isOwner) {
    const { accessToken: _cleared, ...rest } = incoming;
    return rest;
  }
  if ((given === undefined || given === null) && typeof stored.accessToken === 'string') return { ...incoming, accessToken: stored.accessToken };
  return incoming;
}

export async function updateMapAsset(db: Db, identity: Identity, id: string, body: UpdateMapAssetRequest): Promise<MapAsset> {
  const access = await checkAccess(db, identity, 'map-asset', id, 'write');
  return db.transaction(async (tx) => {
    const stored = await load(tx, id);
    let metadata: Metadata | undefined;
    if (body.metadata !== undefined) {
      assertMetadata(stored.type, body.metadata as Metadata);
      metadata = stored.type === 'map-style' ? keepAccessToken(stored.metadata, body.metadata as Metadata, access.isOwner) : (body.metadata as Metadata);
    }
    const row = await repo.updateAsset(tx, id, { name: body.name, description: body.description, metadata });
    return oneWithCallerActions(tx, identity, 'map-asset', toMapAsset(row, identity));
  });
}

export async function deleteMapAsset(db: Db, blobs: BlobStore, identity: Identity, id: string): Promise<void> {
  await checkAccess(db, identity, 'map-asset', id, 'delete');
  const keys = await db.transaction(async (tx) => {
    await forgetResource(tx, 'map-asset', id);
    return repo.deleteAsset(tx, id);
  });
  // Files go only once the row is gone for good; a file left behind by a failure here is unreachable, not wrong.
  await Promise.all(keys.filter((key): key is string => key !== null).map((key) => blobs.delete(key).catch(() => undefined)));
}

/** Issues upload policies for the asset file and/or thumbnail and records what they will hold. */
export async function requestFiles(db: Db, blobs: PolicyIssuer, identity: Identity, id: string, body: MapAssetFilesRequest): Promise<MapAsset> {
  await checkAccess(db, identity, 'map-asset', id, 'write');
  const stored = await load(db, id);
  const { assetContentType, thumbnailContentType } = body;
  if (assetContentType !== undefined && !ASSET_CONTENT_TYPES[stored.type].includes(assetContentType)) {
    throw badRequest(Messages.unsupportedContentType, `A ${stored.type} asset file is ${ASSET_CONTENT_TYPES[stored.type].join(' or ')}, got ${assetContentType}`);
  }
  const issuedTo = { userId: identity.userId, resourceType: 'map-asset' as const, resourceId: id };
  const issue = (file: AssetFile, contentType: string | undefined) =>
    contentType === undefined ? null : blobs.createUploadPolicy({ key: fileKey(id, file), contentType, maxBytes: FILE_MAX_BYTES[file], issuedTo });
  const [assetSignedPostPolicy, thumbnailSignedPostPolicy] = await Promise.all([issue('asset', assetContentType), issue('thumbnail', thumbnailContentType)]);
  const row = await repo.setFiles(db, id, {
    ...(assetContentType !== undefined ? { asset: { contentType: assetContentType, key: fileKey(id, 'asset') } } : {}),
    ...(thumbnailContentType !== undefined ? { thumbnail: { contentType: thumbnailContentType, key: fileKey(id, 'thumbnail') } } : {}),
  });
  return oneWithCallerActions(db, identity, 'map-asset', toMapAsset(row, identity, { assetSignedPostPolicy, thumbnailSignedPostPolicy }));
}

export async function readFile(db: Db, blobs: BlobStore, identity: Identity, id: string, file: AssetFile) {
  await checkAccess(db, identity, 'map-asset', id, 'read');
  const row = await load(db, id);
  const key = file === 'asset' ? row.asset_key : row.thumbnail_key;
  const blob = key ? await blobs.read(key) : null;
  if (!blob) throw notFound(file === 'asset' ? 'Asset file not uploaded' : 'Thumbnail not uploaded', `Map asset ${id} has no ${file} file yet`);
  return blob;
}
