// kepler.gl's layer panel for the Hex Tile layer. kepler.gl's configurator renders a layer's settings with a method
// named after its type (`_render<Type>LayerConfig`); it has none for ours, so the factory injected in its place
// (KeplerMap.tsx) adds one built from kepler.gl's own controls: fill color by a column (its color range and scales,
// the tileset's quantiles or the data in view), opacity, height by a column (extrusion), and for a geotemporal tileset
// its time: all time, or played by one of its intervals.
import { ItemSelector, LayerConfiguratorFactory, PanelLabel, SidePanelSection } from '@kepler.gl/components';
import type { ComponentType } from 'react';
import { HEX_TILE_LAYER } from './HexTileLayer';
import { HEX_TILE_DATASET, type HexTilesetMetadata } from './tilesetDataset';
import { ALL_TIME, playableIntervals, timeKey, type Interval } from './timeBuckets';

type Component = ComponentType<Record<string, unknown>>;
type Settings = Record<string, Record<string, unknown>>;
interface RenderProps {
  layer: { config: { colorField?: unknown; visConfig: { timeInterval?: string } }; visConfigSettings: Settings; visualChannels: Record<string, unknown> };
  dataset?: { type?: string; metadata?: unknown };
  visConfiguratorProps: Record<string, unknown>;
  layerChannelConfigProps: Record<string, unknown> & { onChange: (config: Record<string, unknown>, channel: string, visConfig: Record<string, unknown>) => void };
  layerConfiguratorProps: Record<string, unknown>;
}

const INTERVAL_NAMES: Record<Interval, string> = { YEAR: 'year', MONTH: 'month', DAY: 'day', HOUR: 'hour', MINUTE: 'minute', SECOND: 'second' };
type TimeOption = { value: string; label: string };
const Selector = ItemSelector as unknown as ComponentType<{ selectedItems: TimeOption; options: TimeOption[]; multiSelect: false; searchable: false; displayOption: 'label'; getOptionValue: 'value'; onChange: (value: string) => void }>;

/**
 * A geotemporal tileset's time: over all time (no time slider), or played by one of its intervals of at most 1000
 * buckets. Sent as a change of the color channel (kepler.gl then recomputes its domain and the timeline) with the setting.
 */
function TimeSetting({ layer, dataset, layerChannelConfigProps }: RenderProps) {
  const tileset = dataset?.type === HEX_TILE_DATASET ? (dataset.metadata as HexTilesetMetadata) : null;
  if (tileset?.kind !== 'geotemporal') return null;
  const options: TimeOption[] = [{ value: ALL_TIME, label: 'All time' }, ...playableIntervals(tileset).map((interval) => ({ value: interval, label: `By ${INTERVAL_NAMES[interval]}` }))];
  const selected = timeKey(tileset, layer.config.visConfig.timeInterval);
  return (
    <SidePanelSection className="hex-tile-time">
      <PanelLabel>Time</PanelLabel>
      <Selector
        selectedItems={options.find((option) => option.value === selected)!}
        options={options}
        multiSelect={false}
        searchable={false}
        displayOption="label"
        getOptionValue="value"
        onChange={(value) => layerChannelConfigProps.onChange({ colorField: layer.config.colorField ?? null }, 'color', { timeInterval: value })}
      />
    </SidePanelSection>
  );
}

/** The method kepler.gl's configurator calls for a layer of our type. */
export const HEX_TILE_RENDER = `_render${HEX_TILE_LAYER[0]!.toUpperCase()}${HEX_TILE_LAYER.slice(1)}LayerConfig`;

export function AtlasLayerConfiguratorFactory(...deps: unknown[]) {
  const Base = (LayerConfiguratorFactory as unknown as (...args: unknown[]) => new (...args: never[]) => object)(...deps);
  // The factory's dependencies, in kepler.gl's order (LayerConfiguratorFactory.deps).
  const [, VisConfigSlider, , LayerConfigGroup, ChannelByValueSelector, , , VisConfigSwitch, LayerColorSelector, LayerColorRangeSelector] = deps as Component[];
  const [Slider, Group, ByValue, Switch, ColorSelector, RangeSelector] = [VisConfigSlider!, LayerConfigGroup!, ChannelByValueSelector!, VisConfigSwitch!, LayerColorSelector!, LayerColorRangeSelector!];

  function renderHexTileConfig(props: RenderProps) {
    const { layer, visConfiguratorProps, layerChannelConfigProps, layerConfiguratorProps } = props;
    const { color, height } = layer.visualChannels;
    return (
      <div className="hex-tile-layer-config">
        <TimeSetting {...props} />
        <Group {...visConfiguratorProps} label="layer.fillColor">
          <ByValue {...layerChannelConfigProps} channel={color} />
          {layer.config.colorField ? (
            <>
              <Switch {...visConfiguratorProps} {...layer.visConfigSettings.dynamicColor} />
              <RangeSelector {...visConfiguratorProps} channel={color} />
            </>
          ) : (
            <ColorSelector {...layerConfiguratorProps} />
          )}
          <Slider {...layer.visConfigSettings.opacity} {...visConfiguratorProps} />
        </Group>
        <Group {...visConfiguratorProps} {...layer.visConfigSettings.enable3d} collapsible>
          <Slider {...layer.visConfigSettings.elevationScale} {...visConfiguratorProps} label={false} />
          <ByValue {...layerChannelConfigProps} channel={height} />
        </Group>
      </div>
    );
  }

  return class AtlasLayerConfigurator extends Base {
    [HEX_TILE_RENDER] = renderHexTileConfig;
  };
}
AtlasLayerConfiguratorFactory.deps = (LayerConfiguratorFactory as unknown as { deps: unknown[] }).deps;
