// The map builder's Hex Tile layer (kepler.gl type "hexTile"): a hex tileset drawn from its tiles, only those in view at
// the resolution the zoom asks for (HexTileset2D), each tile's cells as deck.gl H3 hexagons colored, and optionally
// extruded, by an output column. kepler.gl 3.2 has no layer for these tiles; this one builds on its Vector Tile layer,
// which already keeps the tiles in view as a dataset (the "dynamic color" option takes its domain from them), reads a
// row's value from `properties`, and takes color and height domains per zoom from a field's filterProps (here the
// tileset's quantiles, tilesetDataset.ts). Only the tiles, their source and the channels differ. A geotemporal
// tileset is played by buckets of an interval, or drawn over all time, as the layer's time setting says (saved with it).
import { H3HexagonLayer, TileLayer } from '@deck.gl/geo-layers/typed';
import type { Layer as DeckLayer } from '@deck.gl/core/typed';
import { DEFAULT_COLOR_RANGE, KEPLER_COLOR_PALETTES, LAYER_VIS_CONFIGS, colorPaletteToColorRange } from '@kepler.gl/constants';
import { H3HexagonLayerIcon, VectorTileLayer } from '@kepler.gl/layers';
import { hexTilesetClass, type HexTileIndex } from './HexTileset2D';
import { dataResolution, itemsByWorld, tileResolution } from './tileIndices';
import { tileRows, type HexRow } from './tileRows';
import type { TileReader } from '../vector-tiles/tileSource';
import { hexTilePath, hexTileRangePath } from './tilePath';
import { rangeRows, rowsAt } from './rangeRows';
import { HEX_TILE_DATASET, type HexTilesetMetadata } from './tilesetDataset';
import { bucketStart, bucketSteps, timeKey, type TimeBuckets } from './timeBuckets';

/** kepler.gl's layer type of ours, as saved maps name it. */
export const HEX_TILE_LAYER = 'hexTile';
/** What kepler.gl's layer panel calls it (its messages are looked up by the type and by the name, lower-cased). */
export const HEX_TILE_MESSAGES = { 'layer.type.hextile': 'hex tile', 'layer.type.hex tile': 'hex tile' };
const HIGHLIGHT_COLOR = [252, 242, 26, 150];
/**
 * Four colors by default: a tileset's quantiles are its quartiles (0, .25, .5, .75, 1), so four classes are exactly
 * them; kepler.gl would interpolate the thresholds of more classes between those five values.
 */
const QUARTILE_COLORS = colorPaletteToColorRange(KEPLER_COLOR_PALETTES.find((palette) => palette.name === DEFAULT_COLOR_RANGE.name)!, { reversed: false, steps: 4 });
/** Cells drawn a little smaller than they are, so that neighbours of one color still read as hexagons. */
const COVERAGE = 0.92;

type Base = InstanceType<typeof VectorTileLayer>;
type FormatArgs = Parameters<Base['formatLayerData']>;
type Datasets = FormatArgs[0];
type KeplerDataset = Datasets[string];
type RenderOptions = Parameters<Base['renderLayer']>[0];
type VisualChannel = Parameters<Base['calculateLayerDomain']>[1];
type MapState = { zoom: number; latitude: number };

/** kepler.gl's tile layer base (AbstractTileLayer, not exported): its channels, scales and data accessors are ours too. */
const tileLayerBase = Object.getPrototypeOf(VectorTileLayer.prototype) as Base;
/** A method (or a getter, as a function) of that base, to call on our layer. */
function baseMethod<K extends keyof Base>(key: K) {
  const descriptor = Object.getOwnPropertyDescriptor(tileLayerBase, key)!;
  return (descriptor.value ?? descriptor.get) as Base[K] extends (...args: infer A) => infer R ? (this: Base, ...args: A) => R : (this: Base) => Base[K];
}

/** What formatLayerData hands renderLayer besides kepler.gl's accessors (one per tileset build, kept across restyles). */
export interface HexTileLayerData {
  tileset: HexTilesetMetadata;
  TilesetClass: ReturnType<typeof hexTilesetClass>;
  /** A geotemporal tileset's buckets, played by kepler.gl's layer animation. */
  buckets: TimeBuckets | null;
  getTileData(tile: { index: HexTileIndex; url?: string | null; signal?: AbortSignal }): Promise<HexRow[]>;
}

/**
 * The layer's time setting (visConfig `timeInterval`): '' plays the tileset's finest interval of at most 1000 buckets,
 * ALL_TIME draws the cells over all time, an interval plays that one (timeBuckets.ts).
 */
const TIME_SETTING = { timeInterval: { type: 'select', defaultValue: '', label: 'Time', property: 'timeInterval', options: [] } };

/** kepler.gl hands formatLayerData no animation state (its own reducers call it with two arguments). */
const NO_ANIMATION = { currentTime: null };

/**
 * The tile path template deck.gl fills with each tile's {z} and {i}: over all time, or, while time plays, every bucket
 * of the played interval (`/range/{interval}`): one request per tile, whose rows give every step (rowsAt), so a step
 * of the animation reloads nothing.
 */
export function tileUrlAt({ tileset, buckets }: Pick<HexTileLayerData, 'tileset' | 'buckets'>): string {
  return buckets ? hexTileRangePath(tileset.base, '{z}', '{i}', buckets.interval) : hexTilePath(tileset.base, '{z}', '{i}');
}

const tilesetOf = (dataset: KeplerDataset | undefined): HexTilesetMetadata | null =>
  dataset?.type === HEX_TILE_DATASET ? (dataset.metadata as unknown as HexTilesetMetadata) : null;

/** The layer class for a store whose tiles are read by `readTile` (with the user's session, as vector tiles are). */
export function hexTileLayer(readTile: TileReader): typeof VectorTileLayer {
  return class HexTileLayer extends VectorTileLayer {
    /** One tile source per tileset build: kept across restyles, so deck.gl keeps the tiles it has. */
    private source: { key: string; value: HexTileLayerData } | null = null;

    constructor(props: ConstructorParameters<typeof VectorTileLayer>[0]) {
      super(props);
      this.registerVisConfig({ colorRange: { ...LAYER_VIS_CONFIGS.colorRange, defaultValue: QUARTILE_COLORS }, ...TIME_SETTING } as never);
    }

    /** The time setting as saved ('' when never chosen). */
    private get timeChoice(): string {
      const choice = this.config.visConfig.timeInterval;
      return typeof choice === 'string' ? choice : '';
    }

    static override findDefaultLayerProps(dataset: KeplerDataset) {
      if (dataset.type !== HEX_TILE_DATASET) return { props: [] };
      return { props: [{ dataId: dataset.id, label: dataset.label, isVisible: true }] };
    }

    override get type() {
      return HEX_TILE_LAYER;
    }

    override get name() {
      return 'Hex Tile';
    }

    override get layerIcon() {
      return H3HexagonLayerIcon as Base['layerIcon'];
    }

    override get supportedDatasetTypes() {
      return [HEX_TILE_DATASET] as unknown as Base['supportedDatasetTypes'];
    }

    /** Fill color and height (extrusion) by a column: the tile layer base's two channels, not the vector layer's others. */
    override get visualChannels(): Base['visualChannels'] {
      const { color, height } = baseMethod('visualChannels').call(this) as Base['visualChannels'];
      return { color: color!, height: height! };
    }

    /** Quantize, custom and (the tileset's own quantiles) quantile, as the tile layer base offers for color. */
    override getScaleOptions(channel: string) {
      return baseMethod('getScaleOptions').call(this, channel);
    }

    /** Colored by quantiles of the tileset's cells, per zoom, by default (the "quantile color scales"). */
    override getDefaultLayerConfig(props: Parameters<Base['getDefaultLayerConfig']>[0]) {
      return { ...super.getDefaultLayerConfig(props), colorScale: 'quantile' };
    }

    /** Colored by the first numeric column (kepler.gl's own default takes real columns only; counts are integers). */
    override setInitialLayerConfig(dataset: KeplerDataset) {
      const field = dataset.fields.find((candidate) => candidate.type === 'integer' || candidate.type === 'real');
      if (!field) return this;
      this.updateLayerConfig({ colorField: field } as never);
      this.updateLayerVisualChannel(dataset, 'color');
      return this;
    }

    override updateLayerMeta(dataset: KeplerDataset, datasets: Datasets) {
      const tileset = tilesetOf(dataset);
      if (!tileset) return;
      // The legend reads a scale by zoom at the tile resolution the map draws, not at the map's zoom.
      const getZoom = (mapState: MapState) => tileResolution(mapState.zoom, mapState.latitude, tileset);
      this.updateMeta({ datasetId: dataset.id, datasets, bounds: tileset.bounds, getZoom } as never);
      this.updateTimeline(tileset);
    }

    /** kepler.gl's layer animation: the buckets played, or none over all time. */
    private updateTimeline(tileset: HexTilesetMetadata) {
      const { buckets } = this.sourceOf(tileset);
      const { animation } = this.config;
      if (buckets) this.updateLayerConfig({ animation: { ...animation, enabled: true, domain: buckets.domain, timeSteps: buckets.steps } } as never);
      else if (tileset.kind === 'geotemporal') this.updateLayerConfig({ animation: { ...animation, enabled: false, domain: null, timeSteps: null } } as never);
    }

    /** A new time setting changes the timeline and the color and height domains (those of the interval, or of all time). */
    override updateLayerVisConfig(newVisConfig: Parameters<Base['updateLayerVisConfig']>[0]) {
      const before = this.timeChoice;
      super.updateLayerVisConfig(newVisConfig);
      const { datasetId, datasets } = this.meta as { datasetId?: string; datasets?: Datasets };
      const dataset = datasets?.[datasetId ?? ''];
      const tileset = tilesetOf(dataset);
      if (!tileset || this.timeChoice === before) return this;
      this.updateTimeline(tileset);
      for (const channel of ['color', 'height']) this.updateLayerVisualChannel(dataset!, channel);
      return this;
    }

    /** A column's domains under the layer's time setting (kepler.gl's own read the field's, which are the default's). */
    override calculateLayerDomain(dataset: KeplerDataset, visualChannel: VisualChannel) {
      const tileset = tilesetOf(dataset);
      const field = this.config[visualChannel.field as 'colorField'] as { name?: string } | null;
      const domains = tileset && field?.name ? tileset.domainsByTime[timeKey(tileset, this.timeChoice)]?.[field.name] : undefined;
      if (!domains) return super.calculateLayerDomain(dataset, visualChannel);
      const quantile = this.config[visualChannel.scale as 'colorScale'] === 'quantile';
      return (quantile ? domains.domainQuantiles : domains.domainStops) as unknown as ReturnType<Base['calculateLayerDomain']>;
    }

    override formatLayerData(datasets: Datasets, oldLayerData: FormatArgs[1], animationConfig: FormatArgs[2] = NO_ANIMATION as never) {
      const base = baseMethod('formatLayerData').call(this, datasets, oldLayerData, animationConfig) as Record<string, unknown>;
      const tileset = tilesetOf(datasets[this.config.dataId ?? '']);
      return { ...base, hexTiles: tileset ? this.sourceOf(tileset) : null } as never;
    }

    private sourceOf(tileset: HexTilesetMetadata): HexTileLayerData {
      const key = `${tileset.tilesetId}:${tileset.version}:${this.timeChoice}`;
      if (this.source?.key !== key) {
        const buckets = bucketSteps(tileset, this.timeChoice);
        const read = buckets ? rangeRows : tileRows;
        const getTileData: HexTileLayerData['getTileData'] = async ({ index, url, signal }) => {
          const bytes = url ? await readTile(url, signal) : null;
          return bytes ? read(bytes, index.i, dataResolution(index.z, tileset)) : [];
        };
        this.source = { key, value: { tileset, TilesetClass: hexTilesetClass(tileset, tileset.tilesWithData), buckets, getTileData } };
      }
      return this.source.value;
    }

    /** The hovered cell (kepler.gl's tooltip reads its `properties`). */
    override hasHoveredObject(objectInfo: { picked?: boolean; object?: unknown; layer?: { props?: { id?: string } } }) {
      return this.isLayerHovered(objectInfo as never) && objectInfo.object ? objectInfo.object : null;
    }

    override renderLayer(opts: RenderOptions): DeckLayer[] {
      const { mapState, gpuFilter, layerCallbacks, animationConfig } = opts;
      const data = opts.data as { hexTiles: HexTileLayerData | null } & Record<string, unknown>;
      if (!data.hexTiles) return [];
      const { visConfig } = this.config;
      this.setLayerDomain = layerCallbacks.onSetLayerDomain;
      const { tileset, TilesetClass, getTileData, buckets } = data.hexTiles;
      // kepler.gl passes the animation's time to renderLayer only: the step drawn from each tile's range rows.
      const step = buckets ? bucketStart(buckets, this.config.animation.enabled ? animationConfig?.currentTime : null) : null;
      const elevationScale = visConfig.elevationScale * this.getElevationZoomFactor(mapState as never);
      const updateTriggers = {
        getTileData: tileset.version,
        renderSubLayers: step,
        getFilterValue: gpuFilter.filterValueUpdateTriggers,
        getFillColor: { color: this.config.color, colorField: this.config.colorField, colorScale: this.config.colorScale, colorDomain: this.config.colorDomain, colorRange: visConfig.colorRange },
        getElevation: { heightField: this.config.heightField, heightScale: this.config.heightScale, heightRange: visConfig.heightRange },
      };
      return [
        new TileLayer<HexRow[]>({
          ...this.getDefaultDeckLayerProps(opts as never),
          ...data,
          wrapLongitude: false,
          data: tileUrlAt(data.hexTiles),
          TilesetClass,
          getTileData: getTileData as never,
          minZoom: 0,
          maxZoom: tileset.maxZoom,
          onViewportLoad: this.onViewportLoad as never,
          getFilterValue: this.getGpuFilterValueAccessor(opts as never),
          extruded: visConfig.enable3d,
          elevationScale,
          autoHighlight: true,
          highlightColor: HIGHLIGHT_COLOR,
          updateTriggers,
          renderSubLayers: (props: Record<string, unknown>) => hexagons(props, step),
        } as never) as unknown as DeckLayer,
      ];
    }
  };
}

/** A column-major 4×4 matrix moving longitudes by `world` × 360° (deck.gl applies a layer's modelMatrix before projecting). */
const worldShift = (world: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 360 * world, 0, 0, 1];

/** One tile's cells (at a step while time plays) as H3 hexagons, with kepler.gl's accessors at the tile's zoom when its scales are by zoom. */
function hexagons(props: Record<string, unknown>, step: number | null): DeckLayer[] | null {
  const rows = props.data ? rowsAt(props.data as HexRow[], step) : null;
  if (!rows?.length) return null;
  const { i: tile, z: zoom, w } = (props.tile as { index: HexTileIndex }).index;
  const byZoom = <T>(accessor: unknown, zoomed: unknown) => (zoomed ? (accessor as (z: number) => T)(zoom) : accessor) as T;
  // A tile astride the antimeridian draws its cells of each side in their own world copy.
  return itemsByWorld(tile, w, rows, (row) => row.h3).map(
    ({ items, world }) =>
      new H3HexagonLayer<HexRow>({
        ...props,
        id: `${props.id as string}-${world}`,
        data: items,
        getHexagon: (row: HexRow) => row.h3,
        getFillColor: byZoom(props.getFillColor, props.getFillColorByZoom),
        getElevation: byZoom(props.getElevation, props.getElevationByZoom),
        filled: true,
        stroked: false,
        coverage: COVERAGE,
        // Each cell a polygon of plain triangles, not an instance of one hexagon column (deck.gl's choice from resolution
        // 6 on): software WebGL (SwiftShader) draws instances one at a time, and 26,000 cells of a region view took
        // 400 ms a frame as instances.
        highPrecision: true,
        // A tile of the world copy across the antimeridian from the view is drawn 360° over (its cells' longitudes stay −180..180).
        modelMatrix: world ? worldShift(world) : null,
        pickable: true,
        autoHighlight: true,
      } as never) as unknown as DeckLayer,
  );
}
