import { DuckDBInstance } from '@duckdb/node-api';

/** The in-memory DuckDB a fake warehouse answers from, its tables made by `setup`. */
export async function memoryWarehouse(setup: string): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(setup);
  } finally {
    connection.closeSync();
  }
  return instance;
}
