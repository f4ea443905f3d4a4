// Where dataset data lives on disk: DATA_DIR/datasets/<id>/<version>.parquet (+ <version>.arrow unless skipArrow),
// and manifest.json naming the current version. Switching versions is one atomic rename of the manifest.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ColumnInfo } from '@atlas/pipeline';

export interface Manifest {
  version: string;
  /** File names inside the dataset's folder. */
  parquet: string;
  arrow: string | null;
  columns: ColumnInfo[];
  rowCount: number;
  sizeBytes: number;
  latColumn: string | null;
  lngColumn: string | null;
  geometryColumn: string | null;
  createdAt: string;
}

/** What loads write under tmp/ while they run: the received body, GeoJSON rows, Arrow's scratch database. */
const INGEST_TEMPORARY = /\.(upload|ndjson|duckdb(\.wal)?)$/;
const DAY = 24 * 3600 * 1000;
/** Half-written files younger than this may belong to a load still running in another process. */
const PARTIAL_GRACE_MS = 10 * 60 * 1000;

/** Removes the entries of a folder (if it exists) that `remove` picks by name and age in milliseconds. */
async function removeWhere(folder: string, remove: (name: string, ageMs: number) => boolean): Promise<void> {
  const now = Date.now();
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && remove(name, now - info.mtimeMs)) await rm(file, { recursive: true, force: true });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class DataStorage {
  readonly datasetsDir: string;
  readonly tmpDir: string;

  constructor(readonly dataDir: string) {
    this.datasetsDir = path.join(dataDir, 'datasets');
    this.tmpDir = path.join(dataDir, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.datasetsDir, { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    await this.sweep();
  }

  /**
   * Start-up sweep of what a killed process left: every load's temporary file (this process owns DATA_DIR, so none is
   * live; see docs/engine.md "After a crash"), other temporary files after a day, and half-written files inside
   * dataset folders once they are older than a short grace (recovery removes those of interrupted loads at once).
   */
  private async sweep(): Promise<void> {
    await removeWhere(this.tmpDir, (name, age) => INGEST_TEMPORARY.test(name) || age > DAY);
    for (const name of await readdir(this.datasetsDir)) {
      await removeWhere(path.join(this.datasetsDir, name), (file, age) => file.endsWith('.tmp') && age > PARTIAL_GRACE_MS);
    }
  }

  /** Removes the dataset's half-written files (`*.tmp`): only when no load of it is running. */
  async removePartialFiles(datasetId: string): Promise<void> {
    await removeWhere(this.dir(datasetId), (name) => name.endsWith('.tmp'));
  }

  /** The dataset's folder; ids are checked so that no path can leave DATA_DIR. */
  dir(datasetId: string): string {
    if (!UUID.test(datasetId)) throw new Error(`Not a dataset id: ${datasetId}`);
    return path.join(this.datasetsDir, datasetId.toLowerCase());
  }

  file(datasetId: string, name: string): string {
    return path.join(this.dir(datasetId), name);
  }

  /** A fresh path under DATA_DIR/tmp. */
  tmpFile(extension: string): string {
    return path.join(this.tmpDir, `${randomUUID()}.${extension}`);
  }

  /** Sortable and unique: the time of the load, then randomness. */
  newVersion(): string {
    return `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
  }

  async readManifest(datasetId: string): Promise<Manifest | null> {
    try {
      return JSON.parse(await readFile(this.file(datasetId, 'manifest.json'), 'utf8')) as Manifest;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async writeManifest(datasetId: string, manifest: Manifest): Promise<void> {
    const temporary = this.file(datasetId, `manifest.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temporary, JSON.stringify(manifest));
    await rename(temporary, this.file(datasetId, 'manifest.json'));
  }

  /** Files of the folder that the manifest no longer names (older versions, leftovers of failed loads). */
  async staleFiles(datasetId: string, keep: Manifest | null, except: ReadonlySet<string> = new Set()): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir(datasetId));
    } catch {
      return [];
    }
    const live = new Set(['manifest.json', keep?.parquet, keep?.arrow].filter((name): name is string => !!name));
    return names.filter((name) => !live.has(name) && !except.has(name) && !name.endsWith('.tmp')).map((name) => this.file(datasetId, name));
  }

  async removeDataset(datasetId: string): Promise<void> {
    await rm(this.dir(datasetId), { recursive: true, force: true });
  }
}
