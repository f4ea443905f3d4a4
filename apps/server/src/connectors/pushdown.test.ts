// Pushed-down pipelines: one pipeline over a databaseQuery (filter, group with count/sum/max/mean, sort, limit with
// offset) compiled in each connector's own dialect and run through its real driver: PostgreSQL and Redshift on the
// local PostgreSQL, MotherDuck on a local DuckDB file, the other warehouses against their fakes (which run the SQL on
// DuckDB, backtick names read as the vendor reads them: test-support/backtick-names.ts).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compile, databaseQuery, expr as e, filter, group, limit, sort } from '@atlas/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onLocalPostgres } from '../test-support/local-postgres.js';
import { athenaConnector } from './athena.js';
import { bigqueryConnector } from './bigquery.js';
import { databricksConnector } from './databricks.js';
import { kineticaConnector } from './kinetica.js';
import { motherduckConnector } from './motherduck.js';
import { postgresConnector } from './postgres.js';
import { redshiftConnector } from './redshift.js';
import { snowflakeConnector } from './snowflake.js';
import { fakeAthena } from './test-support/fake-athena.js';
import { fakeBigQuery } from './test-support/fake-bigquery.js';
import { fakeDatabricks } from './test-support/fake-databricks.js';
import { fakeKinetica } from './test-support/fake-kinetica.js';
import { fakeSnowflake } from './test-support/fake-snowflake.js';
import { fakeTrino } from './test-support/fake-trino.js';
import { createDuckDBFile, localDuckDB } from './test-support/local-duckdb.js';
import { trinoConnector } from './trino.js';
import type { ConnectionTarget, RunOptions, WarehouseConnector } from './types.js';

const URL = process.env.TEST_DATABASE_URL;
const run: RunOptions = { timeoutMs: 10_000 };
const SCHEMA = `pushdown_${process.pid}`;
const rowsSql = (schema: string) => `CREATE SCHEMA ${schema};
  CREATE TABLE ${schema}.visits (id BIGINT, place VARCHAR(20), amount BIGINT);
  INSERT INTO ${schema}.visits VALUES (1, 'north', 10), (2, 'south', 20), (3, 'north', 30), (4, 'east', 5), (5, 'east', 7), (6, 'west', 1);`;
const SETUP = rowsSql('sales');

/** Groups of amount > 2 by place, largest total first, the first skipped: south (1, 20) and east (2, 12). */
const pipeline = (schema: string) =>
  limit(
    sort(
      group(filter(databaseQuery('c1', `SELECT id, place, amount FROM ${schema}.visits WHERE id > $1`, [0]), e.gt(e.col('amount'), e.lit(2))), {
        by: [e.as(e.col('place'), 'place')],
        expressions: [e.as(e.count(), 'visits'), e.as(e.sum(e.col('amount')), 'total'), e.as(e.max(e.col('amount')), 'biggest'), e.as(e.mean(e.col('amount')), 'mean')],
      }),
      [e.desc(e.col('total'))],
    ),
    2,
    1,
  );
const EXPECTED = [
  ['south', 1, 20, 20, 20],
  ['east', 2, 12, 7, 6],
];

/** Compiles the pipeline in the connector's dialect (describing the query on the connection) and runs it there. */
async function pushDown(connector: WarehouseConnector, target: ConnectionTarget, schema = 'sales') {
  const compiled = await compile(pipeline(schema), {
    dialect: connector.dialect,
    resolveDataset: () => {
      throw new Error('no datasets on a connection');
    },
    describeDatabaseQuery: (request) => connector.describeQuery(target, request.query, request.params, run),
  });
  const rows: unknown[][] = [];
  for await (const batch of connector.runQuery(target, compiled.sql, compiled.params, run)) {
    // Sums of integers come back as each warehouse types them (numeric, HUGEINT as text, bigint): compared as numbers.
    rows.push(...batch.rows.map(([place, ...numbers]) => [place, ...numbers.map(Number)]));
  }
  return { sql: compiled.sql, rows };
}

const loopback = ['127.0.0.1'];

describe.skipIf(!URL)('pushed down to PostgreSQL and Redshift (the local PostgreSQL)', () => {
  beforeAll(() => onLocalPostgres((client) => client.query(rowsSql(SCHEMA))));
  afterAll(() => onLocalPostgres((client) => client.query(`DROP SCHEMA ${SCHEMA} CASCADE`)));

  it('postgres: runs the whole pipeline as one statement on the server', async () => {
    const target: ConnectionTarget = { type: 'postgres', options: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', ssl: false }, password: () => null, allowedHosts: loopback };
    const { sql, rows } = await pushDown(postgresConnector, target, SCHEMA);
    expect(sql).toContain('CAST($2 AS BIGINT)');
    expect(sql).toMatch(/ LIMIT \$3 OFFSET \$4$/);
    expect(rows).toEqual(EXPECTED);
  });

  it('redshift: the same pipeline in the redshift dialect, over the same wire protocol', async () => {
    const target: ConnectionTarget = { type: 'redshift', options: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', ssl: false }, password: () => 'unused', allowedHosts: loopback };
    expect(redshiftConnector.dialect).toBe('redshift');
    expect((await pushDown(redshiftConnector, target, SCHEMA)).rows).toEqual(EXPECTED);
  });
});

describe('pushed down to MotherDuck (a local DuckDB file)', () => {
  let folder: string;
  let connector: WarehouseConnector;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'atlas-pushdown-'));
    const file = path.join(folder, 'analytics.duckdb');
    await createDuckDBFile(file, SETUP);
    connector = motherduckConnector(localDuckDB(file, 'md-token'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('compiles for duckdb and inlines the query', async () => {
    const target: ConnectionTarget = { type: 'motherduck', options: { database: 'analytics' }, password: () => 'md-token', allowedHosts: [] };
    expect(connector.dialect).toBe('duckdb');
    expect((await pushDown(connector, target)).rows).toEqual(EXPECTED);
  });
});

describe('pushed down to the fakes of Trino, Athena, Snowflake, BigQuery, Databricks and Kinetica', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('trino: OFFSET before LIMIT', async () => {
    const trino = await fakeTrino({ catalog: 'lake', setup: SETUP, login: { user: 'analyst', password: 'pw' } });
    closers.push(() => trino.close());
    const target: ConnectionTarget = { type: 'presto', options: { host: '127.0.0.1', port: trino.port, catalog: 'lake', schema: 'sales', user: 'analyst', ssl: false }, password: () => 'pw', allowedHosts: loopback };
    const { sql, rows } = await pushDown(trinoConnector, target);
    expect(sql).toMatch(/ OFFSET \$4 LIMIT \$3$/);
    expect(rows).toEqual(EXPECTED);
  });

  it('athena: the trino dialect', async () => {
    const key = { accessKeyId: 'AKIAFAKEATHENA000001', secretAccessKey: 'athena-secret' };
    const athena = await fakeAthena({ setup: SETUP, key });
    closers.push(() => athena.close());
    const connector = athenaConnector(() => athena.endpoint);
    const target: ConnectionTarget = { type: 'athena', options: { region: 'eu-west-1', outputLocation: 's3://results/atlas/', accessKeyId: key.accessKeyId }, password: () => key.secretAccessKey, allowedHosts: loopback };
    expect(connector.dialect).toBe('trino');
    expect((await pushDown(connector, target)).rows).toEqual(EXPECTED);
  });

  it('snowflake', async () => {
    const snowflake = await fakeSnowflake({ account: 'atlas-test', user: 'READER', password: 'pw', setup: SETUP });
    closers.push(() => snowflake.close());
    const target: ConnectionTarget = { type: 'snowflake', options: { account: 'atlas-test', database: 'ANALYTICS', warehouse: 'WH', user: 'READER' }, password: () => 'pw', allowedHosts: loopback };
    const { sql, rows } = await pushDown(snowflakeConnector(() => snowflake.url), target);
    expect(sql).toContain('"total"');
    expect(rows).toEqual(EXPECTED);
  });

  it('bigquery: backtick names and INT64 casts', async () => {
    const email = 'reader@atlas-test.iam.gserviceaccount.com';
    const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bigquery = await fakeBigQuery({ project: 'atlas-test', setup: SETUP, account: { email, publicKey: account.publicKey } });
    closers.push(() => bigquery.close());
    const key = JSON.stringify({
      type: 'service_account',
      project_id: 'atlas-test',
      private_key_id: 'key-1',
      private_key: account.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: email,
      token_uri: 'https://token.example.invalid/token',
    });
    const target: ConnectionTarget = { type: 'big-query', options: { projectId: 'atlas-test' }, password: () => key, allowedHosts: loopback };
    const { sql, rows } = await pushDown(bigqueryConnector({ api: bigquery.api, token: bigquery.token }), target);
    expect(sql).toContain('t.`amount` > CAST($2 AS INT64)');
    expect(sql).not.toContain('"');
    expect(rows).toEqual(EXPECTED);
  });

  it('databricks: backtick names', async () => {
    const databricks = await fakeDatabricks({ catalog: 'lake', setup: SETUP, token: 'dapi-token' });
    closers.push(() => databricks.close());
    const target: ConnectionTarget = {
      type: 'databricks',
      options: { host: 'dbc-fake.cloud.databricks.com', httpPath: databricks.url.pathname, catalog: 'lake', schema: 'sales' },
      password: () => 'dapi-token',
      allowedHosts: loopback,
    };
    const { sql, rows } = await pushDown(databricksConnector(() => databricks.url), target);
    expect(sql).toContain('ORDER BY t.`total` DESC NULLS LAST');
    expect(rows).toEqual(EXPECTED);
  });

  it('kinetica', async () => {
    const kinetica = await fakeKinetica({ setup: SETUP, login: { user: 'analyst', password: 'pw' } });
    closers.push(() => kinetica.close());
    const connector = kineticaConnector(() => `http://127.0.0.1:${kinetica.port}/gpudb-0`);
    const target: ConnectionTarget = { type: 'kinetica', options: { url: 'https://kinetica.example.com/gpudb-0', user: 'analyst' }, password: () => 'pw', allowedHosts: loopback };
    expect((await pushDown(connector, target)).rows).toEqual(EXPECTED);
  });
});
