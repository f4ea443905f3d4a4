// kepler.gl's point layer, drawn with point sprites once a dataset is large enough for instancing to be the cost
// (see PointSpriteLayer), and fed from whole Arrow columns rather than row by row (see arrowPoints). Registered under
// kepler.gl's own type "point", so saved maps are unchanged.
import { GeoArrowScatterplotLayer } from '@kepler.gl/deckgl-arrow-layers';
import { LayerClasses, getFilteredIndex } from '@kepler.gl/layers';
import { ArrowDataContainer } from '@kepler.gl/utils';
import { ScatterplotLayer } from '@deck.gl/layers/typed';
import { filterAccessors, pointVector, type FilterAccessors, type FilterState, type PointColumns } from './arrowPoints';
import { GeoArrowPointSpriteLayer } from './GeoArrowPointSpriteLayer';
import { PointSpriteLayer } from './PointSpriteLayer';
import { keepSame } from './sameProps';

/** From this many points on, sprites: below it deck.gl's instanced circles cost little even without a GPU. */
export const SPRITE_MIN_POINTS = 100_000;

type DeckLayer = { id: string; props: Record<string, unknown> };

/** The sprite version of a deck.gl layer kepler.gl's point layer returned, or the layer itself. */
export function asSprites(layer: DeckLayer): DeckLayer {
  if (layer instanceof GeoArrowScatterplotLayer) return new GeoArrowPointSpriteLayer(layer.props as never) as unknown as DeckLayer;
  if (layer instanceof ScatterplotLayer) return new PointSpriteLayer(layer.props) as unknown as DeckLayer;
  return layer;
}

type PointLayerBase = InstanceType<typeof LayerClasses.point>;
type RenderOptions = FilterState & { data: FilterAccessors; dataset: FilterState['dataset'] & { dataContainer: { numRows(): number } } };

export class AtlasPointLayer extends LayerClasses.point {
  /** kepler.gl's Arrow branch (lat/lng columns drawn as a GeoArrow point column), with the column built at once. */
  override calculateDataAttribute(...args: Parameters<PointLayerBase['calculateDataAttribute']>): ReturnType<PointLayerBase['calculateDataAttribute']> {
    const [{ dataContainer, filteredIndex }] = args;
    if (!(dataContainer instanceof ArrowDataContainer) || this.config.columnMode !== 'points') return super.calculateDataAttribute(...args);
    const vector = pointVector(dataContainer, this.config.columns as unknown as PointColumns);
    if (!vector) return super.calculateDataAttribute(...args);
    this.filteredIndex = getFilteredIndex(dataContainer.numRows(), filteredIndex, this.filteredIndex);
    this.filteredIndexTrigger = filteredIndex;
    this.geoArrowVector = vector;
    return dataContainer.getTable();
  }

  /** The points' deck.gl layer last handed out, handed out again while nothing about it changes (see sameProps). */
  private points: DeckLayer | null = null;

  override renderLayer(opts: RenderOptions) {
    const [points, ...others] = super.renderLayer({ ...opts, data: filterAccessors(opts.data, opts) }) as DeckLayer[];
    if (!points) return others;
    // The first layer is the points; the rest (hovered point, text labels) stay as kepler.gl made them.
    const drawn = opts.dataset.dataContainer.numRows() < SPRITE_MIN_POINTS ? points : asSprites(points);
    this.points = keepSame(this.points, drawn);
    return [this.points, ...others];
  }
}
