// POST /v1/datasets/{id}/workbench: a dataset's rows written into a new table of a warehouse connection. The data
// leaves the studio, so it is a copy of the dataset (§6) and a write on the connection (its credentials create a table).
import { AppStatusCode, type WorkbenchRequest, type WorkbenchResult } from '@atlas/domain';
import { DataType, RecordBatchReader, type Field, type RecordBatch } from 'apache-arrow';
import type { Readable } from 'node:stream';
import type { NewTableColumn, TableName, TableValueKind } from '../../connectors/types.js';
import type { Engine } from '../../engine/index.js';
import { checkDataDownload } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { noData } from '../datasets/data-service.js';
import { openConnection } from './service.js';

export const cannotWriteTables = (type: string) =>
  new AppError(501, `Writing tables is not available for ${type} connections`, AppStatusCode.NotImplemented, 'postgres and redshift connections can receive a dataset');

export function tableNameOf(text: string): TableName {
  const [first, second] = text.split('.');
  return second === undefined ? { schema: null, name: first! } : { schema: first!, name: second };
}

function kindOf(type: DataType): TableValueKind {
  if (DataType.isDictionary(type)) return kindOf(type.dictionary);
  if (DataType.isInt(type)) return 'integer';
  if (DataType.isFloat(type)) return 'number';
  if (DataType.isBool(type)) return 'boolean';
  if (DataType.isDate(type)) return 'date';
  if (DataType.isTimestamp(type)) return 'timestamp';
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) return 'binary';
  // Text, decimals (exact, as written), and nested values (lists, structs) as JSON.
  return 'string';
}

export function tableColumns(fields: readonly Field[], includeHeader: boolean): NewTableColumn[] {
  return fields.map((field, index) => ({ name: includeHeader ? field.name : `column_${index + 1}`, kind: kindOf(field.type) }));
}

const asJson = (value: unknown) => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));

/** Arrow's value of a cell as the connector takes it for the column's kind (dates and timestamps arrive as epoch ms). */
function cellValue(kind: TableValueKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'date' || kind === 'timestamp') return new Date(Number(value));
  if (kind !== 'string' || typeof value === 'string') return value;
  const json = (value as { toJSON?: () => unknown }).toJSON;
  return typeof json === 'function' ? asJson(json.call(value)) : typeof value === 'object' ? asJson(value) : String(value);
}

function rowsOf(batch: RecordBatch, kinds: readonly TableValueKind[]): unknown[][] {
  const vectors = kinds.map((_, index) => batch.getChildAt(index)!);
  const rows: unknown[][] = new Array(batch.numRows);
  for (let row = 0; row < batch.numRows; row++) rows[row] = kinds.map((kind, column) => cellValue(kind, vectors[column]!.get(row)));
  return rows;
}

async function* batchRows(reader: AsyncIterable<RecordBatch>, kinds: readonly TableValueKind[]): AsyncIterable<unknown[][]> {
  for await (const batch of reader) yield rowsOf(batch, kinds);
}

export async function writeToWarehouse(
  db: Db,
  engine: Engine,
  identity: Identity,
  datasetId: string,
  body: WorkbenchRequest,
  options: { allowedHosts: readonly string[]; timeoutMs: number },
): Promise<WorkbenchResult> {
  await checkDataDownload(db, identity, datasetId);
  const { connector, target } = await openConnection(db, identity, body.connectionId, options.allowedHosts, 'write');
  if (!connector.writeTable) throw cannotWriteTables(connector.type);
  const stream: Readable | null = await engine.exportData(datasetId, 'arrow');
  if (!stream) throw noData();
  try {
    const reader = await RecordBatchReader.from(stream);
    await reader.open();
    const columns = tableColumns(reader.schema.fields, body.includeHeader ?? true);
    const kinds = columns.map((column) => column.kind);
    const written = await connector.writeTable(target, tableNameOf(body.tableName), columns, batchRows(reader, kinds), { timeoutMs: options.timeoutMs });
    return { connectionId: body.connectionId, tableName: body.tableName, ...written };
  } finally {
    stream.destroy();
  }
}
