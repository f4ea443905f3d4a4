import type { MapAsset, RecordMapAssetRef, UploadPolicy } from '@atlas/domain';
import type { Stored } from '../../http/access.js';
import type { Identity } from '../../http/identity.js';
import { iso } from '../../store/rows.js';
import type { MapAssetRow } from './repo.js';

export const assetReadPath = (id: string) => `/v1/map-assets/${id}/files/asset`;

/** A style's access token belongs to its owner: everyone else sees null in its place. */
function visibleMetadata(row: MapAssetRow, identity: Identity): Record<string, unknown> {
  const { metadata } = row;
  if (row.owner_id === identity.userId || metadata.accessToken === undefined || metadata.accessToken === null) return metadata;
  return { ...metadata, accessToken: null };
}

/** How a record that links the asset shows it: the same metadata rule as the asset itself. */
export const toMapAssetRef = (row: MapAssetRow, identity: Identity): RecordMapAssetRef => ({
  id: row.id,
  name: row.name,
  type: row.type,
  metadata: visibleMetadata(row, identity),
});

export interface IssuedPolicies {
  assetSignedPostPolicy?: UploadPolicy | null;
  thumbnailSignedPostPolicy?: UploadPolicy | null;
}

export function toMapAsset(row: MapAssetRow, identity: Identity, policies: IssuedPolicies = {}): Stored<MapAsset> {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    metadata: visibleMetadata(row, identity),
    assetContentType: row.asset_content_type,
    thumbnailContentType: row.thumbnail_content_type,
    assetReadPath: row.asset_key ? assetReadPath(row.id) : null,
    assetSignedPostPolicy: policies.assetSignedPostPolicy ?? null,
    thumbnailSignedPostPolicy: policies.thumbnailSignedPostPolicy ?? null,
    ownerId: row.owner_id,
    owner: row.owner,
    organizationId: row.organization_id,
    visibility: row.visibility,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
