import type { MultiPolygon, Polygon, Position } from 'geojson';

/**
 * world-atlas keeps shapes on the sphere: Russia's and Fiji's rings jump from 180° to −180° where they cross the
 * antimeridian, and Antarctica's ring goes round the pole. Planar tools would fill a band across the world. This
 * makes each ring continuous (longitudes beyond ±180°, which geojson-vt wraps) and closes a ring round a pole through it.
 */
export function unwrapRing(ring: Position[]): Position[] {
  const unwrapped: Position[] = [];
  let shift = 0;
  let crossed = false;
  for (const [index, [x, y]] of ring.entries()) {
    const previous = ring[index - 1];
    if (previous && Math.abs(x! - previous[0]!) > 180) {
      shift += x! < previous[0]! ? 360 : -360;
      crossed = true;
    }
    unwrapped.push([x! + shift, y!]);
  }
  if (!crossed) return ring;
  if (shift === 0) return unwrapped;
  // The ring went once round the world: close it through the pole it encircles.
  const meanLatitude = ring.reduce((sum, [, y]) => sum + y!, 0) / ring.length;
  const pole = meanLatitude < 0 ? -90 : 90;
  const first = unwrapped[0]!;
  const last = unwrapped[unwrapped.length - 1]!;
  return [...unwrapped, [last[0]!, pole], [first[0]!, pole], first];
}

/** A ring that only runs round a pole (within 0.01°): on the sphere it cuts out the pole, on a plane it is a sliver. */
const hugsPole = (ring: Position[]) => ring.every(([, y]) => Math.abs(y!) > 89.99);

/** Unwraps every ring and drops rings that only hug a pole, so a continent's coastline becomes its outer ring. */
export function unwrapShape<T extends Polygon | MultiPolygon>(shape: T): T {
  const planar = (polygon: Position[][]) => polygon.filter((ring) => !hugsPole(ring)).map(unwrapRing);
  if (shape.type === 'Polygon') return { ...shape, coordinates: planar(shape.coordinates) };
  return { ...shape, coordinates: (shape as MultiPolygon).coordinates.map(planar).filter((polygon) => polygon.length > 0) };
}
