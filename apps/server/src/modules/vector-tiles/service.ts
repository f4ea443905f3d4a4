// Vector tilesets: accepting a build (access, columns, the first rows checked, the dataset claimed pending), and
// finding what a tile request reads.
import type { Readable } from 'node:stream';
import { RecordBatchReader, type RecordBatch } from 'apache-arrow';
import {
  VECTOR_TILE_DEFAULT_LAYER,
  VECTOR_TILE_DEFAULT_MAX_BYTES,
  VECTOR_TILE_DEFAULT_MAX_ZOOM,
  type Dataset,
  type DatasetMetadata,
  type TileJson,
  type VectorTileMetadata,
  type VectorTileRequest,
} from '@atlas/domain';
import type { Engine } from '../../engine/types.js';
import { assertCanCreate, checkAccess } from '../../http/access.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { Identity } from '../../http/identity.js';
import type { Db } from '../../store/index.js';
import { lockDataset, setDatasetState } from '../datasets/data-repo.js';
import { presentDataset } from '../datasets/present.js';
import { findDataset, findReadableDataset, updateDataset, type StoredDataset } from '../datasets/repo.js';
import { createDataset } from '../datasets/service.js';
import { noData } from '../execution/index.js';
import { assertBuildQuota, startTileLoad } from '../tiles/build-loads.js';
import { runBuild, type TilingSettings } from './build.js';
import { batchFeatures, chooseColumns, hintsFromNames, type ColumnHints } from './features.js';
import type { TilesetFiles } from './files.js';
import type { BackgroundJobs } from '../../jobs/background-jobs.js';
import type { PmtilesArchive } from './pmtiles-reader.js';

export interface VectorTiles {
  db: Db;
  engine: Engine;
  files: TilesetFiles;
  jobs: BackgroundJobs;
}

/** Everything of a build request but where the rows come from. */
export type TilingRequest = Omit<VectorTileRequest, 'source'>;

/** Where the rows come from: an Arrow IPC stream and what is known of it. */
export interface TilingSource {
  stream: Readable;
  /** The dataset profile's geometry and coordinate columns; null for a query result (the usual names are tried). */
  hints: ColumnHints | null;
  rowCount: number | null;
  defaultName: string;
  /** Kept in the tileset's metadata as `tiledFrom`. */
  origin: Record<string, unknown>;
}

export function settingsOf(request: TilingRequest): TilingSettings {
  const settings: TilingSettings = {
    format: request.format ?? 'mvt',
    minZoom: request.minZoom ?? 0,
    maxZoom: request.maxZoom ?? VECTOR_TILE_DEFAULT_MAX_ZOOM,
    maxTileBytes: request.maxTileBytes ?? VECTOR_TILE_DEFAULT_MAX_BYTES,
    layerName: request.layerName ?? VECTOR_TILE_DEFAULT_LAYER,
  };
  if (settings.minZoom > settings.maxZoom) throw invalidInput('minZoom is above maxZoom', `minZoom ${settings.minZoom}, maxZoom ${settings.maxZoom}`);
  return settings;
}

/** POST /v1/datasets/vectortile: tiles of a dataset's geometries. Building is a copy of the data (a new dataset of the caller's). */
export async function tileDataset(vt: VectorTiles, identity: Identity, request: VectorTileRequest): Promise<Dataset> {
  await checkAccess(vt.db, identity, 'dataset', request.source, 'copy');
  settingsOf(request);
  const source = (await findDataset(vt.db, request.source))!;
  const data = await vt.engine.datasetData(request.source);
  if (!data) throw noData(request.source);
  const stream = await vt.engine.queryArrow(`SELECT * FROM ${data.relation}`, []);
  return startTiling(vt, identity, request, {
    stream,
    hints: { geometryColumn: data.geometryColumn, latColumn: data.latColumn, lngColumn: data.lngColumn },
    rowCount: data.rowCount,
    defaultName: `${source.name} (vector tiles)`,
    origin: { datasetId: source.id, dataVersion: data.version },
  });
}

/**
 * Checks the request against the source's columns and first record batch (so that bad input answers 4xx at once),
 * claims the dataset (new, or the target) as pending, and builds in the background. Answers the pending dataset.
 */
export async function startTiling(vt: VectorTiles, identity: Identity, request: TilingRequest, source: TilingSource): Promise<Dataset> {
  let rest: AsyncIterator<RecordBatch> | null = null;
  try {
    const settings = settingsOf(request);
    if (!request.target) assertCanCreate(identity, 'datasets');
    const reader = await RecordBatchReader.from(source.stream as AsyncIterable<Uint8Array>);
    const batches = reader[Symbol.asyncIterator]();
    rest = batches;
    const firstBatch = await batches.next();
    const schema = reader.schema;
    const choice = chooseColumns(schema, request, source.hints ?? hintsFromNames(schema.fields.map((field) => field.name)));
    const first = firstBatch.done ? { features: [], empty: 0, invalid: 0, firstError: null } : batchFeatures(firstBatch.value, choice);
    if (first.firstError) throw invalidInput(first.firstError.message, first.firstError.details);
    const name = request.name ?? source.defaultName;
    const metadata: DatasetMetadata = { type: 'managed', source: 'vector-tile', tiledFrom: source.origin };
    const claimed = await claim(vt, identity, request, name, metadata);
    const { dataset, previousVersion, loadId } = claimed;
    vt.jobs.start(dataset.id, (signal) =>
      runBuild({ db: vt.db, files: vt.files, datasetId: dataset.id, loadId, metadata: claimed.metadata, previousVersion, name, settings, choice, first, rest: batches, rowCount: source.rowCount, signal }),
    );
    rest = null;
    return await presentDataset(vt.db, identity, dataset.id);
  } finally {
    // Refused before the build took the rows over: stop reading them.
    if (rest) await rest.return?.().catch(() => undefined);
    if (rest) source.stream.destroy();
  }
}

/**
 * A new dataset of the caller's, or the target (a vector tileset, or a dataset still without data) they may write;
 * its owner needs storage left. The build is recorded as this process's load of it (tiles/build-loads.ts).
 */
async function claim(vt: VectorTiles, identity: Identity, request: TilingRequest, name: string, metadata: DatasetMetadata) {
  const pending = (previous: VectorTileMetadata | null) => ({ ...metadata, ...(previous ? { vectorTile: { ...previous, progress: 0 } } : {}) });
  if (!request.target) {
    await assertBuildQuota(vt.db, identity, identity.userId);
    const created = await createDataset(vt.db, identity, { name, type: 'vector-tile', metadata });
    const loadId = await vt.db.transaction(async (tx) => {
      await lockDataset(tx, created.id);
      const started = await startTileLoad(tx, vt.db, vt.engine, identity, created.id, 'vectortile');
      await setDatasetState(tx, created.id, 'pending', null, pending(null));
      return started;
    });
    return { dataset: created, previousVersion: null, loadId, metadata };
  }
  const target = request.target;
  return vt.db.transaction(async (tx) => {
    await checkAccess(tx, identity, 'dataset', target, 'write');
    await lockDataset(tx, target);
    const dataset = (await findDataset(tx, target))!;
    if (dataset.type !== 'vector-tile' && (dataset.status !== 'new' || (await vt.engine.datasetData(target, tx)))) {
      throw invalidInput('The target is not a vector tileset', `Dataset ${target} is a ${dataset.type} dataset with data; give a vector tileset or a new dataset`);
    }
    await assertBuildQuota(tx, identity, dataset.ownerId);
    const loadId = await startTileLoad(tx, vt.db, vt.engine, identity, target, 'vectortile');
    const previous = vectorTileOf(dataset);
    // The previous archive stays stored (and counted in the owner's storage) until a new one replaces it.
    const kept = previous && typeof dataset.metadata.sizeBytes === 'number' ? { ...metadata, sizeBytes: dataset.metadata.sizeBytes } : metadata;
    if (dataset.type !== 'vector-tile') await updateDataset(tx, target, { type: 'vector-tile' });
    await setDatasetState(tx, target, 'pending', null, { ...pending(previous), ...kept });
    return { dataset, previousVersion: previous?.version ?? null, loadId, metadata: kept };
  });
}

const vectorTileOf = (dataset: StoredDataset) => (dataset.metadata.vectorTile as VectorTileMetadata | undefined) ?? null;

export interface ServedTileset {
  dataset: StoredDataset;
  tileset: VectorTileMetadata & { version: string };
}

/** The tileset a tile call reads: readable, a vector tileset, with tiles (the previous ones while a rebuild runs). */
export async function servedTileset(vt: VectorTiles, identity: Identity, id: string): Promise<ServedTileset> {
  const dataset = await findReadableDataset(vt.db, identity, id);
  const tileset = dataset.type === 'vector-tile' ? vectorTileOf(dataset) : null;
  if (!tileset) throw notFound('Not a vector tileset', `Dataset ${id} is a ${dataset.type} dataset; build tiles with POST /v1/datasets/vectortile`);
  if (!tileset.version) throw notFound('The tileset has no tiles yet', dataset.status === 'error' ? `Its build failed: ${dataset.errorMessage ?? ''}` : `It is ${dataset.status} (${Math.round(tileset.progress * 100)}% built)`);
  return { dataset, tileset: { ...tileset, version: tileset.version } };
}

/** The stored (gzipped) tile, or null when the tileset has nothing there; 404 outside its zoom range or the tile grid. */
export async function readTile(vt: VectorTiles, served: ServedTileset, z: number, x: number, y: number): Promise<Buffer | null> {
  const { tileset, dataset } = served;
  if (z < tileset.minZoom || z > tileset.maxZoom || x >= 2 ** z || y >= 2 ** z) {
    throw notFound('Tile not found', `Tileset ${dataset.id} has zoom ${tileset.minZoom} to ${tileset.maxZoom}, with x and y below 2^zoom; got ${z}/${x}/${y}`);
  }
  const archive = await vt.files.archive(dataset.id, tileset.version);
  return archive.tile(z, x, y);
}

/** The archive a pmtiles tileset is read from with range requests; an mvt tileset is served tile by tile only. */
export async function readArchive(vt: VectorTiles, served: ServedTileset): Promise<PmtilesArchive> {
  if (served.tileset.format !== 'pmtiles') {
    throw notFound('Not a PMTiles tileset', `Tileset ${served.dataset.id} is mvt: read its tiles at /v1/datasets/${served.dataset.id}/tiles/{z}/{x}/{y}.pbf`);
  }
  return vt.files.archive(served.dataset.id, served.tileset.version);
}

/** TileJSON 3.0.0; tile URLs carry the version, so a client's cache never mixes two builds. */
export function tileJson(served: ServedTileset, origin: string): TileJson {
  const { dataset, tileset } = served;
  const base = `${origin}/v1/datasets/${dataset.id}`;
  const bounds = tileset.bounds ?? [-180, -85.0511, 180, 85.0511];
  return {
    tilejson: '3.0.0',
    name: dataset.name,
    scheme: 'xyz',
    tiles: [`${base}/tiles/{z}/{x}/{y}.pbf?v=${tileset.version}`],
    minzoom: tileset.minZoom,
    maxzoom: tileset.maxZoom,
    bounds,
    center: [(bounds[0]! + bounds[2]!) / 2, (bounds[1]! + bounds[3]!) / 2, tileset.minZoom],
    format: tileset.format,
    ...(tileset.format === 'pmtiles' ? { pmtiles: `${base}/tiles.pmtiles?v=${tileset.version}` } : {}),
    vector_layers: [{ id: tileset.layerName, fields: tileset.fields ?? {}, minzoom: tileset.minZoom, maxzoom: tileset.maxZoom }],
  };
}
