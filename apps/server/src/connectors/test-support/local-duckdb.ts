// A stand-in for MotherDuck in tests: every connection opens the one local DuckDB file the test chose (read-only, with
// no file access beyond it), whatever database it names; a token other than the expected one is refused with an error
// that repeats the connection string, token included (as a careless service might), so tests see it redacted.
import { DuckDBInstance } from '@duckdb/node-api';
import type { MotherDuckOpener } from '../motherduck.js';

export function localDuckDB(file: string, token: string): MotherDuckOpener {
  return async (database, given) => {
    if (given !== token) throw new Error(`Failed to open md:${database}?motherduck_token=${given}: Your request is not authenticated, check your token`);
    return DuckDBInstance.create(file, {
      access_mode: 'READ_ONLY',
      enable_external_access: 'false',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
  };
}

/** Creates `file` as a DuckDB database by running `sql`. */
export async function createDuckDBFile(file: string, sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    await connection.run(sql);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
