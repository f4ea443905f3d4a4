// generatePanel: builds the small tables in JS (seeded PRNG), hands them to DuckDB, and lets
// DuckDB generate the visits (hash-based randomness over the visit index) in batches, then sort
// them into Parquet, a range of places at a time; nothing of the visits is held in JS. Progress:
// a ProgressReport per stage, batch and range (docs/analytics.md "Progress").
import { existsSync } from 'node:fs';
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
import { blockSize, bucketSortCopy, sqlPath, visitsBatchCopy, type VisitsSqlInput } from './visits-sql.js';

/** Parquet settings for every table: v2 pages (delta encodings shrink sorted ids and timestamps). */
const PARQUET = "FORMAT parquet, COMPRESSION snappy, PARQUET_VERSION v2, ROW_GROUP_SIZE 1048576";
const DEFAULT_MEMORY_LIMIT = '2GB';

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

/**
 * Visits sorted at once at most: larger panels are sorted a range of places at a time, so that what the sort spills
 * stays the size of a range (a single sort of 1 B visits spilled more than 77 GB and filled the disk).
 */
const SORT_VISITS = 50_000_000;

/** Where the visits go between their generation and the sorted file: a folder of Parquet files per place range. */
interface VisitParts {
  dir: string;
  buckets: number;
  places: number;
}

/** Generates the visits batch by batch into their place ranges' folders, reporting the rows written after each. */
const generateVisits = async (connection: DuckDBConnection, input: VisitsSqlInput, parts: VisitParts, progress: Progress): Promise<void> => {
  const blocks = Math.ceil(input.visits / input.block);
  const perBatch = Math.ceil(blocks / visitBatches(input.visits));
  progress.update('visits', 0, input.visits);
  // The order written does not matter (each range is sorted by place, time and index), so the batches need not keep it.
  await connection.run('SET preserve_insertion_order = false');
  for (let first = 0, batch = 0; first < blocks; first += perBatch, batch++) {
    const last = Math.min(blocks, first + perBatch);
    await connection.run(`CREATE OR REPLACE TABLE blocks AS SELECT range AS b FROM range(${first}, ${last})`);
    await connection.run(visitsBatchCopy(input, parts.dir, batch, parts.buckets, parts.places));
    if (last < blocks) progress.update('visits', last * input.block, input.visits);
  }
  await connection.run('SET preserve_insertion_order = true');
  progress.finish('visits', input.visits);
};

/**
 * Sorts each place range into a file of its own, ids continuing from the range before, then copies the files in order
 * into `file` (one range: sorted into `file` directly). Rows written are counted: the ranges', then the copy's.
 */
const writeSortedVisits = async (connection: DuckDBConnection, parts: VisitParts, file: string, visits: number, progress: Progress): Promise<void> => {
  const planned = sortedRowsPlanned(visits, parts.buckets);
  progress.update('visits sorted', 0, planned);
  if (parts.buckets === 1) {
    await connection.run(bucketSortCopy(path.join(parts.dir, '*', '*.parquet'), 0, file, PARQUET));
    progress.finish('visits sorted', planned);
    return;
  }
  const sorted: string[] = [];
  let offset = 0;
  for (let bucket = 0; bucket < parts.buckets; bucket++) {
    const folder = path.join(parts.dir, `bucket=${bucket}`);
    // A range without a visit has no folder.
    if (!existsSync(folder)) continue;
    const target = path.join(parts.dir, `sorted-${bucket}.parquet`);
    const written = await connection.runAndReadAll(bucketSortCopy(path.join(folder, '*.parquet'), offset, target, PARQUET));
    offset += Number(written.getRows()[0]![0]);
    sorted.push(target);
    await rm(folder, { recursive: true, force: true });
    progress.update('visits sorted', offset, planned);
  }
  await connection.run(`COPY (SELECT * FROM read_parquet([${sorted.map(sqlPath).join(', ')}])) TO ${sqlPath(file)} (${PARQUET})`);
  progress.finish('visits sorted', planned);
};

/** Rows the sort stage writes: every visit once per range file, and once more into the panel's file when there are several. */
const sortedRowsPlanned = (visits: number, buckets: number): number => (buckets === 1 ? visits : 2 * visits);

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
  const buckets = Math.max(1, Math.ceil(options.visits / (options.sortVisits ?? SORT_VISITS)));
  // Weights are rows written (the model: devices built); the sort reads every visit again, so it weighs as much.
  const planned: Record<GeneratePhase, number> = {
    model: devices,
    places: footprint.places.length,
    population: population.length,
    panel: devices,
    visits: options.visits,
    'visits sorted': sortedRowsPlanned(options.visits, buckets),
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
    const parts = { dir: path.join(spill, 'visits'), buckets, places: footprint.places.length };
    await generateVisits(connection, input, parts, progress);
    await writeSortedVisits(connection, parts, partial, options.visits, progress);
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
