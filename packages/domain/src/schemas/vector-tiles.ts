import { Type, type Static } from 'typebox';
import { VECTOR_TILE_FORMATS } from '../enums.js';
import { Nullable, StringEnum, Uuid } from '../schema-helpers.js';
import { ParameterValues, PipelineJson } from './data-queries.js';

// Vector tilesets (workspace-and-catalogue.md §3 "Vector tile formats: mvt, pmtiles", §7 POST /v1/datasets/vectortile and
// PUT /v1/data-queries/vector-tiling). What the spec leaves open is decided in docs/vector-tiles.md.

export type VectorTileFormat = (typeof VECTOR_TILE_FORMATS)[number];

/** Deepest zoom a tileset may be cut at: beyond it clients overzoom the deepest tiles. */
export const VECTOR_TILE_MAX_ZOOM = 16;
export const VECTOR_TILE_DEFAULT_MAX_ZOOM = 12;
/** A tile grows no larger than this (encoded, before gzip) unless asked otherwise: features are thinned to fit. */
export const VECTOR_TILE_DEFAULT_MAX_BYTES = 500 * 1024;
export const VECTOR_TILE_MIN_MAX_BYTES = 1024;
export const VECTOR_TILE_MAX_MAX_BYTES = 4 * 1024 * 1024;
export const VECTOR_TILE_DEFAULT_LAYER = 'features';

const ColumnName = Type.String({ minLength: 1, maxLength: 255 });

/** How to cut the tiles; shared by both calls. */
const tilingFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Name of the new tileset dataset' })),
  target: Type.Optional(Uuid({ description: 'An existing dataset the caller can write, rebuilt as this tileset (its previous tiles stay until the new ones are ready)' })),
  format: Type.Optional(StringEnum(VECTOR_TILE_FORMATS, { description: 'mvt (served tile by tile) or pmtiles (one archive read with range requests); default mvt' })),
  geometryColumn: Type.Optional(ColumnName),
  latColumn: Type.Optional(ColumnName),
  lngColumn: Type.Optional(ColumnName),
  columns: Type.Optional(Type.Array(ColumnName, { maxItems: 200, uniqueItems: true, description: 'Columns carried as feature properties; default all but the geometry' })),
  minZoom: Type.Optional(Type.Integer({ minimum: 0, maximum: VECTOR_TILE_MAX_ZOOM, default: 0 })),
  maxZoom: Type.Optional(Type.Integer({ minimum: 0, maximum: VECTOR_TILE_MAX_ZOOM, default: VECTOR_TILE_DEFAULT_MAX_ZOOM })),
  maxTileBytes: Type.Optional(
    Type.Integer({ minimum: VECTOR_TILE_MIN_MAX_BYTES, maximum: VECTOR_TILE_MAX_MAX_BYTES, default: VECTOR_TILE_DEFAULT_MAX_BYTES, description: 'Cap on one encoded tile; larger ones are thinned' }),
  ),
  layerName: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', default: VECTOR_TILE_DEFAULT_LAYER })),
};

export const VectorTileRequest = Type.Object(
  { source: Uuid({ description: 'The dataset holding the geometries' }), ...tilingFields },
  { additionalProperties: false, title: 'VectorTileRequest' },
);
export type VectorTileRequest = Static<typeof VectorTileRequest>;

/** A query result as the source: a serialized pipeline, a query template (over a dataset), or SQL on a data connection. */
export const VectorTilingRequest = Type.Object(
  {
    pipeline: Type.Optional(PipelineJson),
    queryTemplateId: Type.Optional(Uuid()),
    datasetId: Type.Optional(Uuid()),
    parameters: Type.Optional(ParameterValues),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
    connectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    ...tilingFields,
  },
  { additionalProperties: false, title: 'VectorTilingRequest' },
);
export type VectorTilingRequest = Static<typeof VectorTilingRequest>;

/** What a tileset dataset's metadata.vectorTile says; progress goes 0 → 1 while it is pending. */
export const VectorTileMetadata = Type.Object(
  {
    format: StringEnum(VECTOR_TILE_FORMATS),
    layerName: Type.String(),
    minZoom: Type.Integer(),
    maxZoom: Type.Integer(),
    maxTileBytes: Type.Integer(),
    progress: Type.Number({ minimum: 0, maximum: 1 }),
    version: Nullable(Type.String()),
    featureCount: Type.Optional(Type.Integer()),
    tileCount: Type.Optional(Type.Integer()),
    thinnedTiles: Type.Optional(Type.Integer({ description: 'Tiles that had features dropped to fit maxTileBytes' })),
    skippedRows: Type.Optional(Type.Integer({ description: 'Rows whose geometry could not be read (left out)' })),
    archiveBytes: Type.Optional(Type.Integer()),
    bounds: Type.Optional(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 })),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    fieldStats: Type.Optional(
      Type.Record(Type.String(), Type.Object({ min: Type.Optional(Type.Number()), max: Type.Optional(Type.Number()), values: Type.Optional(Type.Array(Type.String())) }), {
        description: 'Per property: the range of its numbers, or its distinct texts (at most 100)',
      }),
    ),
    tilesUrl: Type.Optional(Type.String()),
  },
  { title: 'VectorTileMetadata', additionalProperties: true },
);
export type VectorTileMetadata = Static<typeof VectorTileMetadata>;

/** TileJSON 3.0.0 of a tileset (GET /v1/datasets/{id}/tiles.json). */
export const TileJson = Type.Object(
  {
    tilejson: Type.Literal('3.0.0'),
    name: Type.String(),
    scheme: Type.Literal('xyz'),
    tiles: Type.Array(Type.String()),
    minzoom: Type.Integer(),
    maxzoom: Type.Integer(),
    bounds: Type.Array(Type.Number()),
    center: Type.Array(Type.Number()),
    format: StringEnum(VECTOR_TILE_FORMATS),
    pmtiles: Type.Optional(Type.String()),
    vector_layers: Type.Array(
      Type.Object({ id: Type.String(), fields: Type.Record(Type.String(), Type.String()), minzoom: Type.Integer(), maxzoom: Type.Integer() }),
    ),
  },
  { title: 'TileJson' },
);
export type TileJson = Static<typeof TileJson>;
