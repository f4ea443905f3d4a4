import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { AppStatusCode, UPLOAD_FORMAT_OF_EXTENSION } from '@atlas/domain';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { AppError, badRequest } from '../../http/errors.js';
import type { UploadCompression, UploadFormat } from '../types.js';
import { IngestError, firstLine } from './errors.js';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export interface SniffedBody {
  /** gzip (1f 8b), zip (50 4b 03 04), or null for a plain file. */
  compression: UploadCompression | null;
  /** The whole body, from its first byte. */
  chunks: AsyncIterable<Buffer>;
}

/** Reads the body's first bytes to tell its compression; `chunks` goes on reading the same body from its beginning. */
export async function sniffCompression(body: Readable): Promise<SniffedBody> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < ZIP_MAGIC.length && !ended) {
    const next = await iterator.next();
    if (next.done) ended = true;
    else {
      head.push(Buffer.from(next.value));
      length += next.value.length;
    }
  }
  async function* chunks(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield Buffer.from(next.value);
    } finally {
      await iterator.return?.(); // destroys the body when the pipeline stopped early
    }
  }
  const start = Buffer.concat(head);
  const compression = start.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC) ? 'gzip' : start.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC) ? 'zip' : null;
  return { compression, chunks: chunks() };
}

/** Passes bytes on until more than `maxBytes` came out of decompression: a zip bomb is refused, not written out. */
function decompressedLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(tooLargeDecompressed(maxBytes));
      else done(null, chunk);
    },
  });
}

const tooLargeDecompressed = (maxBytes: number) =>
  new AppError(413, 'The upload is too large once decompressed', AppStatusCode.PayloadTooLarge, `At most ${maxBytes} bytes after decompression`);

export function formatOfFileName(name: string): UploadFormat | null {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return (extension && UPLOAD_FORMAT_OF_EXTENSION[extension]) || null;
}

/** Folders and what archivers add beside the files (macOS resource forks, Finder's .DS_Store): not data. */
const isDataEntry = (name: string) => !name.endsWith('/') && !name.startsWith('__MACOSX/') && !/(^|\/)\.[^/]*$/.test(name);

/**
 * A zip body in, its one data file out (inflated as it arrives). `onName` hears the data file's name as soon as its
 * header is read. A second data file is refused at its header (400 naming both), none at all at the end. Every entry
 * inflated counts towards `maxBytes` (other entries are inflated into nothing: an entry not started is kept in memory).
 */
export function unzipOne(maxBytes: number, onName: (name: string) => void): Transform {
  const entries: string[] = [];
  let dataFile: string | null = null;
  let failure: Error | null = null;
  let output: Buffer[] = [];
  let inflated = 0;
  const count = (error: Error | null, data: Uint8Array) => {
    if (error) failure ??= new IngestError('Could not read the zip file', firstLine(error));
    inflated += data?.length ?? 0;
    if (inflated > maxBytes) failure ??= tooLargeDecompressed(maxBytes);
    return !failure;
  };
  const unzip = new Unzip((file: UnzipFile) => {
    entries.push(file.name);
    if (isDataEntry(file.name) && dataFile !== null) {
      failure ??= badRequest('The zip file must hold exactly one data file', `It holds ${dataFile} and ${file.name}`);
    }
    if (!isDataEntry(file.name) || failure) {
      file.ondata = (error, data) => void count(error, data);
      return file.start();
    }
    dataFile = file.name;
    onName(file.name);
    file.ondata = (error, data) => {
      if (count(error, data) && data.length > 0) output.push(Buffer.from(data.buffer, data.byteOffset, data.length));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const push = (chunk: Uint8Array, final: boolean, stream: Transform) => {
    try {
      unzip.push(chunk, final);
    } catch (error) {
      failure ??= new IngestError('Could not read the zip file', firstLine(error));
    }
    for (const part of output) stream.push(part);
    output = [];
    return failure;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(push(chunk, false, this));
    },
    flush(done) {
      if (push(new Uint8Array(0), true, this)) return done(failure);
      if (dataFile === null) {
        return done(badRequest('The zip file must hold exactly one data file', entries.length ? `It holds ${entries.join(', ')}` : 'It is empty'));
      }
      done();
    },
  });
}

/** The stages that decompress a body of this compression to at most `maxBytes`; a zip's data file is named to `onName`. */
export function decompression(compression: UploadCompression, maxBytes: number, onName: (name: string) => void): Transform[] {
  return compression === 'zip' ? [unzipOne(maxBytes, onName)] : [createGunzip(), decompressedLimit(maxBytes)];
}

/** Whether an error came out of zlib (a corrupt gzip stream). */
export function isZlibError(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && code.startsWith('Z_');
}
