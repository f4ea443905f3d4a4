// Kinetica over its REST API (no official Node driver is maintained): every call is POST {url}{endpoint} with a JSON
// body and HTTP Basic credentials, answered by an envelope {status: 'OK' | 'ERROR', message, data_type, data_str} whose
// data_str is the endpoint's answer as JSON text. A query goes to /execute/sql with a paging table (a temporary
// materialized view named atlas_tmp_ + 6 random characters, TTL 60 minutes): the first page comes with the statement,
// the next ones from /get/records on the paging table, which /clear/table drops at the end, however it ends.
// Parameters: `$n` become `?` and their values go in the query_parameters option (JSON), never into the SQL text.
// Read-only: only one query (SELECT, WITH …) is sent. Timeout and cancel abort the HTTP request and drop the paging table.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppStatusCode, CONNECTION_OPTIONS, type SchemaEntry } from '@atlas/domain';
import { AppError, invalidInput } from '../http/errors.js';
import { collectBatches } from './batches.js';
import { driverError, notAQuery } from './errors.js';
import { kineticaColumn, kineticaParameter } from './kinetica-values.js';
import { connectableAddress, unreachable } from './network.js';
import { QueryStopper } from './query-stopper.js';
import { isTrinoQuery, questionMarks } from './sql-text.js';
import type { ConnectionTarget, ConnectorColumn, QueryBatch, RunOptions, WarehouseConnector } from './types.js';

interface KineticaOptions {
  url: string;
  user: string;
}

/** The server address of a connection (tests point it at a fake). */
export type KineticaEndpoint = (options: KineticaOptions) => string;

const CONNECT_TIMEOUT_MS = 10_000;
const PAGING_TABLE_TTL_MINUTES = 60;
const DEFAULT_BATCH_ROWS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

/** Kinetica refused a request: its own message (status 'ERROR'), or the HTTP status and body when it sent no envelope. */
export class KineticaRefusal extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** A temporary table name: atlas_tmp_ and 6 random lower-case letters and digits. */
export function temporaryName(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `atlas_tmp_${[...randomBytes(6)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/**
 * POSTs `body` to the connection's own server at `endpoint` and answers the parsed data_str. The host is checked
 * (network.ts) before the request and the socket goes to that checked address; redirects are not followed.
 */
export async function kineticaCall(
  target: ConnectionTarget,
  endpoint: string,
  body: unknown,
  signal: AbortSignal | undefined,
  endpointFor: KineticaEndpoint = (options) => options.url,
): Promise<Record<string, unknown>> {
  const settings = target.options as unknown as KineticaOptions;
  const url = new URL(endpointFor(settings));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unreachable();
  const address = await connectableAddress(url.hostname, target.allowedHosts);
  const family = isIP(address);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const password = target.password() ?? '';
  const payload = Buffer.from(JSON.stringify(body));
  const send = url.protocol === 'https:' ? https.request : http.request;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = send(
      new URL(`${url.pathname.replace(/\/+$/, '')}${endpoint}`, url),
      {
        method: 'POST',
        lookup: pinned,
        signal,
        auth: `${settings.user}:${password}`,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (response) => {
        const parts: Buffer[] = [];
        let size = 0;
        response.on('data', (part: Buffer) => {
          size += part.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error('The answer is too large'));
          else parts.push(part);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
  let envelope: { status?: unknown; message?: unknown; data_str?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new KineticaRefusal(`${status}: ${text.trim().slice(0, 500)}`, status);
  }
  if (envelope.status !== 'OK') throw new KineticaRefusal(String(envelope.message ?? `HTTP ${status}`), status);
  return typeof envelope.data_str === 'string' && envelope.data_str !== '' ? (JSON.parse(envelope.data_str) as Record<string, unknown>) : {};
}

/** A failure as the answer: Kinetica's own message (secret hidden) as a 422, no answer at all as unreachable(). */
function answerFor(error: unknown, target: ConnectionTarget, what: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof KineticaRefusal) {
    return driverError(error, target, error.httpStatus === 401 || error.httpStatus === 403 ? 'Could not connect to the database' : what);
  }
  return unreachable();
}

/** The statement without strings, quoted names and comments, to see whether it holds a second one. */
const codeOnly = (sql: string) => sql.replace(/'(?:[^']|'')*'?|"(?:[^"]|"")*"?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, ' ');

/** The statement without its closing `;`, when it is one query; else the refusal every connector gives before anything runs. */
export function assertOneQuery(sql: string): string {
  const text = sql.replace(/[\s;]+$/, '');
  if (!isTrinoQuery(text) || codeOnly(text).includes(';')) throw notAQuery();
  return text;
}

/** One query with its `$n` as `?` and their values as query_parameters holds them. */
function readOnlyStatement(sql: string, params: readonly unknown[]): { sql: string; values: unknown[] } {
  const text = assertOneQuery(sql);
  try {
    const bound = questionMarks(text, params);
    return { sql: bound.sql, values: bound.values.map(kineticaParameter) };
  } catch (error) {
    throw invalidInput('Query failed', (error as Error).message);
  }
}

interface EncodedColumns {
  column_headers?: string[];
  column_datatypes?: string[];
  [column: string]: unknown;
}

/** The Kinetica connector; tests give `endpointFor` to point it at a fake server. */
export function kineticaConnector(endpointFor: KineticaEndpoint = (options) => options.url): WarehouseConnector {
  async function* runQuery(target: ConnectionTarget, sql: string, params: readonly unknown[], options: RunOptions): AsyncIterable<QueryBatch> {
    const statement = readOnlyStatement(sql, params);
    const stopper = new QueryStopper(options);
    const requests = new AbortController();
    const pagingTable = temporaryName();
    const call = (endpoint: string, body: unknown, signal?: AbortSignal) => kineticaCall(target, endpoint, body, signal, endpointFor);
    // Any call still waiting is aborted at the stop; the paging table may exist from then on, so it is dropped.
    const clear = () =>
      call('/clear/table', { table_name: pagingTable, authorization: '', options: { no_error_if_not_exists: 'true' } }, AbortSignal.timeout(CONNECT_TIMEOUT_MS)).catch(() => undefined);
    stopper.onStop(async () => requests.abort());
    const guard = <T>(promise: Promise<T>) => stopper.guard(promise, (error) => answerFor(error, target, 'Query failed'));
    const limit = options.batchRows ?? DEFAULT_BATCH_ROWS;
    try {
      const first = await guard(
        call(
          '/execute/sql',
          {
            statement: statement.sql,
            offset: 0,
            limit,
            encoding: 'json',
            request_schema_str: '',
            data: [],
            options: {
              paging_table: pagingTable,
              paging_table_ttl: String(PAGING_TABLE_TTL_MINUTES),
              ...(statement.values.length > 0 ? { query_parameters: JSON.stringify(statement.values) } : {}),
            },
          },
          requests.signal,
        ),
      );
      const encoded = JSON.parse(String(first.json_encoded_response ?? '{}')) as EncodedColumns;
      const headers = encoded.column_headers ?? [];
      const described = headers.map((name, index) => kineticaColumn(name, encoded.column_datatypes?.[index] ?? 'string'));
      const columns: ConnectorColumn[] = described.map(({ column }) => column);
      const convertRow = (values: unknown[]) => values.map((value, index) => (value === null || value === undefined ? null : described[index]!.convert(value)));
      const firstValues = headers.map((_, index) => (encoded[`column_${index + 1}`] as unknown[] | undefined) ?? []);
      yield { columns, rows: (firstValues[0] ?? []).map((_, row) => convertRow(firstValues.map((column) => column[row]))) };
      let offset = firstValues[0]?.length ?? 0;
      let more = first.has_more_records === true && Boolean(first.paging_table);
      while (more) {
        const page = await guard(
          call('/get/records', { table_name: String(first.paging_table), offset, limit, encoding: 'json', options: {} }, requests.signal),
        );
        const records = ((page.records_json as string[] | undefined) ?? []).map((record) => JSON.parse(record) as Record<string, unknown>);
        if (records.length > 0) yield { columns, rows: records.map((record) => convertRow(headers.map((name) => record[name]))) };
        offset += records.length;
        more = page.has_more_records === true && records.length > 0;
      }
    } finally {
      stopper.close();
      await clear();
    }
  }

  /** One catalogue call, bounded by the run's timeout and signal. */
  async function browse(target: ConnectionTarget, endpoint: string, body: unknown, options: RunOptions, what = 'Query failed') {
    const stopper = new QueryStopper(options);
    const requests = new AbortController();
    stopper.onStop(async () => requests.abort());
    try {
      return await stopper.guard(kineticaCall(target, endpoint, body, requests.signal, endpointFor), (error) => answerFor(error, target, what));
    } finally {
      stopper.close();
    }
  }

  return {
    type: 'kinetica',
    kind: 'warehouse',
    dialect: 'kinetica',
    optionsSchema: CONNECTION_OPTIONS.kinetica,

    async testConnection(target) {
      const answer = await browse(
        target,
        '/show/system/properties',
        { options: { properties: 'version.gpudb_core_version' } },
        { timeoutMs: CONNECT_TIMEOUT_MS },
        'Could not connect to the database',
      );
      const version = (answer.property_map as Record<string, string> | undefined)?.['version.gpudb_core_version'];
      return { serverVersion: version ? `Kinetica ${version}` : 'Kinetica' };
    },

    runQuery,

    async describeQuery(target, sql, params, options) {
      const text = assertOneQuery(sql);
      return (await collectBatches(runQuery(target, `SELECT * FROM (\n${text}\n) AS atlas_described LIMIT 0`, params, options))).columns;
    },

    async listSchema(target, path, options) {
      if (path.length > 2) throw new AppError(400, 'Schema paths have at most two parts', AppStatusCode.BadRequest, 'schema/table');
      if (path.length === 0) {
        const answer = await browse(target, '/show/schema', { schema_name: '', options: {} }, options);
        return ((answer.schema_names as string[] | undefined) ?? []).sort().map((name): SchemaEntry => ({ name, kind: 'schema' }));
      }
      if (path.length === 1) {
        const answer = await browse(target, '/show/table', { table_name: path[0], options: { show_children: 'true', get_sizes: 'false' } }, options);
        const prefix = `${path[0]}.`;
        return ((answer.table_names as string[] | undefined) ?? [])
          .map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name))
          .sort()
          .map((name): SchemaEntry => ({ name, kind: 'table' }));
      }
      const answer = await browse(target, '/show/table', { table_name: `${path[0]}.${path[1]}`, options: { show_children: 'false', get_column_info: 'true' } }, options);
      const schema = JSON.parse(String((answer.type_schemas as string[] | undefined)?.[0] ?? '{"fields":[]}')) as { fields: Array<{ name: string; type: unknown }> };
      const properties = ((answer.properties as Array<Record<string, string[]>> | undefined) ?? [])[0] ?? {};
      return schema.fields.map((field): SchemaEntry => {
        const avro = Array.isArray(field.type) ? field.type.find((type) => type !== 'null') : field.type;
        // A column's properties name its finer type (char16, datetime, timestamp); its Avro type is the rest.
        const finer = (properties[field.name] ?? []).find((property) => /^(char\d+|int8|int16|date|datetime|time|timestamp|decimal.*|boolean|ulong|uuid|ipv4|wkt)$/.test(property));
        return { name: field.name, kind: 'column', type: finer ?? String(avro) };
      });
    },
  };
}
