// One tileset build, in the background: read the rows into features, cut and thin the tiles, write the archive, store
// it, and make the dataset ready (or error, with the reason). Progress goes into the dataset's metadata as it runs.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { RecordBatch } from 'apache-arrow';
import type { DatasetMetadata, VectorTileFormat, VectorTileMetadata } from '@atlas/domain';
import { AppStatusCode } from '@atlas/domain';
import { AppError, invalidInput } from '../../http/errors.js';
import type { Db } from '../../store/index.js';
import { finishLoad, setDatasetState } from '../datasets/data-repo.js';
import { batchFeatures, type BatchOutcome, type ColumnChoice } from './features.js';
import type { TilesetFiles } from './files.js';
import { PmtilesWriter } from './pmtiles-writer.js';
import { fieldStats } from './stats.js';
import { cutTiles } from './tiler.js';

/** Share of the progress bar for reading the rows; cutting the tiles takes the rest but the last step. */
const READ_SHARE = 0.3;
const CUT_SHARE = 0.65;
/** Progress is written to the database at most this often. */
const PROGRESS_INTERVAL_MS = 500;
/** The event loop gets a turn this often while tiles are cut, so the server keeps answering. */
const YIELD_INTERVAL_MS = 20;
export const INTERRUPTED_BUILD = 'The server stopped while the tiles were built; build them again';

export interface TilingSettings {
  format: VectorTileFormat;
  minZoom: number;
  maxZoom: number;
  maxTileBytes: number;
  layerName: string;
}

export interface BuildInput {
  db: Db;
  files: TilesetFiles;
  datasetId: string;
  /** The running load that records this build (tiles/build-loads.ts). */
  loadId: string;
  /** The dataset's metadata when the build started (without its vectorTile part; with the previous archive's sizeBytes on a rebuild). */
  metadata: DatasetMetadata;
  /** The version served until this build replaces it (a rebuilt target), removed once it has. */
  previousVersion: string | null;
  name: string;
  settings: TilingSettings;
  choice: ColumnChoice;
  /** The first batch, already read (and checked) before the build was accepted. */
  first: BatchOutcome;
  rest: AsyncIterator<RecordBatch>;
  /** Rows the source holds, when known (for progress). */
  rowCount: number | null;
  signal: AbortSignal;
}

type Bounds = [number, number, number, number];

function extend(bounds: Bounds, geometry: Geometry): void {
  const visit = (value: unknown): void => {
    if (typeof (value as Position)[0] === 'number') {
      const [x, y] = value as Position;
      bounds[0] = Math.min(bounds[0], x!);
      bounds[1] = Math.min(bounds[1], y!);
      bounds[2] = Math.max(bounds[2], x!);
      bounds[3] = Math.max(bounds[3], y!);
    } else (value as unknown[]).forEach(visit);
  };
  if (geometry.type === 'GeometryCollection') geometry.geometries.forEach((part) => extend(bounds, part));
  else visit(geometry.coordinates);
}

const interrupted = () => new AppError(503, INTERRUPTED_BUILD, AppStatusCode.ServiceUnavailable);

const reason = (error: unknown) => {
  if (error instanceof AppError) return error.details ? `${error.message} (${error.details})` : error.message;
  return 'The tiles could not be built (internal error)';
};

export const contentTypeOf = (format: VectorTileFormat) => (format === 'pmtiles' ? 'application/vnd.pmtiles' : 'application/vnd.mapbox-vector-tile');
export const tilesPath = (datasetId: string, format: VectorTileFormat) => `/v1/datasets/${datasetId}/${format === 'pmtiles' ? 'tiles.pmtiles' : 'tiles.json'}`;

/** Runs the build to its end; never throws (the dataset records the outcome). */
export async function runBuild(input: BuildInput): Promise<void> {
  const { db, datasetId, settings } = input;
  const state: VectorTileMetadata = {
    format: settings.format,
    layerName: settings.layerName,
    minZoom: settings.minZoom,
    maxZoom: settings.maxZoom,
    maxTileBytes: settings.maxTileBytes,
    progress: 0,
    version: input.previousVersion,
  };
  let written = 0;
  const report = async (progress: number, force = false) => {
    state.progress = Math.min(1, Math.round(progress * 1000) / 1000);
    if (!force && Date.now() - written < PROGRESS_INTERVAL_MS) return;
    written = Date.now();
    await setDatasetState(db, datasetId, 'pending', null, { ...input.metadata, vectorTile: state });
  };
  const work = await input.files.workFolder(datasetId);
  const writer = new PmtilesWriter(path.join(work, 'tiles.data'));
  try {
    const read = await readFeatures(input, (share) => report(share * READ_SHARE));
    const { bounds, skipped } = read;
    const featureCount = read.features.length;
    if (featureCount === 0) throw invalidInput('The source has no geometries to tile', 'Every row has an empty geometry');
    const stats = fieldStats(read.features, input.choice.fields);
    // The tiler indexes the collection and then empties it: the features are not held twice.
    const collection: FeatureCollection = { type: 'FeatureCollection', features: read.features };
    read.features = [];
    let tiles = 0;
    let thinned = 0;
    let cut = 0;
    let turn = Date.now();
    for (const tile of cutTiles(collection, settings, (share) => void (cut = share))) {
      await writer.add(tile.z, tile.x, tile.y, gzipSync(tile.data));
      tiles++;
      if (tile.dropped > 0) thinned++;
      if (Date.now() - turn > YIELD_INTERVAL_MS) {
        await nextTurn();
        if (input.signal.aborted) throw interrupted();
        await report(READ_SHARE + cut * CUT_SHARE);
        turn = Date.now();
      }
    }
    await report(READ_SHARE + CUT_SHARE, true);
    const version = randomUUID();
    const fields = input.choice.fields;
    const archive = path.join(work, 'tiles.pmtiles');
    const stored = await writer.finish(archive, {
      minZoom: settings.minZoom,
      maxZoom: settings.maxZoom,
      bounds,
      metadata: {
        name: input.name,
        format: 'pbf',
        vector_layers: [{ id: settings.layerName, fields, minzoom: settings.minZoom, maxzoom: settings.maxZoom }],
      },
    });
    await input.files.store(datasetId, version, archive);
    const ready: VectorTileMetadata = {
      ...state,
      progress: 1,
      version,
      featureCount,
      tileCount: stored.tiles,
      thinnedTiles: thinned,
      archiveBytes: stored.bytes,
      bounds,
      fields,
      fieldStats: stats,
      skippedRows: skipped,
    };
    // Not this build's any more (the dataset was deleted, or the build taken for dead): its archive is nobody's.
    const served = await db.transaction(async (tx) => {
      if (!(await finishLoad(tx, input.loadId, { status: 'success', dataVersion: version, rowCount: featureCount, format: null }))) return false;
      return setDatasetState(tx, datasetId, 'ready', null, {
        ...input.metadata,
        contentType: contentTypeOf(settings.format),
        storageReadPath: tilesPath(datasetId, settings.format),
        // Counted in the owner's storage quota, as an upload's stored file is.
        sizeBytes: stored.bytes,
        vectorTile: ready,
      });
    });
    if (!served) {
      await input.files.remove(datasetId, version);
      return;
    }
    if (input.previousVersion && input.previousVersion !== version) await input.files.remove(datasetId, input.previousVersion).catch(() => undefined);
  } catch (error) {
    await writer.discard();
    await input.rest.return?.().catch(() => undefined);
    // The previous tiles (of a rebuilt target) stay served; the error says why this build failed.
    const why = reason(error);
    await db
      .transaction(async (tx) => {
        if (await finishLoad(tx, input.loadId, { status: 'failure', error: why })) await setDatasetState(tx, datasetId, 'error', why, { ...input.metadata, vectorTile: state });
      })
      .catch(() => undefined);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** All features of the source, their bounds, and how many rows had no usable geometry. */
async function readFeatures(input: BuildInput, progress: (share: number) => Promise<void>) {
  const features: Feature[] = [];
  const bounds: Bounds = [180, 90, -180, -90];
  let rows = 0;
  let skipped = 0;
  const take = (outcome: BatchOutcome) => {
    for (const feature of outcome.features) {
      extend(bounds, feature.geometry);
      features.push(feature);
    }
    rows += outcome.features.length + outcome.empty + outcome.invalid;
    skipped += outcome.invalid;
  };
  take(input.first);
  for (;;) {
    if (input.signal.aborted) throw interrupted();
    const next = await input.rest.next();
    if (next.done) break;
    take(batchFeatures(next.value, input.choice));
    if (input.rowCount) await progress(Math.min(1, rows / input.rowCount));
  }
  return { features, bounds, skipped };
}
