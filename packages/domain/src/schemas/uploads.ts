import { Type, type Static } from 'typebox';
import { IMAGE_TYPES } from '../enums.js';
import { DateTime, StringEnum } from '../schema-helpers.js';

/** What a client needs to upload one file straight to storage: POST multipart `fields` plus `file` to `url`. */
export const UploadPolicy = Type.Object(
  {
    url: Type.String(),
    fields: Type.Record(Type.String(), Type.String()),
    expiration: DateTime({ description: 'Storage refuses the upload after this time' }),
  },
  { title: 'UploadPolicy' },
);
export type UploadPolicy = Static<typeof UploadPolicy>;

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
/** The spec's image types (png, jpeg, webp) as upload content types. */
export const THUMBNAIL_CONTENT_TYPES = IMAGE_TYPES.map((type) => `image/${type}` as const);
export type ThumbnailContentType = (typeof THUMBNAIL_CONTENT_TYPES)[number];

/** Body of every thumbnail call (records, projects). */
export const ThumbnailRequest = Type.Object(
  { contentType: StringEnum(THUMBNAIL_CONTENT_TYPES) },
  { additionalProperties: false, title: 'ThumbnailRequest' },
);
export type ThumbnailRequest = { contentType: ThumbnailContentType };
