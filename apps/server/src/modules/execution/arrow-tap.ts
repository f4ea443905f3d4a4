// Watches an Arrow IPC stream on its way to the client: counts its rows from the message headers (bodies are skipped,
// never decoded) and keeps a copy of the bytes while they fit the cache's entry limit.
import { pipeline, Transform, type Readable } from 'node:stream';
import { Message } from 'apache-arrow/ipc/metadata/message';

const CONTINUATION = 0xffffffff;

/** Counts the rows of record-batch messages in an Arrow IPC stream fed chunk by chunk. */
export class ArrowRowCounter {
  rows = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skip = 0;
  private metadataLength: number | null = null;
  private ended = false;

  push(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length && !this.ended) {
      if (this.skip > 0) {
        const step = Math.min(this.skip, chunk.length - offset);
        this.skip -= step;
        offset += step;
        continue;
      }
      const want = this.metadataLength ?? 8;
      const take = Math.min(want - this.pendingBytes, chunk.length - offset);
      this.pending.push(chunk.subarray(offset, offset + take));
      this.pendingBytes += take;
      offset += take;
      if (this.pendingBytes < want) return;
      const bytes = Buffer.concat(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
      if (this.metadataLength === null) this.readPrefix(bytes);
      else this.readMetadata(bytes);
    }
  }

  /** The 8-byte prefix: continuation marker and metadata length (a 4-byte legacy prefix carries 4 bytes of metadata). */
  private readPrefix(bytes: Buffer): void {
    const first = bytes.readUInt32LE(0);
    if (first === CONTINUATION) {
      const length = bytes.readInt32LE(4);
      if (length === 0) this.ended = true;
      else this.metadataLength = length;
    } else if (first === 0) {
      this.ended = true;
    } else {
      // Legacy framing: no continuation marker; the 4 bytes already read belong to the metadata.
      this.metadataLength = first;
      this.pending = [bytes.subarray(4)];
      this.pendingBytes = 4;
    }
  }

  private readMetadata(bytes: Buffer): void {
    this.metadataLength = null;
    const message = Message.decode(bytes);
    if (message.isRecordBatch()) this.rows += message.header().length;
    this.skip = Number(message.bodyLength);
  }
}

export interface TapResult {
  rows: number;
  /** The whole stream, or null when it grew beyond the capture limit. */
  bytes: Buffer | null;
}

export interface TapOptions {
  captureLimit: number;
  /** Runs before the tapped stream ends, so the client sees the end only after it (e.g. the execution row is final). */
  onEnd(result: TapResult): Promise<void>;
  /** The source failed or the reader went away. */
  onError(error: Error): Promise<void> | void;
}

export function tapArrow(source: Readable, options: TapOptions): Readable {
  const counter = new ArrowRowCounter();
  let captured: Buffer[] | null = [];
  let capturedBytes = 0;
  let failed = false;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.push(chunk);
      if (captured) {
        capturedBytes += chunk.length;
        if (capturedBytes > options.captureLimit) captured = null;
        else captured.push(chunk);
      }
      callback(null, chunk);
    },
    flush(callback) {
      options.onEnd({ rows: counter.rows, bytes: captured ? Buffer.concat(captured) : null }).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
  });
  pipeline(source, tap, (error) => {
    if (error && !failed) {
      failed = true;
      void Promise.resolve(options.onError(error)).catch(() => undefined);
    }
  });
  return tap;
}

/** Drains an Arrow stream (for calls that answer the execution record instead of the data). */
export async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) void _chunk;
}
