// A map's studio state data is kepler.gl's config (`{version, config, …}`) plus our own keys; these move a config in and out.
import { CONVERTED_FROM_KEPLER } from '@atlas/routes';
import type { StateData } from '@atlas/domain';
import { isKeplerConfig, KeplerFileError } from './parse';
import type { KeplerConfig, KeplerMapFormat } from './types';

/** The state data of a map converted from a kepler.gl file: the config, every key kept, and the format it came in. */
export function stateDataFromConfig(config: KeplerConfig, format: KeplerMapFormat): StateData {
  return { ...config, [CONVERTED_FROM_KEPLER]: format };
}

/** The kepler.gl config a saved state holds, without our conversion flag (an export is a fresh kepler.gl file). */
export function configFromStateData(data: StateData | null | undefined): KeplerConfig {
  if (!isKeplerConfig(data)) throw new KeplerFileError('This map has no saved kepler.gl state yet: open it in the map builder and save it first');
  const { [CONVERTED_FROM_KEPLER]: _flag, ...config } = data;
  return config as KeplerConfig;
}
