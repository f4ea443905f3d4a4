// kepler.gl's vector tile layer, reading our tiles with the user's session. kepler.gl 3.2 builds a loaders.gl
// MVTSource per layer update, which fetches tiles with a bare fetch (no Authorization header: our tile routes answer
// 401) and fetches a TileJSON URL as it is created. This layer keeps everything else of kepler.gl's (styling, hover,
// GPU filters, the saved type "vectorTile") and gives the MVT layer a tile source of ours instead (docs/vector-tiles.md).
import { VectorTileLayer } from '@kepler.gl/layers';
import { tileSource, type TileReader, type TileSource } from './tileSource';

type LayerDataArgs = Parameters<VectorTileLayer['formatLayerData']>;
type LayerData = ReturnType<VectorTileLayer['formatLayerData']>;

/** kepler.gl's tile layer base (AbstractTileLayer): zoom range, bounds and accessors, without VectorTileLayer's source. */
const tileLayerData = (Object.getPrototypeOf(VectorTileLayer.prototype) as { formatLayerData(this: VectorTileLayer, ...args: LayerDataArgs): LayerData }).formatLayerData;

/** The layer class for a store whose tiles are read by `readTile`. */
export function atlasVectorTileLayer(readTile: TileReader): typeof VectorTileLayer {
  return class AtlasVectorTileLayer extends VectorTileLayer {
    /** One source per tile URL template: kept across restyles, so deck.gl keeps the tiles it has. */
    private source: { template: string; value: TileSource } | null = null;

    override formatLayerData(...args: LayerDataArgs): LayerData {
      const [datasets] = args;
      const base = tileLayerData.call(this, ...args);
      const template = datasets[this.config.dataId ?? '']?.metadata?.tilesetDataUrl;
      if (typeof template !== 'string') return { ...base, tilesetDataUrl: null, tileSource: null } as LayerData;
      if (this.source?.template !== template) this.source = { template, value: tileSource(readTile) };
      return { ...base, tilesetDataUrl: template, tileSource: this.source.value } as unknown as LayerData;
    }
  };
}
