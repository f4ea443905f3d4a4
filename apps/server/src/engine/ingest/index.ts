import { createWriteStream, type WriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { AppStatusCode, Messages } from '@atlas/domain';
import type { DataStorage } from '../storage.js';
import { AppError } from '../../http/errors.js';
import type { UploadCompression, UploadFormat } from '../types.js';
import { convertArrow } from './arrow.js';
import { convertCsv } from './csv.js';
import { decompression, formatOfFileName, isZlibError, sniffCompression } from './decompress.js';
import { IngestError, firstLine } from './errors.js';
import { convertGeoJson } from './geojson.js';
import { convertParquet } from './parquet.js';

export { IngestError } from './errors.js';

/** Passes bytes on until more than `maxBytes` went through. */
function limit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new IngestError('The upload is too large', `At most ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

export interface ReceiveLimits {
  /** Bytes received. */
  maxBytes: number;
  /** Bytes of a compressed upload once decompressed (more answers 413). */
  maxDecompressedBytes: number;
}

export interface ReceivedUpload {
  /** The file as received (decompressed). */
  file: string;
  /** The name of the data file inside a zip. */
  innerName: string | null;
}

/**
 * Writes the request body to a file under DATA_DIR/tmp as it arrives (never whole in memory), decompressing a gzip or
 * zip body on the way (`compression`, or null to tell from the first bytes). Nothing stays of a refused upload.
 */
export async function receiveUpload(storage: DataStorage, body: Readable, compression: UploadCompression | null, limits: ReceiveLimits): Promise<ReceivedUpload> {
  const file = storage.tmpFile('upload');
  let innerName: string | null = null;
  let out: WriteStream | undefined;
  try {
    const sniffed = await sniffCompression(body);
    const compressed = compression ?? sniffed.compression;
    const stages = compressed ? decompression(compressed, limits.maxDecompressedBytes, (name) => (innerName = name)) : [];
    out = createWriteStream(file);
    await pipeline([Readable.from(sniffed.chunks, { objectMode: false }), limit(limits.maxBytes), ...stages, out]);
  } catch (error) {
    // A refusal can come while the file is still being opened: once the stream is closed, the file (if it was made) is there to remove.
    const opened = out;
    if (opened && !opened.closed) await new Promise<void>((resolve) => opened.destroy().once('close', () => resolve()));
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    if (isZlibError(error)) throw new IngestError('Could not decompress the gzip upload', firstLine(error));
    throw new IngestError('The upload was interrupted', error instanceof Error ? error.message : String(error));
  }
  return { file, innerName };
}

/** The format of an upload whose request did not name one: the file name inside its zip says it, else 415. */
export function uploadFormatOfName(innerName: string | null): UploadFormat {
  const format = innerName === null ? null : formatOfFileName(innerName);
  if (format) return format;
  throw new AppError(
    415,
    Messages.unsupportedContentType,
    AppStatusCode.UnsupportedMediaType,
    innerName === null
      ? 'Name the format with ?format=csv|geojson|parquet|arrow or the content type'
      : `The zip holds ${innerName}: name its format with ?format=csv|geojson|parquet|arrow, or use a .csv, .geojson, .parquet or .arrow file`,
  );
}

export interface Conversion {
  connection: DuckDBConnection;
  storage: DataStorage;
  /** The uploaded file. */
  source: string;
  /** The Parquet file to write. */
  target: string;
}

const CONVERTERS: Record<UploadFormat, (conversion: Conversion) => Promise<void>> = {
  csv: convertCsv,
  parquet: convertParquet,
  arrow: convertArrow,
  geojson: convertGeoJson,
};

/** Converts an uploaded file of the given format into a Parquet file, or fails with a readable IngestError. */
export async function convertUpload(connection: DuckDBConnection, storage: DataStorage, source: string, target: string, format: UploadFormat): Promise<void> {
  if ((await stat(source)).size === 0) throw new IngestError('The uploaded file is empty');
  await CONVERTERS[format]({ connection, storage, source, target });
}
