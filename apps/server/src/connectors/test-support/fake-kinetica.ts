// A Kinetica server in miniature for tests: its REST envelope ({status, message, data_type, data_str}), Basic
// authentication, /execute/sql with paging tables (paging_table, paging_table_ttl) and query_parameters bound to `?`,
// /get/records and /clear/table on those, /show/schema, /show/table, /show/system/properties, and the proxy's
// /drop/schema and /create/table (answered as Kinetica does; the fake keeps no /create/type types, so it makes no
// table). An in-memory DuckDB runs the SQL.
import { text } from 'node:stream/consumers';
import http from 'node:http';
import { DuckDBTypeId, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { toJsonValue } from '../../engine/values.js';
import { memoryWarehouse } from './memory-warehouse.js';
import { listenOnLoopback } from './loopback.js';

export interface FakeKineticaOptions {
  setup: string;
  login: { user: string; password: string };
  /** Statements containing this text answer only after `slowMs` (to see timeouts and aborts). */
  slow?: { contains: string; ms: number };
}

export interface FakeKineticaRequest {
  endpoint: string;
  body: Record<string, unknown>;
}

export interface FakeKinetica {
  port: number;
  requests(): FakeKineticaRequest[];
  /** Paging tables that exist now. */
  pagingTables(): string[];
  /** Requests whose client went away before the answer. */
  aborted(): string[];
  close(): Promise<void>;
}

const KINETICA_TYPES: Partial<Record<DuckDBTypeId, string>> = {
  [DuckDBTypeId.BOOLEAN]: 'boolean',
  [DuckDBTypeId.INTEGER]: 'int',
  [DuckDBTypeId.BIGINT]: 'long',
  [DuckDBTypeId.DOUBLE]: 'double',
  [DuckDBTypeId.FLOAT]: 'float',
  [DuckDBTypeId.DECIMAL]: 'decimal',
  [DuckDBTypeId.DATE]: 'date',
  [DuckDBTypeId.TIMESTAMP]: 'datetime',
  [DuckDBTypeId.TIMESTAMP_TZ]: 'datetime',
};
const kineticaType = (type: DuckDBType) => KINETICA_TYPES[type.typeId] ?? 'string';

function kineticaValue(value: DuckDBValue, type: DuckDBType): unknown {
  if (value === null) return null;
  const json = toJsonValue(value);
  if (type.typeId === DuckDBTypeId.BIGINT || type.typeId === DuckDBTypeId.DECIMAL) return Number(json);
  if (type.typeId === DuckDBTypeId.TIMESTAMP || type.typeId === DuckDBTypeId.TIMESTAMP_TZ) return String(json).replace('T', ' ').replace('Z', '');
  return typeof json === 'object' ? JSON.stringify(json) : json;
}

class Refused extends Error {
  constructor(
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

interface PagingTable {
  headers: string[];
  rows: unknown[][];
  ttl: string;
}

export async function fakeKinetica(options: FakeKineticaOptions): Promise<FakeKinetica> {
  const instance = await memoryWarehouse(options.setup);
  const connection = await instance.connect();
  const requests: FakeKineticaRequest[] = [];
  const aborted: string[] = [];
  const paging = new Map<string, PagingTable>();
  const expected = `Basic ${Buffer.from(`${options.login.user}:${options.login.password}`).toString('base64')}`;

  async function rows(sql: string, values: DuckDBValue[] = []) {
    const reader = await connection.runAndReadAll(sql, values);
    const types = reader.columnTypes();
    return { headers: reader.columnNames(), types, rows: reader.getRows().map((row) => row.map((value, index) => kineticaValue(value, types[index]!))) };
  }

  const handlers: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/show/system/properties': async () => ({ property_map: { 'version.gpudb_core_version': '7.2.2.3' }, info: {} }),
    '/show/schema': async (body) => {
      const result = await rows("SELECT DISTINCT schema_name FROM information_schema.schemata WHERE schema_name NOT IN ('information_schema', 'pg_catalog') ORDER BY 1");
      const names = result.rows.map(([name]) => String(name)).filter((name) => !body.schema_name || name === body.schema_name);
      return { schema_name: body.schema_name, schema_names: names, schema_tables: [], additional_info: [] };
    },
    '/show/table': async (body) => {
      const name = String(body.table_name ?? '');
      const [schema, table] = name.split('.');
      if (table === undefined) {
        const result = await rows('SELECT table_name FROM information_schema.tables WHERE table_schema = ? ORDER BY 1', [schema!]);
        return { table_name: name, table_names: result.rows.map(([table]) => `${schema}.${String(table)}`), table_descriptions: result.rows.map(() => []), type_schemas: [], properties: [], sizes: [] };
      }
      const result = await rows('SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position', [schema!, table]);
      if (result.rows.length === 0) throw new Refused(`Table '${name}' does not exist`);
      const avro = (type: string) => (/INT/.test(type) ? (type === 'BIGINT' ? 'long' : 'int') : /DOUBLE|DECIMAL/.test(type) ? 'double' : 'string');
      const fields = result.rows.map(([column, type]) => ({ name: String(column), type: ['null', avro(String(type))] }));
      const properties = Object.fromEntries(result.rows.map(([column, type]) => [String(column), String(type).startsWith('TIMESTAMP') ? ['datetime', 'nullable'] : ['nullable']]));
      return { table_name: name, table_names: [name], table_descriptions: [[]], type_schemas: [JSON.stringify({ type: 'record', name: 'type_name', fields })], properties: [properties], sizes: [result.rows.length], options: body.options };
    },
    '/execute/sql': async (body) => {
      const settings = (body.options ?? {}) as Record<string, string>;
      const values = settings.query_parameters ? (JSON.parse(settings.query_parameters) as DuckDBValue[]) : [];
      if (options.slow && String(body.statement).includes(options.slow.contains)) await new Promise((resolve) => setTimeout(resolve, options.slow!.ms));
      let result: Awaited<ReturnType<typeof rows>>;
      try {
        result = await rows(String(body.statement), values);
      } catch (error) {
        throw new Refused(`Error: ${(error as Error).message.split('\n')[0]}`);
      }
      const limit = Number(body.limit ?? 10_000);
      const more = result.rows.length > limit;
      if (more && settings.paging_table) paging.set(settings.paging_table, { headers: result.headers, rows: result.rows, ttl: settings.paging_table_ttl ?? '' });
      const first = result.rows.slice(0, limit);
      const encoded: Record<string, unknown> = { column_headers: result.headers, column_datatypes: result.types.map(kineticaType) };
      result.headers.forEach((_, index) => (encoded[`column_${index + 1}`] = first.map((row) => row[index])));
      return {
        count_affected: 0,
        json_encoded_response: JSON.stringify(encoded),
        total_number_of_records: result.rows.length,
        has_more_records: more,
        paging_table: more ? (settings.paging_table ?? '') : '',
        result_table_list: [],
      };
    },
    '/get/records': async (body) => {
      const table = paging.get(String(body.table_name));
      if (!table) throw new Refused(`Table '${String(body.table_name)}' does not exist`);
      const offset = Number(body.offset);
      const page = table.rows.slice(offset, offset + Number(body.limit));
      return {
        table_name: body.table_name,
        records_json: page.map((row) => JSON.stringify(Object.fromEntries(table.headers.map((name, index) => [name, row[index]])))),
        total_number_of_records: table.rows.length,
        has_more_records: offset + page.length < table.rows.length,
      };
    },
    '/clear/table': async (body) => {
      const existed = paging.delete(String(body.table_name));
      if (!existed && (body.options as Record<string, string> | undefined)?.no_error_if_not_exists !== 'true') throw new Refused(`Table '${String(body.table_name)}' does not exist`);
      return { table_name: body.table_name };
    },
    '/drop/schema': async (body) => {
      await connection.run(`DROP SCHEMA "${String(body.schema_name).replaceAll('"', '""')}" CASCADE`);
      return { schema_name: body.schema_name };
    },
    '/create/table': async (body) => ({ table_name: body.table_name, type_id: String(body.type_id ?? '') }),
  };

  const server = http.createServer(async (request, response) => {
    // Kinetica is often served under a path (https://host/gpudb-0): the endpoint follows it.
    const endpoint = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\/gpudb-\d+/, '');
    let closed = false;
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true;
        aborted.push(endpoint);
      }
    });
    const answer = (httpStatus: number, status: 'OK' | 'ERROR', message: string, data: unknown) => {
      if (closed) return;
      response.writeHead(httpStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status, message, data_type: endpoint.replace(/\//g, '_'), data: '', data_str: data === null ? '' : JSON.stringify(data) }));
    };
    try {
      const body = JSON.parse((await text(request)) || '{}') as Record<string, unknown>;
      if (request.headers.authorization !== expected) throw new Refused('Insufficient credentials: invalid user name or password', 401);
      requests.push({ endpoint, body });
      const handler = handlers[endpoint];
      if (!handler) throw new Refused(`Unknown endpoint ${endpoint}`, 404);
      answer(200, 'OK', '', await handler(body));
    } catch (error) {
      answer(error instanceof Refused ? error.httpStatus : 500, 'ERROR', (error as Error).message, null);
    }
  });
  const port = await listenOnLoopback(server);
  return {
    port,
    requests: () => [...requests],
    pagingTables: () => [...paging.keys()],
    aborted: () => [...aborted],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      connection.closeSync();
      instance.closeSync();
    },
  };
}
