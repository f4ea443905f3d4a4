import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, fakePostgres, type FakePostgres } from '../../connectors/test-support/fake-postgres.js';
import { addUser, MEMBER_ACTIONS, OWNER_ACTIONS, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { decryptSecret, secretBinding } from './secrets.js';
import { findOrganizationIdByName, setFeatureFlags } from '../organizations/repo.js';

const WAREHOUSE_URL = process.env.TEST_DATABASE_URL;
const KEY_HEX = randomBytes(32).toString('hex');
/** The local test server (trust authentication) as a user's warehouse. */
const warehouse = (extra: object = {}) => ({ host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', ...extra });
/** The one answer for every connection that does not get through (connectors/network.ts). */
const UNREACHABLE = {
  message: 'Could not connect to the database',
  details: 'The server did not answer or refused the connection, or its address is not allowed (ATLAS_ALLOWED_CONNECTION_HOSTS)',
  appStatusCode: 'INVALID_INPUT',
};

describe.each(testStores())('data connections on $name', (store) => {
  // The local test servers are internal addresses: the administrator's allow-list lets connections reach them.
  const h = useHarness(store, { allowedConnectionHosts: ['127.0.0.1'] });
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
      actions: OWNER_ACTIONS,
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
    // A viewer seat is told it may only read (and take the rows its organization's rank allows out).
    expect(orgList.items.find((c: { id: string }) => c.id === created.id).actions).toEqual(['read', 'download']);
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
    expect(decryptSecret(Buffer.from(KEY_HEX, 'hex'), row.secret_ciphertext!, secretBinding(created.id, row.options as Record<string, unknown>))).toBe(password);
    for (const url of [`/v1/data-connections/${created.id}`, '/v1/data-connections', '/v1/data-connections/for-organization']) {
      const body = (await call('analyst@example.com', 'GET', url)).body;
      expect(body).not.toContain(password);
      expect(body).not.toContain(row.secret_ciphertext!);
    }
    // Editing without a password keeps it while the options stay; passwordEnvVar drops it; a new one replaces it.
    await call('analyst@example.com', 'PUT', `/v1/data-connections/${created.id}`, { name: 'Renamed', options: warehouse() });
    expect((await secretRow(created.id)).secret_ciphertext).toBe(row.secret_ciphertext);
    const replaced = await call('analyst@example.com', 'PUT', `/v1/data-connections/${created.id}`, { options: warehouse({ port: 5433, password: 'other' }) });
    expect(replaced.json().hasPassword).toBe(true);
    const binding = secretBinding(created.id, warehouse({ port: 5433, ssl: false }));
    expect(decryptSecret(Buffer.from(KEY_HEX, 'hex'), (await secretRow(created.id)).secret_ciphertext!, binding)).toBe('other');
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
        details: 'Or name a server variable holding the connection URL with options.passwordEnvVar',
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
    expect((await call('analyst@example.com', 'GET', `/v1/data-connections/${a.id}/connections`)).json()).toEqual({ items: [{ ...b, actions: MEMBER_ACTIONS }], total: 1 });

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

  it('runs kinetica through its connector, tests planet through its catalogue and answers "Not a database connection" for storage', async () => {
    // Every warehouse type has a driver now: kinetica's connector dials its URL (here a closed local port).
    const kinetica = await create('analyst@example.com', { type: 'kinetica', options: { url: 'http://127.0.0.1:1', user: 'U' } });
    // Storage connections need the organization's storage-connectors-enabled (storage.test.ts refuses them without).
    await setFeatureFlags(h.db, (await findOrganizationIdByName(h.db, 'Demo'))!, { 'storage-connectors-enabled': true });
    const s3 = await create('analyst@example.com', { type: 's3', options: { bucket: 'b', region: 'eu-west-1' } });
    const test = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: kinetica.id });
    expect([test.statusCode, test.json()]).toEqual([422, UNREACHABLE]);
    // Planet's test lists its item types (connectors/storage/planet.test.ts); without its API key it is refused before any call.
    const planet = await create('analyst@example.com', { type: 'planet', options: {} });
    const planetTest = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: planet.id });
    expect([planetTest.statusCode, planetTest.json()]).toEqual([
      422,
      { message: 'Could not connect to the storage', details: 'A Planet connection needs its API key', appStatusCode: 'INVALID_INPUT' },
    ]);
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

  describe('passwords go only where they were entered for', () => {
    let fake: FakePostgres;
    let other: FakePostgres;
    let editor: TestUser;
    beforeAll(async () => {
      [fake, other] = await Promise.all([fakePostgres(), fakePostgres()]);
      editor = await addUser(h.db, { email: `editor-${store.name}@connections.test`, organization: 'Demo' });
    });
    afterAll(async () => {
      await Promise.all([fake.close(), other.close()]);
      for (const name of ['ATLAS_CONNECTION_FAKE', 'ATLAS_CONNECTION_PLAIN']) delete process.env[name];
    });
    const fakeOptions = (extra: object = {}) => ({ host: '127.0.0.1', port: fake.port, database: 'sales', user: 'owner', ...extra });
    const test = (email: string, payload: object) => call(email, 'POST', '/v1/test-connection', payload);

    it('gives a passwordEnvVar secret only to the destination in its URL, and never tells whether a variable exists', async () => {
      process.env.ATLAS_CONNECTION_FAKE = `postgres://owner:env-secret-1@127.0.0.1:${fake.port}/sales`;
      process.env.ATLAS_CONNECTION_PLAIN = 'env-secret-2';
      const sent = await test('analyst@example.com', { type: 'postgres', options: fakeOptions({ passwordEnvVar: 'ATLAS_CONNECTION_FAKE' }) });
      expect(sent.statusCode).toBe(422); // the fake hangs up once it has the password
      expect(fake.received()).toContain('env-secret-1');

      // Another host, port, database or user; a variable without a URL; no variable at all: one answer, nothing sent.
      const answer = async (options: object, name: string) => {
        const response = await test('analyst@example.com', { type: 'postgres', options: { ...options, passwordEnvVar: name } });
        return [response.statusCode, response.body.replaceAll(name, 'NAME')];
      };
      const missing = await answer(fakeOptions({ port: other.port }), `ATLAS_CONNECTION_MISSING_${randomUUID().slice(0, 8).toUpperCase()}`);
      expect(missing[0]).toBe(422);
      expect(JSON.parse(missing[1] as string)).toMatchObject({ message: 'The connection password is not set on the server' });
      for (const options of [fakeOptions({ port: other.port }), fakeOptions({ host: 'localhost' }), fakeOptions({ user: 'postgres' }), fakeOptions({ database: 'other' })]) {
        expect(await answer(options, 'ATLAS_CONNECTION_FAKE'), JSON.stringify(options)).toEqual(missing);
      }
      expect(await answer(fakeOptions({ port: other.port }), 'ATLAS_CONNECTION_PLAIN')).toEqual(missing);
      expect(other.connections()).toBe(0);
      expect(fake.received()).not.toContain('env-secret-2');

      // Names outside ATLAS_CONNECTION_ are refused whether or not the server has them.
      expect(process.env.HOME ?? process.env.PATH).toBeDefined();
      const outside = await answer(fakeOptions(), 'NO_SUCH_VARIABLE_ATLAS');
      expect(outside[0]).toBe(400);
      for (const name of ['HOME', 'PATH', 'DATABASE_URL', 'ATLAS_SECRETS_KEY']) expect(await answer(fakeOptions(), name), name).toEqual(outside);
    });

    it("drops the stored password when an editor changes where the connection goes, so the owner's password never reaches the new host", async () => {
      const secret = `owner-secret-${randomUUID()}`;
      const connection = await create('analyst@example.com', { options: fakeOptions({ password: secret }) });
      const grant = await call('analyst@example.com', 'POST', '/v1/permissions', {
        resourceType: 'data-connection',
        resourceId: connection.id,
        granteeType: 'user',
        granteeId: editor.id,
        role: 'editor',
      });
      expect(grant.statusCode, grant.body).toBe(201);
      const put = (email: string, payload: object) => call(email, 'PUT', `/v1/data-connections/${connection.id}`, payload);
      // Renaming, or saving the same options, keeps it.
      expect((await put(editor.email, { name: 'Renamed' })).json().hasPassword).toBe(true);
      expect((await put(editor.email, { options: fakeOptions({ ssl: false }) })).json().hasPassword).toBe(true);

      for (const change of [{ port: other.port }, { host: 'localhost' }, { user: 'postgres' }, { database: 'other' }]) {
        expect((await put('analyst@example.com', { options: fakeOptions({ password: secret }) })).json().hasPassword).toBe(true);
        const moved = await put(editor.email, { options: fakeOptions(change) });
        expect(moved.json(), JSON.stringify(change)).toMatchObject({ hasPassword: false, options: fakeOptions({ ...change, ssl: false }) });
        expect((await secretRow(connection.id)).secret_ciphertext).toBeNull();
      }
      await put(editor.email, { options: fakeOptions({ port: other.port }) });
      const tested = await test(editor.email, { connectionId: connection.id });
      expect(tested.json()).toEqual(UNREACHABLE);
      expect(other.connections()).toBeGreaterThan(0);
      expect(other.received()).not.toContain(secret);
    });

    it('binds the ciphertext to the options, so a password cannot follow options changed behind the service', async () => {
      const secret = `bound-secret-${randomUUID()}`;
      const connection = await create('analyst@example.com', { options: fakeOptions({ password: secret }) });
      await h.db.query(`UPDATE data_connections SET options = options || jsonb_build_object('port', $2::int) WHERE id = $1`, [connection.id, other.port]);
      const before = other.connections();
      const tested = await test('analyst@example.com', { connectionId: connection.id });
      expect([tested.statusCode, tested.json().message]).toEqual([422, 'The connection password cannot be read']);
      expect(other.connections()).toBe(before);
      expect(other.received()).not.toContain(secret);
    });
  });

  it('answers alike for an open and a closed port of an allowed host', async () => {
    const fake = await fakePostgres();
    try {
      const open = await call('analyst@example.com', 'POST', '/v1/test-connection', { type: 'postgres', options: warehouse({ port: fake.port }) });
      const closed = await call('analyst@example.com', 'POST', '/v1/test-connection', { type: 'postgres', options: warehouse({ port: await closedPort() }) });
      expect(fake.connections()).toBe(1);
      expect([open.statusCode, open.json()]).toEqual([422, UNREACHABLE]);
      expect([closed.statusCode, closed.json()]).toEqual([422, UNREACHABLE]);
    } finally {
      await fake.close();
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
      expect(badPort.json()).toEqual(UNREACHABLE);
      expect(badPort.body).not.toContain('never-shown');
      const badDatabase = await call('analyst@example.com', 'POST', '/v1/test-connection', { type: 'postgres', options: warehouse({ database: 'no_such_db_atlas' }) });
      expect(badDatabase.json()).toEqual({ message: 'Could not connect to the database', details: 'database "no_such_db_atlas" does not exist', appStatusCode: 'INVALID_INPUT' });
    });

    it('reads the password from the connection URL in the environment variable named by passwordEnvVar', async () => {
      const connection = await create('analyst@example.com', { options: warehouse({ passwordEnvVar: 'ATLAS_CONNECTION_TEST_PG' }) });
      delete process.env.ATLAS_CONNECTION_TEST_PG;
      const missing = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: connection.id });
      expect([missing.statusCode, missing.json()]).toEqual([
        422,
        {
          message: 'The connection password is not set on the server',
          details: 'Set ATLAS_CONNECTION_TEST_PG on the server to a connection URL with this host, port, database and user',
          appStatusCode: 'INVALID_INPUT',
        },
      ]);
      // No port in the URL: the type's default (5432).
      process.env.ATLAS_CONNECTION_TEST_PG = 'postgres://postgres:from-the-environment@127.0.0.1/test';
      try {
        const ok = await call('analyst@example.com', 'POST', '/v1/test-connection', { connectionId: connection.id });
        expect(ok.json()).toMatchObject({ ok: true });
      } finally {
        delete process.env.ATLAS_CONNECTION_TEST_PG;
      }
    });
  });
});

describe('data connections into the server\'s own network', () => {
  // No ATLAS_ALLOWED_CONNECTION_HOSTS: the default.
  const h = useHarness(testStores()[0]!);
  let fake: FakePostgres;
  beforeAll(async () => {
    fake = await fakePostgres();
  });
  afterAll(() => fake.close());

  it('refuses loopback, private and link-local addresses with the one answer for unreachable servers, without connecting', async () => {
    const headers = await h.auth('analyst@example.com');
    const closed = await closedPort();
    const targets: Array<[string, number]> = [
      ['127.0.0.1', fake.port],
      ['127.0.0.1', closed],
      ['localhost', fake.port],
      ['::1', fake.port],
      ['[::1]', fake.port],
      ['::ffff:127.0.0.1', fake.port],
      ['0.0.0.0', fake.port],
      ['10.0.0.1', 5432],
      ['172.16.0.1', 5432],
      ['192.168.1.1', 5432],
      ['100.64.0.1', 5432],
      ['169.254.169.254', 80],
      ['fd00::1', 5432],
      ['fe80::1', 5432],
    ];
    for (const [host, port] of targets) {
      const options = { host, port, database: 'test', user: 'postgres', password: 'never-sent' };
      const response = await h.app.inject({ method: 'POST', url: '/v1/test-connection', headers, payload: { type: 'postgres', options } });
      expect([response.statusCode, response.json()], `${host}:${port}`).toEqual([422, UNREACHABLE]);
    }
    expect(fake.connections()).toBe(0);
  });
});
