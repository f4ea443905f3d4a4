// A Databricks SQL warehouse in miniature for tests: TCLIService over HTTP, spoken by the `thrift` package's own
// transport and protocol and the TCLIService processor shipped inside @databricks/sql, so the driver's requests and
// the answers are the real binary protocol. OpenSession, GetInfo, ExecuteStatement (typed ordinal parameters, a
// queryTimeout), GetOperationStatus, GetResultSetMetadata, FetchResults (column-based row sets, a page at a time),
// CancelOperation, CloseOperation, CloseSession, and GetSchemas/GetTables/GetColumns (name patterns as Databricks takes
// them). The personal access token comes as a bearer token; another is refused with Databricks' 403. An in-memory
// DuckDB runs the SQL of one catalog.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { thrift as databricksThrift } from '@databricks/sql';
import { BIGINT, BOOLEAN, DOUBLE, DuckDBTypeId, INTEGER, TIMESTAMPTZ, timestampTZValue, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { toJsonValue } from '../../engine/values.js';
import { backticksAsDoubleQuotes } from './backtick-names.js';
import { memoryWarehouse } from './memory-warehouse.js';
import { listenOnLoopback } from './loopback.js';

const T = databricksThrift.TCLIService_types;
type Handle = InstanceType<typeof T.THandleIdentifier>;
type Column = InstanceType<typeof T.TColumn>;

// The thrift runtime and Int64 the driver itself uses (its own dependencies).
const fromDriver = createRequire(createRequire(import.meta.url).resolve('@databricks/sql'));
interface TransportWithData {
  commitPosition(): void;
}
const thriftRuntime = fromDriver('thrift') as {
  TBufferedTransport: { new (buffer: undefined, onFlush: (buffer: Buffer) => void): unknown; receiver(callback: (transport: TransportWithData) => void): (data: Buffer) => void };
  TBinaryProtocol: new (transport: unknown) => unknown;
};
const Int64 = fromDriver('node-int64') as new (value: Buffer | number) => unknown;

export interface FakeDatabricksOptions {
  /** The catalog's name; `setup` creates its schemas and tables. */
  catalog: string;
  setup: string;
  token: string;
  httpPath?: string;
  /** Rows a FetchResults answers at most (default 2). */
  pageRows?: number;
}

export interface ExecutedStatement {
  statement: string;
  parameters: Array<{ type?: string; value?: string }>;
  queryTimeoutS: number | null;
  canReadArrowResult: boolean;
  canDownloadResult: boolean;
}

export interface FakeDatabricks {
  /** http://127.0.0.1:<port><httpPath> */
  url: URL;
  /** Every ExecuteStatement received, in order. */
  statements(): ExecutedStatement[];
  /** Every session opened: its configuration and initial catalog and schema. */
  sessions(): Array<{ configuration: Record<string, string>; catalog?: string; schema?: string }>;
  /** Ids of the operations cancelled with CancelOperation. */
  cancelled(): string[];
  /** How many FetchResults were answered. */
  fetches(): number;
  close(): Promise<void>;
}

interface FakeColumn {
  name: string;
  type: DuckDBType;
}

interface Operation {
  state: number;
  error?: string;
  columns: FakeColumn[];
  rows: DuckDBValue[][];
  offset: number;
  done: Promise<void>;
  stop(state: number, message: string): void;
}

const ok = () => new T.TStatus({ statusCode: T.TStatusCode.SUCCESS_STATUS });
// Databricks' handles are UUIDs (the driver reads them as such).
const uuidBytes = () => Buffer.from(randomUUID().replaceAll('-', ''), 'hex');
const newHandle = () => new T.THandleIdentifier({ guid: uuidBytes(), secret: uuidBytes() });
const key = (handle: Handle) => Buffer.from(handle.guid).toString('hex');

/** The Thrift type of a DuckDB column (Databricks' names: BIGINT, DECIMAL(p,s), STRING, TIMESTAMP…). */
const THRIFT_TYPES: Partial<Record<DuckDBTypeId, number>> = {
  [DuckDBTypeId.BOOLEAN]: T.TTypeId.BOOLEAN_TYPE,
  [DuckDBTypeId.TINYINT]: T.TTypeId.TINYINT_TYPE,
  [DuckDBTypeId.SMALLINT]: T.TTypeId.SMALLINT_TYPE,
  [DuckDBTypeId.INTEGER]: T.TTypeId.INT_TYPE,
  [DuckDBTypeId.BIGINT]: T.TTypeId.BIGINT_TYPE,
  [DuckDBTypeId.FLOAT]: T.TTypeId.FLOAT_TYPE,
  [DuckDBTypeId.DOUBLE]: T.TTypeId.DOUBLE_TYPE,
  [DuckDBTypeId.DECIMAL]: T.TTypeId.DECIMAL_TYPE,
  [DuckDBTypeId.DATE]: T.TTypeId.DATE_TYPE,
  [DuckDBTypeId.TIMESTAMP]: T.TTypeId.TIMESTAMP_TYPE,
  [DuckDBTypeId.TIMESTAMP_TZ]: T.TTypeId.TIMESTAMP_TYPE,
};
const thriftType = (type: DuckDBType) => THRIFT_TYPES[type.typeId] ?? T.TTypeId.STRING_TYPE;

/** A DuckDB data_type as Databricks' TYPE_NAME in GetColumns. */
const SPARK_TYPE_NAME = `CASE data_type WHEN 'INTEGER' THEN 'INT' WHEN 'VARCHAR' THEN 'STRING' WHEN 'TIMESTAMP WITH TIME ZONE' THEN 'TIMESTAMP'
  WHEN 'TIMESTAMP' THEN 'TIMESTAMP_NTZ' ELSE data_type END`;

function columnDesc({ name, type }: FakeColumn, position: number) {
  const decimal = type.typeId === DuckDBTypeId.DECIMAL ? (type as DuckDBType & { width: number; scale: number }) : null;
  const typeQualifiers = decimal
    ? new T.TTypeQualifiers({ qualifiers: { precision: new T.TTypeQualifierValue({ i32Value: decimal.width }), scale: new T.TTypeQualifierValue({ i32Value: decimal.scale }) } })
    : undefined;
  const primitiveEntry = new T.TPrimitiveTypeEntry({ type: thriftType(type), typeQualifiers });
  return new T.TColumnDesc({ columnName: name, position, typeDesc: new T.TTypeDesc({ types: [new T.TTypeEntry({ primitiveEntry })] }) });
}

/** Databricks' text for a value it sends as a string: timestamps as `yyyy-mm-dd hh:mm:ss.fff` in UTC. */
function text(value: DuckDBValue, type: DuckDBType): string {
  const json = toJsonValue(value);
  if (type.typeId === DuckDBTypeId.TIMESTAMP || type.typeId === DuckDBTypeId.TIMESTAMP_TZ) return String(json).replace('T', ' ').replace('Z', '');
  if (type.typeId === DuckDBTypeId.DECIMAL || type.typeId === DuckDBTypeId.DATE) return value!.toString();
  return typeof json === 'string' ? json : JSON.stringify(json);
}

/** One column of a page as a TColumn: values (a placeholder where null) and the null bitmap. */
function column({ type }: FakeColumn, values: DuckDBValue[]): Column {
  const nulls = Buffer.alloc(Math.ceil(values.length / 8));
  values.forEach((value, index) => {
    if (value === null) nulls[index >> 3]! |= 1 << (index & 7);
  });
  const of = <V>(read: (value: DuckDBValue) => V, empty: V) => ({ values: values.map((value) => (value === null ? empty : read(value))), nulls });
  switch (thriftType(type)) {
    case T.TTypeId.BOOLEAN_TYPE:
      return new T.TColumn({ boolVal: new T.TBoolColumn(of(Boolean, false)) });
    case T.TTypeId.TINYINT_TYPE:
      return new T.TColumn({ byteVal: new T.TByteColumn(of(Number, 0)) });
    case T.TTypeId.SMALLINT_TYPE:
      return new T.TColumn({ i16Val: new T.TI16Column(of(Number, 0)) });
    case T.TTypeId.INT_TYPE:
      return new T.TColumn({ i32Val: new T.TI32Column(of(Number, 0)) });
    case T.TTypeId.BIGINT_TYPE: {
      const int64 = (value: DuckDBValue) => {
        const buffer = Buffer.alloc(8);
        buffer.writeBigInt64BE(BigInt(value as bigint));
        return new Int64(buffer);
      };
      return new T.TColumn({ i64Val: new T.TI64Column(of(int64, new Int64(0)) as never) });
    }
    case T.TTypeId.FLOAT_TYPE:
    case T.TTypeId.DOUBLE_TYPE:
      return new T.TColumn({ doubleVal: new T.TDoubleColumn(of(Number, 0)) });
    default:
      return new T.TColumn({ stringVal: new T.TStringColumn(of((value) => text(value, type), '')) });
  }
}

// The DuckDB type a parameter is bound as (so that `? AS x` has the parameter's type, as on Databricks).
const BOUND_TYPES: Record<string, DuckDBType> = { BOOLEAN, INTEGER, BIGINT, DOUBLE, TIMESTAMP: TIMESTAMPTZ };

/** A bound TSparkParameter as a DuckDB value: its type says how to read its text. */
function parameterValue(parameter: InstanceType<typeof T.TSparkParameter>): DuckDBValue {
  const value = parameter.value?.stringValue;
  if (!parameter.type || value === undefined || value === null) return null;
  switch (parameter.type) {
    case 'BOOLEAN':
      return value === 'TRUE';
    case 'TINYINT':
    case 'SMALLINT':
    case 'INTEGER':
    case 'FLOAT':
    case 'DOUBLE':
      return Number(value);
    case 'BIGINT':
      return BigInt(value);
    case 'TIMESTAMP':
      return timestampTZValue(BigInt(Date.parse(value)) * 1000n);
    default:
      return value;
  }
}

export async function fakeDatabricks(options: FakeDatabricksOptions): Promise<FakeDatabricks> {
  const instance = await memoryWarehouse(`ATTACH ':memory:' AS "${options.catalog}"; USE "${options.catalog}"; ${options.setup}`);
  const httpPath = options.httpPath ?? '/sql/1.0/warehouses/fake';
  const pageRows = options.pageRows ?? 2;
  const operations = new Map<string, Operation>();
  const sessions: Array<{ configuration: Record<string, string>; catalog?: string; schema?: string }> = [];
  const statements: ExecutedStatement[] = [];
  const cancelled: string[] = [];
  let fetches = 0;

  /** Runs `sql` on its own connection; the operation finishes (or fails) when DuckDB answers. */
  function start(sql: string, parameters: Array<InstanceType<typeof T.TSparkParameter>>, timeoutS: number | null): InstanceType<typeof T.TOperationHandle> {
    const handle = newHandle();
    let connection: DuckDBConnection | null = null;
    const stopped: { by: { state: number; message: string } | null } = { by: null };
    const operation: Operation = {
      state: T.TOperationState.RUNNING_STATE,
      columns: [],
      rows: [],
      offset: 0,
      done: Promise.resolve(),
      stop(state, message) {
        stopped.by ??= { state, message };
        connection?.interrupt();
      },
    };
    const timer = timeoutS ? setTimeout(() => operation.stop(T.TOperationState.TIMEDOUT_STATE, `Query has timed out after ${timeoutS} seconds`), timeoutS * 1000) : undefined;
    operation.done = (async () => {
      connection = await instance.connect();
      try {
        await connection.run(`USE "${options.catalog}"`);
        const prepared = await connection.prepare(backticksAsDoubleQuotes(sql, 'doubled'));
        try {
          if (parameters.length > 0) prepared.bind(parameters.map(parameterValue), parameters.map((parameter) => BOUND_TYPES[parameter.type ?? '']) as DuckDBType[]);
          const reader = await prepared.runAndReadAll();
          const types = reader.columnTypes();
          operation.columns = reader.columnNames().map((name, index) => ({ name, type: types[index]! }));
          operation.rows = reader.getRows();
        } finally {
          prepared.destroySync();
        }
        operation.state = T.TOperationState.FINISHED_STATE;
      } catch (error) {
        operation.state = T.TOperationState.ERROR_STATE;
        operation.error = `[PARSE_SYNTAX_ERROR] ${(error as Error).message.split('\n')[0]}`;
      } finally {
        clearTimeout(timer);
        connection.closeSync();
        if (stopped.by) Object.assign(operation, { state: stopped.by.state, error: stopped.by.message });
      }
    })();
    operations.set(key(handle), operation);
    return new T.TOperationHandle({ operationId: handle, operationType: T.TOperationType.EXECUTE_STATEMENT, hasResultSet: true });
  }

  const operationResponse = (operationHandle: InstanceType<typeof T.TOperationHandle>) => ({ status: ok(), operationHandle });
  const operation = (handle: InstanceType<typeof T.TOperationHandle>) => operations.get(key(handle.operationId));
  const sqlString = (text: string | undefined) => (text === undefined || text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`);
  // Databricks takes the metadata calls' names as patterns: `%` any characters, `_` any one character.
  const like = (column: string, pattern: string | undefined) => (pattern === undefined || pattern === null ? 'TRUE' : `${column} LIKE ${sqlString(pattern)}`);

  const handler = {
    OpenSession(request: InstanceType<typeof T.TOpenSessionReq>) {
      sessions.push({ configuration: { ...(request.configuration ?? {}) }, catalog: request.initialNamespace?.catalogName, schema: request.initialNamespace?.schemaName });
      return new T.TOpenSessionResp({
        status: ok(),
        serverProtocolVersion: T.TProtocolVersion.SPARK_CLI_SERVICE_PROTOCOL_V8,
        sessionHandle: new T.TSessionHandle({ sessionId: newHandle() }),
      });
    },
    // One parameter each: the processor then awaits the returned answer (with two, it passes a callback).
    CloseSession(_request: InstanceType<typeof T.TCloseSessionReq>) {
      return new T.TCloseSessionResp({ status: ok() });
    },
    GetInfo(request: InstanceType<typeof T.TGetInfoReq>) {
      const known = request.infoType === T.TGetInfoType.CLI_DBMS_VER;
      return new T.TGetInfoResp({ status: ok(), infoValue: new T.TGetInfoValue(known ? { stringValue: '3.5.0-fake' } : {}) });
    },
    ExecuteStatement(request: InstanceType<typeof T.TExecuteStatementReq>) {
      const parameters = request.parameters ?? [];
      const timeoutS = request.queryTimeout ? Number(request.queryTimeout.toString()) : null;
      statements.push({
        statement: request.statement,
        parameters: parameters.map((parameter) => ({ type: parameter.type ?? undefined, value: parameter.value?.stringValue ?? undefined })),
        queryTimeoutS: timeoutS,
        canReadArrowResult: Boolean(request.canReadArrowResult),
        canDownloadResult: Boolean(request.canDownloadResult),
      });
      return new T.TExecuteStatementResp(operationResponse(start(request.statement, parameters, timeoutS)));
    },
    GetSchemas(request: InstanceType<typeof T.TGetSchemasReq>) {
      const sql = `SELECT schema_name AS TABLE_SCHEM, catalog_name AS TABLE_CATALOG FROM information_schema.schemata
        WHERE schema_name NOT IN ('information_schema', 'pg_catalog') AND ${like('catalog_name', request.catalogName)} AND ${like('schema_name', request.schemaName)}
        ORDER BY schema_name`;
      return new T.TGetSchemasResp(operationResponse(start(sql, [], null)));
    },
    GetTables(request: InstanceType<typeof T.TGetTablesReq>) {
      const sql = `SELECT table_catalog AS TABLE_CAT, table_schema AS TABLE_SCHEM, table_name AS TABLE_NAME,
          CASE table_type WHEN 'VIEW' THEN 'VIEW' ELSE 'TABLE' END AS TABLE_TYPE, '' AS REMARKS
        FROM information_schema.tables WHERE ${like('table_catalog', request.catalogName)} AND ${like('table_schema', request.schemaName)}
          AND ${like('table_name', request.tableName)} ORDER BY table_schema, table_name`;
      return new T.TGetTablesResp(operationResponse(start(sql, [], null)));
    },
    GetColumns(request: InstanceType<typeof T.TGetColumnsReq>) {
      const sql = `SELECT table_catalog AS TABLE_CAT, table_schema AS TABLE_SCHEM, table_name AS TABLE_NAME, column_name AS COLUMN_NAME,
          ${SPARK_TYPE_NAME} AS TYPE_NAME, ordinal_position::INTEGER AS ORDINAL_POSITION
        FROM information_schema.columns WHERE ${like('table_catalog', request.catalogName)} AND ${like('table_schema', request.schemaName)}
          AND ${like('table_name', request.tableName)} ORDER BY table_schema, table_name, ordinal_position`;
      return new T.TGetColumnsResp(operationResponse(start(sql, [], null)));
    },
    async GetOperationStatus(request: InstanceType<typeof T.TGetOperationStatusReq>) {
      const found = operation(request.operationHandle);
      if (!found) return new T.TGetOperationStatusResp({ status: new T.TStatus({ statusCode: T.TStatusCode.ERROR_STATUS, errorMessage: 'Invalid OperationHandle' }) });
      // Answers when the state changes or after a short wait, as a long poll.
      await Promise.race([found.done, new Promise((resolve) => setTimeout(resolve, 50))]);
      return new T.TGetOperationStatusResp({
        status: ok(),
        operationState: found.state,
        hasResultSet: true,
        ...(found.error ? { errorMessage: found.error, displayMessage: found.error, sqlState: '42000' } : {}),
      });
    },
    GetResultSetMetadata(request: InstanceType<typeof T.TGetResultSetMetadataReq>) {
      const found = operation(request.operationHandle)!;
      return new T.TGetResultSetMetadataResp({
        status: ok(),
        schema: new T.TTableSchema({ columns: found.columns.map((fakeColumn, index) => columnDesc(fakeColumn, index + 1)) }),
        resultFormat: T.TSparkRowSetType.COLUMN_BASED_SET,
      });
    },
    FetchResults(request: InstanceType<typeof T.TFetchResultsReq>) {
      fetches++;
      const found = operation(request.operationHandle)!;
      if (request.orientation === T.TFetchOrientation.FETCH_FIRST) found.offset = 0;
      const start = found.offset;
      const rows = found.rows.slice(start, start + Math.min(Number(request.maxRows.toString()), pageRows));
      found.offset += rows.length;
      const columns = rows.length === 0 ? [] : found.columns.map((fakeColumn, index) => column(fakeColumn, rows.map((row) => row[index]!)));
      return new T.TFetchResultsResp({
        status: ok(),
        hasMoreRows: found.offset < found.rows.length,
        results: new T.TRowSet({ startRowOffset: new Int64(start) as never, rows: [], columns }),
      });
    },
    CancelOperation(request: InstanceType<typeof T.TCancelOperationReq>) {
      cancelled.push(key(request.operationHandle.operationId));
      operation(request.operationHandle)?.stop(T.TOperationState.CANCELED_STATE, 'Operation was canceled');
      return new T.TCancelOperationResp({ status: ok() });
    },
    CloseOperation(request: InstanceType<typeof T.TCloseOperationReq>) {
      operation(request.operationHandle)?.stop(T.TOperationState.CLOSED_STATE, 'Operation was closed');
      operations.delete(key(request.operationHandle.operationId));
      return new T.TCloseOperationResp({ status: ok() });
    },
  };
  const processor = new databricksThrift.TCLIService.Processor(handler);

  /** One HTTP POST holds one Thrift call; the answer is the flushed output. */
  function answer(body: Buffer, response: http.ServerResponse): void {
    thriftRuntime.TBufferedTransport.receiver((transport) => {
      const input = new thriftRuntime.TBinaryProtocol(transport);
      const output = new thriftRuntime.TBinaryProtocol(
        new thriftRuntime.TBufferedTransport(undefined, (buffer) => response.writeHead(200, { 'content-type': 'application/x-thrift' }).end(buffer)),
      );
      processor.process(input as never, output as never);
      transport.commitPosition();
    })(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== httpPath) response.writeHead(404).end();
      else if (request.headers.authorization !== `Bearer ${options.token}`) {
        response.writeHead(403, { 'x-databricks-reason-phrase': 'Invalid access token.', 'content-type': 'text/plain' }).end('Invalid access token.');
      } else {
        try {
          answer(Buffer.concat(chunks), response);
        } catch {
          if (!response.headersSent) response.writeHead(500).end();
        }
      }
    });
  });
  const url = new URL(`http://127.0.0.1:${await listenOnLoopback(server)}${httpPath}`);
  return {
    url,
    statements: () => statements.map((statement) => ({ ...statement })),
    sessions: () => [...sessions],
    cancelled: () => [...cancelled],
    fetches: () => fetches,
    async close() {
      for (const running of operations.values()) running.stop(T.TOperationState.CANCELED_STATE, 'Server shutting down');
      await Promise.all([...operations.values()].map((running) => running.done));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      instance.closeSync();
    },
  };
}
