import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { decryptSecret } from './secrets.js';

const WAREHOUSE_URL = process.env.TEST_DATABASE_URL;
const KEY_HEX = randomBytes(32).toString('hex');
/** The local test server (trust authentication) as a user's warehouse. */
const warehouse = (extra: object = {}) => ({ host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', ...extra });

describe.each(testStores())('data connections on $name', (store) => {
  const h = useHarness(store);
  let outsider: TestUser;
  let tiny: TestUser;
  const savedKey = process.env.ATLAS_SECRETS_KEY;

  beforeAll(async () => {
    process.env.ATLAS_SECRETS_KEY = KEY_HEX;
    outsider = await addUser(h.db, { email: `outsider-${store.name}@connections.test`, organization: 'Connections Other' });
    tiny = await addUser(h.db, { email: `tiny-${store.name}@connections.test`, organization: 'Connections Tiny' });
    await h.db.query(
      `INSERT INTO quota_policies (id, name, limits) VALUES ('tiny-connections', 'Tiny', '{"maps":0,"datasets":0,"insights":0,"workbooks":0,"dataConnections":1,"storageMegabytes":0}')`,
    );
    await h.db.query("UPDATE users SET quota_policy_id = 'tiny-connections' WHERE id = $1", [tiny.id]);
  });
  afterAll(() => {
    if (savedKey === undefined) delete process.env.ATLAS_SECRETS_KEY;
    else process.env.ATLAS_SECRETS_KEY = savedKey;
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = async (email: string | null, method: Method, url: string, payload?: unknown) =>
    h.app.inject({ method, url, headers: email ? await h.auth(email) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (email: string, payload: object) => {
    const response = await call(email, 'POST', '/v1/data-connections', { name: `Conn ${randomUUID().slice(0, 6)}`, type: 'postgres', options: warehouse(), ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const secretRow = async (id: string) => (await h.db.query<{ secret_ciphertext: string | null; options: object }>('SELECT secret_ciphertext, options FROM data_connections WHERE id = $1', [id]))[0]!;

  it('creates, reads, lists, updates and deletes a connection with exact answers', async () => {
    const analyst = await userId(h.db, 'analyst@example.com');
    const created = await create('analyst@example.com', { name: 'Warehouse', options: warehouse({ port: 6543, ssl: true }) });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Warehouse',
      type: 'postgres',
      options: { host: '127.0.0.1', port: 6543, database: 'test', user: 'postgres', ssl: true },
      hasPassword: false,
      ownerId: analyst,
      organizationId: expect.any(String),
      visibility: 'private',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Defaults are applied on save.
    const defaults = await create('analyst@example.com', { options: { host: 'db.internal', database: 'sales', user: 'reader' } });
    expect(defaults.options).toEqual({ host: 'db.internal', port: 5432, database: 'sales', user: 'reader', ssl: false });
    const snowflake = await create('analyst@example.com', { type: 'snowflake', options: { account: 'acme', database: 'DB', user: 'U' } });

    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${created.id}`)).json()).toEqual(created);
    const owned = (await call('analyst@example.com', 'GET', '/v1/data-connections')).json();
    expect(owned.items.map((c: { id: string }) => c.id).sort()).toEqual([created.id, defaults.id, snowflake.id].sort());
    const onlySnowflake = (await call('analyst@example.com', 'GET', '/v1/data-connections?types=snowflake,big-query')).json();
    expect(onlySnowflake).toEqual({ items: [snowflake], total: 1 });
    expect((await call('analyst@example.com', 'GET', '/v1/data-connections?types=oracle')).json()).toMatchObject({ message: 'Unknown connection type', appStatusCode: 'BAD_REQUEST' });
    // The organization sees it (read), nobody else does.
    const orgList = (await call('viewer@example.com', 'GET', '/v1/data-connections/for-organization?types=postgres')).json();
    expect(orgList.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([created.id, defaults.id]));
    expect((await call('viewer@example.com', 'GET', '/v1/data-connections')).json()).toEqual({ items: [], total: 0 });
    expect((await call(outsider.email, 'GET', '/v1/data-connections/for-organization')).json()).toEqual({ items: [], total: 0 });

    const updated = await call('analyst@example.com', 'PUT', `/v1/data-connections/${created.id}`, { name: 'Renamed', visibility: 'public_read' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed', visibility: 'public_read', options: created.options });

    const before = await h.count('data_connections');
    expect((await call('analyst@example.com', 'DELETE', `/v1/data-connections/${created.id}`)).statusCode).toBe(204);
    expect(await h.count('data_connections')).toBe(before - 1);
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${created.id}`)).json()).toEqual({
      message: 'Data connection not found',
      details: `No data connection with id ${created.id}`,
      appStatusCode: 'NOT_FOUND',
    });
  });

  it('checks access: other organization 404, viewer seat and organization members 403 on writes, admin mode', async () => {
    const connection = await create('analyst@example.com', {});
    const count = await h.count('data_connections');
    const outsiderGet = await call(outsider.email, 'GET', `/v1/data-connections/${connection.id}`);
    expect(outsiderGet.statusCode).toBe(404);
    expect((await call(outsider.email, 'DELETE', `/v1/data-connections/${connection.id}`)).statusCode).toBe(404);
    expect((await call(outsider.email, 'POST', '/v1/test-connection', { connectionId: connection.id })).statusCode).toBe(404);
    expect((await call('viewer@example.com', 'GET', `/v1/data-connections/${connection.id}`)).statusCode).toBe(200);
    const viewerPut = await call('viewer@example.com', 'PUT', `/v1/data-connections/${connection.id}`, { name: 'Mine now' });
    expect(viewerPut.json()).toEqual({ message: 'You do not have write permission on this data connection', details: `data-connection ${connection.id}`, appStatusCode: 'FORBIDDEN' });
    expect(viewerPut.statusCode).toBe(403);
    expect((await call('viewer@example.com', 'DELETE', `/v1/data-connections/${connection.id}`)).statusCode).toBe(403);
    const viewerCreate = await call('viewer@example.com', 'POST', '/v1/data-connections', { name: 'V', type: 'postgres', options: warehouse() });
    expect(viewerCreate.statusCode).toBe(403);
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${connection.id}?isAdmin=true`)).statusCode).toBe(403);
    expect((await call('admin@example.com', 'PUT', `/v1/data-connections/${connection.id}`, { name: 'Nope' })).statusCode).toBe(403);
    const adminPut = await call('admin@example.com', 'PUT', `/v1/data-connections/${connection.id}?isAdmin=true`, { name: 'By admin' });
    expect(adminPut.json().name).toBe('By admin');
    const adminAll = (await call('admin@example.com', 'GET', '/v1/data-connections?isAdmin=true')).json();
    expect(adminAll.items.map((c: { id: string }) => c.id)).toContain(connection.id);
    expect((await call('analyst@example.com', 'GET', '/v1/data-connections/not-a-uuid')).statusCode).toBe(400);
    expect(await h.count('data_connections')).toBe(count);
    expect((await secretRow(connection.id)).options).toEqual(connection.options);
  });

  it('validates bodies and options, storing nothing on failure', async () => {
    const before = await h.count('data_connections');
    const cases: Array<[object, number, object]> = [
      [{ name: 'X', type: 'postgres', options: { host: 'h', database: 'd' } }, 400, { message: 'Invalid options for a postgres connection', appStatusCode: 'BAD_REQUEST' }],
      [{ name: 'X', type: 'postgres', options: warehouse({ color: 'red' }) }, 400, { message: 'Invalid options for a postgres connection' }],
      [{ name: 'X', type: 'postgres', options: warehouse({ port: '5432' }) }, 400, { message: 'Invalid options for a postgres connection' }],
      [{ name: 'X', type: 'postgres', options: warehouse({ passwordEnvVar: 'DATABASE_URL' }) }, 400, { message: 'Invalid options for a postgres connection' }],
      [
        { name: 'X', type: 'postgres', options: warehouse({ password: 'p', passwordEnvVar: 'ATLAS_CONNECTION_X' }) },
        400,
        { message: 'Invalid options for a postgres connection', details: 'Give either password or passwordEnvVar, not both' },
      ],
      [{ name: 'X', type: 'oracle', options: {} }, 400, { appStatusCode: 'VALIDATION_FAILED' }],
      [{ name: 'X', type: 'postgres', options: warehouse(), extra: 1 }, 400, { appStatusCode: 'VALIDATION_FAILED' }],
    ];
    for (const [payload, status, body] of cases) {
      const response = await call('analyst@example.com', 'POST', '/v1/data-connections', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject(body);
    }
    expect(await h.count('data_connections')).toBe(before);
  });

  it('stores passwords encrypted and never returns them', async () => {
    const password = `s3cret-${randomUUID()}`;
    const created = await create('analyst@example.com', { options: warehouse({ password }) });
    expect(created.hasPassword).toBe(true);
    expect(JSON.stringify(created)).not.toContain(password);
    const row = await secretRow(created.id);
    expect(row.options).toEqual(warehouse({ ssl: false }));
    expect(row.secret_ciphertext).not.toContain(password);
    expect(decryptSecret(Buffer.from(KEY_HEX, 'hex'), row.secret_ciphertext!, created.id)).toBe(password);
    for (const url of [`/v1/data-connections/${created.id}`, '/v1/data-connections', '/v1/data-connections/for-organization']) {
      const body = (await call('analyst@example.com', 'GET', url)).body;
      expect(body).not.toContain(password);
      expect(body).not.toContain(row.secret_ciphertext!);
    }
    // Editing without a password keeps it; passwordEnvVar drops it; a new one replaces it.
    await call('analyst@example.com', 'PUT', `/v1/data-connections/${created.id}`, { options: warehouse({ port: 5433 }) });
    expect((await secretRow(created.id)).secret_ciphertext).toBe(row.secret_ciphertext);
    const replaced = await call('analyst@example.com', 'PUT', `/v1/data-connections/${created.id}`, { options: warehouse({ password: 'other' }) });
    expect(replaced.json().hasPassword).toBe(true);
    expect(decryptSecret(Buffer.from(KEY_HEX, 'hex'), (await secretRow(created.id)).secret_ciphertext!, created.id)).toBe('other');
    const env = await call('analyst@example.com', 'PUT', `/v1/data-connections/${created.id}`, { options: warehouse({ passwordEnvVar: 'ATLAS_CONNECTION_PG' }) });
    expect(env.json()).toMatchObject({ hasPassword: false, options: { passwordEnvVar: 'ATLAS_CONNECTION_PG' } });
    expect((await secretRow(created.id)).secret_ciphertext).toBeNull();
  });

  it('refuses to store a password without ATLAS_SECRETS_KEY', async () => {
    const before = await h.count('data_connections');
    delete process.env.ATLAS_SECRETS_KEY;
    try {
      const response = await call('analyst@example.com', 'POST', '/v1/data-connections', { name: 'P', type: 'postgres', options: warehouse({ password: 'pw' }) });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Set ATLAS_SECRETS_KEY on the server to store connection passwords',
        details: 'Or name an environment variable holding the password with options.passwordEnvVar',
        appStatusCode: 'INVALID_INPUT',
      });
    } finally {
      process.env.ATLAS_SECRETS_KEY = KEY_HEX;
    }
    expect(await h.count('data_connections')).toBe(before);
  });

  it('lists linked datasets and connections to the same server', async () => {
    const a = await create('analyst@example.com', { options: warehouse({ host: 'shared.example' }) });
    const b = await create('admin@example.com', { options: warehouse({ host: 'shared.example', database: 'other' }) });
    await create('analyst@example.com', { options: warehouse({ host: 'elsewhere.example' }) });
    await create(outsider.email, { options: warehouse({ host: 'shared.example' }) });
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${a.id}/connections`)).json()).toEqual({ items: [b], total: 1 });

    const dataset = await call('analyst@example.com', 'POST', '/v1/datasets', { name: 'Linked', dataConnectionId: a.id });
    expect(dataset.statusCode).toBe(201);
    await call('analyst@example.com', 'POST', '/v1/datasets', { name: 'Unlinked' });
    const linked = (await call('analyst@example.com', 'GET', `/v1/data-connections/${a.id}/datasets`)).json();
    expect(linked.items.map((d: { id: string }) => d.id)).toEqual([dataset.json().id]);
    expect(linked.total).toBe(1);
    expect((await call(outsider.email, 'GET', `/v1/data-connections/${a.id}/datasets`)).statusCode).toBe(404);
    // Deleting the connection unlinks the dataset.
    await call('analyst@example.com', 'DELETE', `/v1/data-connections/${a.id}`);
    expect((await call('analyst@example.com', 'GET', `/v1/datasets/${dataset.json().id}`)).json().dataConnection).toBeNull();
  });

  it('counts connections against the quota (402)', async () => {
    await create(tiny.email, {});
    const before = await h.count('data_connections');
    const second = await call(tiny.email, 'POST', '/v1/data-connections', { name: 'Two', type: 'postgres', options: warehouse() });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual({ message: 'Quota exceeded for dataConnections', details: '1 of 1 used', appStatusCode: 'QUOTA_EXCEEDED' });
    expect(await h.count('data_connections')).toBe(before);
    expect((await call(tiny.email, 'GET', '/v1/users/me/quota')).json()).toMatchObject({ quotaUsage: { dataConnections: 1 } });
  });

  it('answers 501 for a warehouse without driver and "Not a database connection" for storage', async () => {
    const snowflake = await create('analyst@example.com', { type: 'snowflake', options: { account: 'acme', database: 'DB', user: 'U' } });
    const s3 = await create('analyst@example.com', { type: 's3', options: { bucket: 'b', region: 'eu-west-1' } });
    const unavailable = { message: 'The snowflake connector is not available on this server', details: 'No driver for snowflake connections is installed', appStatusCode: 'NOT_IMPLEMENTED' };
    const test = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: snowflake.id });
    expect([test.statusCode, test.json()]).toEqual([501, unavailable]);
    const run = await call('analyst@example.com', 'POST', '/v1/data-queries', { connectionId: snowflake.id, query: 'select 1' });
    expect([run.statusCode, run.json()]).toEqual([501, unavailable]);
    const schema = await call('analyst@example.com', 'GET', `/v1/data-queries/schema/${snowflake.id}`);
    expect(schema.statusCode).toBe(501);
    const notDatabase = { message: 'Not a database connection', details: 's3 connections hold files, not tables', appStatusCode: 'INVALID_INPUT' };
    for (const [method, url, payload] of [
      ['POST', '/v1/data-queries', { connectionId: s3.id, query: 'select 1' }],
      ['POST', '/v1/data-queries/json', { connectionId: s3.id, query: 'select 1' }],
      ['GET', `/v1/data-queries/schema/${s3.id}`, undefined],
      ['GET', `/v1/data-queries/schema/${s3.id}/public`, undefined],
      ['POST', '/query', { type: 'databaseQuery', props: { connectionId: s3.id, query: 'select 1' } }],
    ] as const) {
      const response = await call('analyst@example.com', method, url, payload);
      expect([response.statusCode, response.json()], url).toEqual([422, notDatabase]);
    }
  });

  describe.skipIf(!WAREHOUSE_URL)('against a real PostgreSQL', () => {
    it('tests unsaved options and saved connections; failures are 422 with the driver message', async () => {
      const ok = await call('analyst@example.com', 'POST', '/v1/test-connection', { type: 'postgres', options: warehouse() });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ ok: true, serverVersion: expect.stringMatching(/^\d+/) });
      const saved = await create('analyst@example.com', { options: warehouse({ password: 'never-shown-1' }) });
      expect((await call('viewer@example.com', 'POST', '/v1/test-connection', { connectionId: saved.id })).json()).toMatchObject({ ok: true });

      const badPort = await call('analyst@example.com', 'POST', '/v1/test-connection', { type: 'postgres', options: warehouse({ port: 1, password: 'never-shown-2' }) });
      expect(badPort.statusCode).toBe(422);
      expect(badPort.json()).toEqual({ message: 'Could not connect to the database', details: expect.stringContaining('ECONNREFUSED'), appStatusCode: 'INVALID_INPUT' });
      expect(badPort.body).not.toContain('never-shown');
      const badDatabase = await call('analyst@example.com', 'POST', '/v1/test-connection', { type: 'postgres', options: warehouse({ database: 'no_such_db_atlas' }) });
      expect(badDatabase.json()).toEqual({ message: 'Could not connect to the database', details: 'database "no_such_db_atlas" does not exist', appStatusCode: 'INVALID_INPUT' });
    });

    it('reads the password from the environment variable named by passwordEnvVar', async () => {
      const connection = await create('analyst@example.com', { options: warehouse({ passwordEnvVar: 'ATLAS_CONNECTION_TEST_PG' }) });
      delete process.env.ATLAS_CONNECTION_TEST_PG;
      const missing = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: connection.id });
      expect([missing.statusCode, missing.json()]).toEqual([
        422,
        { message: 'The connection password is not set on the server', details: 'Environment variable ATLAS_CONNECTION_TEST_PG is not set', appStatusCode: 'INVALID_INPUT' },
      ]);
      process.env.ATLAS_CONNECTION_TEST_PG = 'from-the-environment';
      try {
        const ok = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: connection.id });
        expect(ok.json()).toMatchObject({ ok: true });
      } finally {
        delete process.env.ATLAS_CONNECTION_TEST_PG;
      }
    });
  });
});
