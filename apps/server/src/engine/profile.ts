// What an uploaded file holds: column types, the row count, and which columns are coordinates, geometries or H3 cells.
import type { ColumnInfo, ColumnType } from '@atlas/pipeline';
import { isValidCell } from 'h3-js';
import { sqlIdentifier, sqlString } from './sql.js';

export interface Profile {
  columns: ColumnInfo[];
  rowCount: number;
  latColumn: string | null;
  lngColumn: string | null;
  geometryColumn: string | null;
}

type RunRows = (sql: string) => Promise<Record<string, unknown>[]>;

/** The pipeline's column type of a DuckDB type name (as DESCRIBE writes it). */
export function columnTypeOf(duckdbType: string): ColumnType {
  const type = duckdbType.toUpperCase();
  if (type === 'BOOLEAN') return 'boolean';
  if (/^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/.test(type)) return 'integer';
  if (type === 'FLOAT' || type === 'DOUBLE' || type.startsWith('DECIMAL')) return 'number';
  if (type === 'DATE') return 'date';
  if (type.startsWith('TIMESTAMP')) return 'timestamp';
  if (type === 'VARCHAR') return 'string';
  if (type === 'GEOMETRY') return 'geometry';
  return 'unknown';
}

const LAT_NAMES = ['lat', 'latitude', 'y'];
const LNG_NAMES = ['lng', 'lon', 'long', 'longitude', 'x'];
const GEOJSON_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);
const WKT = /^\s*(SRID=\d+;\s*)?(POINT|MULTIPOINT|LINESTRING|MULTILINESTRING|POLYGON|MULTIPOLYGON|GEOMETRYCOLLECTION)\s*(Z|M|ZM)?\s*(\(|EMPTY)/i;
/** Rows looked at to recognize geometry and H3 text columns. */
const SAMPLE_ROWS = 1000;

function isGeometryText(value: string): boolean {
  if (WKT.test(value)) return true;
  if (!value.trimStart().startsWith('{')) return false;
  try {
    const parsed = JSON.parse(value) as { type?: unknown };
    return typeof parsed.type === 'string' && GEOJSON_TYPES.has(parsed.type);
  } catch {
    return false;
  }
}

const isH3Text = (value: string) => /^[0-9a-f]{15}$/i.test(value) && isValidCell(value.toLowerCase());

/** The first numeric column whose lower-cased name is the earliest in `names`. */
function pick(columns: readonly ColumnInfo[], names: readonly string[]): string | null {
  for (const name of names) {
    const column = columns.find((candidate) => candidate.name.toLowerCase() === name && (candidate.type === 'number' || candidate.type === 'integer'));
    if (column) return column.name;
  }
  return null;
}

export async function profileParquet(run: RunRows, file: string): Promise<Profile> {
  const relation = `read_parquet(${sqlString(file)})`;
  const described = await run(`DESCRIBE SELECT * FROM ${relation}`);
  const columns = described.map((row) => ({ name: String(row.column_name), type: columnTypeOf(String(row.column_type)) }));
  const [count] = await run(`SELECT count(*) AS n FROM ${relation}`);
  const text = columns.filter((column) => column.type === 'string');
  if (text.length > 0) {
    const sample = await run(`SELECT ${text.map((column) => sqlIdentifier(column.name)).join(', ')} FROM ${relation} LIMIT ${SAMPLE_ROWS}`);
    text.forEach((column, index) => {
      const values = sample.map((row) => Object.values(row)[index]).filter((value): value is string => typeof value === 'string' && value !== '');
      if (values.length === 0) return;
      if (values.every(isH3Text)) (column as { type: ColumnType }).type = 'h3';
      else if (values.every(isGeometryText)) (column as { type: ColumnType }).type = 'geometry';
    });
  }
  const latColumn = pick(columns, LAT_NAMES);
  const lngColumn = pick(columns, LNG_NAMES);
  const both = latColumn !== null && lngColumn !== null;
  return {
    columns,
    rowCount: Number(count!.n),
    latColumn: both ? latColumn : null,
    lngColumn: both ? lngColumn : null,
    geometryColumn: columns.find((column) => column.type === 'geometry')?.name ?? null,
  };
}
