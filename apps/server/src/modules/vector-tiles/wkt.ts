// Well-known text to GeoJSON geometry: the profile recognises WKT columns (engine/profile.ts) and the engine has no
// spatial extension to convert them, so the tiler reads the text itself. Z and M values are dropped.
import type { Geometry, Position } from 'geojson';

const TYPES = ['POINT', 'MULTIPOINT', 'LINESTRING', 'MULTILINESTRING', 'POLYGON', 'MULTIPOLYGON', 'GEOMETRYCOLLECTION'] as const;
type WktType = (typeof TYPES)[number];

/** A WKT geometry type that is not tiled (CIRCULARSTRING, TIN, …). */
export class UnsupportedWkt extends Error {
  constructor(readonly type: string) {
    super(`Unsupported geometry type: ${type}`);
  }
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skipSpace() {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.at] ?? '';
  }

  expect(char: string) {
    if (this.peek() !== char) throw new Error(`expected "${char}" at ${this.at}`);
    this.at++;
  }

  word(): string {
    this.skipSpace();
    const match = /^[A-Za-z]+/.exec(this.text.slice(this.at));
    if (!match) throw new Error(`expected a word at ${this.at}`);
    this.at += match[0].length;
    return match[0].toUpperCase();
  }

  number(): number {
    this.skipSpace();
    const match = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(this.text.slice(this.at));
    if (!match) throw new Error(`expected a number at ${this.at}`);
    this.at += match[0].length;
    return Number(match[0]);
  }

  /** `(` … `)` separated by commas, each read by `item`. */
  list<T>(item: () => T): T[] {
    this.expect('(');
    const items = [item()];
    while (this.peek() === ',') {
      this.at++;
      items.push(item());
    }
    this.expect(')');
    return items;
  }

  end() {
    this.skipSpace();
    if (this.at !== this.text.length) throw new Error(`unexpected text at ${this.at}`);
  }
}

/** A position: x y, then optional z and m that are read and dropped. */
function position(reader: Reader): Position {
  const x = reader.number();
  const y = reader.number();
  while (/[-+.\d]/.test(reader.peek())) reader.number();
  return [x, y];
}

/** MULTIPOINT takes both `(1 2, 3 4)` and `((1 2), (3 4))`. */
function multiPointPosition(reader: Reader): Position {
  if (reader.peek() !== '(') return position(reader);
  const [point] = reader.list(() => position(reader));
  return point!;
}

function geometry(reader: Reader): Geometry | null {
  const type = reader.word() as WktType;
  if (!TYPES.includes(type)) throw new UnsupportedWkt(type);
  let next = reader.peek();
  if (/[A-Za-z]/.test(next)) {
    const word = reader.word();
    if (word === 'EMPTY') return null;
    if (!['Z', 'M', 'ZM'].includes(word)) throw new Error(`unexpected ${word}`);
    next = reader.peek();
    if (/[A-Za-z]/.test(next) && reader.word() === 'EMPTY') return null;
  }
  const line = () => reader.list(() => position(reader));
  const polygon = () => reader.list(line);
  switch (type) {
    case 'POINT':
      return { type: 'Point', coordinates: reader.list(() => position(reader))[0]! };
    case 'MULTIPOINT':
      return { type: 'MultiPoint', coordinates: reader.list(() => multiPointPosition(reader)) };
    case 'LINESTRING':
      return { type: 'LineString', coordinates: line() };
    case 'MULTILINESTRING':
      return { type: 'MultiLineString', coordinates: reader.list(line) };
    case 'POLYGON':
      return { type: 'Polygon', coordinates: polygon() };
    case 'MULTIPOLYGON':
      return { type: 'MultiPolygon', coordinates: reader.list(polygon) };
    case 'GEOMETRYCOLLECTION':
      return { type: 'GeometryCollection', geometries: reader.list(() => geometry(reader)).filter((part): part is Geometry => part !== null) };
  }
}

/** The geometry of a WKT (or EWKT with SRID=…;) text; null for EMPTY. Throws on text that is not WKT. */
export function parseWkt(text: string): Geometry | null {
  const reader = new Reader(text.replace(/^\s*SRID=\d+;/i, ''));
  const parsed = geometry(reader);
  reader.end();
  return parsed;
}
