// Saved kepler.gl rows ⇄ Arrow tables: a kepler.gl map file carries its data as rows of `allData` typed by `fields`;
// our datasets take and give Arrow (PUT and GET /v1/datasets/{id}/data).
import {
  Bool,
  DateMillisecond,
  Float64,
  Int32,
  Table,
  TimestampMillisecond,
  Type,
  Utf8,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';
import type { KeplerDatasetData, KeplerField, KeplerFieldType } from './types';

const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

function toNumber(value: unknown): number | null {
  if (!present(value)) return null;
  const number = typeof value === 'bigint' ? Number(value) : Number(value);
  return Number.isFinite(number) ? number : null;
}

function toBoolean(value: unknown): boolean | null {
  if (!present(value)) return null;
  if (typeof value === 'string') return ['true', '1', 'yes'].includes(value.toLowerCase());
  return Boolean(value);
}

const toText = (value: unknown): string | null => (present(value) ? (typeof value === 'string' ? value : JSON.stringify(value)) : null);

/** Milliseconds since the epoch of a kepler.gl time value: numbers follow the field's format ('X' seconds, else ms). */
function toMillis(value: unknown, format: string | undefined): number | null {
  if (!present(value)) return null;
  if (typeof value === 'number') return format === 'X' ? value * 1000 : value;
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return toMillis(Number(text), format);
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Every present value converts: otherwise the column stays text rather than losing what does not parse. */
const allConvert = <T>(values: unknown[], convert: (value: unknown) => T | null) => values.every((value) => !present(value) || convert(value) !== null);

function columnVector(field: KeplerField, values: unknown[]): Vector {
  const text = () => vectorFromArray(values.map(toText), new Utf8());
  switch (field.type as KeplerFieldType) {
    case 'integer': {
      const numbers = values.map(toNumber);
      const int32 = numbers.every((n) => n === null || (Number.isInteger(n) && n <= INT32_MAX && n >= INT32_MIN));
      return vectorFromArray(numbers, int32 ? new Int32() : new Float64());
    }
    case 'real':
      return vectorFromArray(values.map(toNumber), new Float64());
    case 'boolean':
      return vectorFromArray(values.map(toBoolean), new Bool());
    case 'timestamp': {
      const convert = (value: unknown) => toMillis(value, field.format);
      return allConvert(values, convert) ? vectorFromArray(values.map(convert), new TimestampMillisecond()) : text();
    }
    case 'date': {
      const convert = (value: unknown) => toMillis(value, field.format);
      if (!allConvert(values, convert)) return text();
      return vectorFromArray(values.map((value) => (present(value) ? new Date(convert(value)!) : null)), new DateMillisecond());
    }
    default:
      return text();
  }
}

/** An Arrow table of a saved kepler.gl dataset: one column per field, typed after the field. */
export function arrowTableFromKeplerDataset(data: KeplerDatasetData): Table {
  const columns: Record<string, Vector> = {};
  data.fields.forEach((field, index) => {
    columns[field.name] = columnVector(field, data.allData.map((row) => (Array.isArray(row) ? row[index] : undefined)));
  });
  return new Table(columns);
}

const GEOJSON_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection', 'Feature', 'FeatureCollection']);

function looksLikeGeoJson(value: unknown): boolean {
  if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return false;
  try {
    const parsed = JSON.parse(value) as { type?: unknown };
    return typeof parsed.type === 'string' && GEOJSON_TYPES.has(parsed.type);
  } catch {
    return false;
  }
}

interface FieldReader {
  field: KeplerField;
  read(value: unknown): unknown;
}

const ANALYZER: Partial<Record<KeplerFieldType, string>> = {
  integer: 'INT',
  real: 'FLOAT',
  boolean: 'BOOLEAN',
  string: 'STRING',
  timestamp: 'DATETIME',
  date: 'DATE',
  geojson: 'GEOMETRY',
};

const fieldOf = (name: string, type: KeplerFieldType, format = ''): KeplerField => ({ name, type, format, analyzerType: ANALYZER[type] ?? 'STRING' });

const isoDay = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** How one Arrow column becomes a kepler.gl field, and how its values are written into rows. */
function readerFor(name: string, type: DataType, firstText: unknown): FieldReader {
  switch (type.typeId) {
    case Type.Int:
    case Type.Float:
    case Type.Decimal:
      return { field: fieldOf(name, type.typeId === Type.Int ? 'integer' : 'real'), read: toNumber };
    case Type.Bool:
      return { field: fieldOf(name, 'boolean'), read: (value) => (value === null || value === undefined ? null : Boolean(value)) };
    case Type.Timestamp:
      return { field: fieldOf(name, 'timestamp', 'x'), read: (value) => toNumber(value instanceof Date ? value.getTime() : value) };
    case Type.Date:
      return { field: fieldOf(name, 'date', 'YYYY-M-D'), read: (value) => (present(value) ? isoDay(value instanceof Date ? value.getTime() : Number(value)) : null) };
    case Type.Utf8:
    case Type.LargeUtf8:
      return { field: fieldOf(name, looksLikeGeoJson(firstText) ? 'geojson' : 'string'), read: (value) => (present(value) ? String(value) : null) };
    default:
      return { field: fieldOf(name, 'string'), read: (value) => toText(typeof value === 'bigint' ? value.toString() : value) };
  }
}

/** The saved kepler.gl dataset of an Arrow table (as KeplerGlSchema.save writes datasets: fields and rows). */
export function keplerDatasetFromArrowTable(table: Table, { id, label }: { id: string; label: string }): KeplerDatasetData {
  const readers = table.schema.fields.map((arrowField, index) => {
    const column = table.getChildAt(index);
    let first: unknown = null;
    for (let row = 0; column && row < column.length && !present(first); row++) first = column.get(row);
    return readerFor(arrowField.name, arrowField.type, first);
  });
  const columns = readers.map((_, index) => table.getChildAt(index));
  const allData: unknown[][] = [];
  for (let row = 0; row < table.numRows; row++) allData.push(readers.map((reader, index) => reader.read(columns[index]?.get(row))));
  return { id, label, fields: readers.map((reader) => reader.field), allData };
}
