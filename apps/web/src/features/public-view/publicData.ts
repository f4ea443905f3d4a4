// The public page's reads beside the snapshot: a published map's datasets as Arrow tables and its tilesets through the
// published map's tile routes (docs/tiles.md "Published maps"), and an API client whose analytic queries go to the
// published dashboard's own route (the bi chart cards read their client from context).
import { tableFromIPC, type Table } from 'apache-arrow';
import type { ApiClient } from '@atlas/client';
import type { HextileMetadata, PublishedDatasetRef, TileJson, VectorTileMetadata } from '@atlas/domain';
import { loadHexTileDataset } from '../map-builder/hex-tiles/tilesetDataset';
import { tileReader } from '../map-builder/vector-tiles/tileReader';
import { keplerTileDataset } from '../map-builder/vector-tiles/tilesetDataset';
import type { MapReads } from './PublishedMapView';

export function publicTableLoader(client: Pick<ApiClient, 'publishing'>, publishedId: string, viewToken: string | undefined) {
  return async (dataset: PublishedDatasetRef): Promise<Table> => {
    const response = await client.publishing.maps.publishedDatasetData(publishedId, dataset.id, viewToken === undefined ? {} : { viewToken });
    return tableFromIPC(new Uint8Array(await response.arrayBuffer()));
  };
}

/** The header the client's own published-data calls send the view token in. */
const VIEW_TOKEN_HEADER = 'x-view-token';

/** The published map's routes of one of its tilesets (the tile proxy's and the vector tile route's, mirrored). */
const tilesetBase = (publishedId: string, datasetId: string) => `/v1/maps/${encodeURIComponent(publishedId)}/published-map/tilesets/${encodeURIComponent(datasetId)}`;

/** The public TileJSON carries the build's field stats, which the map builder reads from the record. */
type PublishedTileJson = TileJson & Pick<VectorTileMetadata, 'fieldStats'>;

/**
 * A published map read signed out: rows from the public data route, tilesets described and tiles read through the
 * published map's tile routes, every call with the view token of an unlocked page.
 */
export function publicMapReads(client: ApiClient, publishedId: string, viewToken: string | undefined, origin: string): MapReads {
  const http: Pick<ApiClient, 'http'> = {
    http: { ...client.http, request: (method, path, options = {}) => client.http.request(method, path, viewToken ? { ...options, headers: { ...options.headers, [VIEW_TOKEN_HEADER]: viewToken } } : options) },
  };
  return {
    loadTable: publicTableLoader(client, publishedId, viewToken),
    readTile: tileReader(http, origin),
    async loadTileset(dataset, kind) {
      const base = tilesetBase(publishedId, dataset.id);
      if (kind === 'hex') {
        const hexTile = await http.http.request<HextileMetadata>('GET', `${base}/metadata`);
        return loadHexTileDataset(http, { ...dataset, type: 'hex-tile', status: 'ready', metadata: { hexTile, dataVersion: hexTile.dataVersion } }, undefined, base);
      }
      const json = await http.http.request<PublishedTileJson>('GET', `${base}/tiles.json`);
      const version = new URL(json.tiles[0] ?? '', origin).searchParams.get('v') ?? '';
      const vectorTile = { version, minZoom: json.minzoom, maxZoom: json.maxzoom, bounds: json.bounds, fields: json.vector_layers[0]?.fields ?? {}, fieldStats: json.fieldStats };
      // Tiles from this page's origin, as the map builder's (the TileJSON's host is the server's view of the request).
      const described = keplerTileDataset({ ...dataset, description: '', type: 'vector-tile', metadata: { vectorTile } }, origin, `${origin}${base}/tiles/{z}/{x}/{y}.pbf?v=${encodeURIComponent(version)}`);
      if (!described) throw new Error('The vector tileset has no tiles yet.');
      return described;
    },
  };
}

/** The client with `analytics.query` answered by the published dashboard's query route (always its saved values). */
export function publishedAnalyticsClient(client: ApiClient, publishedId: string, viewToken: string | undefined): ApiClient {
  return {
    ...client,
    analytics: {
      ...client.analytics,
      query: (_setId, templateId, parameters) => client.publishing.insights.publishedQuery(publishedId, templateId, parameters, viewToken),
    },
  };
}
