import { notFound } from '../../http/errors.js';
import { BASEMAP_FONT } from './glyphs.js';
import { MAX_TILE_ZOOM } from './tiles.js';

interface Palette {
  background: string;
  water: string;
  /** Country fills by map-coloring index (neighbors differ), close tints of one land color. */
  land: readonly string[];
  countryBorder: string;
  stateBorder: string;
  city: string;
  text: string;
  countryText: string;
  halo: string;
}

interface StyleDefinition {
  label: string;
  palette: Palette;
}

/** Our styles, by id. Ids and layer ids are what kepler.gl matches on (docs/basemap.md). */
const STYLES: Record<string, StyleDefinition> = {
  'atlas-light': {
    label: 'Atlas Light',
    palette: {
      background: '#e4e7ea',
      water: '#c9d9e8',
      land: ['#f4f3ef', '#efede6', '#f2f0e9', '#eceae2', '#f0eee8', '#eeece5'],
      countryBorder: '#a49d94',
      stateBorder: '#c4beb5',
      city: '#77736c',
      text: '#4b4843',
      countryText: '#6f6a63',
      halo: '#fbfaf8',
    },
  },
  'atlas-dark': {
    label: 'Atlas Dark',
    palette: {
      background: '#0b0d11',
      water: '#161d27',
      land: ['#2a2d33', '#2e3137', '#272a30', '#2c2f35', '#303339', '#292c31'],
      countryBorder: '#5d626b',
      stateBorder: '#464a52',
      city: '#9ca1aa',
      text: '#c2c6cd',
      countryText: '#8f949c',
      halo: '#121418',
    },
  },
};

export const BASEMAP_STYLE_IDS = Object.keys(STYLES);

const SOURCE = 'atlas';
const ATTRIBUTION = 'Natural Earth; US Census Bureau; GeoNames';

function definition(styleId: string): StyleDefinition {
  const style = STYLES[styleId];
  if (!style) throw notFound('Basemap style not found', `Styles: ${BASEMAP_STYLE_IDS.join(', ')}; got ${styleId}`);
  return style;
}

/** The styles, with absolute URLs on `origin` (the address the client reached us at). */
export const listStyles = (origin: string) =>
  BASEMAP_STYLE_IDS.map((id) => ({
    id,
    label: STYLES[id]!.label,
    styleUrl: `${origin}/v1/basemaps/${id}/style.json`,
    iconUrl: `${origin}/v1/basemaps/${id}/icon.svg`,
  }));

const byZoom = (...stops: number[]) => ['interpolate', ['linear'], ['zoom'], ...stops];

/** The land tint of a country by its color index. */
const landColor = (land: readonly string[]) => ['match', ['%', ['get', 'color'], land.length], ...land.flatMap((color, index) => [index, color]), land[0]];

function layers(p: Palette) {
  const source = { source: SOURCE };
  return [
    { id: 'background', type: 'background', paint: { 'background-color': p.background } },
    { id: 'water', type: 'fill', ...source, 'source-layer': 'water', paint: { 'fill-color': p.water } },
    { id: 'landcover', type: 'fill', ...source, 'source-layer': 'countries', paint: { 'fill-color': landColor(p.land), 'fill-antialias': false } },
    {
      id: 'boundary-state',
      type: 'line',
      ...source,
      'source-layer': 'state_borders',
      minzoom: 3,
      layout: { 'line-join': 'round' },
      paint: { 'line-color': p.stateBorder, 'line-width': byZoom(3, 0.5, 8, 1.2), 'line-dasharray': [3, 2] },
    },
    {
      id: 'boundary-country',
      type: 'line',
      ...source,
      'source-layer': 'country_borders',
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': p.countryBorder, 'line-width': byZoom(0, 0.6, 6, 1.4, 10, 2) },
    },
    {
      id: 'place-city-dot',
      type: 'circle',
      ...source,
      'source-layer': 'places',
      paint: {
        'circle-color': p.city,
        'circle-radius': ['interpolate', ['linear'], ['get', 'rank'], 1, 3.5, 8, 2],
        'circle-stroke-color': p.halo,
        'circle-stroke-width': 1,
      },
    },
    {
      id: 'place-city-label',
      type: 'symbol',
      ...source,
      'source-layer': 'places',
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [BASEMAP_FONT],
        'text-size': ['interpolate', ['linear'], ['get', 'rank'], 1, 13, 8, 10.5],
        'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
        'text-radial-offset': 0.6,
        'text-max-width': 8,
        'symbol-sort-key': ['get', 'rank'],
      },
      paint: { 'text-color': p.text, 'text-halo-color': p.halo, 'text-halo-width': 1.2 },
    },
    {
      id: 'place-country-label',
      type: 'symbol',
      ...source,
      'source-layer': 'country_labels',
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [BASEMAP_FONT],
        'text-size': byZoom(0, 9, 4, 12, 8, 15),
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
        'text-max-width': 7,
        'symbol-sort-key': ['get', 'rank'],
      },
      paint: { 'text-color': p.countryText, 'text-halo-color': p.halo, 'text-halo-width': 1.2 },
    },
  ];
}

/** A MapLibre style (spec version 8) whose tiles and glyphs are served by us at `origin`. */
export function styleJson(styleId: string, origin: string) {
  const { label, palette } = definition(styleId);
  return {
    version: 8,
    name: label,
    metadata: { 'atlas:basemap': styleId },
    center: [0, 20],
    zoom: 1.5,
    sources: {
      [SOURCE]: {
        type: 'vector',
        tiles: [`${origin}/v1/basemaps/tiles/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: MAX_TILE_ZOOM,
        attribution: ATTRIBUTION,
      },
    },
    glyphs: `${origin}/v1/basemaps/glyphs/{fontstack}/{range}.pbf`,
    layers: layers(palette),
  };
}

/** A small picture of the style for style pickers: sea, two land masses, a border and a labelled city. */
export function styleIcon(styleId: string): string {
  const { label, palette: p } = definition(styleId);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64" role="img" aria-label="${label}">`,
    `<rect width="96" height="64" fill="${p.water}"/>`,
    `<path d="M-2 10 C14 4 30 8 44 6 C52 18 48 30 56 40 C46 52 30 58 12 60 C4 50 -2 40 -2 30 Z" fill="${p.land[0]}"/>`,
    `<path d="M44 6 C60 2 80 6 98 4 L98 44 C84 50 68 44 56 40 C48 30 52 18 44 6 Z" fill="${p.land[1]}"/>`,
    `<path d="M44 6 C52 18 48 30 56 40" fill="none" stroke="${p.countryBorder}" stroke-width="1.2"/>`,
    `<circle cx="28" cy="30" r="3" fill="${p.city}" stroke="${p.halo}" stroke-width="1"/>`,
    `<rect x="18" y="36" width="20" height="3" rx="1.5" fill="${p.text}"/>`,
    `<rect x="66" y="20" width="18" height="3" rx="1.5" fill="${p.countryText}"/>`,
    '</svg>',
  ].join('');
}
