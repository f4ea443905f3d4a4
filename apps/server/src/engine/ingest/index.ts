import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataStorage } from '../storage.js';
import type { UploadFormat } from '../types.js';
import { convertArrow } from './arrow.js';
import { convertCsv } from './csv.js';
import { IngestError } from './errors.js';
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

/** Writes the request body to a file under DATA_DIR/tmp as it arrives (never whole in memory); its path. */
export async function receiveUpload(storage: DataStorage, body: Readable, maxBytes: number): Promise<string> {
  const file = storage.tmpFile('upload');
  try {
    await pipeline(body, limit(maxBytes), createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof IngestError) throw error;
    throw new IngestError('The upload was interrupted', error instanceof Error ? error.message : String(error));
  }
  return file;
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
