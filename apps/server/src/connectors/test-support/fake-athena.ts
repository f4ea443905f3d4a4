// Amazon Athena in miniature for tests: its JSON 1.1 protocol (POST / with X-Amz-Target: AmazonAthena.<Operation>),
// requests checked against Signature Version 4 with the one key it knows, query executions that run in the background
// (QUEUED, RUNNING, then SUCCEEDED, FAILED or CANCELLED), ExecutionParameters filling the statement's `?`, results
// paged with NextToken (a header row first, every value as text), StopQueryExecution, workgroups and a data catalog
// of databases and tables. An in-memory DuckDB runs the SQL, so @aws-sdk/client-athena's own code runs against it.
import { text } from 'node:stream/consumers';
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import { DuckDBTypeId, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { toJsonValue } from '../../engine/values.js';
import { memoryWarehouse } from './memory-warehouse.js';
import { listenOnLoopback } from './loopback.js';

export interface FakeAthenaOptions {
  /** Creates the catalog's databases (DuckDB schemas) and tables. */
  setup: string;
  key: { accessKeyId: string; secretAccessKey: string };
  /** Rows per GetQueryResults page at most (besides the client's MaxResults); default 1000. */
  pageRows?: number;
  /** Tables per ListTableMetadata page; default 50. */
  tablesPerPage?: number;
}

export interface FakeAthena {
  endpoint: string;
  /** Every request's operation (StartQueryExecution …), in order. */
  operations(): string[];
  /** Every StartQueryExecution request body. */
  started(): Array<{ QueryString: string; ExecutionParameters?: string[]; QueryExecutionContext?: { Catalog?: string }; WorkGroup?: string }>;
  /** Ids of the executions stopped with StopQueryExecution. */
  stopped(): string[];
  close(): Promise<void>;
}

type State = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

interface Execution {
  id: string;
  query: string;
  state: State;
  reason?: string;
  columns: Array<{ Name: string; Label: string; Type: string; Precision?: number; Scale?: number }>;
  rows: Array<Array<string | null>>;
  done: Promise<void>;
  stop(): void;
}

class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const TYPE_NAMES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: 'boolean',
  [DuckDBTypeId.TINYINT]: 'tinyint',
  [DuckDBTypeId.SMALLINT]: 'smallint',
  [DuckDBTypeId.INTEGER]: 'integer',
  [DuckDBTypeId.BIGINT]: 'bigint',
  [DuckDBTypeId.FLOAT]: 'float',
  [DuckDBTypeId.DOUBLE]: 'double',
  [DuckDBTypeId.DECIMAL]: 'decimal',
  [DuckDBTypeId.VARCHAR]: 'varchar',
  [DuckDBTypeId.DATE]: 'date',
  [DuckDBTypeId.TIMESTAMP]: 'timestamp',
  [DuckDBTypeId.TIMESTAMP_TZ]: 'timestamp with time zone',
};
// The Glue catalog's (Hive) names for the same types.
const HIVE_NAMES: Record<string, string> = { varchar: 'string', integer: 'int', 'timestamp with time zone': 'timestamp' };

const athenaType = (type: DuckDBType) => TYPE_NAMES[type.typeId] ?? 'varchar';

/** A value as Athena writes it: text, timestamps as `yyyy-mm-dd hh:mm:ss.fff[ UTC]`. */
function athenaText(value: DuckDBValue, type: DuckDBType): string | null {
  if (value === null) return null;
  const json = toJsonValue(value);
  if (type.typeId === DuckDBTypeId.TIMESTAMP || type.typeId === DuckDBTypeId.TIMESTAMP_TZ) {
    const text = String(json).replace('T', ' ').replace('Z', '');
    return type.typeId === DuckDBTypeId.TIMESTAMP_TZ ? `${text} UTC` : text;
  }
  if (type.typeId === DuckDBTypeId.DECIMAL) return value.toString();
  return typeof json === 'object' ? JSON.stringify(json) : String(json);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Checks the request's Signature Version 4 (Authorization header) with `key`; throws Athena's own refusals. */
function checkSignature(request: http.IncomingMessage, body: string, key: FakeAthenaOptions['key']): void {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=(\w+)$/.exec(String(request.headers.authorization ?? ''));
  if (!match) throw new AwsError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [, accessKeyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== key.accessKeyId) throw new AwsError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  const headers = signedHeaders!.split(';').map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`);
  const canonical = ['POST', '/', '', headers.join(''), signedHeaders, sha256(body)].join('\n');
  const amzDate = String(request.headers['x-amz-date']);
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = [day!, region!, service!, 'aws4_request'].reduce<Buffer | string>((current, part) => hmac(current, part), `AWS4${key.secretAccessKey}`);
  if (createHmac('sha256', signingKey).update(toSign).digest('hex') !== signature) {
    throw new AwsError(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  }
}

export async function fakeAthena(options: FakeAthenaOptions): Promise<FakeAthena> {
  const instance = await memoryWarehouse(options.setup);
  const executions = new Map<string, Execution>();
  const operations: string[] = [];
  const started: ReturnType<FakeAthena['started']> = [];
  const stopped: string[] = [];
  let counter = 0;

  async function run(connection: DuckDBConnection, execution: Execution, parameters: string[]): Promise<void> {
    const values: DuckDBValue[] = parameters.length > 0 ? (await connection.runAndReadAll(`SELECT ${parameters.join(', ')}`)).getRows()[0]! : [];
    const prepared = await connection.prepare(execution.query);
    try {
      if (prepared.parameterCount !== values.length) {
        throw new Error(`Incorrect number of parameters: expected ${prepared.parameterCount} but found ${values.length}`);
      }
      if (values.length > 0) prepared.bind(values);
      execution.state = 'RUNNING';
      const reader = await prepared.runAndReadAll();
      const types = reader.columnTypes();
      execution.columns = reader.columnNames().map((name, index) => {
        const type = types[index]!;
        const decimal = type.typeId === DuckDBTypeId.DECIMAL ? (type as unknown as { width: number; scale: number }) : null;
        return { Name: name, Label: name, Type: athenaType(type), ...(decimal ? { Precision: decimal.width, Scale: decimal.scale } : {}) };
      });
      execution.rows = reader.getRows().map((row) => row.map((value, index) => athenaText(value, types[index]!)));
    } finally {
      prepared.destroySync();
    }
  }

  async function start(body: { QueryString: string; ExecutionParameters?: string[] }): Promise<Execution> {
    const connection = await instance.connect();
    let cancelled = false;
    const execution: Execution = {
      id: `0000${String(++counter).padStart(4, '0')}-fake-athena-query`,
      query: body.QueryString,
      state: 'QUEUED',
      columns: [],
      rows: [],
      done: Promise.resolve(),
      stop() {
        cancelled = true;
        connection.interrupt();
      },
    };
    execution.done = run(connection, execution, body.ExecutionParameters ?? [])
      .then(
        () => void (execution.state = cancelled ? 'CANCELLED' : 'SUCCEEDED'),
        (error: Error) => {
          execution.state = cancelled ? 'CANCELLED' : 'FAILED';
          execution.reason = cancelled ? 'Query cancelled by user' : error.message.split('\n')[0];
        },
      )
      .finally(() => connection.closeSync());
    executions.set(execution.id, execution);
    return execution;
  }

  const executionOf = (id: unknown) => {
    const execution = executions.get(String(id));
    if (!execution) throw new AwsError('InvalidRequestException', `QueryExecution ${String(id)} was not found`);
    return execution;
  };

  async function catalogRows(sql: string, params: DuckDBValue[]): Promise<DuckDBValue[][]> {
    const connection = await instance.connect();
    try {
      const prepared = await connection.prepare(sql);
      prepared.bind(params);
      return (await prepared.runAndReadAll()).getRows();
    } finally {
      connection.closeSync();
    }
  }

  async function tableColumns(database: string, table: string) {
    const rows = await catalogRows('SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [database, table]);
    return rows.map(([name, type]) => {
      const glueType = String(type).toLowerCase();
      return { Name: String(name), Type: HIVE_NAMES[glueType] ?? glueType };
    });
  }

  const OPERATIONS: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    async GetWorkGroup(body) {
      if (body.WorkGroup !== 'primary') throw new AwsError('InvalidRequestException', `WorkGroup ${String(body.WorkGroup)} is not found.`);
      return { WorkGroup: { Name: 'primary', State: 'ENABLED', Configuration: { EngineVersion: { SelectedEngineVersion: 'AUTO', EffectiveEngineVersion: 'Athena engine version 3' } } } };
    },
    async StartQueryExecution(body) {
      started.push(body as ReturnType<FakeAthena['started']>[number]);
      if ((body.QueryExecutionContext as { Catalog?: string } | undefined)?.Catalog !== 'AwsDataCatalog') throw new AwsError('InvalidRequestException', 'Catalog not found');
      const execution = await start(body as { QueryString: string; ExecutionParameters?: string[] });
      return { QueryExecutionId: execution.id };
    },
    async GetQueryExecution(body) {
      const execution = executionOf(body.QueryExecutionId);
      const failed = execution.state === 'FAILED';
      return {
        QueryExecution: {
          QueryExecutionId: execution.id,
          Query: execution.query,
          StatementType: 'DML',
          Status: {
            State: execution.state,
            ...(execution.reason ? { StateChangeReason: execution.reason } : {}),
            ...(failed ? { AthenaError: { ErrorCategory: 2, ErrorType: 1000, Retryable: false, ErrorMessage: execution.reason } } : {}),
          },
        },
      };
    },
    async GetQueryResults(body) {
      const execution = executionOf(body.QueryExecutionId);
      if (execution.state !== 'SUCCEEDED') throw new AwsError('InvalidRequestException', `Query has not yet finished. Current state: ${execution.state}`);
      const table = [execution.columns.map((column) => column.Name), ...execution.rows];
      const offset = Number(body.NextToken ?? 0);
      const size = Math.min(Number(body.MaxResults ?? 1000), options.pageRows ?? 1000);
      const rows = table.slice(offset, offset + size);
      const next = offset + rows.length < table.length ? String(offset + rows.length) : undefined;
      return {
        ResultSet: {
          Rows: rows.map((row) => ({ Data: row.map((value) => (value === null ? {} : { VarCharValue: value })) })),
          ResultSetMetadata: { ColumnInfo: execution.columns.map((column) => ({ CatalogName: 'hive', SchemaName: '', TableName: '', Nullable: 'UNKNOWN', CaseSensitive: false, ...column })) },
        },
        ...(next ? { NextToken: next } : {}),
        UpdateCount: 0,
      };
    },
    async StopQueryExecution(body) {
      const execution = executionOf(body.QueryExecutionId);
      stopped.push(execution.id);
      if (execution.state === 'QUEUED' || execution.state === 'RUNNING') execution.stop();
      return {};
    },
    async ListDatabases() {
      const rows = await catalogRows("SELECT schema_name FROM information_schema.schemata WHERE catalog_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog', 'main') ORDER BY 1", []);
      return { DatabaseList: rows.map(([name]) => ({ Name: String(name), Parameters: {} })) };
    },
    async ListTableMetadata(body) {
      const rows = await catalogRows('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1', [String(body.DatabaseName)]);
      if (rows.length === 0) throw new AwsError('MetadataException', `Database ${String(body.DatabaseName)} not found.`);
      const offset = Number(body.NextToken ?? 0);
      const page = rows.slice(offset, offset + (options.tablesPerPage ?? 50));
      const next = offset + page.length < rows.length ? String(offset + page.length) : undefined;
      const tables = await Promise.all(
        page.map(async ([name]) => ({ Name: String(name), TableType: 'EXTERNAL_TABLE', Columns: await tableColumns(String(body.DatabaseName), String(name)), PartitionKeys: [] })),
      );
      return { TableMetadataList: tables, ...(next ? { NextToken: next } : {}) };
    },
    async GetTableMetadata(body) {
      const columns = await tableColumns(String(body.DatabaseName), String(body.TableName));
      if (columns.length === 0) throw new AwsError('MetadataException', `Table ${String(body.TableName)} not found.`);
      return { TableMetadata: { Name: body.TableName, TableType: 'EXTERNAL_TABLE', Columns: columns, PartitionKeys: [] } };
    },
  };

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await text(request);
    const target = /^AmazonAthena\.(\w+)$/.exec(String(request.headers['x-amz-target'] ?? ''))?.[1] ?? '';
    operations.push(target);
    response.setHeader('content-type', 'application/x-amz-json-1.1');
    try {
      if (request.method !== 'POST' || request.url !== '/') throw new AwsError('UnknownOperationException', 'Unknown operation');
      checkSignature(request, body, options.key);
      const operation = OPERATIONS[target];
      if (!operation) throw new AwsError('UnknownOperationException', `Unknown operation ${target}`);
      response.end(JSON.stringify(await operation(JSON.parse(body || '{}') as Record<string, unknown>)));
    } catch (error) {
      const failure = error instanceof AwsError ? error : new AwsError('InternalServerException', (error as Error).message);
      response.writeHead(failure.type === 'InternalServerException' ? 500 : 400, { 'x-amzn-errortype': failure.type });
      response.end(JSON.stringify({ __type: failure.type, Message: failure.message }));
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  const port = await listenOnLoopback(server);
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    operations: () => [...operations],
    started: () => [...started],
    stopped: () => [...stopped],
    async close() {
      for (const execution of executions.values()) execution.stop();
      await Promise.all([...executions.values()].map((execution) => execution.done));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      instance.closeSync();
    },
  };
}
