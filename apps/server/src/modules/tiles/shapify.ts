// POST /v1/shapify: H3 cells into their outlines (GeoJSON Polygons), or polygons into the cells whose centers they
// cover at a resolution, one answer per input, for the map and for pipelines.
import { Messages, type ShapifyRequest, type ShapifyResponse } from '@atlas/domain';
import { cellToBoundary, getHexagonAreaAvg, polygonToCells } from 'h3-js';
import { invalidInput } from '../../http/errors.js';
import { isCell } from './h3-cells.js';

/** Most cells one shapify call answers (as the pipeline's hexify). */
const MAX_CELLS = 1_000_000;
const EARTH_RADIUS_KM = 6371.0088;

type Ring = number[][];
type Polygon = Ring[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPosition = (value: unknown) => Array.isArray(value) && value.length >= 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
const isRing = (value: unknown): value is Ring => Array.isArray(value) && value.length >= 4 && value.every(isPosition);
const isPolygon = (value: unknown): value is Polygon => Array.isArray(value) && value.length >= 1 && value.every(isRing);

/** The polygons of a Polygon or MultiPolygon geometry, or of a Feature holding one. */
function polygonsOf(geo: unknown, index: number): Polygon[] {
  const geometry = isObject(geo) && geo.type === 'Feature' ? geo.geometry : geo;
  if (!isObject(geometry) || typeof geometry.type !== 'string') throw invalidInput('Invalid geos', `geos[${index}] is not a GeoJSON geometry or Feature`);
  if (geometry.type === 'Polygon' && isPolygon(geometry.coordinates)) return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates) && geometry.coordinates.every(isPolygon)) return geometry.coordinates as Polygon[];
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') throw invalidInput('Invalid geos', `geos[${index}] has invalid ${geometry.type} coordinates`);
  throw invalidInput(Messages.unsupportedGeometryType(geometry.type.slice(0, 40)), `geos[${index}]: only Polygon and MultiPolygon become cells`);
}

/** Area of the outer ring's bounding box on the sphere: an upper bound on the cells a polygon may cover. */
function boundsAreaKm2(polygon: Polygon): number {
  const outer = polygon[0]!;
  const lngs = outer.map((position) => position[0]!);
  const lats = outer.map((position) => position[1]!);
  const rad = Math.PI / 180;
  const width = (Math.max(...lngs) - Math.min(...lngs)) * rad;
  const height = Math.abs(Math.sin(Math.max(...lats) * rad) - Math.sin(Math.min(...lats) * rad));
  return EARTH_RADIUS_KM * EARTH_RADIUS_KM * width * height;
}

function cellsOf(geo: unknown, index: number, res: number, budget: { left: number }): string[] {
  const cells = new Set<string>();
  for (const polygon of polygonsOf(geo, index)) {
    if (boundsAreaKm2(polygon) / getHexagonAreaAvg(res, 'km2') > budget.left * 1.5) {
      throw invalidInput(`Polygon covers too many cells at resolution ${res}`, `more than ${MAX_CELLS} cells in one call`);
    }
    for (const cell of polygonToCells(polygon, res, true)) cells.add(cell);
  }
  budget.left -= cells.size;
  if (budget.left < 0) throw invalidInput(`Polygon covers too many cells at resolution ${res}`, `more than ${MAX_CELLS} cells in one call`);
  return [...cells].sort();
}

function outlineOf(geo: unknown, index: number) {
  const cell = typeof geo === 'string' ? geo.toLowerCase() : geo;
  if (!isCell(cell)) throw invalidInput('Invalid geos', `geos[${index}] is not an H3 cell index`);
  return { type: 'Polygon' as const, coordinates: [cellToBoundary(cell, true)] };
}

export function shapify(request: ShapifyRequest): ShapifyResponse {
  if (request.geoType === request.shape) throw invalidInput('Invalid shape', `geoType and shape are both ${request.shape}; shapify turns h3 into polygon or polygon into h3`);
  if (request.shape === 'polygon') return { shape: 'polygon', geos: request.geos.map(outlineOf) };
  if (request.res === undefined) throw invalidInput('Invalid res', 'shape h3 needs res, the resolution of the cells (0..15)');
  const budget = { left: MAX_CELLS };
  return { shape: 'h3', geos: request.geos.map((geo, index) => cellsOf(geo, index, request.res!, budget)) };
}
