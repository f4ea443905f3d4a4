import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/** `work` on a connection of the fake's DuckDB, closed afterwards. */
export async function onConnection<T>(instance: DuckDBInstance, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const connection = await instance.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
  }
}

/** The in-memory DuckDB a fake warehouse answers from, its tables made by `setup`. */
export async function memoryWarehouse(setup: string): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(':memory:');
  await onConnection(instance, (connection) => connection.run(setup));
  return instance;
}
