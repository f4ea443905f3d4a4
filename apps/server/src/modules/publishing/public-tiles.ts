import type { Identity } from '../../http/identity.js';
import { notFound } from '../../http/errors.js';
import type { AppDeps } from '../../http/types.js';
import { openPublished } from './public-data.js';
import type { PublishedRow } from './repo.js';

/**
 * Whose access a published map's tiles are read with (docs/tiles.md "Published maps"): the public data route's check
 * (published, view token when it has a password, its owner still there), then only a tileset the snapshot names and a
 * layer of its saved state draws. Answers the publisher's identity, with which the tile services run their read check.
 */
export async function publishedTilesetReader(deps: AppDeps, id: string, datasetId: string, viewToken: string | undefined): Promise<Identity> {
  const { row, publisher } = await openPublished(deps, 'map', id, viewToken);
  if (!row.datasets.some((dataset) => dataset.id === datasetId) || !drawsDataset(row, datasetId)) {
    throw notFound('Dataset not found', 'The published map draws no layer of this tileset');
  }
  return publisher;
}

/** Whether a layer of the published state ({version, config: {visState: {layers}}}, kepler.gl's saved config) draws the dataset. */
function drawsDataset(row: PublishedRow, datasetId: string): boolean {
  const state = row.config.config as { config?: { visState?: { layers?: unknown } } } | undefined;
  const layers = state?.config?.visState?.layers;
  return Array.isArray(layers) && layers.some((layer: unknown) => (layer as { config?: { dataId?: unknown } } | null)?.config?.dataId === datasetId);
}
