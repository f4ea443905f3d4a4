import { Readable } from 'node:stream';
import type { DuckDBDataChunk, DuckDBType } from '@duckdb/node-api';
import { RecordBatchStreamWriter, type RecordBatch } from 'apache-arrow';
import { ArrowEncoder } from './arrow.js';

/** What the Arrow stream reads from: a running query. */
export interface ChunkSource {
  readonly columnNames: string[];
  readonly columnTypes: DuckDBType[];
  next(): Promise<DuckDBDataChunk | null>;
  close(): void;
}

/** Rows per record batch: DuckDB chunks (2048 rows) are gathered so that batches are not too small. */
const BATCH_ROWS = 64 * 1024;

/**
 * Arrow's stream writer, collecting the bytes it writes instead of queueing them internally (its own queue and its
 * Node duplex apply no backpressure), so each batch's bytes can be handed on as soon as it is written.
 */
export class CollectingWriter extends RecordBatchStreamWriter {
  private parts: Uint8Array[] = [];

  protected override _write(chunk: unknown): this {
    if (!this._started || chunk == null) return this;
    // The stream writer only writes byte views (message headers, bodies, padding).
    const buffer = ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : null;
    if (buffer && buffer.byteLength > 0) {
      this.parts.push(buffer);
      this._position += buffer.byteLength;
    }
    return this;
  }

  take(): Buffer {
    const bytes = Buffer.concat(this.parts);
    this.parts = [];
    return bytes;
  }
}

/**
 * An Arrow IPC stream of the source's rows, produced batch by batch as the reader consumes it. `first` is a chunk
 * already read (to surface errors before answering). The source is closed when the stream ends, fails or is destroyed.
 */
export function arrowStream(source: ChunkSource, first: DuckDBDataChunk | null): Readable {
  const encoder = new ArrowEncoder(source.columnNames, source.columnTypes);
  const writer = new CollectingWriter();
  const encode = (chunks: DuckDBDataChunk[]) => {
    writer.write(encoder.batch(chunks) as RecordBatch);
    return writer.take();
  };
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      let pending: DuckDBDataChunk[] = first ? [first] : [];
      let rows = first?.rowCount ?? 0;
      let emitted = false;
      for (let chunk = first ? await source.next() : null; chunk; chunk = await source.next()) {
        pending.push(chunk);
        rows += chunk.rowCount;
        if (rows >= BATCH_ROWS) {
          yield encode(pending);
          emitted = true;
          pending = [];
          rows = 0;
        }
      }
      // An empty result still carries its schema.
      if (pending.length > 0 || !emitted) yield encode(pending);
      writer.finish();
      yield writer.take();
    } finally {
      source.close();
    }
  }
  const stream = Readable.from(bytes(), { objectMode: false });
  stream.once('close', () => source.close());
  return stream;
}
