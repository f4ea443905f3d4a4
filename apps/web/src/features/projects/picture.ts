// What the server takes as a project picture: a PNG, JPEG or WebP image of at most 5 MB, checked before uploading.
import { THUMBNAIL_CONTENT_TYPES, THUMBNAIL_MAX_BYTES, type ThumbnailContentType } from '@atlas/domain';

export const PICTURE_ACCEPT = THUMBNAIL_CONTENT_TYPES.join(',');

export function pictureProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(THUMBNAIL_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > THUMBNAIL_MAX_BYTES) return `The picture is larger than ${THUMBNAIL_MAX_BYTES / (1024 * 1024)} MB.`;
  return null;
}

export const pictureType = (file: Pick<File, 'type'>) => file.type as ThumbnailContentType;
