import { Type, type Static } from 'typebox';
import { MAP_ASSET_TYPES, VISIBILITIES } from '../enums.js';
import { CallerActions, Nullable, StringEnum, Timestamps, Uuid } from '../schema-helpers.js';
import { OwnerSummary } from './datasets.js';
import { THUMBNAIL_CONTENT_TYPES, UploadPolicy } from './uploads.js';

export type MapAssetType = (typeof MAP_ASSET_TYPES)[number];
export const MapAssetTypeSchema = StringEnum(MAP_ASSET_TYPES);

export const HEX_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';
export const PALETTE_MAX_COLORS = 50;

export const ColorPalette = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
    category: Type.Optional(Type.String({ maxLength: 100 })),
    colors: Type.Array(Type.String({ pattern: HEX_COLOR_PATTERN }), { minItems: 1, maxItems: PALETTE_MAX_COLORS }),
  },
  { title: 'ColorPalette', additionalProperties: false },
);
export type ColorPalette = Static<typeof ColorPalette>;

const FreeObject = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

export const MapStyleMetadata = Type.Object(
  {
    externalUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    accessToken: Type.Optional(Nullable(Type.String({ maxLength: 2048, description: 'Shown to the owner only' }))),
    style: Type.Optional(FreeObject('A map style document')),
  },
  { title: 'MapStyleMetadata', additionalProperties: false },
);
export type MapStyleMetadata = Static<typeof MapStyleMetadata>;

export const ColorPaletteMetadata = Type.Object({ palette: ColorPalette }, { title: 'ColorPaletteMetadata', additionalProperties: false });
export type ColorPaletteMetadata = Static<typeof ColorPaletteMetadata>;

export const ModelMetadata = FreeObject('Free-form metadata of a 3D model');

/** Metadata each asset type accepts; the server checks the one matching the asset's type. */
export const MAP_ASSET_METADATA = {
  'map-style': MapStyleMetadata,
  'color-palette': ColorPaletteMetadata,
  '3d-model': ModelMetadata,
} as const;

const MetadataInput = Type.Union([MapStyleMetadata, ColorPaletteMetadata, ModelMetadata], {
  description: 'map-style: MapStyleMetadata; color-palette: ColorPaletteMetadata (required); 3d-model: any object',
});

export const MapAsset = Type.Object(
  {
    id: Uuid(),
    type: MapAssetTypeSchema,
    name: Type.String(),
    description: Type.String(),
    metadata: FreeObject('Per type: see MapStyleMetadata, ColorPaletteMetadata; accessToken is null for anyone but the owner'),
    assetContentType: Nullable(Type.String()),
    thumbnailContentType: Nullable(Type.String()),
    assetReadPath: Nullable(Type.String({ description: 'Path that streams the asset file; null until a file was requested' })),
    assetSignedPostPolicy: Nullable(UploadPolicy),
    thumbnailSignedPostPolicy: Nullable(UploadPolicy),
    ownerId: Uuid(),
    owner: OwnerSummary,
    organizationId: Uuid(),
    visibility: StringEnum(VISIBILITIES),
    actions: CallerActions(),
    ...Timestamps,
  },
  { title: 'MapAsset' },
);
export type MapAsset = Static<typeof MapAsset>;

export const MapAssetList = Type.Object({ items: Type.Array(MapAsset), total: Type.Integer({ minimum: 0 }) }, { title: 'MapAssetList' });
export type MapAssetList = Static<typeof MapAssetList>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 4000 });

export const CreateMapAssetRequest = Type.Object(
  { type: MapAssetTypeSchema, name: Name, description: Type.Optional(Description), metadata: Type.Optional(MetadataInput) },
  { title: 'CreateMapAssetRequest', additionalProperties: false },
);
export type CreateMapAssetRequest = Static<typeof CreateMapAssetRequest>;

export const UpdateMapAssetRequest = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), metadata: Type.Optional(MetadataInput) },
  { title: 'UpdateMapAssetRequest', additionalProperties: false, description: 'Metadata replaces the old one; an absent accessToken keeps the stored one' },
);
export type UpdateMapAssetRequest = Static<typeof UpdateMapAssetRequest>;

export const MAP_ASSET_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Asset file content types per asset type. */
export const ASSET_CONTENT_TYPES: Record<MapAssetType, readonly string[]> = {
  'map-style': ['application/json'],
  'color-palette': ['application/json'],
  '3d-model': ['model/gltf-binary', 'model/gltf+json'],
};

export const MapAssetFilesRequest = Type.Object(
  {
    assetContentType: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    thumbnailContentType: Type.Optional(StringEnum(THUMBNAIL_CONTENT_TYPES)),
  },
  { title: 'MapAssetFilesRequest', additionalProperties: false, minProperties: 1 },
);
export type MapAssetFilesRequest = Static<typeof MapAssetFilesRequest>;
