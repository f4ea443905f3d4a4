// kepler.gl's GeoArrow scatterplot (the layer it draws Arrow datasets with: one ScatterplotLayer per record batch)
// with each batch drawn as PointSpriteLayer.
import { GeoArrowScatterplotLayer } from '@kepler.gl/deckgl-arrow-layers';
import { PointSpriteLayer } from './PointSpriteLayer';

type SubLayer = { props: Record<string, unknown> };

export class GeoArrowPointSpriteLayer extends GeoArrowScatterplotLayer {
  static override layerName = 'GeoArrowPointSpriteLayer';

  override renderLayers() {
    const layers = super.renderLayers();
    const list = (Array.isArray(layers) ? layers : [layers]) as unknown as (SubLayer | null)[];
    return list.map((layer) => (layer ? new PointSpriteLayer(layer.props) : null)) as never;
  }
}
