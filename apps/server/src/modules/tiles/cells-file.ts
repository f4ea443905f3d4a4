// The cells file of a build from points: their cell indexes (cell-workers.ts), in the points' order, as a Parquet file
// of one UBIGINT column `c` that the build's SELECT reads beside the points (point-cells.ts). It is written by
// parquet-wasm (the Rust arrow/parquet writer compiled to WebAssembly, loaded from node_modules) as the batches come:
// each goes in as an Arrow record batch and the file grows a row group at a time, into one file, in the order given.
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { Field, makeData, RecordBatch, Schema, Struct, Table, tableToIPC, Uint64 } from 'apache-arrow';
import { Compression, EnabledStatistics, Table as WasmTable, transformParquetStream, WriterPropertiesBuilder, type RecordBatch as WasmRecordBatch } from 'parquet-wasm';

const SCHEMA = new Schema([new Field('c', new Uint64(), false)]);

/** 64-bit values held as little-endian word pairs (what cell-workers.ts answers), as a batch in the library's memory. */
function wasmBatch(words: Uint32Array): WasmRecordBatch {
  const values = new BigUint64Array(words.buffer, words.byteOffset, words.length / 2);
  const column = makeData({ type: new Uint64(), data: values, length: values.length, nullCount: 0 });
  const batch = new RecordBatch(SCHEMA, makeData({ type: new Struct(SCHEMA.fields), length: values.length, nullCount: 0, children: [column] }));
  const table = WasmTable.fromIPCStream(tableToIPC(new Table([batch]), 'stream'));
  try {
    return table.recordBatch(0)!;
  } finally {
    // Its memory is the library's: freed now, not when the collector finalizes the handle.
    table.free();
  }
}

/**
 * Writes `cells` into a new file `file` (it must not exist), in order; its rows are then exactly the values given. A
 * failure of `cells` fails the write (the caller removes the file): the library would end the file as if the input
 * had ended there.
 */
export async function writeCellsFile(file: string, cells: AsyncIterable<Uint32Array>): Promise<void> {
  const input: { failed: boolean; error: unknown } = { failed: false, error: null };
  async function* batches(): AsyncGenerator<WasmRecordBatch> {
    // An empty batch first: the writer takes the schema from the first batch and fails on an input without any.
    yield wasmBatch(new Uint32Array(0));
    try {
      for await (const words of cells) yield wasmBatch(words);
    } catch (error) {
      input.failed = true;
      input.error = error;
      throw error;
    }
  }
  // Values as they are (near-random 64-bit indexes gain little from a dictionary or compression), no statistics.
  const properties = new WriterPropertiesBuilder()
    .setCompression(Compression.UNCOMPRESSED)
    .setDictionaryEnabled(false)
    .setStatisticsEnabled(EnabledStatistics.None)
    .build();
  try {
    // Node's web streams are the ones the library takes and gives (its types name the DOM's).
    const parquet = await transformParquetStream(ReadableStream.from(batches()) as unknown as Parameters<typeof transformParquetStream>[0], properties);
    await writeFile(file, Readable.fromWeb(parquet as unknown as ReadableStream<Uint8Array>), { flag: 'wx' });
  } catch (error) {
    throw input.failed ? input.error : error;
  }
  if (input.failed) throw input.error;
}
