// The local PostgreSQL (TEST_DATABASE_URL) standing in for a user's warehouse in tests: one short session per piece of
// work (schemas and tables made and dropped by the test, or what a connection wrote read back).
import pg from 'pg';

export async function onLocalPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
