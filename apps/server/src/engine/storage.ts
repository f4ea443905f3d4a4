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
    // Leftovers of processes that died mid-upload; recent files may belong to another instance sharing DATA_DIR.
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const name of await readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < dayAgo) await rm(file, { recursive: true, force: true });
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
