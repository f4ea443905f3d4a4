// Reading tiles out of a PMTiles v3 archive on local disk: the header is parsed by the `pmtiles` package, directories
// are looked up with its findTile; tiles come back as stored (gzipped), to be sent as they are.
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { bytesToHeader, findTile, readVarint, zxyToTileId, type Entry, type Header } from 'pmtiles';

/** The root directory's first 16 KiB hold the header and the root directory. */
const FIRST_READ = 16_384;
/** Leaf directories kept parsed per archive. */
const LEAF_CACHE = 64;

function deserializeDirectory(gzipped: Buffer): Entry[] {
  const p = { buf: new Uint8Array(gunzipSync(gzipped)), pos: 0 };
  const count = readVarint(p);
  const entries: Entry[] = [];
  let lastId = 0;
  for (let i = 0; i < count; i++) {
    lastId += readVarint(p);
    entries.push({ tileId: lastId, offset: 0, length: 0, runLength: 1 });
  }
  for (const entry of entries) entry.runLength = readVarint(p);
  for (const entry of entries) entry.length = readVarint(p);
  entries.forEach((entry, i) => {
    const value = readVarint(p);
    const previous = entries[i - 1];
    entry.offset = value === 0 && previous ? previous.offset + previous.length : value - 1;
  });
  return entries;
}

export class PmtilesArchive {
  private readonly leaves = new Map<number, Entry[]>();

  private constructor(
    private readonly file: FileHandle,
    readonly header: Header,
    private readonly root: Entry[],
    readonly size: number,
  ) {}

  static async open(path: string): Promise<PmtilesArchive> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const first = await read(file, 0, Math.min(FIRST_READ, size));
      const header = bytesToHeader(first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength) as ArrayBuffer);
      const root = deserializeDirectory(first.subarray(header.rootDirectoryOffset, header.rootDirectoryOffset + header.rootDirectoryLength));
      return new PmtilesArchive(file, header, root, size);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** `length` bytes from `offset` of the archive file. */
  range(offset: number, length: number): Promise<Buffer> {
    return read(this.file, offset, length);
  }

  /** Bytes `start` to `end` (inclusive) as a stream; the archive's file stays open. */
  stream(start: number, end: number): Readable {
    return this.file.createReadStream({ start, end, autoClose: false });
  }

  /** The stored (gzipped) tile, or null when the archive has none there. */
  async tile(z: number, x: number, y: number): Promise<Buffer | null> {
    const tileId = zxyToTileId(z, x, y);
    let entries = this.root;
    // At most three levels of leaves, as the specification allows.
    for (let depth = 0; depth < 4; depth++) {
      const entry = findTile(entries, tileId);
      if (!entry) return null;
      if (entry.runLength > 0) return this.range(this.header.tileDataOffset + entry.offset, entry.length);
      entries = await this.leaf(entry);
    }
    return null;
  }

  private async leaf(entry: Entry): Promise<Entry[]> {
    const offset = this.header.leafDirectoryOffset + entry.offset;
    const cached = this.leaves.get(offset);
    if (cached) return cached;
    const entries = deserializeDirectory(await this.range(offset, entry.length));
    if (this.leaves.size >= LEAF_CACHE) this.leaves.delete(this.leaves.keys().next().value!);
    this.leaves.set(offset, entries);
    return entries;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

async function read(file: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(buffer, done, length - done, offset + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}
