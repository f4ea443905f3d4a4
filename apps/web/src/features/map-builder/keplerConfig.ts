// kepler.gl reads a few settings from a module-level application config; these keep it offline.
import { initApplicationConfig } from '@kepler.gl/utils';

/** Where kepler.gl's own static files are served from (apps/web/public/kepler): icons/svg-icons.json. */
export const KEPLER_ASSET_PATH = '/kepler';

let configured = false;

/** Called once before the first map mounts. */
export function configureKepler(origin: string): void {
  if (configured) return;
  configured = true;
  initApplicationConfig({
    // The icon layer fetches `${cdnUrl}/icons/svg-icons.json`; by default that is a CDN.
    cdnUrl: `${origin}${KEPLER_ASSET_PATH}`,
    // Raster-tile and WMS layers only work against remote servers.
    enableRasterTileLayer: false,
    enableWMSLayer: false,
    // The release banner links to kepler.gl's site.
    showReleaseBanner: false,
  });
}
