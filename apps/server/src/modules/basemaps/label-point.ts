import type { MultiPolygon, Polygon, Position } from 'geojson';

type Ring = Position[];

/** Planar area of a ring in square degrees, shrunk by the cosine of its latitude so that polar shapes do not dominate. */
function ringArea(ring: Ring): number {
  let twice = 0;
  let latitudes = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += ring[j]![0]! * ring[i]![1]! - ring[i]![0]! * ring[j]![1]!;
    latitudes += ring[i]![1]!;
  }
  return (Math.abs(twice) / 2) * Math.cos(((latitudes / Math.max(ring.length, 1)) * Math.PI) / 180);
}

function ringCentroid(ring: Ring): Position {
  let x = 0;
  let y = 0;
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  return twice === 0 ? ring[0]! : [x / (3 * twice), y / (3 * twice)];
}

/** Where the rings' edges cross the parallel at `latitude`, west to east (even-odd: inside between pairs). */
function crossings(rings: Ring[], latitude: number): number[] {
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x0, y0] = ring[j] as [number, number];
      const [x1, y1] = ring[i] as [number, number];
      if (y0 > latitude !== y1 > latitude) xs.push(x0 + ((latitude - y0) / (y1 - y0)) * (x1 - x0));
    }
  }
  return xs.sort((a, b) => a - b);
}

const inside = (rings: Ring[], [x, y]: Position) => crossings(rings, y!).filter((crossing) => crossing < x!).length % 2 === 1;

/** The midpoint of the widest stretch of the polygon along the parallel through `point`. */
function widestMidpoint(rings: Ring[], point: Position): Position {
  const xs = crossings(rings, point[1]!);
  let best: Position = rings[0]![0]!;
  let width = -1;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    if (xs[i + 1]! - xs[i]! > width) {
      width = xs[i + 1]! - xs[i]!;
      best = [(xs[i]! + xs[i + 1]!) / 2, point[1]!];
    }
  }
  return best;
}

/**
 * A point to label a country at: inside its largest part (metropolitan France, not French Guiana), at that part's
 * centroid when the centroid lies inside, else midway across its widest stretch on the centroid's parallel.
 * `area` (square degrees, latitude-corrected) ranks labels: big countries are named first.
 */
export function labelPoint(geometry: Polygon | MultiPolygon): { point: Position; area: number } {
  const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let largest = parts[0]!;
  let area = -1;
  for (const part of parts) {
    const partArea = part[0] ? ringArea(part[0]) : 0;
    if (partArea > area) [largest, area] = [part, partArea];
  }
  const centroid = ringCentroid(largest[0]!);
  return { point: inside(largest, centroid) ? centroid : widestMidpoint(largest, centroid), area };
}
