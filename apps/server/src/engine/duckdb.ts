import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { redactFolder } from '../http/redact.js';
import { arrowStream } from './arrow-stream.js';
import { IngestError, convertUpload, receiveUpload } from './ingest/index.js';
import { ConnectionPool } from './pool.js';
import { profileParquet } from './profile.js';
import { RunningQuery } from './query.js';
import { sqlString } from './sql.js';
import { DataStorage, type Manifest } from './storage.js';
import type { DatasetData, Engine, MaterializeOptions, QueryOptions, UploadFormat } from './types.js';
import { registerUdfs } from './udfs.js';
import { toJsonValue } from './values.js';

export interface DuckDbEngineOptions {
  /** DATA_DIR: dataset files under datasets/, uploads in flight under tmp/, DuckDB spill files under engine/tmp/. */
  dataDir: string;
  /** DuckDB worker threads (default: the machine's cores). */
  threads?: number;
  /** DuckDB memory limit, e.g. "6GB" (default: a quarter of the machine's memory, at least 1 GB); beyond it DuckDB spills to disk. */
  memoryLimit?: string;
  /** Concurrent queries (default 4); more wait for a free connection. */
  maxConnections?: number;
  /** How long files of a replaced version stay for queries already reading them (default 30 s). */
  retireDelayMs?: number;
  /** Largest upload accepted (default 10 GiB). */
  maxUploadBytes?: number;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024 * 1024;

const defaultMemoryLimit = () => `${Math.max(1024, Math.floor(os.totalmem() / 4 / 1024 / 1024))}MB`;
/** Row groups of derived data: small enough that min/max statistics skip most of a sorted file for a selective filter. */
const MATERIALIZED_ROW_GROUP = 16_384;

/** The embedded DuckDB engine: one in-memory instance; dataset data as Parquet files it reads. */
export class DuckDbEngine implements Engine {
  private readonly lanes = new Map<string, Promise<unknown>>();
  private readonly retiring = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly pool: ConnectionPool,
    private readonly storage: DataStorage,
    private readonly retireDelayMs: number,
    private readonly maxUploadBytes: number,
  ) {}

  static async open(options: DuckDbEngineOptions): Promise<DuckDbEngine> {
    const storage = new DataStorage(options.dataDir);
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
    return new DuckDbEngine(instance, pool, storage, options.retireDelayMs ?? 30_000, options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES);
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
      for (let chunk = await run.next(); chunk; chunk = await run.next()) {
        for (const values of chunk.getRows()) {
          const row: Record<string, unknown> = {};
          values.forEach((value, index) => (row[names[index]!] = toJsonValue(value)));
          rows.push(row);
        }
      }
      return rows;
    } finally {
      run.close();
    }
  }

  async datasetData(datasetId: string): Promise<DatasetData | null> {
    const manifest = await this.storage.readManifest(datasetId);
    return manifest && this.describe(datasetId, manifest);
  }

  ingest(datasetId: string, body: Readable, format: UploadFormat, options: { skipArrow?: boolean } = {}): Promise<DatasetData> {
    // The upload is received at once (the client is sending it); loads of one dataset then run one after another.
    const upload = receiveUpload(this.storage, body, this.maxUploadBytes);
    upload.catch(() => undefined); // awaited in the lane; this only keeps an early failure from counting as unhandled
    return this.inLane(datasetId, async () => {
      const source = await upload;
      return this.load(datasetId, (connection, target) => convertUpload(connection, this.storage, source, target, format), options);
    }).finally(() => upload.then((source) => rm(source, { force: true }), () => undefined));
  }

  // Derived data is read far more often than written: LZ4 decodes faster than zstd for a little more disk.
  materialize(datasetId: string, select: string, options: MaterializeOptions = {}): Promise<DatasetData> {
    const rowGroup = Math.trunc(options.rowGroupRows ?? MATERIALIZED_ROW_GROUP);
    const compression = options.compressed === false ? 'uncompressed' : 'lz4_raw';
    return this.inLane(datasetId, () =>
      this.load(
        datasetId,
        (connection, target) => connection.run(`COPY (${select}) TO ${sqlString(target)} (FORMAT parquet, COMPRESSION ${compression}, ROW_GROUP_SIZE ${rowGroup})`).then(() => undefined),
        { skipArrow: true },
      ),
    );
  }

  copyData(fromDatasetId: string, toDatasetId: string): Promise<DatasetData | null> {
    return this.inLane(toDatasetId, async () => {
      const manifest = await this.storage.readManifest(fromDatasetId);
      if (!manifest) return null;
      const version = this.storage.newVersion();
      await mkdir(this.storage.dir(toDatasetId), { recursive: true });
      const copy: Manifest = { ...manifest, version, parquet: `${version}.parquet`, arrow: manifest.arrow ? `${version}.arrow` : null, createdAt: new Date().toISOString() };
      await copyFile(this.storage.file(fromDatasetId, manifest.parquet), this.storage.file(toDatasetId, copy.parquet));
      if (manifest.arrow) await copyFile(this.storage.file(fromDatasetId, manifest.arrow), this.storage.file(toDatasetId, copy.arrow!));
      return this.switchTo(toDatasetId, copy);
    });
  }

  deleteData(datasetId: string): Promise<void> {
    return this.inLane(datasetId, () => this.storage.removeDataset(datasetId));
  }

  /** The dataset's data as a file stream: Arrow IPC (the stored copy, or encoded from Parquet) or CSV; null when none. */
  async exportData(datasetId: string, format: 'arrow' | 'csv', options?: QueryOptions): Promise<Readable | null> {
    const manifest = await this.storage.readManifest(datasetId);
    if (!manifest) return null;
    const parquet = this.storage.file(datasetId, manifest.parquet);
    if (format === 'arrow') {
      if (manifest.arrow) return createReadStream(this.storage.file(datasetId, manifest.arrow));
      return this.queryArrow(`SELECT * FROM read_parquet(${sqlString(parquet)})`, [], options);
    }
    const csv = this.storage.tmpFile('csv');
    const run = await RunningQuery.start(this.pool, `COPY (SELECT * FROM read_parquet(${sqlString(parquet)})) TO ${sqlString(csv)} (FORMAT csv, HEADER)`, [], options);
    try {
      while (await run.next());
    } catch (error) {
      await rm(csv, { force: true });
      throw error;
    } finally {
      run.close();
    }
    const stream = createReadStream(csv);
    stream.once('close', () => void rm(csv, { force: true }));
    return stream;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.lanes.values()]);
    for (const timer of this.retiring) clearTimeout(timer);
    this.pool.close();
    this.instance.closeSync();
  }

  /** Converts into a new Parquet version, profiles it, writes the Arrow copy, then switches the manifest. */
  private async load(
    datasetId: string,
    convert: (connection: DuckDBConnection, target: string) => Promise<void>,
    options: { skipArrow?: boolean },
  ): Promise<DatasetData> {
    const version = this.storage.newVersion();
    await mkdir(this.storage.dir(datasetId), { recursive: true });
    const parquetName = `${version}.parquet`;
    const arrowName = options.skipArrow ? null : `${version}.arrow`;
    const partial = this.storage.file(datasetId, `${parquetName}.tmp`);
    const written: string[] = [partial];
    try {
      const connection = await this.pool.acquire();
      try {
        await convert(connection, partial);
      } finally {
        this.pool.release(connection);
      }
      const parquet = this.storage.file(datasetId, parquetName);
      await rename(partial, parquet);
      written.push(parquet);
      const profile = await profileParquet((sql) => this.queryRows(sql, []), parquet);
      if (profile.columns.length === 0) throw new IngestError('The file has no columns');
      if (arrowName) {
        const arrow = this.storage.file(datasetId, arrowName);
        written.push(`${arrow}.tmp`, arrow);
        const stream = await this.queryArrow(`SELECT * FROM read_parquet(${sqlString(parquet)})`, []);
        await pipeline(stream, createWriteStream(`${arrow}.tmp`));
        await rename(`${arrow}.tmp`, arrow);
      }
      // Bytes stored for the dataset (Parquet plus the Arrow copy): what the storage quota counts.
      const sizeBytes = (await stat(parquet)).size + (arrowName ? (await stat(this.storage.file(datasetId, arrowName))).size : 0);
      return await this.switchTo(datasetId, {
        version,
        parquet: parquetName,
        arrow: arrowName,
        ...profile,
        sizeBytes,
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      await Promise.all(written.map((file) => rm(file, { force: true })));
      throw error;
    }
  }

  /** Makes the manifest name this version; the files of the previous one go after a grace period. */
  private async switchTo(datasetId: string, manifest: Manifest): Promise<DatasetData> {
    await this.storage.writeManifest(datasetId, manifest);
    const stale = await this.storage.staleFiles(datasetId, manifest);
    if (stale.length > 0) {
      const remove = () => Promise.all(stale.map((file) => rm(file, { force: true })));
      if (this.retireDelayMs <= 0) await remove();
      else {
        const timer = setTimeout(() => {
          this.retiring.delete(timer);
          void remove();
        }, this.retireDelayMs);
        timer.unref();
        this.retiring.add(timer);
      }
    }
    return this.describe(datasetId, manifest);
  }

  private describe(datasetId: string, manifest: Manifest): DatasetData {
    const parquetFile = this.storage.file(datasetId, manifest.parquet);
    return {
      datasetId,
      relation: `read_parquet(${sqlString(parquetFile)})`,
      parquetFile,
      columns: manifest.columns,
      rowCount: manifest.rowCount,
      sizeBytes: manifest.sizeBytes,
      version: manifest.version,
      latColumn: manifest.latColumn,
      lngColumn: manifest.lngColumn,
      geometryColumn: manifest.geometryColumn,
      hasArrowCopy: manifest.arrow !== null,
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
