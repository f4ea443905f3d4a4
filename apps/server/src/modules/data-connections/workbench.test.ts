// POST /v1/datasets/{id}/workbench against the local PostgreSQL as the organization's warehouse (a throw-away schema):
// the rows and their types arrive, the table is created in one transaction, an existing table is never touched, and
// only a caller who may copy the dataset and write the connection can do it.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { onLocalPostgres } from '../../test-support/local-postgres.js';
import { testStores } from '../../test-support/stores.js';
import { datasetWith } from '../query/test-support/helpers.js';

const URL = process.env.TEST_DATABASE_URL;
const schema = `wb_${randomBytes(5).toString('hex')}`;

const columnTypes = (table: string) =>
  onLocalPostgres(async (client) =>
    (await client.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [schema, table],
    )).rows.map((row) => [row.column_name, row.data_type]),
  );
const tableExists = (table: string) =>
  onLocalPostgres(async (client) => (await client.query('SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [schema, table])).rowCount === 1);

const CSV = [
  'name,qty,price,ok,day,at',
  'Bakery "North",5,1.5,true,2024-01-01,2024-01-01 10:00:00',
  "O'Hara,3,2.25,false,2024-01-02,2024-01-02 11:30:00",
  ',,,,,',
].join('\n');

describe.skipIf(!URL)('POST /v1/datasets/{id}/workbench', () => {
  beforeAll(() => onLocalPostgres((client) => client.query(`CREATE SCHEMA ${schema}`)));
  afterAll(() => onLocalPostgres((client) => client.query(`DROP SCHEMA ${schema} CASCADE`)));

  describe.each(testStores())('on $name', (store) => {
    const h = useHarness(store, { allowedConnectionHosts: ['127.0.0.1'] });
    let analyst: { authorization: string };
    let datasetId: string;
    let connectionId: string;
    let member: TestUser;
    let outsider: TestUser;

    const call = (headers: { authorization: string }, id: string, payload: object) =>
      h.app.inject({ method: 'POST', url: `/v1/datasets/${id}/workbench`, headers, payload });
    const grant = (resourceType: string, resourceId: string, to: TestUser, role: string) =>
      h.app.inject({ method: 'POST', url: '/v1/permissions', headers: analyst, payload: { resourceType, resourceId, granteeType: 'user', granteeId: to.id, role } });
    const connection = async (type: string, options: object) => {
      const response = await h.app.inject({ method: 'POST', url: '/v1/data-connections', headers: analyst, payload: { name: `Warehouse ${randomUUID().slice(0, 6)}`, type, options } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };

    beforeAll(async () => {
      analyst = await h.auth('analyst@example.com');
      datasetId = await datasetWith(h, analyst, 'Shops', CSV);
      connectionId = await connection('postgres', { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' });
      member = await addUser(h.db, { email: `member-${store.name}@workbench.test`, organization: 'Demo' });
      outsider = await addUser(h.db, { email: `outsider-${store.name}@workbench.test`, organization: 'Workbench Other' });
    });

    it("writes every row with its type into a new table, and answers the table's columns", async () => {
      const table = `shops_${store.name}`;
      const response = await call(analyst, datasetId, { connectionId, tableName: `${schema}.${table}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        connectionId,
        tableName: `${schema}.${table}`,
        rowCount: 3,
        columns: [
          { name: 'name', dbType: 'text' },
          { name: 'qty', dbType: 'bigint' },
          { name: 'price', dbType: 'double precision' },
          { name: 'ok', dbType: 'boolean' },
          { name: 'day', dbType: 'date' },
          { name: 'at', dbType: 'timestamptz' },
        ],
      });
      const rows = await onLocalPostgres(
        async (client) =>
          (await client.query(`SELECT name, qty::text, price, ok, day::text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at FROM ${schema}.${table} ORDER BY qty NULLS LAST`)).rows,
      );
      expect(rows).toEqual([
        { name: "O'Hara", qty: '3', price: 2.25, ok: false, day: '2024-01-02', at: '2024-01-02 11:30:00' },
        { name: 'Bakery "North"', qty: '5', price: 1.5, ok: true, day: '2024-01-01', at: '2024-01-01 10:00:00' },
        { name: null, qty: null, price: null, ok: null, day: null, at: null },
      ]);
    });

    it('names the columns column_1, column_2, … without the header, and keeps a table name as written', async () => {
      const response = await call(analyst, datasetId, { connectionId, tableName: `${schema}.NoHeader_${store.name}`, includeHeader: false });
      expect(response.statusCode, response.body).toBe(200);
      expect((await columnTypes(`NoHeader_${store.name}`)).map(([name]) => name)).toEqual(['column_1', 'column_2', 'column_3', 'column_4', 'column_5', 'column_6']);
    });

    it('never replaces or appends to a table that exists (409), and leaves it as it was', async () => {
      const table = `taken_${store.name}`;
      await onLocalPostgres((client) => client.query(`CREATE TABLE ${schema}.${table} (kept int); INSERT INTO ${schema}.${table} VALUES (42)`));
      const response = await call(analyst, datasetId, { connectionId, tableName: `${schema}.${table}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: 'The table already exists' });
      expect(await onLocalPostgres(async (client) => (await client.query(`SELECT kept FROM ${schema}.${table}`)).rows)).toEqual([{ kept: 42 }]);
    });

    it("answers the warehouse's refusal as a 422 and creates nothing", async () => {
      const response = await call(analyst, datasetId, { connectionId, tableName: `no_such_schema_${randomBytes(3).toString('hex')}.t` });
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toMatch(/schema .* does not exist/);
    });

    it('leaves no table when a later INSERT fails: the rows sent before it are rolled back with the table', async () => {
      // 1,500 rows go in two INSERTs; PostgreSQL refuses the NUL character of row 1,200 in the second.
      const lines = Array.from({ length: 1500 }, (_, index) => `${index},${index === 1199 ? 'bad\u0000value' : `shop ${index}`}`);
      const failing = await datasetWith(h, analyst, 'Failing', ['id,name', ...lines].join('\n'));
      const table = `partial_${store.name}`;
      const response = await call(analyst, failing, { connectionId, tableName: `${schema}.${table}` });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().details).toMatch(/0x00/);
      expect(await tableExists(table)).toBe(false);
    });

    it('refuses bad table names before anything runs', async () => {
      for (const tableName of ['a.b.c', 'drop table x', '1abc', `${schema}."x"`, '']) {
        const response = await call(analyst, datasetId, { connectionId, tableName });
        expect(response.statusCode, tableName).toBe(400);
      }
    });

    it("needs write access to the connection: an organization's member reads it, an editor writes", async () => {
      const memberAuth = await h.auth(member.email);
      const readOnly = await call(memberAuth, datasetId, { connectionId, tableName: `${schema}.member_${store.name}` });
      expect(readOnly.statusCode).toBe(403);
      expect(readOnly.json().message).toBe('You do not have write permission on this data connection');
      expect(await tableExists(`member_${store.name}`)).toBe(false);
      expect((await grant('data-connection', connectionId, member, 'editor')).statusCode).toBe(201);
      expect((await call(memberAuth, datasetId, { connectionId, tableName: `${schema}.member_${store.name}` })).statusCode).toBe(200);
      expect(await tableExists(`member_${store.name}`)).toBe(true);
    });

    it("needs copy access to the dataset, and another organization's connection stays invisible", async () => {
      const outsiderAuth = await h.auth(outsider.email);
      const limited = await datasetWith(h, analyst, 'Limited', CSV);
      expect((await grant('dataset', limited, outsider, 'limited-viewer')).statusCode).toBe(201);
      expect((await call(outsiderAuth, limited, { connectionId, tableName: `${schema}.o1` })).statusCode).toBe(403);
      const own = await h.app.inject({
        method: 'POST',
        url: '/v1/data-connections',
        headers: outsiderAuth,
        payload: { name: 'Outsider warehouse', type: 'postgres', options: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' } },
      });
      const noCopy = await call(outsiderAuth, limited, { connectionId: own.json().id, tableName: `${schema}.o2` });
      expect(noCopy.statusCode).toBe(403);
      expect(noCopy.json().message).toBe('You do not have copy permission on this dataset');
      expect(await tableExists('o2')).toBe(false);
      expect((await grant('dataset', limited, outsider, 'viewer')).statusCode).toBe(201);
      const unseen = await call(outsiderAuth, limited, { connectionId, tableName: `${schema}.o3` });
      expect(unseen.statusCode).toBe(404);
    });

    it('answers 501 for connection types that cannot receive tables, before connecting', async () => {
      const presto = await connection('presto', { host: '127.0.0.1', port: 1, catalog: 'c', user: 'u' });
      const response = await call(analyst, datasetId, { connectionId: presto, tableName: `${schema}.p` });
      expect(response.statusCode).toBe(501);
      expect(response.json().message).toBe('Writing tables is not available for presto connections');
    });
  });
});
