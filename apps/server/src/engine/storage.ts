// Where dataset data lives on disk: DATA_DIR/datasets/<id>/<version>.parquet (+ <version>.arrow unless skipArrow).
// Which version is current is recorded in the metadata database (catalog.ts), never by the files.
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../blobs/types.js';
import type { StoredVersion } from './catalog.js';

/** What loads write under tmp/ while they run: the received body, GeoJSON rows, Arrow's scratch database. */
const INGEST_TEMPORARY = /\.(upload|ndjson|duckdb(\.wal)?)$/;
/** Temporary files are named `<instance id>.<random>.<extension>`, so a sweep can tell whose they are. */
const OWNED_TEMPORARY = /^([0-9a-f-]{36})\.[0-9a-f-]{36}\./;
const DAY = 24 * 3600 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A dataset folder's description of its current version, as releases before the database catalog wrote it (one file). */
export interface LegacyManifest extends Omit<StoredVersion, 'parts'> {
  createdAt: string;
}

/** Most Parquet files one version of data may have (MaterializeOptions.extend): beyond, the data is rewritten whole. */
export const MAX_DATA_FILES = 16;

/** The name of a version's k-th Parquet file (k from 0): the first keeps the name versions always had. */
export const parquetName = (version: string, k: number) => (k === 0 ? `${version}.parquet` : `${version}.p${k}.parquet`);

/** Object keys of dataset files in the bucket. */
const objectKey = (datasetId: string, name: string) => `datasets/${datasetId.toLowerCase()}/${name}`;

export class DataStorage {
  readonly datasetsDir: string;
  readonly tmpDir: string;
  /** Downloads of files to this process's folder in flight, so concurrent readers wait for one. */
  private readonly fetching = new Map<string, Promise<void>>();

  constructor(
    readonly dataDir: string,
    /** This process (config.cluster.instanceId): names its temporary files. */
    readonly instanceId: string,
    /**
     * Object storage holding the dataset files (S3), when configured: then DATA_DIR/datasets is only this process's
     * cache of them, filled on first read, and processes share no disk.
     */
    readonly objects: BlobStore | null = null,
  ) {
    this.datasetsDir = path.join(dataDir, 'datasets');
    this.tmpDir = path.join(dataDir, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.datasetsDir, { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  /**
   * Removes what loads of dead processes left under tmp/: their temporary files (named by instance), unnamed ones
   * of earlier releases, and anything else after a day. `live` is read after the folder, so a file seen belongs to
   * an instance registered by then.
   */
  async sweepTemporary(live: () => Promise<ReadonlySet<string>>): Promise<void> {
    const names = await readdir(this.tmpDir).catch(() => [] as string[]);
    const alive = await live();
    const now = Date.now();
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const owner = OWNED_TEMPORARY.exec(name)?.[1];
      const info = await stat(file).catch(() => null);
      if (!info) continue;
      const dead = owner ? !alive.has(owner) : INGEST_TEMPORARY.test(name);
      if (dead || now - info.mtimeMs > DAY) await rm(file, { recursive: true, force: true });
    }
  }

  /** The dataset's folder; ids are checked so that no path can leave DATA_DIR. */
  dir(datasetId: string): string {
    if (!UUID.test(datasetId)) throw new Error(`Not a dataset id: ${datasetId}`);
    return path.join(this.datasetsDir, datasetId.toLowerCase());
  }

  file(datasetId: string, name: string): string {
    return path.join(this.dir(datasetId), name);
  }

  /** A fresh path under DATA_DIR/tmp, named for this instance. */
  tmpFile(extension: string): string {
    return path.join(this.tmpDir, `${this.instanceId}.${randomUUID()}.${extension}`);
  }

  /** Sortable and unique: the time of the load, then randomness. */
  newVersion(): string {
    return `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
  }

  /** Every file a version may have in its folder, half-written ones included. */
  versionFiles(version: string): string[] {
    const parquet = Array.from({ length: MAX_DATA_FILES }, (_, k) => parquetName(version, k));
    return [...parquet.flatMap((name) => [name, `${name}.tmp`]), `${version}.arrow`, `${version}.arrow.tmp`];
  }

  /** Removes files of the dataset here and in object storage. */
  async removeFiles(datasetId: string, names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.file(datasetId, name), { force: true })));
    if (this.objects) await Promise.all(names.map((name) => this.objects!.delete(objectKey(datasetId, name))));
  }

  /** Copies finished files of a version to object storage (when configured), before the version becomes current. */
  async publish(datasetId: string, names: readonly string[]): Promise<void> {
    if (!this.objects) return;
    for (const name of names) await this.objects.write(objectKey(datasetId, name), createReadStream(this.file(datasetId, name)), 'application/octet-stream');
  }

  /** Makes sure files of the current version are in this process's folder, downloading them from object storage once. */
  async ensureLocal(datasetId: string, names: readonly string[]): Promise<void> {
    if (!this.objects) return;
    await Promise.all(
      names.map((name) => {
        const file = this.file(datasetId, name);
        let download = this.fetching.get(file);
        if (!download) {
          download = this.download(datasetId, name, file).finally(() => this.fetching.delete(file));
          this.fetching.set(file, download);
        }
        return download;
      }),
    );
  }

  private async download(datasetId: string, name: string, file: string): Promise<void> {
    if (await stat(file).then(() => true, () => false)) return;
    const object = await this.objects!.read(objectKey(datasetId, name));
    if (!object) throw new Error(`The data file ${name} of dataset ${datasetId} is missing from object storage`);
    await mkdir(this.dir(datasetId), { recursive: true });
    const partial = this.tmpFile('download');
    try {
      await pipeline(object.body, createWriteStream(partial));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  }

  /**
   * With object storage, files in this process's folder that `keep` does not name any more (versions replaced by
   * any process) once older than `graceMs`: the bucket's copies are removed by the sweep of retired versions.
   */
  async dropStaleCopies(keep: (datasetId: string, name: string) => boolean, graceMs: number): Promise<void> {
    if (!this.objects) return;
    const now = Date.now();
    for (const datasetId of await readdir(this.datasetsDir).catch(() => [] as string[])) {
      if (!UUID.test(datasetId)) continue;
      for (const name of await readdir(this.dir(datasetId)).catch(() => [] as string[])) {
        const info = await stat(this.file(datasetId, name)).catch(() => null);
        if (info && now - info.mtimeMs > graceMs && !keep(datasetId, name)) await rm(this.file(datasetId, name), { force: true });
      }
    }
  }

  /**
   * Dataset folders that still hold a manifest.json of an earlier release, with the names of their other files; the
   * manifest is removed once its version is in the database (see DuckDbEngine.importManifests).
   */
  async *legacyManifests(): AsyncGenerator<{ datasetId: string; manifest: LegacyManifest; names: string[] }> {
    for (const datasetId of await readdir(this.datasetsDir)) {
      if (!UUID.test(datasetId)) continue;
      const names = await readdir(this.dir(datasetId)).catch(() => [] as string[]);
      if (!names.includes('manifest.json')) continue;
      const manifest = JSON.parse(await readFile(this.file(datasetId, 'manifest.json'), 'utf8')) as LegacyManifest;
      yield { datasetId, manifest, names: names.filter((name) => name !== 'manifest.json') };
    }
  }

  /** Removes the dataset's folder; `names` are its files in object storage. */
  async removeDataset(datasetId: string, names: readonly string[]): Promise<void> {
    await rm(this.dir(datasetId), { recursive: true, force: true });
    if (this.objects) await Promise.all(names.map((name) => this.objects!.delete(objectKey(datasetId, name))));
  }
}
