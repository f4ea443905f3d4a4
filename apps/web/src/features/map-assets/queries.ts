// Reads of the basemaps and colors screens and their cache keys.
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@atlas/client';
import type { MapAsset, MapAssetType } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { listAll, useBlobUrl, type ListScope } from '../catalogue';
import type { Basemap } from '../map-builder-prefetch';

export type AssetKind = Extract<MapAssetType, 'map-style' | 'color-palette'>;

export const assetKeys = {
  all: ['map-assets'] as const,
  list: (type: AssetKind, scope: ListScope) => ['map-assets', 'list', type, scope] as const,
  one: (id: string) => ['map-assets', 'one', id] as const,
  thumbnail: (id: string, updatedAt: string) => ['map-assets', 'thumbnail', id, updatedAt] as const,
  basemaps: ['basemaps'] as const,
};

function listerOf(client: ApiClient, scope: ListScope) {
  if (scope === 'organization') return client.mapAssets.forOrganization;
  if (scope === 'shared') return client.mapAssets.sharedWithUser;
  return client.mapAssets.list;
}

/** Every asset of the type in the scope. */
export function useAssetList(type: AssetKind, scope: ListScope) {
  const client = useApiClient();
  return useQuery<MapAsset[]>({
    queryKey: assetKeys.list(type, scope),
    queryFn: () => listAll(listerOf(client, scope), { type }),
  });
}

/** One asset read with its type, so the server answers "Asset is not a …" for another kind. */
export function useAsset(id: string, type: AssetKind) {
  const client = useApiClient();
  return useQuery<MapAsset>({ queryKey: assetKeys.one(id), queryFn: () => client.mapAssets.get(id, { type }), retry: false });
}

/** Our built-in offline styles (public, served by our server). */
export function useBasemaps() {
  const client = useApiClient();
  return useQuery<Basemap[]>({ queryKey: assetKeys.basemaps, queryFn: () => client.http.request<Basemap[]>('GET', '/v1/basemaps'), staleTime: Infinity });
}

/** The uploaded thumbnail as an object URL. */
export function useAssetThumbnail(asset: MapAsset): string | null {
  const client = useApiClient();
  const blob = useQuery({
    queryKey: assetKeys.thumbnail(asset.id, asset.updatedAt),
    queryFn: () => client.mapAssets.readFile(asset.id, 'thumbnail'),
    enabled: asset.thumbnailContentType !== null,
    staleTime: Infinity,
    retry: false,
  });
  return useBlobUrl(blob.data);
}
