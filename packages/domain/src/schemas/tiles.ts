// Hex tiles (workspace-and-catalogue.md §3, §7): building a tileset, the tile proxy's JSON answers, shapify.
import { Type, type Static } from 'typebox';
import { AGGREGATIONS, TILE_SIZES, TILESET_KINDS, TILESET_MODES, TIME_INTERVAL_CODES, TIME_INTERVALS } from '../enums.js';
import { Nullable, StringEnum, Uuid } from '../schema-helpers.js';

const ColumnName = Type.String({ minLength: 1, maxLength: 255 });
/** "Dataset record or UUID": the id, or any object carrying it. */
const DatasetRef = Type.Union([Uuid(), Type.Object({ id: Uuid() }, { additionalProperties: true })]);

/** Numeric encodings a tileset column may be stored as. */
export const HEXTILE_DTYPES = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64'] as const;
export type HextileDtype = (typeof HEXTILE_DTYPES)[number];

/** Resolutions between a tile and the data cells it holds, by tile size (targetResOffset overrides it). */
export const TILE_SIZE_RES_OFFSET: Readonly<Record<(typeof TILE_SIZES)[number], number>> = { S: 3, M: 4, L: 5, XL: 6 };

export const HextileOutputColumn = Type.Object(
  {
    sourceColumn: ColumnName,
    /** Defaults to sourceColumn. */
    targetColumn: Type.Optional(ColumnName),
    /** Default: sum for numeric columns, mode for others. */
    aggMethod: Type.Optional(StringEnum(AGGREGATIONS)),
    dtype: Type.Optional(StringEnum(HEXTILE_DTYPES)),
  },
  { additionalProperties: false, title: 'HextileOutputColumn' },
);
export type HextileOutputColumn = Static<typeof HextileOutputColumn>;

export const HextileRequest = Type.Object(
  {
    source: DatasetRef,
    /** An existing hex-tile dataset to overwrite (write access). */
    target: Type.Optional(DatasetRef),
    sourceHexColumn: Type.Optional(ColumnName),
    sourceLatColumn: Type.Optional(ColumnName),
    sourceLngColumn: Type.Optional(ColumnName),
    finestResolution: Type.Optional(Type.Integer({ minimum: 0, maximum: 15 })),
    sourceTimeColumn: Type.Optional(Nullable(ColumnName)),
    timeIntervals: Type.Optional(Type.Array(StringEnum([...TIME_INTERVALS, ...TIME_INTERVAL_CODES]), { minItems: 1, maxItems: 6, uniqueItems: true })),
    outputColumns: Type.Optional(Type.Array(HextileOutputColumn, { maxItems: 100 })),
    targetResOffset: Type.Optional(Type.Integer({ minimum: 1, maximum: 15 })),
    tileMode: Type.Optional(StringEnum(TILESET_MODES)),
    tileSize: Type.Optional(StringEnum(TILE_SIZES)),
    /** geotemporal needs sourceTimeColumn; geo must not have one. Default: told by sourceTimeColumn. */
    kind: Type.Optional(StringEnum(TILESET_KINDS)),
  },
  { additionalProperties: false, title: 'HextileRequest' },
);
export type HextileRequest = Static<typeof HextileRequest>;

/** A column of a built tileset. */
export const HextileColumn = Type.Object(
  { name: Type.String(), sourceColumn: Nullable(Type.String()), aggMethod: StringEnum(AGGREGATIONS), dtype: Type.String() },
  { title: 'HextileColumn' },
);
export type HextileColumn = Static<typeof HextileColumn>;

export const TilesetViewport = Type.Object(
  { minLng: Type.Number(), minLat: Type.Number(), maxLng: Type.Number(), maxLat: Type.Number() },
  { title: 'TilesetViewport' },
);
export type TilesetViewport = Static<typeof TilesetViewport>;

/** GET /v1/tileset/{datasetId}/metadata. */
export const HextileMetadata = Type.Object(
  {
    datasetId: Uuid(),
    dataVersion: Type.String(),
    kind: StringEnum(TILESET_KINDS),
    tileMode: StringEnum(TILESET_MODES),
    tileSize: Nullable(StringEnum(TILE_SIZES)),
    finestResolution: Type.Integer({ minimum: 0, maximum: 15 }),
    resolutionOffset: Type.Integer({ minimum: 1, maximum: 15 }),
    minZoom: Type.Integer({ minimum: 0, maximum: 15 }),
    maxZoom: Type.Integer({ minimum: 0, maximum: 15 }),
    timeIntervals: Type.Array(StringEnum(TIME_INTERVALS)),
    timeRange: Nullable(Type.Object({ start: Type.String(), end: Type.String() })),
    columns: Type.Array(HextileColumn),
    viewport: Nullable(TilesetViewport),
    rowCount: Type.Integer({ minimum: 0 }),
  },
  { title: 'HextileMetadata' },
);
export type HextileMetadata = Static<typeof HextileMetadata>;

/** GET /v1/tileset/{datasetId}/tileset-index: per tile resolution, the tiles holding data (listed up to a limit). */
export const HextileIndex = Type.Object(
  {
    datasetId: Uuid(),
    dataVersion: Type.String(),
    viewport: Nullable(TilesetViewport),
    levels: Type.Array(
      Type.Object({
        z: Type.Integer({ minimum: 0, maximum: 15 }),
        dataResolution: Type.Integer({ minimum: 0, maximum: 15 }),
        tileCount: Type.Integer({ minimum: 0 }),
        /** Null when there are more than the index lists. */
        tiles: Nullable(Type.Array(Type.String())),
      }),
    ),
  },
  { title: 'HextileIndex' },
);
export type HextileIndex = Static<typeof HextileIndex>;

/** Query parameters of the tile proxy. */
export const TileProxyQuery = Type.Object(
  {
    /** Where the tiles are read from: only the tileset's own data (its storageReadPath) is served; nothing is fetched from elsewhere. */
    zipUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    /** Comma-separated output columns to answer (default: all). */
    q: Type.Optional(Type.String({ maxLength: 10_000 })),
  },
  { additionalProperties: false },
);
export type TileProxyQuery = Static<typeof TileProxyQuery>;

export const SHAPIFY_GEO_TYPES = ['h3', 'polygon'] as const;

/** POST /v1/shapify: H3 cells into polygons (shape polygon), or polygons into the cells covering them at `res` (shape h3). */
export const ShapifyRequest = Type.Object(
  {
    geos: Type.Array(Type.Unknown(), { minItems: 1, maxItems: 100_000 }),
    shape: StringEnum(SHAPIFY_GEO_TYPES),
    geoType: StringEnum(SHAPIFY_GEO_TYPES),
    /** The resolution of the cells, for shape h3. */
    res: Type.Optional(Type.Integer({ minimum: 0, maximum: 15 })),
  },
  { additionalProperties: false, title: 'ShapifyRequest' },
);
export type ShapifyRequest = Static<typeof ShapifyRequest>;

export const ShapifyResponse = Type.Object(
  {
    shape: StringEnum(SHAPIFY_GEO_TYPES),
    /** One entry per input: a GeoJSON Polygon for a cell, the cells (sorted) for a polygon. */
    geos: Type.Array(Type.Union([Type.Array(Type.String()), Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Type.Array(Type.Array(Type.Number()))) })])),
  },
  { title: 'ShapifyResponse' },
);
export type ShapifyResponse = Static<typeof ShapifyResponse>;

export type HextileAggregation = (typeof AGGREGATIONS)[number];
export type HextileTimeInterval = (typeof TIME_INTERVALS)[number];
