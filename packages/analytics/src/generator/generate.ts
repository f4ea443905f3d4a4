// generatePanel: builds the small tables in JS (seeded PRNG), hands them to DuckDB, and lets
// DuckDB generate the visits (hash-based randomness over the visit index) in batches, then sort
// them into Parquet; nothing of the visits is held in JS. Progress: a ProgressReport per stage
// and batch (docs/analytics.md "Progress").
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
import { createProgress, type Progress } from '../progress/progress.js';
import { GENERATE_STAGES, type GenerateOptions, type GeneratePhase, type PanelFiles } from './types.js';
import { REP_CHAIN_BITS } from './device-layout.js';
import { VISITS_RAW, blockSize, visitsCopy, visitsInsert, type VisitsSqlInput } from './visits-sql.js';

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

/** Visits per batch at least (each batch rebuilds the joins' hash tables), and batches at most: a count every few seconds at 100 M. */
const MIN_BATCH_VISITS = 2_000_000;
const MAX_BATCHES = 20;

const visitBatches = (visits: number): number => Math.min(MAX_BATCHES, Math.ceil(visits / MIN_BATCH_VISITS));

/** Generates the visits batch by batch into visits_raw, reporting the rows written after each. */
const generateVisits = async (connection: DuckDBConnection, input: VisitsSqlInput, progress: Progress): Promise<void> => {
  const blocks = Math.ceil(input.visits / input.block);
  const perBatch = Math.ceil(blocks / visitBatches(input.visits));
  await connection.run(VISITS_RAW);
  progress.update('visits', 0, input.visits);
  // Row order in visits_raw does not matter (the file's order is total: place, time, index), so the inserts need not keep it.
  await connection.run('SET preserve_insertion_order = false');
  for (let first = 0; first < blocks; first += perBatch) {
    const last = Math.min(blocks, first + perBatch);
    await connection.run(`CREATE OR REPLACE TABLE blocks AS SELECT range AS b FROM range(${first}, ${last})`);
    await connection.run(visitsInsert(input));
    if (last < blocks) progress.update('visits', last * input.block, input.visits);
  }
  await connection.run('SET preserve_insertion_order = true');
  progress.finish('visits', input.visits);
};

/** Sorts visits_raw into the file. DuckDB's counters stand still while it sorts, so the stage's count is known at its end. */
const writeSortedVisits = async (connection: DuckDBConnection, file: string, visits: number, progress: Progress): Promise<void> => {
  progress.update('visits sorted', 0, visits);
  await connection.run(visitsCopy(file, PARQUET));
  progress.finish('visits sorted', visits);
};

export const generatePanel = async (options: GenerateOptions): Promise<PanelFiles> => {
  validate(options);
  const began = Date.now();
  const start = options.start ?? DEFAULT_START;
  const end = options.end ?? DEFAULT_END;
  const outDir = path.resolve(options.outDir);
  const days = buildCalendar(start, end);

  const footprint = buildFootprint(CHAINS, DMAS, new Rng(options.seed, 'places'));
  const population = buildPopulation(DMAS);
  const devices = deviceCount(options.visits);
  // Weights are rows written (the model: devices built); the sort reads every visit again, so it weighs as much.
  const planned: Record<GeneratePhase, number> = {
    model: devices,
    places: footprint.places.length,
    population: population.length,
    panel: devices,
    visits: options.visits,
    'visits sorted': options.visits,
  };
  const progress = createProgress(GENERATE_STAGES.map((name) => ({ name, weight: planned[name] })), (report) => options.onProgress?.(report));
  progress.update('model', 0, devices);
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
  const files = {
    places: path.join(outDir, 'places.parquet'),
    panel: path.join(outDir, 'panel.parquet'),
    visits: path.join(outDir, 'visits.parquet'),
    population: path.join(outDir, 'population.parquet'),
  };
  const copy = async (stage: GeneratePhase, sql: string, file: string) => {
    progress.update(stage, 0, planned[stage]);
    const partial = `${file}.partial`;
    await connection.run(`COPY (${sql}) TO ${sqlPath(partial)} (${PARQUET})`);
    await rename(partial, file);
    progress.finish(stage, planned[stage]);
  };
  try {
    await loadModel(connection, { footprint, panel, population, days });
    progress.finish('model', devices);

    await copy('places', 'SELECT * FROM places_src ORDER BY place_id', files.places);

    await copy(
      'population',
      `SELECT m.dma_id, c.age, c.gender, c.income, p.population::BIGINT AS population
       FROM census p JOIN markets m ON m.idx = p.home JOIN cells c ON c.cell = p.cell
       ORDER BY p.home, p.cell`,
      files.population,
    );
    // weight = population of the device's cell ÷ panel devices in that cell (exact double division).
    await copy(
      'panel',
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

    // Blocks sized for one batch, so that each batch's blocks span several row groups and every thread works (the rows do not depend on it).
    const block = blockSize(Math.ceil(options.visits / visitBatches(options.visits)));
    // The unnest source has no useful cardinality estimate: keep the joins as written, lookup tables on the build side.
    await connection.run("SET disabled_optimizers = 'join_order,build_side_probe_side'");
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
    await generateVisits(connection, input, progress);
    await writeSortedVisits(connection, partial, options.visits, progress);
    await rename(partial, files.visits);
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(spill, { recursive: true, force: true });
  }
  const elapsedMs = Date.now() - began;
  return {
    ...files,
    counts: { places: footprint.places.length, devices, visits: options.visits, populationCells: population.length },
    elapsedMs,
  };
};
