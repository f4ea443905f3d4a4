// Creating or changing a map asset: its fields first, then its files through the signed upload policies.
import type { ApiClient } from '@atlas/client';
import type { MapAsset, MapAssetType } from '@atlas/domain';

export interface AssetChanges {
  name: string;
  description: string;
  metadata: Record<string, unknown>;
  /** The style JSON or palette file, uploaded as the asset's file. */
  file?: Blob | null;
  thumbnail?: Blob | null;
}

type Client = Pick<ApiClient, 'mapAssets'>;

/** Creates (no `existing`) or updates the asset, then uploads the files given; answers the asset as it now is. */
export async function saveAsset(client: Client, type: MapAssetType, existing: MapAsset | null, changes: AssetChanges): Promise<MapAsset> {
  const fields = { name: changes.name.trim(), description: changes.description.trim(), metadata: changes.metadata as never };
  const asset = existing ? await client.mapAssets.update(existing.id, fields) : await client.mapAssets.create({ type, ...fields });
  const files = { ...(changes.file ? { asset: changes.file } : {}), ...(changes.thumbnail ? { thumbnail: changes.thumbnail } : {}) };
  if (!files.asset && !files.thumbnail) return asset;
  await client.mapAssets.uploadFiles(asset.id, files);
  return client.mapAssets.get(asset.id);
}
