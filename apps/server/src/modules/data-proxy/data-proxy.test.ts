// The data proxy's forwarding (service.ts) against a fake Kinetica on loopback, with real stored connections, their
// encrypted secrets and the one access check. Through app.inject once app.ts registers dataProxyRoutes.
import { randomBytes, randomUUID } from 'node:crypto';
import type { DataProxyQuery, Seat } from '@atlas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeKinetica, type FakeKinetica } from '../../connectors/test-support/fake-kinetica.js';
import type { Identity } from '../../http/identity.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { forward } from './service.js';

const PASSWORD = 's3cret-kinetica-proxy';
const KEY_HEX = randomBytes(32).toString('hex');
const SETUP = `CREATE SCHEMA sales; CREATE SCHEMA scratch;
  CREATE TABLE sales.visits (id BIGINT, place VARCHAR);
  INSERT INTO sales.visits VALUES (1, 'north'), (2, 'south'), (3, 'east');`;
const ALLOWED = ['127.0.0.1'];
const [pglite] = testStores();

describe('data proxy to Kinetica', () => {
  const h = useHarness(pglite!, { allowedConnectionHosts: ALLOWED });
  const savedKey = process.env.ATLAS_SECRETS_KEY;
  let kinetica: FakeKinetica;
  let owner: Identity;
  let reader: Identity;
  let connectionId: string;
  let postgresId: string;

  const identity = async (email: string): Promise<Identity> => {
    const [row] = await h.db.query<{ id: string; organization_id: string; seat: Seat; is_admin: boolean }>(
      'SELECT id, organization_id, seat, is_admin FROM users WHERE email = $1',
      [email],
    );
    return { userId: row!.id, organizationId: row!.organization_id, seat: row!.seat, isAdmin: false, via: 'session', tokenHash: '' };
  };
  const create = async (type: string, options: object, password?: string) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/v1/data-connections',
      headers: await h.auth('analyst@example.com'),
      payload: { name: `Proxy ${randomUUID().slice(0, 6)}`, type, options: password ? { ...options, password } : options },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const send = (who: Identity, target: string, body: Record<string, unknown>, query: Partial<DataProxyQuery> = {}) =>
    forward(h.db, who, { type: 'kinetica', target, connectionId, ...query }, body, ALLOWED);
  const seen = (endpoint: string) => kinetica.requests().filter((request) => request.endpoint === endpoint);
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as { statusCode: number; message: string; details: string });

  beforeAll(async () => {
    process.env.ATLAS_SECRETS_KEY = KEY_HEX;
    kinetica = await fakeKinetica({ setup: SETUP, login: { user: 'loader', password: PASSWORD } });
    owner = await identity('analyst@example.com');
    reader = await identity('viewer@example.com');
    connectionId = await create('kinetica', { url: `http://127.0.0.1:${kinetica.port}/gpudb-0`, user: 'loader' }, PASSWORD);
    postgresId = await create('postgres', { host: '127.0.0.1', database: 'test', user: 'postgres' });
  });
  afterAll(async () => {
    await kinetica?.close();
    if (savedKey === undefined) delete process.env.ATLAS_SECRETS_KEY;
    else process.env.ATLAS_SECRETS_KEY = savedKey;
  });

  it('forwards /show/table with sizes and column info on and children off, unless the body sets them', async () => {
    const answer = await send(reader, '/show/table', { table_name: 'sales.visits' });
    expect(answer.status).toBe('OK');
    expect(answer.data.table_names).toEqual(['sales.visits']);
    expect(seen('/show/table').at(-1)!.body).toEqual({ table_name: 'sales.visits', options: { get_sizes: 'true', get_column_info: 'true', show_children: 'false' } });
    await send(reader, '/show/table', { table_name: 'sales', options: { show_children: 'true' } });
    expect(seen('/show/table').at(-1)!.body.options).toEqual({ get_sizes: 'true', get_column_info: 'true', show_children: 'true' });
  });

  it('forwards /execute/sql, /get/records and /clear/table on a paging table', async () => {
    const options = { paging_table: 'atlas_tmp_abc123', paging_table_ttl: '60' };
    const first = await send(reader, '/execute/sql', { statement: 'SELECT id FROM sales.visits ORDER BY id', offset: 0, limit: 2, encoding: 'json', options });
    expect(JSON.parse(String(first.data.json_encoded_response))).toMatchObject({ column_1: [1, 2], column_headers: ['id'] });
    expect(first.data).toMatchObject({ has_more_records: true, paging_table: 'atlas_tmp_abc123' });
    const next = await send(reader, '/get/records', { table_name: 'atlas_tmp_abc123', offset: 2, limit: 2, encoding: 'json', options: {} });
    expect(next.data.records_json).toEqual([JSON.stringify({ id: 3 })]);
    await send(owner, '/clear/table', { table_name: 'atlas_tmp_abc123', authorization: '', options: {} });
    expect(kinetica.pagingTables()).toEqual([]);
  });

  it('forwards /create/table and /drop/schema for a writer only', async () => {
    expect((await send(owner, '/create/table', { table_name: 'scratch.t', type_id: 'type-1', options: {} })).data).toEqual({ table_name: 'scratch.t', type_id: 'type-1' });
    const before = kinetica.requests().length;
    for (const target of ['/drop/schema', '/create/table', '/clear/table']) {
      expect(await refusal(send(reader, target, { schema_name: 'scratch', table_name: 'scratch.t' }))).toMatchObject({ statusCode: 403 });
    }
    expect(kinetica.requests().length).toBe(before);
    expect((await send(owner, '/drop/schema', { schema_name: 'scratch', options: {} })).data).toEqual({ schema_name: 'scratch' });
  });

  it('refuses other types, other targets and statements that are not one query, before forwarding', async () => {
    const before = kinetica.requests().length;
    expect(await refusal(send(owner, '/show/table', {}, { type: 'postgres' }))).toMatchObject({ statusCode: 400, message: 'Only kinetica is a proxy connection' });
    expect(await refusal(send(owner, '/show/table', {}, { connectionId: postgresId }))).toMatchObject({ statusCode: 400, message: 'Only kinetica is a proxy connection' });
    expect(await refusal(send(owner, '/alter/user', {}))).toMatchObject({ statusCode: 400, message: 'Unknown proxy target' });
    expect(await refusal(send(owner, '/execute/sql', { statement: 'DROP TABLE sales.visits' }))).toMatchObject({ statusCode: 422 });
    expect(await refusal(send(reader, '/execute/sql', { statement: 'SELECT 1; DELETE FROM sales.visits' }))).toMatchObject({ statusCode: 422 });
    expect(kinetica.requests().length).toBe(before);
  });

  it('answers through POST /v1/data-proxy with identity, in the error shape when refused', async () => {
    const url = (type: string, target: string, id = connectionId) => `/v1/data-proxy?type=${type}&target=${encodeURIComponent(target)}&connectionId=${id}`;
    const post = async (email: string | null, address: string, payload: object) =>
      h.app.inject({ method: 'POST', url: address, headers: email ? await h.auth(email) : {}, payload });
    const shown = await post('viewer@example.com', url('kinetica', '/show/table'), { table_name: 'sales.visits' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ status: 'OK', data: { table_names: ['sales.visits'] } });
    expect(shown.body).not.toContain(PASSWORD);
    expect((await post(null, url('kinetica', '/show/table'), {})).statusCode).toBe(401);
    const postgres = await post('analyst@example.com', url('postgres', '/show/table'), {});
    expect([postgres.statusCode, postgres.json()]).toEqual([400, { message: 'Only kinetica is a proxy connection', details: 'type: postgres', appStatusCode: 'BAD_REQUEST' }]);
    expect((await post('viewer@example.com', url('kinetica', '/drop/schema'), { schema_name: 'sales' })).statusCode).toBe(403);
  });

  it("answers Kinetica's ERROR status as a 422 whose message is Kinetica's, never holding the secret", async () => {
    const error = await refusal(send(reader, '/show/table', { table_name: 'sales.missing' }));
    expect(error).toMatchObject({ statusCode: 422, message: "Table 'sales.missing' does not exist" });
    const echoed = await refusal(send(reader, '/execute/sql', { statement: `SELECT * FROM "${PASSWORD}"` }));
    expect(echoed).toMatchObject({ statusCode: 422 });
    expect(JSON.stringify({ message: echoed!.message, details: echoed!.details })).not.toContain(PASSWORD);
    expect(echoed!.message).toContain('***');
  });
});
