// Writing a PMTiles version 3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the npm
// package `pmtiles` reads archives but does not write them, so the layout is written here and read back by it in tests.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export const HEADER_BYTES = 127;
/** The header and the root directory must fit in the first 16 KiB, which a client fetches at once. */
const ROOT_LIMIT = 16_384 - HEADER_BYTES;
const GZIP = 2;
const MVT = 1;
/** Tile data is buffered and written in chunks of this size. */
const WRITE_CHUNK = 1024 * 1024;

export interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  /** Consecutive tile ids sharing these bytes; 0 in the root marks a leaf directory. */
  runLength: number;
}

/** An unsigned LEB128 varint of a non-negative integer below 2^53 (bit operations would stop at 32 bits). */
function writeVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** A directory as the spec lays it out: count, then tile id deltas, run lengths, lengths and offsets (0 = contiguous), gzipped. */
export function serializeDirectory(entries: readonly DirectoryEntry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    writeVarint(out, previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

/** The root directory, and leaf directories when the entries do not fit the root (leaves grow until the root fits). */
export function buildDirectories(entries: readonly DirectoryEntry[]): { root: Buffer; leaves: Buffer } {
  const whole = serializeDirectory(entries);
  if (whole.length <= ROOT_LIMIT) return { root: whole, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize = Math.ceil(leafSize * 1.2)) {
    const leaves: Buffer[] = [];
    const rootEntries: DirectoryEntry[] = [];
    let offset = 0;
    for (let start = 0; start < entries.length; start += leafSize) {
      const leaf = serializeDirectory(entries.slice(start, start + leafSize));
      rootEntries.push({ tileId: entries[start]!.tileId, offset, length: leaf.length, runLength: 0 });
      leaves.push(leaf);
      offset += leaf.length;
    }
    const root = serializeDirectory(rootEntries);
    if (root.length <= ROOT_LIMIT) return { root, leaves: Buffer.concat(leaves) };
  }
}

export interface ArchiveSummary {
  minZoom: number;
  maxZoom: number;
  /** west, south, east, north */
  bounds: [number, number, number, number];
  /** JSON metadata (TileJSON-like: name, vector_layers …). */
  metadata: Record<string, unknown>;
}

export interface WrittenArchive {
  bytes: number;
  /** Tiles addressed (a deduplicated tile counts once per address). */
  tiles: number;
}

const e7 = (degrees: number) => Math.round(degrees * 1e7);

function header(fields: {
  rootLength: number;
  metadataLength: number;
  leavesLength: number;
  dataLength: number;
  addressed: number;
  entries: number;
  contents: number;
  summary: ArchiveSummary;
}): Buffer {
  const buffer = Buffer.alloc(HEADER_BYTES);
  buffer.write('PMTiles', 0, 'ascii');
  buffer.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + fields.rootLength;
  const leavesOffset = metadataOffset + fields.metadataLength;
  const dataOffset = leavesOffset + fields.leavesLength;
  const u64 = [rootOffset, fields.rootLength, metadataOffset, fields.metadataLength, leavesOffset, fields.leavesLength, dataOffset, fields.dataLength, fields.addressed, fields.entries, fields.contents];
  u64.forEach((value, i) => buffer.writeBigUInt64LE(BigInt(value), 8 + i * 8));
  const { minZoom, maxZoom, bounds } = fields.summary;
  // Not clustered: tiles are written in the order they are cut (depth first), not in tile id order.
  buffer.writeUInt8(0, 96);
  buffer.writeUInt8(GZIP, 97);
  buffer.writeUInt8(GZIP, 98);
  buffer.writeUInt8(MVT, 99);
  buffer.writeUInt8(minZoom, 100);
  buffer.writeUInt8(maxZoom, 101);
  buffer.writeInt32LE(e7(bounds[0]), 102);
  buffer.writeInt32LE(e7(bounds[1]), 106);
  buffer.writeInt32LE(e7(bounds[2]), 110);
  buffer.writeInt32LE(e7(bounds[3]), 114);
  buffer.writeUInt8(minZoom, 118);
  buffer.writeInt32LE(e7((bounds[0] + bounds[2]) / 2), 119);
  buffer.writeInt32LE(e7((bounds[1] + bounds[3]) / 2), 123);
  return buffer;
}

/**
 * Collects gzipped tiles in any order into a data file beside the archive (identical tiles stored once), then writes
 * the archive: header, root directory, metadata, leaf directories, tile data.
 */
export class PmtilesWriter {
  private readonly entries: DirectoryEntry[] = [];
  private readonly stored = new Map<string, { offset: number; length: number }>();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dataBytes = 0;
  private data: FileHandle | null = null;

  constructor(private readonly dataFile: string) {}

  async add(z: number, x: number, y: number, gzipped: Uint8Array): Promise<void> {
    const hash = createHash('sha1').update(gzipped).digest('base64');
    let place = this.stored.get(hash);
    if (!place) {
      place = { offset: this.dataBytes, length: gzipped.length };
      this.stored.set(hash, place);
      this.pending.push(Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength));
      this.pendingBytes += gzipped.length;
      this.dataBytes += gzipped.length;
      if (this.pendingBytes >= WRITE_CHUNK) await this.flush();
    }
    this.entries.push({ tileId: zxyToTileId(z, x, y), offset: place.offset, length: place.length, runLength: 1 });
  }

  private async flush(): Promise<void> {
    this.data ??= await open(this.dataFile, 'w');
    if (this.pendingBytes > 0) await this.data.write(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Sorted by tile id, consecutive ids with the same bytes merged into runs. */
  private directoryEntries(): DirectoryEntry[] {
    const sorted = this.entries.sort((a, b) => a.tileId - b.tileId);
    const merged: DirectoryEntry[] = [];
    for (const entry of sorted) {
      const last = merged[merged.length - 1];
      if (last && last.offset === entry.offset && last.tileId + last.runLength === entry.tileId) last.runLength++;
      else merged.push({ ...entry });
    }
    return merged;
  }

  /** Writes the archive to `file` and removes the data file. */
  async finish(file: string, summary: ArchiveSummary): Promise<WrittenArchive> {
    await this.flush();
    await this.data!.close();
    this.data = null;
    const entries = this.directoryEntries();
    const { root, leaves } = buildDirectories(entries);
    const metadata = gzipSync(Buffer.from(JSON.stringify(summary.metadata)));
    const head = header({
      rootLength: root.length,
      metadataLength: metadata.length,
      leavesLength: leaves.length,
      dataLength: this.dataBytes,
      addressed: this.entries.length,
      entries: entries.length,
      contents: this.stored.size,
      summary,
    });
    const out = createWriteStream(file);
    for (const part of [head, root, metadata, leaves]) if (!out.write(part)) await once(out, 'drain');
    await pipeline(createReadStream(this.dataFile), out);
    await rm(this.dataFile, { force: true });
    return { bytes: head.length + root.length + metadata.length + leaves.length + this.dataBytes, tiles: this.entries.length };
  }

  /** Removes the data file after a failure. */
  async discard(): Promise<void> {
    await this.data?.close().catch(() => undefined);
    await rm(this.dataFile, { force: true });
  }
}
