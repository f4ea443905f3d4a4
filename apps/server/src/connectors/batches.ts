// A whole (small) result read at once, for the catalogue queries and descriptions connectors run on their own stream.
import type { ConnectorColumn, QueryBatch } from './types.js';

export async function collectBatches(batches: AsyncIterable<QueryBatch>): Promise<{ columns: ConnectorColumn[]; rows: unknown[][] }> {
  let columns: ConnectorColumn[] = [];
  const rows: unknown[][] = [];
  for await (const batch of batches) {
    columns = [...batch.columns];
    rows.push(...batch.rows);
  }
  return { columns, rows };
}
