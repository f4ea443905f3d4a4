// kepler.gl's layer panel for the Hex Tile layer. kepler.gl's configurator renders a layer's settings with a method
// named after its type (`_render<Type>LayerConfig`); it has none for ours, so the factory injected in its place
// (KeplerMap.tsx) adds one built from kepler.gl's own controls: fill color by a column (its color range and scales,
// the tileset's quantiles or the data in view), opacity, and height by a column (extrusion).
import { LayerConfiguratorFactory } from '@kepler.gl/components';
import type { ComponentType } from 'react';
import { HEX_TILE_LAYER } from './HexTileLayer';

type Component = ComponentType<Record<string, unknown>>;
type Settings = Record<string, Record<string, unknown>>;
interface RenderProps {
  layer: { config: { colorField?: unknown }; visConfigSettings: Settings; visualChannels: Record<string, unknown> };
  visConfiguratorProps: Record<string, unknown>;
  layerChannelConfigProps: Record<string, unknown>;
  layerConfiguratorProps: Record<string, unknown>;
}

/** The method kepler.gl's configurator calls for a layer of our type. */
export const HEX_TILE_RENDER = `_render${HEX_TILE_LAYER[0]!.toUpperCase()}${HEX_TILE_LAYER.slice(1)}LayerConfig`;

export function AtlasLayerConfiguratorFactory(...deps: unknown[]) {
  const Base = (LayerConfiguratorFactory as unknown as (...args: unknown[]) => new (...args: never[]) => object)(...deps);
  // The factory's dependencies, in kepler.gl's order (LayerConfiguratorFactory.deps).
  const [, VisConfigSlider, , LayerConfigGroup, ChannelByValueSelector, , , VisConfigSwitch, LayerColorSelector, LayerColorRangeSelector] = deps as Component[];
  const [Slider, Group, ByValue, Switch, ColorSelector, RangeSelector] = [VisConfigSlider!, LayerConfigGroup!, ChannelByValueSelector!, VisConfigSwitch!, LayerColorSelector!, LayerColorRangeSelector!];

  function renderHexTileConfig({ layer, visConfiguratorProps, layerChannelConfigProps, layerConfiguratorProps }: RenderProps) {
    const { color, height } = layer.visualChannels;
    return (
      <div className="hex-tile-layer-config">
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
