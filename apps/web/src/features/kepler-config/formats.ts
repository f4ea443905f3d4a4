// How the three kepler.gl map formats are offered on screen.
import { KEPLER_MAP_FORMATS } from '@atlas/domain';
import type { KeplerMapFormat } from './types';

export const FORMAT_CHOICES: readonly { format: KeplerMapFormat; label: string; importHint: string; exportHint: string }[] = KEPLER_MAP_FORMATS.map((format) => {
  switch (format) {
    case 'kepler.gl':
      return {
        format,
        label: 'kepler.gl map',
        importHint: 'A map saved by kepler.gl, data included: its datasets become new datasets of yours.',
        exportHint: 'The map and the rows of its datasets, as kepler.gl’s “Export map” writes them.',
      };
    case 'kepler.gl-raw':
      return {
        format,
        label: 'kepler.gl config',
        importHint: 'A kepler.gl config without data: you choose which of your datasets it draws.',
        exportHint: 'The config alone (layers, filters, interactions, map state and style), without data.',
      };
    case 'qgis':
      return {
        format,
        label: 'QGIS (GeoJSON)',
        importHint: 'GeoJSON, as QGIS saves it or as this studio exports it for QGIS.',
        exportHint: 'A GeoJSON file QGIS opens as a layer, every row a feature; the config rides along for the way back.',
      };
  }
});

/** What the file picker offers for each format. */
export const FILE_ACCEPT: Record<KeplerMapFormat, string> = {
  'kepler.gl': '.json,application/json',
  'kepler.gl-raw': '.json,application/json',
  qgis: '.geojson,.json,application/geo+json,application/json',
};
