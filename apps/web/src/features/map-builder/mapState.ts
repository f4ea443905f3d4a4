// The studio state a map saves: kepler.gl's {version, config} plus every other key an earlier writer left there.
import { KEPLER_MAP_FORMATS, type StateData } from '@atlas/domain';

/** kepler.gl's saved config (`KeplerGlSchema.getConfigToSave`): version 'v1', config {visState, mapState, mapStyle}. */
export interface KeplerSavedConfig {
  version: string;
  config: { visState?: unknown; mapState?: unknown; mapStyle?: unknown } & Record<string, unknown>;
}

/** The state data key that marks a map imported from a kepler.gl file (contracts: convertedFromKepler). */
export const CONVERTED_KEY = 'convertedFromKepler';

/** The state to save: the loaded state's other keys kept, kepler.gl's own keys replaced. */
export function buildStateData(saved: KeplerSavedConfig, previous: StateData | null | undefined): StateData {
  return { ...(previous ?? {}), version: saved.version, config: saved.config };
}

/** The kepler.gl config of a loaded state, or null when it holds none (a map saved without one). */
export function readSavedConfig(data: StateData | null | undefined): KeplerSavedConfig | null {
  if (!data) return null;
  const { version, config } = data as { version?: unknown; config?: unknown };
  if (typeof version !== 'string' || !config || typeof config !== 'object' || Array.isArray(config)) return null;
  return { version, config: config as KeplerSavedConfig['config'] };
}

/** The kepler.gl format a map was converted from, when its state says so. */
export function convertedFrom(data: StateData | null | undefined): string | null {
  const format = data?.[CONVERTED_KEY];
  return typeof format === 'string' && (KEPLER_MAP_FORMATS as readonly string[]).includes(format) ? format : null;
}

