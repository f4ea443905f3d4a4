/**
 * How uploads are stored: Parquet with LZ4, which writes and reads back (for the Arrow copy, queries and downloads)
 * faster than zstd for about twice the bytes; upload speed is what the analyst waits on (docs/engine.md).
 */
export const PARQUET_COPY_OPTIONS = '(FORMAT parquet, COMPRESSION lz4_raw)';
