// Which upload format a file is, from its name: PUT /v1/datasets/{id}/data reads CSV, GeoJSON, Parquet and Arrow IPC
// (?format=csv|geojson|parquet|arrow), gzip-compressed or in a zip (?compression=gzip|zip).
import type { DatasetUploadFormat } from '@atlas/client';
import { UPLOAD_FORMAT_OF_EXTENSION, type DatasetUploadCompression } from '@atlas/domain';

/** csv | geojson | parquet | arrow, as the client's uploadData takes it. */
export type UploadFormat = DatasetUploadFormat;
export type UploadCompression = DatasetUploadCompression;

const COMPRESSION_OF_EXTENSION: Record<string, UploadCompression> = { gz: 'gzip', gzip: 'gzip', zip: 'zip' };

/** What the file picker offers. */
export const ACCEPTED_EXTENSIONS = [...Object.keys(UPLOAD_FORMAT_OF_EXTENSION), ...Object.keys(COMPRESSION_OF_EXTENSION)].map((extension) => `.${extension}`).join(',');

export type FileKind =
  /** format null: a zip whose inner file's name gives it (the server reads it). */
  | { ok: true; format: UploadFormat | null; compression: UploadCompression | null; name: string }
  | { ok: false; name: string; reason: string };

function split(fileName: string): { stem: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { stem: fileName, extension: '' };
  return { stem: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

const notData = (fileName: string, name: string): FileKind => ({
  ok: false,
  name,
  reason: `“${fileName}” is not a CSV, GeoJSON, Parquet or Arrow file (.csv, .geojson, .parquet, .arrow; gzip-compressed or zipped)`,
});

/**
 * The format and compression of a file and the dataset name it gives (the name without its extensions), or why it
 * cannot be uploaded. A zip's format is read by the server from the file inside; a gzip's comes from the inner extension.
 */
export function fileKind(fileName: string): FileKind {
  const outer = split(fileName);
  const compression = COMPRESSION_OF_EXTENSION[outer.extension] ?? null;
  const named = compression ? split(outer.stem) : outer;
  const format = UPLOAD_FORMAT_OF_EXTENSION[named.extension] ?? null;
  const name = (format ? named.stem : outer.stem).trim() || fileName;
  if (!format && compression !== 'zip') return notData(fileName, name);
  return { ok: true, format, compression, name };
}
