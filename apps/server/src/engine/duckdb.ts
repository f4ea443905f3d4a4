import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { BlobStore } from '../blobs/types.js';
import { liveInstances, type Liveness } from '../cluster/instance.js';
import { redactFolder } from '../http/redact.js';
import { withoutAuditContext, type Db, type Queryable } from '../store/index.js';
import { arrowStream } from './arrow-stream.js';
import * as catalog from './catalog.js';
import { IngestError, convertUpload, receiveUpload, uploadFormatOfName, type ReceiveLimits } from './ingest/index.js';
import { ConnectionPool } from './pool.js';
import { profileParquet } from './profile.js';
import { RunningQuery } from './query.js';
import { parquetRelation, sqlString } from './sql.js';
import { DataStorage, MAX_DATA_FILES, parquetName } from './storage.js';
import type { CommitData, DatasetData, Engine, ExportFormat, IngestOptions, MaterializeOptions, QueryOptions, UploadFormat } from './types.js';
import { registerUdfs } from './udfs.js';
import { appendJsonRows } from './values.js';

export interface DuckDbEngineOptions {
  /** DATA_DIR: dataset files under datasets/, uploads in flight under tmp/, DuckDB spill files under engine/tmp/. */
  dataDir: string;
  /** The metadata database: it records each dataset's current version (catalog.ts). */
  db: Db;
  /** This process and when others count as dead (config.cluster): files being written belong to a live instance. */
  cluster: Liveness;
  /** Object storage for dataset files (S3): DATA_DIR/datasets is then this process's cache of them. */
  objects?: BlobStore | null;
  /** DuckDB worker threads (default: the machine's cores). */
  threads?: number;
  /** DuckDB memory limit, e.g. "6GB" (default: a quarter of the machine's memory, at least 1 GB); beyond it DuckDB spills to disk. */
  memoryLimit?: string;
  /** Concurrent queries (default 4); more wait for a free connection. */
  maxConnections?: number;
  /** How long files of a replaced version stay for queries already reading them (default 30 s; 0 removes them at once). */
  retireDelayMs?: number;
  /** How often retired files and those of dead processes' writes are looked for (default 30 s). */
  sweepIntervalMs?: number;
  /** Largest upload accepted (default 10 GiB). */
  maxUploadBytes?: number;
  /** Largest compressed upload once decompressed (default: maxUploadBytes, what a plain upload may be). */
  maxDecompressedBytes?: number;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024 * 1024;

const defaultMemoryLimit = () => `${Math.max(1024, Math.floor(os.totalmem() / 4 / 1024 / 1024))}MB`;
/** Row groups of derived data: small enough that min/max statistics skip most of a sorted file for a selective filter. */
const MATERIALIZED_ROW_GROUP = 16_384;

/** A read stream of a file that is open once this resolves (so a removal afterwards does not fail it). */
async function openStream(file: string): Promise<Readable> {
  const stream = createReadStream(file);
  await once(stream, 'open');
  return stream;
}

/** A hard link (the file's data shared, never copied), or a copy where the file system has none. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

/** The embedded DuckDB engine: one in-memory instance; dataset data as Parquet files it reads. */
export class DuckDbEngine implements Engine {
  private readonly lanes = new Map<string, Promise<unknown>>();
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly pool: ConnectionPool,
    private readonly storage: DataStorage,
    private readonly db: Db,
    readonly cluster: Liveness,
    private readonly retireDelayMs: number,
    private readonly limits: ReceiveLimits,
  ) {}

  static async open(options: DuckDbEngineOptions): Promise<DuckDbEngine> {
    const storage = new DataStorage(options.dataDir, options.cluster.instanceId, options.objects ?? null);
    await storage.init();
    redactFolder(options.dataDir);
    const spill = path.join(options.dataDir, 'engine', 'tmp');
    await mkdir(spill, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(options.threads ?? os.availableParallelism()),
      memory_limit: options.memoryLimit ?? defaultMemoryLimit(),
      temp_directory: spill,
      // Never the home directory: DuckDB names this folder in its errors about extensions.
      extension_directory: path.join(options.dataDir, 'engine', 'extensions'),
      // Only the built-in extensions (parquet, json, icu); nothing is downloaded or loaded at run time.
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const setup = await instance.connect();
    try {
      // SQL may only touch files under DATA_DIR, and nothing can change these settings afterwards.
      await setup.run(`SET allowed_directories = [${sqlString(`${storage.datasetsDir}${path.sep}`)}, ${sqlString(`${storage.tmpDir}${path.sep}`)}]`);
      await setup.run('SET enable_external_access = false');
      // Dataset files never change in place (a new version is a new file), so their Parquet footers can stay cached.
      await setup.run('SET GLOBAL parquet_metadata_cache = true');
      await setup.run('SET lock_configuration = true');
      registerUdfs(setup);
    } finally {
      setup.closeSync();
    }
    const pool = new ConnectionPool(instance, options.maxConnections ?? 4, registerUdfs);
    const engine = new DuckDbEngine(instance, pool, storage, options.db, options.cluster, options.retireDelayMs ?? 30_000, {
      maxBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
      maxDecompressedBytes: options.maxDecompressedBytes ?? options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    });
    await engine.importManifests();
    await engine.sweep();
    engine.sweeper = setInterval(() => void engine.sweep(), options.sweepIntervalMs ?? 30_000);
    engine.sweeper.unref();
    return engine;
  }

  get tmpDir(): string {
    return this.storage.tmpDir;
  }

  /**
   * Removes what no one needs any more: files of retired versions once due, those of versions whose writing
   * process died (half-written ones included), and dead processes' temporary files. Any process may do it.
   */
  sweep(): Promise<void> {
    this.sweeping = this.sweeping.then(async () => {
      await this.storage.sweepTemporary(() => liveInstances(this.db, this.cluster));
      for (const leftover of await catalog.leftovers(this.db, this.cluster)) {
        await this.storage.removeFiles(leftover.dataId, leftover.files ?? this.storage.versionFiles(leftover.version));
        await catalog.forgetLeftover(this.db, leftover);
      }
      if (this.storage.objects) await this.storage.dropStaleCopies(await catalog.liveFiles(this.db, this.cluster.instanceId), this.retireDelayMs);
    }).catch(() => undefined); // a database that does not answer now is asked again at the next sweep
    return this.sweeping;
  }

  /**
   * Earlier releases named the current version in DATA_DIR/datasets/<id>/manifest.json: read once into the
   * database, other files of the folder retired (old versions, half-written ones), then the manifest removed.
   */
  private async importManifests(): Promise<void> {
    for await (const { datasetId, manifest, names } of this.storage.legacyManifests()) {
      const { createdAt: _createdAt, ...legacy } = manifest;
      const version: catalog.StoredVersion = { ...legacy, parts: [] };
      await this.db.transaction(async (tx) => {
        await catalog.insertVersion(tx, datasetId, version);
        const current = await catalog.currentVersion(tx, datasetId);
        const unnamed = names.filter((name) => !current || !catalog.versionFiles(current).includes(name));
        if (unnamed.length > 0) await catalog.retireFiles(tx, datasetId, `manifest-${manifest.version}`, unnamed, this.retireDelayMs);
      });
      await rm(this.storage.file(datasetId, 'manifest.json'), { force: true });
    }
  }

  async queryArrow(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Readable> {
    const run = await RunningQuery.start(this.pool, sql, params, options);
    try {
      const first = await run.next();
      const stream = arrowStream(run, first);
      run.onStop = (error) => stream.destroy(error);
      return stream;
    } catch (error) {
      run.close();
      throw error;
    }
  }

  async queryRows(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<Record<string, unknown>[]> {
    const run = await RunningQuery.start(this.pool, sql, params, options);
    try {
      const names = run.columnNames;
      const rows: Record<string, unknown>[] = [];
      for (let chunk = await run.next(); chunk; chunk = await run.next()) appendJsonRows(chunk, names, rows);
      return rows;
    } finally {
      run.close();
    }
  }

  async datasetData(datasetId: string, db: Queryable = this.db): Promise<DatasetData | null> {
    const version = await catalog.currentVersion(db, datasetId);
    if (!version) return null;
    await this.storage.ensureLocal(datasetId, catalog.parquetFiles(version));
    return this.describe(datasetId, version);
  }

  async datasetsData(datasetIds: readonly string[], db: Queryable = this.db): Promise<Map<string, DatasetData>> {
    const versions = await catalog.currentVersions(db, datasetIds);
    await Promise.all([...versions].map(([id, version]) => this.storage.ensureLocal(id, catalog.parquetFiles(version))));
    return new Map([...versions].map(([id, version]) => [id, this.describe(id, version)]));
  }

  ingest(datasetId: string, body: Readable, format: UploadFormat | null, options: IngestOptions = {}): Promise<DatasetData> {
    // The upload is received at once (the client is sending it); loads of one dataset then run one after another.
    const upload = receiveUpload(this.storage, body, options.compression ?? null, this.limits);
    upload.catch(() => undefined); // awaited in the lane; this only keeps an early failure from counting as unhandled
    return this.inLane(datasetId, async () => {
      const source = await upload;
      const sourceFormat = format ?? uploadFormatOfName(source.innerName);
      const { commit } = options;
      const data = await this.load(datasetId, (connection, target) => convertUpload(connection, this.storage, source.file, target, sourceFormat), {
        commit: commit && ((tx, data) => commit(tx, data, sourceFormat)),
      });
      // The dataset is ready without it: the copy only makes Arrow downloads a file read (with a known size). It is the
      // system's work, not the uploader's request's (store/audit.ts); a copy that fails leaves downloads encoded live.
      if (!options.skipArrow) {
        withoutAuditContext(() => void this.inLane(datasetId, () => this.writeArrowCopy(datasetId, data.version, options.arrowCopied)).catch(() => undefined));
      }
      return data;
    }).finally(() => upload.then((source) => rm(source.file, { force: true }), () => undefined));
  }

  // Derived data is read far more often than written: LZ4 decodes faster than zstd for a little more disk.
  materialize(datasetId: string, select: string, options: MaterializeOptions = {}): Promise<DatasetData> {
    const rowGroup = Math.trunc(options.rowGroupRows ?? MATERIALIZED_ROW_GROUP);
    const compression = options.compressed === false ? 'uncompressed' : 'lz4_raw';
    return this.inLane(datasetId, () =>
      this.load(
        datasetId,
        (connection, target) => connection.run(`COPY (${select}) TO ${sqlString(target)} (FORMAT parquet, COMPRESSION ${compression}, ROW_GROUP_SIZE ${rowGroup})`).then(() => undefined),
        { commit: options.commit, extend: options.extend },
      ),
    );
  }

  copyData(fromDatasetId: string, toDatasetId: string, tx: Queryable): Promise<DatasetData | null> {
    return this.inLane(toDatasetId, async () => {
      const source = await catalog.currentVersion(tx, fromDatasetId);
      if (!source) return null;
      const version = this.storage.newVersion();
      await mkdir(this.storage.dir(toDatasetId), { recursive: true });
      const names = catalog.parquetFiles(source).map((_, k) => parquetName(version, k));
      const copy: catalog.StoredVersion = { ...source, version, parquet: names[0]!, parts: names.slice(1), arrow: source.arrow ? `${version}.arrow` : null };
      const files = catalog.versionFiles(source);
      const copies = catalog.versionFiles(copy);
      await this.storage.ensureLocal(fromDatasetId, files);
      for (const [k, name] of files.entries()) await copyFile(this.storage.file(fromDatasetId, name), this.storage.file(toDatasetId, copies[k]!));
      await this.storage.publish(toDatasetId, copies);
      // The copy is new, so nothing is replaced; if the caller's transaction rolls back, it deletes the copy's data.
      await catalog.switchVersion(tx, toDatasetId, copy, null);
      return this.describe(toDatasetId, copy);
    });
  }

  deleteData(datasetId: string): Promise<void> {
    return this.inLane(datasetId, async () => {
      const files = await catalog.knownFiles(this.db, datasetId);
      await catalog.forgetData(this.db, datasetId);
      await this.storage.removeDataset(datasetId, files);
    });
  }

  /**
   * The dataset's data as a file stream: Arrow IPC (the stored copy, or encoded from Parquet), CSV or Parquet (the
   * stored file, or one written from a version of several); null when none.
   */
  async exportData(datasetId: string, format: ExportFormat, options?: QueryOptions): Promise<Readable | null> {
    const version = await catalog.currentVersion(this.db, datasetId);
    if (!version) return null;
    await this.storage.ensureLocal(datasetId, catalog.versionFiles(version));
    const { relation } = this.describe(datasetId, version);
    // Opened now: a version replaced meanwhile keeps its files for the grace period, and an open file stays readable.
    if (format === 'parquet' && version.parts.length === 0) return openStream(this.storage.file(datasetId, version.parquet));
    if (format === 'arrow') {
      if (version.arrow) return openStream(this.storage.file(datasetId, version.arrow));
      return this.queryArrow(`SELECT * FROM ${relation}`, [], options);
    }
    const file = this.storage.tmpFile(format);
    const written = format === 'csv' ? 'FORMAT csv, HEADER' : 'FORMAT parquet';
    const run = await RunningQuery.start(this.pool, `COPY (SELECT * FROM ${relation}) TO ${sqlString(file)} (${written})`, [], options);
    try {
      while (await run.next());
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    } finally {
      run.close();
    }
    const stream = createReadStream(file);
    stream.once('close', () => void rm(file, { force: true }));
    return stream;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.lanes.values()]);
    clearInterval(this.sweeper);
    await this.sweeping;
    this.pool.close();
    this.instance.closeSync();
  }

  settled(datasetId: string): Promise<void> {
    return (this.lanes.get(datasetId) ?? Promise.resolve()).then(() => undefined);
  }

  /**
   * Converts into a new Parquet version, profiles it, then switches to it in one metadata transaction (with the
   * caller's `commit`). The write is recorded first, so no sweep takes its files while it runs. Extending another
   * entry's data, the version is that data's files (linked) and the converted file after them.
   */
  private async load(
    datasetId: string, convert: (connection: DuckDBConnection, target: string) => Promise<void>, options: { commit?: CommitData; extend?: string },
  ): Promise<DatasetData> {
    const version = this.storage.newVersion();
    await catalog.beginWrite(this.db, datasetId, version, this.cluster.instanceId);
    try {
      await mkdir(this.storage.dir(datasetId), { recursive: true });
      const base = options.extend === undefined ? null : await this.linkBase(options.extend, datasetId, version);
      const names = base?.names ?? [];
      const partName = parquetName(version, names.length);
      const partial = this.storage.file(datasetId, `${partName}.tmp`);
      const connection = await this.pool.acquire();
      try {
        await convert(connection, partial);
      } finally {
        this.pool.release(connection);
      }
      const part = this.storage.file(datasetId, partName);
      await rename(partial, part);
      names.push(partName);
      const profile = base ? await this.extendedProfile(options.extend!, base.version, part) : await profileParquet((sql) => this.queryRows(sql, []), part);
      if (profile.columns.length === 0) throw new IngestError('The file has no columns');
      // Bytes stored for the dataset (its Parquet files; an Arrow copy adds its own): what the storage quota counts.
      let sizeBytes = 0;
      for (const name of names) sizeBytes += (await stat(this.storage.file(datasetId, name))).size;
      await this.storage.publish(datasetId, names);
      return await this.switchTo(datasetId, { version, parquet: names[0]!, parts: names.slice(1), arrow: null, ...profile, sizeBytes }, options.commit);
    } catch (error) {
      await this.storage.removeFiles(datasetId, this.storage.versionFiles(version));
      await catalog.endWrite(this.db, datasetId, version).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Links the current Parquet files of `baseId` into `datasetId`'s folder as the first files of `version` (an entry may
   * extend itself); answers the base's version and the linked files' names. At most MAX_DATA_FILES files make a version.
   */
  private async linkBase(baseId: string, datasetId: string, version: string): Promise<{ version: catalog.StoredVersion; names: string[] }> {
    const base = await catalog.currentVersion(this.db, baseId);
    if (!base) throw new Error(`Engine data ${baseId} has no data to extend`);
    const files = catalog.parquetFiles(base);
    if (files.length >= MAX_DATA_FILES) throw new Error(`Engine data ${baseId} has ${files.length} files: rewrite it rather than extend it`);
    await this.storage.ensureLocal(baseId, files);
    const names = files.map((_, k) => parquetName(version, k));
    for (const [k, name] of files.entries()) await linkOrCopy(this.storage.file(baseId, name), this.storage.file(datasetId, names[k]!));
    return { version: base, names };
  }

  /** The base's profile with the part's rows counted; the part must have the base's columns and types, in order. */
  private async extendedProfile(baseId: string, base: catalog.StoredVersion, part: string) {
    const types = (relation: string) => this.queryRows(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${relation})`, []).then((rows) => JSON.stringify(rows));
    const partRelation = parquetRelation([part]);
    const [expected, found] = await Promise.all([types(this.describe(baseId, base).relation), types(partRelation)]);
    if (expected !== found) throw new Error(`The rows appended to engine data ${baseId} do not have its columns (${found} for ${expected})`);
    const [count] = await this.queryRows(`SELECT count(*) AS n FROM ${partRelation}`, []);
    const { version: _version, parquet: _parquet, parts: _parts, arrow: _arrow, sizeBytes: _size, ...profile } = base;
    return { ...profile, rowCount: base.rowCount + Number(count!.n) };
  }

  /**
   * Adds the Arrow copy to `version` while it is still current, as a write of its own (a version id of its own, so a
   * process dying meanwhile leaves only the copy's files to the sweep, never the Parquet file it was made from).
   */
  private async writeArrowCopy(datasetId: string, version: string, arrowCopied?: CommitData): Promise<void> {
    const current = await catalog.currentVersion(this.db, datasetId);
    if (current?.version !== version || current.arrow) return;
    const write = this.storage.newVersion();
    await catalog.beginWrite(this.db, datasetId, write, this.cluster.instanceId);
    const arrowName = `${write}.arrow`;
    try {
      const arrow = this.storage.file(datasetId, arrowName);
      await this.storage.ensureLocal(datasetId, catalog.parquetFiles(current));
      const stream = await this.queryArrow(`SELECT * FROM ${this.describe(datasetId, current).relation}`, []);
      await pipeline(stream, createWriteStream(`${arrow}.tmp`));
      await rename(`${arrow}.tmp`, arrow);
      const withCopy = { ...current, arrow: arrowName, sizeBytes: current.sizeBytes + (await stat(arrow)).size };
      await this.storage.publish(datasetId, [arrowName]);
      const added = await this.db.transaction(async (tx) => {
        const done = await catalog.addArrowCopy(tx, datasetId, withCopy);
        await catalog.endWrite(tx, datasetId, write);
        if (done) await arrowCopied?.(tx, this.describe(datasetId, withCopy));
        return done;
      });
      if (!added) await this.storage.removeFiles(datasetId, this.storage.versionFiles(write));
    } catch (error) {
      await this.storage.removeFiles(datasetId, this.storage.versionFiles(write));
      await catalog.endWrite(this.db, datasetId, write).catch(() => undefined);
      throw error;
    }
  }

  /** Makes this version current with `commit` in one transaction; the replaced version's files go after the grace period. */
  private async switchTo(datasetId: string, next: catalog.StoredVersion, commit?: CommitData): Promise<DatasetData> {
    const data = this.describe(datasetId, next);
    const retireAfterMs = this.retireDelayMs > 0 ? this.retireDelayMs : null;
    const previous = await this.db.transaction(async (tx) => {
      const replaced = await catalog.switchVersion(tx, datasetId, next, retireAfterMs);
      await commit?.(tx, data);
      return replaced;
    });
    if (previous && retireAfterMs === null) await this.storage.removeFiles(datasetId, catalog.versionFiles(previous));
    return data;
  }

  private describe(datasetId: string, stored: catalog.StoredVersion): DatasetData {
    const parquetFiles = catalog.parquetFiles(stored).map((name) => this.storage.file(datasetId, name));
    return {
      datasetId,
      relation: parquetRelation(parquetFiles),
      parquetFiles,
      columns: stored.columns,
      rowCount: stored.rowCount,
      sizeBytes: stored.sizeBytes,
      version: stored.version,
      latColumn: stored.latColumn,
      lngColumn: stored.lngColumn,
      geometryColumn: stored.geometryColumn,
      hasArrowCopy: stored.arrow !== null,
    };
  }

  /** Runs tasks of one dataset one after another. */
  private inLane<T>(datasetId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.lanes.get(datasetId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.lanes.set(datasetId, settled);
    void settled.then(() => {
      if (this.lanes.get(datasetId) === settled) this.lanes.delete(datasetId);
    });
    return next;
  }
}
