import { COLUMN_DISTINCT_DEFAULT_LIMIT, type ColumnDistinctQuery, type ColumnDistinctResult } from '@atlas/domain';
import { checkAccess } from '../../http/access.js';
import { invalidInput } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import { noData, type QueryContext } from '../execution/index.js';
import { quoteIdentifier } from './template.js';

/** Distinct values of one column of a dataset, sorted with NULL last; the column must be one of the dataset's. */
export async function columnDistinct(context: QueryContext, identity: Identity, query: ColumnDistinctQuery): Promise<ColumnDistinctResult> {
  await checkAccess(context.db, identity, 'dataset', query.datasetId, 'read');
  const data = await context.engine.datasetData(query.datasetId);
  if (!data) throw noData(query.datasetId);
  if (!data.columns.some((column) => column.name === query.column)) {
    throw invalidInput(`Unknown column ${JSON.stringify(query.column.slice(0, 80))}`, `Columns: ${data.columns.map((column) => column.name).join(', ').slice(0, 500)}`);
  }
  const column = quoteIdentifier(query.column);
  const rows = await context.engine.queryRows(
    `SELECT DISTINCT ${column} AS value FROM ${data.relation} ORDER BY 1 NULLS LAST LIMIT $1`,
    [query.limit ?? COLUMN_DISTINCT_DEFAULT_LIMIT],
    { timeoutMs: context.timeoutMs },
  );
  return { datasetId: query.datasetId, column: query.column, values: rows.map((row) => row.value) };
}
