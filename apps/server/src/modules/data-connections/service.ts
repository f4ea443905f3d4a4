import { randomUUID } from 'node:crypto';
import {
  DATA_CONNECTION_TYPES,
  type CreateDataConnectionRequest,
  type DataConnection,
  type DataConnectionList,
  type DataConnectionType,
  type DatasetList,
  type TestConnectionRequest,
  type TestConnectionResult,
  type UpdateDataConnectionRequest,
} from '@atlas/domain';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { connectorFor, type ConnectionTarget, type Connector } from '../../connectors/index.js';
import { assertAdminMode, assertCanCreate, checkAccess, forgetResource, withCallerActions, type Stored } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db, Queryable } from '../../store/index.js';
import { iso } from '../../store/rows.js';
import { findDataset } from '../datasets/repo.js';
import { assertQuota } from '../quota/service.js';
import * as repo from './repo.js';
import { encryptSecret, environmentPassword, requireSecretsKey, secretBinding, storedPassword } from './secrets.js';
import { assertStorageEnabled } from './storage-flag.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule.default;
const ajv = addFormats(new Ajv({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false }));
const validators = new Map<string, ValidateFunction>();

type Options = Record<string, unknown>;

/** The type's options with defaults applied, split into what is stored and the write-only password. */
function readOptions(type: string, input: Options): { options: Options; password: string | undefined } {
  const connector = connectorFor(type);
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile(connector.optionsSchema as object);
    validators.set(type, validate);
  }
  const copy = structuredClone(input);
  if (!validate(copy)) throw badRequest(`Invalid options for a ${type} connection`, ajv.errorsText(validate.errors, { dataVar: 'options' }));
  const { password, ...options } = copy as Options & { password?: string };
  if (password !== undefined && options.passwordEnvVar !== undefined) {
    throw badRequest(`Invalid options for a ${type} connection`, 'Give either password or passwordEnvVar, not both');
  }
  return { options, password };
}

function toConnection(row: repo.ConnectionRow): Stored<DataConnection> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    options: row.options,
    hasPassword: row.secret_ciphertext !== null,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    visibility: row.visibility,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The answers for the caller, each with what they may do with it. */
async function present(db: Queryable, identity: Identity, rows: repo.ConnectionRow[], adminMode = false): Promise<DataConnection[]> {
  return withCallerActions(db, identity, 'data-connection', rows.map(toConnection), adminMode);
}

async function list(db: Queryable, identity: Identity, rows: repo.ConnectionRow[], adminMode: boolean): Promise<DataConnectionList> {
  return { items: await present(db, identity, rows, adminMode), total: rows.length };
}

const presentOne = async (db: Queryable, identity: Identity, row: repo.ConnectionRow, adminMode = false) => (await present(db, identity, [row], adminMode))[0]!;

function parseTypes(types: string | undefined): string[] | undefined {
  if (types === undefined) return undefined;
  const wanted = types.split(',').map((type) => type.trim()).filter((type) => type !== '');
  const unknown = wanted.filter((type) => !(DATA_CONNECTION_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0) throw badRequest('Unknown connection type', `${unknown.join(', ')}; known types: ${DATA_CONNECTION_TYPES.join(', ')}`);
  return wanted;
}

async function load(db: Queryable, id: string): Promise<repo.ConnectionRow> {
  return (await repo.findConnection(db, id))!;
}

/** GET /v1/data-connections: the caller's own connections (admin mode: everyone's). */
export async function listOwned(db: Db, identity: Identity, query: { types?: string; isAdmin?: boolean }): Promise<DataConnectionList> {
  const adminMode = assertAdminMode(identity, query.isAdmin);
  const types = parseTypes(query.types);
  return list(db, identity, await repo.listConnections(db, identity, { adminMode, types, ...(adminMode ? {} : { ownerId: identity.userId }) }), adminMode);
}

/** GET /v1/data-connections/for-organization: the readable connections of the caller's organization. */
export async function listForOrganization(db: Db, identity: Identity, query: { types?: string; isAdmin?: boolean }): Promise<DataConnectionList> {
  const adminMode = assertAdminMode(identity, query.isAdmin);
  return list(db, identity, await repo.listConnections(db, identity, { adminMode, types: parseTypes(query.types), organizationId: identity.organizationId }), adminMode);
}

export async function getConnection(db: Db, identity: Identity, id: string, isAdmin?: boolean): Promise<DataConnection> {
  await checkAccess(db, identity, 'data-connection', id, 'read', { isAdmin });
  return presentOne(db, identity, await load(db, id), isAdmin === true);
}

/** The option that names a connection's server, per type: connections sharing its value (and the type) reach the same server. */
const SERVER_OPTION: Record<DataConnectionType, string | null> = {
  postgres: 'host',
  redshift: 'host',
  presto: 'host',
  databricks: 'host',
  snowflake: 'account',
  'big-query': 'projectId',
  athena: 'region',
  motherduck: 'database',
  kinetica: 'url',
  s3: 'bucket',
  'google-cloud-storage': 'bucket',
  planet: null,
};

/** GET /v1/data-connections/{id}/connections: the other readable connections of the organization to the same server. */
export async function listSameServer(db: Db, identity: Identity, id: string, isAdmin?: boolean): Promise<DataConnectionList> {
  const access = await checkAccess(db, identity, 'data-connection', id, 'read', { isAdmin });
  const row = await load(db, id);
  const option = SERVER_OPTION[row.type];
  const adminMode = assertAdminMode(identity, isAdmin);
  const rows = await repo.listConnections(db, identity, {
    adminMode,
    organizationId: access.organizationId,
    sameServer: { type: row.type, option, value: option ? row.options[option] : null, exceptId: id },
  });
  return list(db, identity, rows, adminMode);
}

/** GET /v1/data-connections/{id}/datasets: readable datasets whose dataConnection is this one. */
export async function listDatasets(db: Db, identity: Identity, id: string, isAdmin?: boolean): Promise<DatasetList> {
  await checkAccess(db, identity, 'data-connection', id, 'read', { isAdmin });
  const ids = await repo.linkedDatasetIds(db, identity, id, assertAdminMode(identity, isAdmin));
  const items = (await Promise.all(ids.map((datasetId) => findDataset(db, datasetId)))).filter((dataset) => dataset !== null);
  return { items: await withCallerActions(db, identity, 'dataset', items, isAdmin === true), total: items.length };
}

export async function createConnection(db: Db, identity: Identity, body: CreateDataConnectionRequest): Promise<DataConnection> {
  assertCanCreate(identity, 'data connections');
  const { options, password } = readOptions(body.type, body.options);
  await assertStorageEnabled(db, identity, body.type);
  const id = randomUUID();
  const secretCiphertext = password === undefined ? null : encryptSecret(requireSecretsKey(), password, secretBinding(id, options));
  await assertQuota(db, identity, 'dataConnections');
  const row = await repo.insertConnection(db, {
    id,
    organizationId: identity.organizationId,
    ownerId: identity.userId,
    visibility: body.visibility ?? 'private',
    name: body.name,
    type: body.type,
    options,
    secretCiphertext,
  });
  return presentOne(db, identity, row);
}

export async function updateConnection(db: Db, identity: Identity, id: string, body: UpdateDataConnectionRequest, isAdmin?: boolean): Promise<DataConnection> {
  await checkAccess(db, identity, 'data-connection', id, 'write', { isAdmin });
  return db.transaction(async (tx) => {
    const stored = await load(tx, id);
    const changes: repo.ConnectionChanges = { name: body.name, visibility: body.visibility };
    if (body.options !== undefined) {
      const { options, password } = readOptions(stored.type, body.options);
      changes.options = options;
      // A new password replaces the stored one. Without one, the stored password stays only while the options do:
      // whoever may edit must not be able to send the owner's password to another host, port, database or user.
      if (password !== undefined) changes.secretCiphertext = encryptSecret(requireSecretsKey(), password, secretBinding(id, options));
      else if (secretBinding(id, options) !== secretBinding(id, stored.options)) changes.secretCiphertext = null;
    }
    return presentOne(tx, identity, await repo.updateConnection(tx, id, changes), isAdmin === true);
  });
}

export async function deleteConnection(db: Db, identity: Identity, id: string, isAdmin?: boolean): Promise<void> {
  await checkAccess(db, identity, 'data-connection', id, 'delete', { isAdmin });
  await db.transaction(async (tx) => {
    await forgetResource(tx, 'data-connection', id);
    await repo.deleteConnection(tx, id);
  });
}

function targetOf(connector: Connector, options: Options, password: () => string | null, allowedHosts: readonly string[]): ConnectionTarget {
  const envVar = options.passwordEnvVar;
  // A URL in the variable without a port means the type's default port.
  const defaultPort = (connector.optionsSchema as { properties?: { port?: { default?: number } } }).properties?.port?.default;
  return {
    type: connector.type,
    options,
    password: typeof envVar === 'string' ? () => environmentPassword(envVar, options, defaultPort) : password,
    allowedHosts,
  };
}

/** A stored connection the caller may read, ready to open, with its connector and version (for result caching). */
export interface OpenConnection {
  id: string;
  connector: Connector;
  target: ConnectionTarget;
  /** Changes whenever the connection is edited. */
  version: string;
}

/**
 * `allowedHosts`: ATLAS_ALLOWED_CONNECTION_HOSTS, the internal hosts the connection may reach (see connectors/network.ts).
 * `action`: read to query or browse; write to create tables in the warehouse with the connection's credentials.
 */
export async function openConnection(db: Queryable, identity: Identity, id: string, allowedHosts: readonly string[], action: 'read' | 'write' = 'read'): Promise<OpenConnection> {
  await checkAccess(db, identity, 'data-connection', id, action);
  return opened(db, id, allowedHosts);
}

/** A connection whose access was checked: its connector and target, the secret decrypted only when dialled. */
async function opened(db: Queryable, id: string, allowedHosts: readonly string[]): Promise<OpenConnection> {
  const row = (await repo.findConnection(db, id))!;
  const connector = connectorFor(row.type);
  const ciphertext = row.secret_ciphertext;
  const password = () => (ciphertext === null ? null : storedPassword(ciphertext, secretBinding(id, row.options)));
  return { id, connector, target: targetOf(connector, row.options, password, allowedHosts), version: iso(row.updated_at) };
}

/** A SQL dataset's query and its connection, opened to run it. */
export interface SqlDatasetSource {
  open: OpenConnection;
  query: string;
}

/**
 * A SQL dataset (type sql, with a connection and its SQL as metadata.source) opened on its connection; null for other
 * datasets. The check is the caller's read access on the dataset: its connection was checked as its reference when
 * the dataset was made, so a dataset shared without its connection still runs (only its own query, never other SQL).
 */
export async function openSqlDataset(db: Queryable, identity: Identity, datasetId: string, allowedHosts: readonly string[]): Promise<SqlDatasetSource | null> {
  const dataset = await findDataset(db, datasetId);
  const query = dataset?.metadata.source;
  if (dataset?.type !== 'sql' || !dataset.dataConnection || typeof query !== 'string' || query.trim() === '') return null;
  await checkAccess(db, identity, 'dataset', datasetId, 'read');
  // A storage connection's connector refuses queries itself ("Not a database connection").
  return { open: await opened(db, dataset.dataConnection.id, allowedHosts), query };
}

/** POST /v1/test-connection: unsaved options, or a saved connection the caller may read (as stored: nothing overrides it). */
export async function testConnection(db: Db, identity: Identity, body: TestConnectionRequest, allowedHosts: readonly string[]): Promise<TestConnectionResult> {
  let connector: Connector;
  let target: ConnectionTarget;
  if ('connectionId' in body) {
    ({ connector, target } = await openConnection(db, identity, body.connectionId, allowedHosts));
  } else {
    const { options, password } = readOptions(body.type, body.options);
    connector = connectorFor(body.type);
    target = targetOf(connector, options, () => password ?? null, allowedHosts);
  }
  const { serverVersion } = await connector.testConnection(target);
  return serverVersion === undefined ? { ok: true } : { ok: true, serverVersion };
}
