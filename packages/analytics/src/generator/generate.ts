// generatePanel: builds the small tables in JS (seeded PRNG), hands them to DuckDB, and lets
// DuckDB stream the visits (hash-based randomness over the visit index) sorted into Parquet;
// nothing of the visits is held in JS.
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { buildCalendar, parseDate } from './calendar.js';
import { destinations, tiers } from './lookups.js';
import { buildPanel, deviceCount } from './panel.js';
import { PLACE_SLOTS, buildFootprint } from './places.js';
import { buildPopulation } from './population.js';
import { Rng, sqlStreamOffset } from './prng.js';
import { CHAINS, DMAS } from './reference/index.js';
import { DEFAULT_END, DEFAULT_START } from './schema.js';
import { loadModel } from './tables.js';
import type { GenerateOptions, GeneratePhase, PanelFiles } from './types.js';
import { REP_CHAIN_BITS } from './device-layout.js';
import { blockSize, visitsCopy } from './visits-sql.js';

/** Parquet settings for every table: v2 pages (delta encodings shrink sorted ids and timestamps). */
const PARQUET = "FORMAT parquet, COMPRESSION snappy, PARQUET_VERSION v2, ROW_GROUP_SIZE 1048576";
const DEFAULT_MEMORY_LIMIT = '2GB';
const sqlPath = (file: string): string => `'${file.replaceAll("'", "''")}'`;

const validate = (options: GenerateOptions): void => {
  // The packed device columns hold chain indexes in 6 bits and market indexes in 7 bits.
  if (CHAINS.length > 2 ** REP_CHAIN_BITS || DMAS.length > 128) throw new Error('Too many chains or markets for the packed device columns');
  if (!Number.isSafeInteger(options.visits) || options.visits < 1) throw new Error(`visits must be a positive integer, got ${options.visits}`);
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new Error(`seed must be a non-negative integer, got ${options.seed}`);
};

/** Runs one statement while reporting DuckDB's progress. */
const runWithProgress = async (connection: DuckDBConnection, sql: string, report: (fraction: number) => void): Promise<void> => {
  const timer = setInterval(() => {
    const { percentage } = connection.progress;
    if (percentage >= 0) report(percentage / 100);
  }, 1000);
  try {
    await connection.run(sql);
  } finally {
    clearInterval(timer);
  }
};

export const generatePanel = async (options: GenerateOptions): Promise<PanelFiles> => {
  validate(options);
  const began = Date.now();
  const progress = (phase: GeneratePhase, message: string, fraction?: number) =>
    options.onProgress?.({ phase, message, elapsedMs: Date.now() - began, ...(fraction === undefined ? {} : { fraction }) });
  const start = options.start ?? DEFAULT_START;
  const end = options.end ?? DEFAULT_END;
  const outDir = path.resolve(options.outDir);
  const days = buildCalendar(start, end);

  progress('reference', `${DMAS.length} markets, ${CHAINS.length} chains, ${days.length} days`);
  const footprint = buildFootprint(CHAINS, DMAS, new Rng(options.seed, 'places'));
  const population = buildPopulation(DMAS);
  const devices = deviceCount(options.visits);
  progress('panel', `${devices} devices, ${footprint.places.length} places`);
  const panel = buildPanel(devices, DMAS, population, CHAINS, footprint.present, destinations(DMAS), new Rng(options.seed, 'panel'));
  const offsetRng = new Rng(options.seed, 'visits');
  const offsets = Array.from({ length: 5 }, () => sqlStreamOffset(offsetRng));

  await mkdir(outDir, { recursive: true });
  const spill = path.join(outDir, `.generate-tmp-${process.pid}`);
  await mkdir(spill, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads ?? os.availableParallelism()),
    // The sort spills beyond this; at 100 M visits 2 GB is as fast as unlimited (which peaks near 9 GB).
    memory_limit: options.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
    temp_directory: spill,
    // Only built-in parquet; nothing is downloaded or loaded.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    // Ordered output is what makes the files byte-identical.
    preserve_insertion_order: 'true',
  });
  const connection = await instance.connect();
  // Progress tracking (connection-level settings) feeds onProgress; nothing is printed.
  await connection.run('SET enable_progress_bar = true; SET enable_progress_bar_print = false');
  const files = {
    places: path.join(outDir, 'places.parquet'),
    panel: path.join(outDir, 'panel.parquet'),
    visits: path.join(outDir, 'visits.parquet'),
    population: path.join(outDir, 'population.parquet'),
  };
  const copy = async (sql: string, file: string) => {
    const partial = `${file}.partial`;
    await connection.run(`COPY (${sql}) TO ${sqlPath(partial)} (${PARQUET})`);
    await rename(partial, file);
  };
  try {
    progress('lookups', 'loading lookup tables');
    await loadModel(connection, { footprint, panel, population, days });

    progress('places', 'writing places.parquet');
    await copy('SELECT * FROM places_src ORDER BY place_id', files.places);

    progress('population', 'writing population.parquet and panel.parquet');
    await copy(
      `SELECT m.dma_id, c.age, c.gender, c.income, p.population::BIGINT AS population
       FROM census p JOIN markets m ON m.idx = p.home JOIN cells c ON c.cell = p.cell
       ORDER BY p.home, p.cell`,
      files.population,
    );
    // weight = population of the device's cell ÷ panel devices in that cell (exact double division).
    await copy(
      `WITH counted AS (SELECT home, cell, count(*) AS devices FROM devices GROUP BY home, cell)
       SELECT d.device_id, m.dma_id AS home_dma_id, c.age, c.gender, c.income,
              p.population / n.devices::DOUBLE AS weight
       FROM devices d
       JOIN counted n ON n.home = d.home AND n.cell = d.cell
       JOIN census p ON p.home = d.home AND p.cell = d.cell
       JOIN markets m ON m.idx = d.home
       JOIN cells c ON c.cell = d.cell
       ORDER BY d.device_id`,
      files.panel,
    );

    progress('visits', `generating ${options.visits} visits`, 0);
    const block = blockSize(options.visits);
    // The unnest source has no useful cardinality estimate: keep the joins as written, lookup tables on the build side.
    await connection.run("SET disabled_optimizers = 'join_order,build_side_probe_side'");
    await connection.run(`CREATE TABLE blocks AS SELECT range AS b FROM range(${Math.ceil(options.visits / block)})`);
    const first = new Date(parseDate(start));
    const input = {
      visits: options.visits,
      offsets,
      tiers: tiers(devices),
      days: days.length,
      startMicros: first.getTime() * 1000,
      startDow: (first.getUTCDay() + 6) % 7,
      markets: DMAS.length,
      placeSlots: PLACE_SLOTS,
      block,
    };
    const partial = `${files.visits}.partial`;
    await runWithProgress(connection, visitsCopy(input, partial, PARQUET), (fraction) =>
      progress('visits', `visits ${(fraction * 100).toFixed(0)} %`, fraction),
    );
    await rename(partial, files.visits);
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(spill, { recursive: true, force: true });
  }
  const elapsedMs = Date.now() - began;
  progress('done', `done in ${(elapsedMs / 1000).toFixed(1)} s`);
  return {
    ...files,
    counts: { places: footprint.places.length, devices, visits: options.visits, populationCells: population.length },
    elapsedMs,
  };
};
