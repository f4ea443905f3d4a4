// Determinism, schema and value domains of the generated files (small panels, a few seconds).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { AGE_ORDER, GENDERS, INCOME_ORDER } from '@atlas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DMAS, GENERATE_STAGES, PANEL_TABLES, generatePanel, type GenerateProgress, type PanelFiles, type PanelTable } from '../index.js';

const VISITS = 60_000;
const TABLES = Object.keys(PANEL_TABLES) as PanelTable[];

let dir: string;
let first: PanelFiles;
let db: DuckDBInstance;
let sql: DuckDBConnection;

const rows = async (text: string) => (await sql.runAndReadAll(text)).getRowObjectsJson();
const one = async (text: string) => (await rows(text))[0]!;
const sha256 = async (file: string) => createHash('sha256').update(await readFile(file)).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'panel-'));
  first = await generatePanel({ visits: VISITS, seed: 11, outDir: path.join(dir, 'a'), threads: 2 });
  db = await DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' });
  sql = await db.connect();
  for (const table of TABLES) await sql.run(`CREATE VIEW ${table} AS SELECT * FROM '${first[table]}'`);
});

afterAll(async () => {
  sql?.closeSync();
  db?.closeSync();
  await rm(dir, { recursive: true, force: true });
});

describe('generatePanel determinism', () => {
  it('writes byte-identical files for the same seed and size, whatever the thread count', async () => {
    const again = await generatePanel({ visits: VISITS, seed: 11, outDir: path.join(dir, 'b'), threads: 1 });
    for (const table of TABLES) expect(await sha256(again[table]), table).toBe(await sha256(first[table]));
  });

  it('sorts the visits a range of places at a time when asked to sort fewer at once, into the same file', async () => {
    const seen: GenerateProgress[] = [];
    const ranged = await generatePanel({ visits: VISITS, seed: 11, outDir: path.join(dir, 'ranges'), sortVisits: VISITS / 3, onProgress: (p) => seen.push(p) });
    // One row group at this size: equal bytes mean the same rows, ids and order.
    expect(await sha256(ranged.visits)).toBe(await sha256(first.visits));
    // Each range's sorted rows counted as written, then the copy of all of them into the one file.
    const sorted = seen.filter((p) => p.stage === 'visits sorted').map((p) => p.done);
    expect(sorted.length).toBeGreaterThanOrEqual(4);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ stage: 'visits sorted', done: 2 * VISITS, planned: 2 * VISITS, fraction: 1 });
  });

  it('writes different visits and panel for another seed (the census stays the same)', async () => {
    const other = await generatePanel({ visits: VISITS, seed: 12, outDir: path.join(dir, 'c') });
    expect(await sha256(other.visits)).not.toBe(await sha256(first.visits));
    expect(await sha256(other.panel)).not.toBe(await sha256(first.panel));
    expect(await sha256(other.population)).toBe(await sha256(first.population));
  });

  it('reports every stage in order with rows written of rows planned, ending at 100 %', async () => {
    const seen: GenerateProgress[] = [];
    const files = await generatePanel({ visits: VISITS, seed: 11, outDir: path.join(dir, 'd'), onProgress: (p) => seen.push(p) });
    expect([...new Set(seen.map((p) => p.stage))]).toEqual([...GENERATE_STAGES]);
    const fractions = seen.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ stage: 'visits sorted', fraction: 1, done: VISITS, planned: VISITS, etaMs: 0 });
    expect(seen.find((p) => p.stage === 'panel' && p.done > 0)).toMatchObject({ done: files.counts.devices, planned: files.counts.devices });
  });

  it('rejects bad options', async () => {
    await expect(generatePanel({ visits: 0, seed: 1, outDir: dir })).rejects.toThrow(/visits/);
    await expect(generatePanel({ visits: 10, seed: -1, outDir: dir })).rejects.toThrow(/seed/);
    await expect(generatePanel({ visits: 10, seed: 1, outDir: dir, start: '2024-13-01' })).rejects.toThrow(/Invalid date/);
  });
});

describe('generated schema and values', () => {
  it('has exactly the columns and types of the design page', async () => {
    for (const table of TABLES) {
      const described = await rows(`DESCRIBE ${table}`);
      expect(described.map((c) => [c.column_name, c.column_type]), table).toEqual(PANEL_TABLES[table]);
    }
  });

  it('counts: N visits with ids 1..N, devices = max(1000, N/40), every market × cell in the census', async () => {
    expect(await one('SELECT count(*)::INTEGER AS n, count(DISTINCT visit_id)::INTEGER AS ids, min(visit_id)::INTEGER AS lo, max(visit_id)::INTEGER AS hi FROM visits'))
      .toEqual({ n: VISITS, ids: VISITS, lo: 1, hi: VISITS });
    expect(await one('SELECT count(*)::INTEGER AS n, count(DISTINCT device_id)::INTEGER AS ids FROM panel')).toEqual({ n: 1500, ids: 1500 });
    expect(await one('SELECT count(*)::INTEGER AS n, min(population)::INTEGER > 0 AS positive FROM population'))
      .toEqual({ n: DMAS.length * 48, positive: true });
    expect(first.counts).toMatchObject({ visits: VISITS, devices: 1500, populationCells: DMAS.length * 48 });
  });

  it('uses the domain orders for age, gender and income', async () => {
    for (const table of ['panel', 'population']) {
      const domain = await one(`SELECT list(DISTINCT age ORDER BY age) AS ages, list(DISTINCT gender ORDER BY gender) AS genders, list(DISTINCT income ORDER BY income) AS incomes FROM ${table}`);
      expect((domain.ages as string[]).every((a) => (AGE_ORDER as readonly string[]).includes(a)), table).toBe(true);
      expect((domain.genders as string[]).every((g) => (GENDERS as readonly string[]).includes(g)), table).toBe(true);
      expect((domain.incomes as string[]).every((i) => (INCOME_ORDER as readonly string[]).includes(i)), table).toBe(true);
    }
    expect(await one('SELECT count(DISTINCT age)::INTEGER AS a, count(DISTINCT gender)::INTEGER AS g, count(DISTINCT income)::INTEGER AS i FROM population'))
      .toEqual({ a: AGE_ORDER.length, g: GENDERS.length, i: INCOME_ORDER.length });
  });

  it('links every visit to a known device and place, within the span, with a positive dwell', async () => {
    expect(await one(`
      SELECT count(*) FILTER (d.device_id IS NULL)::INTEGER AS orphan_devices,
             count(*) FILTER (p.place_id IS NULL)::INTEGER AS orphan_places,
             count(*) FILTER (v.started_at < TIMESTAMP '2023-01-01' OR v.started_at >= TIMESTAMP '2026-01-01')::INTEGER AS outside,
             count(*) FILTER (NOT v.dwell_minutes > 0)::INTEGER AS bad_dwell
      FROM visits v LEFT JOIN panel d USING (device_id) LEFT JOIN places p USING (place_id)`))
      .toEqual({ orphan_devices: 0, orphan_places: 0, outside: 0, bad_dwell: 0 });
  });

  it('orders visits by place and start time (visit_id follows that order)', async () => {
    expect(await one(`
      SELECT count(*) FILTER (prev_place > place_id OR (prev_place = place_id AND prev_start > started_at))::INTEGER AS out_of_order
      FROM (SELECT place_id, started_at, lag(place_id) OVER w AS prev_place, lag(started_at) OVER w AS prev_start
            FROM visits WINDOW w AS (ORDER BY visit_id))`)).toEqual({ out_of_order: 0 });
  });

  it('stores weight = population(cell) ÷ panel devices in the cell, exactly', async () => {
    expect(await one(`
      WITH cells AS (SELECT home_dma_id, age, gender, income, count(*) AS devices FROM panel GROUP BY ALL)
      SELECT count(*) FILTER (d.weight IS DISTINCT FROM p.population::DOUBLE / c.devices::DOUBLE)::INTEGER AS mismatches
      FROM panel d
      JOIN cells c USING (home_dma_id, age, gender, income)
      JOIN population p ON p.dma_id = d.home_dma_id AND p.age = d.age AND p.gender = d.gender AND p.income = d.income`))
      .toEqual({ mismatches: 0 });
  });

  it('places carry real market ids and names, fictional chains and the US country', async () => {
    const markets = new Map(DMAS.map((d) => [d.id, d.name]));
    const places = await rows('SELECT DISTINCT dma_id, dma_name, country FROM places');
    for (const p of places) {
      expect(markets.get(p.dma_id as string)).toBe(p.dma_name);
      expect(p.country).toBe('US');
    }
    expect(await one("SELECT count(DISTINCT chain_id)::INTEGER AS chains, count(DISTINCT category_id)::INTEGER AS categories FROM places"))
      .toEqual({ chains: 40, categories: 10 });
  });
});
