// Moves JS-built columns into DuckDB tables a vector at a time (the row appender is ~3x slower).
import { DuckDBDataChunk, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';

export interface Column {
  readonly name: string;
  readonly type: DuckDBType;
  readonly values: ArrayLike<number | string | bigint>;
}

const CHUNK = 2048;

export const loadTable = async (connection: DuckDBConnection, table: string, columns: readonly Column[]): Promise<void> => {
  await connection.run(`CREATE OR REPLACE TABLE ${table} (${columns.map((c) => `${c.name} ${c.type.toString()}`).join(', ')})`);
  const rows = columns[0]?.values.length ?? 0;
  const appender = await connection.createAppender(table);
  try {
    const types = columns.map((c) => c.type);
    for (let offset = 0; offset < rows; offset += CHUNK) {
      const size = Math.min(CHUNK, rows - offset);
      const chunk = DuckDBDataChunk.create(types, size);
      chunk.setColumns(columns.map((c) => Array.from({ length: size }, (_, r) => c.values[offset + r]!)));
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
};
