// Every view's SQL on the embedded DuckDB and on a real PostgreSQL holding the same panel: the same rows.
import { ANALYTIC_SETS } from '@atlas/analytics';
import type { AnalyticSetId } from '@atlas/domain';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConnector } from '../../connectors/postgres.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectClose, seedTestPanel, testPanelRelations } from './test-support/panel.js';
import { overlapRows } from './views/cross-visitation.js';
import { VIEWS, type PanelRelations } from './views/index.js';
import { warehouseRunner } from './warehouse.js';
import { copyPanelToPostgres } from './warehouse-copy.js';

const url = process.env.TEST_DATABASE_URL;

/** Values beyond each set's defaults, so that quarters, DMAs and categories are compared too. */
const VARIANTS: Partial<Record<AnalyticSetId, Record<string, unknown>[]>> = {
  'change-in-visits': [{ geographies: ['US', '501', '803'], taxonomies: ['coffee-shops', 'copperkettle-coffee'], analysisPeriod: { granularity: 'quarterly', focus: '2025-Q2', benchmark: '2024-Q2' } }],
  'cross-visitation': [{ geography: '501', analysisPeriod: { granularity: 'quarterly', start: '2024-Q3', end: '2025-Q1' } }],
  'indexed-foot-traffic': [{ analysisPeriod: { granularity: 'monthly', start: '2023-01', end: '2023-06' }, geography: '501', geographies: ['US', '501'] }],
  'customer-journey': [{ primary: 'coffee-shops', geography: '501', analysisPeriod: { granularity: 'quarterly', start: '2024-Q1', end: '2024-Q4' } }],
  'movement-pivot': [{ pivotTable: { rows: ['age', 'category'], columns: ['geography'] }, geography: ['US', '501'], taxonomies: ['coffee-shops', 'grocery-stores'], income: ['Over 100k'] }],
};

describe.skipIf(!url)('view SQL on DuckDB and PostgreSQL', () => {
  const h = useHarness(testStores()[0]!);
  const schema = `atlas_panel_${randomUUID().replaceAll('-', '')}`;
  let embedded: PanelRelations;
  let warehouse: PanelRelations;

  beforeAll(async () => {
    await seedTestPanel(h);
    const panel = await testPanelRelations(h);
    embedded = panel.relations;
    warehouse = await copyPanelToPostgres(h.engine, panel.datasets, url!, schema);
  }, 180_000);

  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  const { hostname: host, port, pathname, username } = new URL(url ?? 'postgres://x@localhost/x');
  const target = {
    type: 'postgres',
    options: { host, port: Number(port || 5432), database: pathname.slice(1), user: decodeURIComponent(username), ssl: false },
    password: () => null,
    allowedHosts: [host],
  };

  for (const [setId, views] of Object.entries(VIEWS) as [AnalyticSetId, Record<string, NonNullable<(typeof VIEWS)[AnalyticSetId]>[string]>][]) {
    const definition = ANALYTIC_SETS[setId];
    const defaults = Object.fromEntries(definition.queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));
    for (const [viewId, { run }] of Object.entries(views))
      for (const [k, variant] of [{}, ...(VARIANTS[setId] ?? [])].entries())
        it(`${setId} / ${viewId} #${k}`, async () => {
          const values = { ...defaults, ...variant };
          const expected = await run(h.engine, embedded, values, variant);
          const actual = await run(warehouseRunner(postgresConnector, target, 60_000), warehouse, values, variant);
          expectSameRows(actual, expected);
        });
  }

  it('cross-visitation through chainVisitors (chains beyond the ranked columns) gives the rows of crossVisitors', async () => {
    const definition = ANALYTIC_SETS['cross-visitation'];
    const values = Object.fromEntries(definition.queryParameters.map((parameter) => [parameter.id, parameter.defaultValue]));
    const chains = values.chains as string[];
    const expected = await overlapRows(h.engine, embedded, values, chains, chains);
    const actual = await overlapRows(warehouseRunner(postgresConnector, target, 60_000), warehouse, values, chains, chains, 'chainVisitors');
    expectSameRows(actual, expected);
  });
});

function expectSameRows(actual: Record<string, unknown>[], expected: Record<string, unknown>[]) {
  expect(actual.length, 'row count').toBe(expected.length);
  expect(expected.length, 'the comparison has rows').toBeGreaterThan(0);
  expected.forEach((row, r) => {
    expect(Object.keys(actual[r]!)).toEqual(Object.keys(row));
    for (const [field, value] of Object.entries(row))
      if (typeof value === 'number') expectClose(actual[r]![field], value, `row ${r} ${field}`);
      else expect(actual[r]![field], `row ${r} ${field}`).toEqual(value);
  });
}
