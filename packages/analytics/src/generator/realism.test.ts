// The realism the analytic sets must be able to show, checked with plain SQL over a ~300k-visit panel.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, generatePanel } from '../index.js';

let dir: string;
let db: DuckDBInstance;
let sql: DuckDBConnection;

const rows = async (text: string) => (await sql.runAndReadAll(text)).getRowObjectsJson();
/** Rows as a map from the first column to the second. */
const byKey = async (text: string): Promise<Map<string, number>> =>
  new Map((await sql.runAndReadAll(text)).getRowsJson().map((r) => [String(r[0]), Number(r[1])]));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'panel-realism-'));
  const files = await generatePanel({ visits: 300_000, seed: Number(process.env.REALISM_SEED ?? 2024), outDir: dir });
  db = await DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' });
  sql = await db.connect();
  await sql.run(`
    CREATE VIEW places AS SELECT * FROM '${files.places}';
    CREATE VIEW panel AS SELECT * FROM '${files.panel}';
    CREATE VIEW population AS SELECT * FROM '${files.population}';
    CREATE TABLE v AS SELECT v.*, p.chain_id, p.category_id, p.dma_id, d.weight, d.age, d.home_dma_id
      FROM '${files.visits}' v JOIN places p USING (place_id) JOIN panel d USING (device_id)`);
});

afterAll(async () => {
  sql?.closeSync();
  db?.closeSync();
  await rm(dir, { recursive: true, force: true });
});

describe('foot-traffic realism', () => {
  it('has growing and declining chains (2025 vs 2023 mean monthly normalized visits)', async () => {
    const ratio = await byKey(`
      WITH monthly AS (
        SELECT chain_id, date_trunc('month', started_at) AS month, sum(weight) * 30 / any_value(day(last_day(started_at))) AS normalized
        FROM v GROUP BY ALL)
      SELECT chain_id, avg(normalized) FILTER (year(month) = 2025) / avg(normalized) FILTER (year(month) = 2023)
      FROM monthly GROUP BY chain_id`);
    expect(ratio.get('copperkettle-coffee')).toBeGreaterThan(1.3); // +25 %/year
    expect(ratio.get('brightwell-department-store')).toBeLessThan(0.85); // −18 %/year
    expect(ratio.get('patty-planet')).toBeLessThan(0.85); // −15 %/year
  });

  it('orders median dwell coffee < grocery < gym (minutes, tens of minutes, about an hour)', async () => {
    const dwell = await byKey('SELECT category_id, median(dwell_minutes) FROM v GROUP BY 1');
    const coffee = dwell.get('coffee-shops')!;
    const grocery = dwell.get('grocery-stores')!;
    const gym = dwell.get('gyms-and-fitness')!;
    expect(coffee).toBeLessThan(grocery);
    expect(grocery).toBeLessThan(gym);
    expect(coffee).toBeLessThan(15);
    expect(grocery).toBeGreaterThan(15);
    expect(gym).toBeGreaterThan(45);
    expect(gym).toBeLessThan(75);
  });

  it('has weekly patterns: weekends up for home improvement and cinemas, down for coffee', async () => {
    // Visits per weekend day ÷ visits per weekday (DuckDB dayofweek: 0 = Sunday, 6 = Saturday).
    const weekend = await byKey(`
      SELECT category_id, (count(*) FILTER (dayofweek(started_at) IN (0, 6)) / 2) / (count(*) FILTER (dayofweek(started_at) NOT IN (0, 6)) / 5)
      FROM v GROUP BY 1`);
    expect(weekend.get('home-improvement')!).toBeGreaterThan(1.2);
    expect(weekend.get('cinemas')!).toBeGreaterThan(1.2);
    expect(weekend.get('coffee-shops')!).toBeLessThan(0.9);
    expect(weekend.get('home-improvement')!).toBeGreaterThan(weekend.get('coffee-shops')! * 1.4);
  });

  it('has yearly seasonality: gyms peak in January, department stores in December', async () => {
    const share = async (category: string) =>
      byKey(`SELECT month(started_at), count(*) / sum(count(*)) OVER () FROM v WHERE category_id = '${category}' GROUP BY 1`);
    const gyms = await share('gyms-and-fitness');
    const stores = await share('department-stores');
    expect(gyms.get('1')!).toBeGreaterThan(gyms.get('7')! * 1.2);
    expect(stores.get('12')!).toBeGreaterThan(stores.get('2')! * 1.6);
  });

  it('has daypart profiles: mornings peak for coffee, evenings for cinemas', async () => {
    const morning = await byKey('SELECT category_id, avg((hour(started_at) BETWEEN 5 AND 11)::INTEGER) FROM v GROUP BY 1');
    const evening = await byKey('SELECT category_id, avg((hour(started_at) >= 17 OR hour(started_at) < 5)::INTEGER) FROM v GROUP BY 1');
    const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1])[0]![0];
    expect(top(morning)).toBe('coffee-shops');
    expect(top(evening)).toBe('cinemas');
    expect(morning.size).toBe(CATEGORIES.length);
  });

  it('has demographic skews: gym visitors younger than pharmacy visitors (weighted)', async () => {
    const meanAge = await byKey(`
      SELECT category_id, sum(weight * list_position(['18-24', '25-34', '35-44', '45-54', '55-64', 'Over 65'], age)) / sum(weight)
      FROM v GROUP BY 1`);
    expect(meanAge.get('gyms-and-fitness')! + 0.8).toBeLessThan(meanAge.get('pharmacies')!);
  });

  it('has chain footprints that differ by market', async () => {
    const markets = await byKey('SELECT chain_id, count(DISTINCT dma_id) FROM places GROUP BY 1');
    const counts = [...markets.values()];
    expect(Math.min(...counts)).toBeLessThan(30);
    expect(Math.max(...counts)).toBeGreaterThan(45);
    const [{ sets }] = (await rows('SELECT count(DISTINCT chains)::INTEGER AS sets FROM (SELECT dma_id, list(DISTINCT chain_id ORDER BY chain_id) AS chains FROM places GROUP BY 1)')) as [{ sets: number }];
    expect(sets).toBeGreaterThan(50); // nearly every market has its own mix of chains
  });

  it('keeps most visits in the home market, with some travel', async () => {
    const [{ home }] = (await rows('SELECT avg((dma_id = home_dma_id)::INTEGER) AS home FROM v')) as [{ home: number }];
    expect(home).toBeGreaterThan(0.8);
    expect(home).toBeLessThan(0.95);
  });

  it('has cross-shopping affinities: Copperkettle visitors go to IronPulse more than to other gyms', async () => {
    const overlap = await byKey(`
      WITH visitors AS (SELECT DISTINCT device_id, chain_id, weight FROM v),
           base AS (SELECT * FROM visitors WHERE chain_id = 'copperkettle-coffee')
      SELECT o.chain_id, sum(b.weight) / (SELECT sum(weight) FROM base)
      FROM base b JOIN visitors o USING (device_id)
      WHERE o.chain_id IN ('ironpulse-fitness', 'summit-stride-athletic-club', 'kinetic-loft', 'flexfoundry-24-7')
      GROUP BY 1`);
    const others = ['summit-stride-athletic-club', 'kinetic-loft', 'flexfoundry-24-7'].map((c) => overlap.get(c) ?? 0);
    expect(overlap.get('ironpulse-fitness')!).toBeGreaterThan(1.5 * Math.max(...others));
  });

  it('concentrates a device on few chains and gives many visits a same-day neighbour', async () => {
    const [stats] = (await rows(`
      SELECT (SELECT median(n) FROM (SELECT count(DISTINCT chain_id) AS n FROM v GROUP BY device_id)) AS chains,
             (SELECT max(n)::INTEGER FROM (SELECT count(DISTINCT chain_id) AS n FROM v GROUP BY device_id)) AS most,
             (SELECT avg((n > 1)::INTEGER) FROM (SELECT count(*) OVER (PARTITION BY device_id, started_at::DATE) AS n FROM v)) AS same_day`)) as [
      { chains: number; most: number; same_day: number },
    ];
    expect(stats.most).toBeLessThanOrEqual(8); // the repertoire
    expect(stats.chains).toBeGreaterThanOrEqual(3);
    expect(stats.same_day).toBeGreaterThan(0.2);
  });
});
