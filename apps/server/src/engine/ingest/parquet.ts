import { sqlString } from '../sql.js';
import { firstLine, IngestError } from './errors.js';
import type { Conversion } from './index.js';
import { PARQUET_COPY_OPTIONS } from './stored.js';

/** Parquet is read in full (schema first, then every row group) and rewritten, so only a valid file becomes data. */
export async function convertParquet({ connection, source, target }: Conversion): Promise<void> {
  try {
    await connection.run(`SELECT * FROM parquet_schema(${sqlString(source)})`);
    await connection.run(`COPY (SELECT * FROM read_parquet(${sqlString(source)})) TO ${sqlString(target)} ${PARQUET_COPY_OPTIONS}`);
  } catch (error) {
    throw new IngestError('Not a valid Parquet file', firstLine(error));
  }
}
