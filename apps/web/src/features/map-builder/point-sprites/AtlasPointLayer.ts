// kepler.gl's point layer, drawn with point sprites once a dataset is large enough for instancing to be the cost
// (see PointSpriteLayer). Registered under kepler.gl's own type "point", so saved maps are unchanged.
import { GeoArrowScatterplotLayer } from '@kepler.gl/deckgl-arrow-layers';
import { LayerClasses } from '@kepler.gl/layers';
import { ScatterplotLayer } from '@deck.gl/layers/typed';
import { GeoArrowPointSpriteLayer } from './GeoArrowPointSpriteLayer';
import { PointSpriteLayer } from './PointSpriteLayer';

/** From this many points on, sprites: below it deck.gl's instanced circles cost little even without a GPU. */
export const SPRITE_MIN_POINTS = 100_000;

type DeckLayer = { props: Record<string, unknown> };

/** The sprite version of a deck.gl layer kepler.gl's point layer returned, or the layer itself. */
export function asSprites(layer: DeckLayer): DeckLayer {
  if (layer instanceof GeoArrowScatterplotLayer) return new GeoArrowPointSpriteLayer(layer.props as never) as unknown as DeckLayer;
  if (layer instanceof ScatterplotLayer) return new PointSpriteLayer(layer.props) as unknown as DeckLayer;
  return layer;
}

export class AtlasPointLayer extends LayerClasses.point {
  override renderLayer(opts: { dataset?: { dataContainer?: { numRows(): number } } }) {
    const layers = super.renderLayer(opts) as DeckLayer[];
    const rows = opts.dataset?.dataContainer?.numRows() ?? 0;
    if (rows < SPRITE_MIN_POINTS) return layers;
    // The first layer is the points; the rest (hovered point, text labels) stay as kepler.gl made them.
    return layers.map((layer, index) => (index === 0 ? asSprites(layer) : layer));
  }
}
