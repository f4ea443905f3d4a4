// Typed calls for map assets (workspace-and-catalogue.md §7 Map assets): styles, color palettes and 3D models.
import {
  Messages,
  type CreateMapAssetRequest,
  type MapAsset,
  type MapAssetFilesRequest,
  type MapAssetList,
  type MapAssetType,
  type UpdateMapAssetRequest,
} from '@atlas/domain';
import type { Http } from '../http.js';
import { uploadWithPolicy, type UploadOptions } from './uploads.js';

const id = encodeURIComponent;
const BASE = '/v1/map-assets';

export interface MapAssetListQuery {
  type?: MapAssetType;
  limit?: number;
  offset?: number;
}

const NOT_OF_TYPE: Partial<Record<MapAssetType, string>> = {
  'map-style': Messages.assetNotMapStyle,
  'color-palette': Messages.assetNotColorPalette,
};

export function createMapAssetsApi(request: Http['request']) {
  const list = (path: string, query: MapAssetListQuery = {}) => request<MapAssetList>('GET', `${BASE}${path}`, { query: { ...query } });
  const get = (assetId: string, type?: MapAssetType) => request<MapAsset>('GET', `${BASE}/${id(assetId)}`, { query: { type } });
  /** The server refuses another type with the spec's message; checked here too, so a typed call never hands on the wrong kind. */
  const getTyped = async (assetId: string, type: MapAssetType) => {
    const asset = await get(assetId, type);
    if (asset.type !== type) throw new Error(NOT_OF_TYPE[type] ?? `Asset is not a ${type}`);
    return asset;
  };
  const requestFiles = (assetId: string, body: MapAssetFilesRequest) => request<MapAsset>('PUT', `${BASE}/${id(assetId)}/files`, { body });

  return {
    list: (query?: MapAssetListQuery) => list('', query),
    forOrganization: (query?: MapAssetListQuery) => list('/for-organization', query),
    sharedWithUser: (query?: MapAssetListQuery) => list('/shared-with-user', query),
    get: (assetId: string, options: { type?: MapAssetType } = {}) => get(assetId, options.type),
    getMapStyle: (assetId: string) => getTyped(assetId, 'map-style'),
    getColorPalette: (assetId: string) => getTyped(assetId, 'color-palette'),
    create: (body: CreateMapAssetRequest) => request<MapAsset>('POST', BASE, { body }),
    update: (assetId: string, body: UpdateMapAssetRequest) => request<MapAsset>('PUT', `${BASE}/${id(assetId)}`, { body }),
    remove: (assetId: string) => request<void>('DELETE', `${BASE}/${id(assetId)}`),
    /** Upload policies for the asset file and/or thumbnail; the answer's *SignedPostPolicy fields carry them. */
    requestFiles,
    /** Requests policies for the given files (typed by each Blob's type) and uploads them straight to storage. */
    async uploadFiles(assetId: string, files: { asset?: Blob; thumbnail?: Blob }, options?: UploadOptions): Promise<MapAsset> {
      const asset = await requestFiles(assetId, {
        ...(files.asset ? { assetContentType: files.asset.type } : {}),
        ...(files.thumbnail ? { thumbnailContentType: files.thumbnail.type as MapAssetFilesRequest['thumbnailContentType'] } : {}),
      });
      if (files.asset) await uploadWithPolicy(asset.assetSignedPostPolicy, files.asset, options);
      if (files.thumbnail) await uploadWithPolicy(asset.thumbnailSignedPostPolicy, files.thumbnail, options);
      return asset;
    },
    readFile: (assetId: string, file: 'asset' | 'thumbnail') => request<Blob>('GET', `${BASE}/${id(assetId)}/files/${file}`, { responseType: 'blob' }),
  };
}
export type MapAssetsApi = ReturnType<typeof createMapAssetsApi>;
