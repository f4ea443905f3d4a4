// Where tilesets live: each build is one PMTiles archive in the blob store (so every server process, with a bucket,
// sees it), and a copy on this process's local disk that tiles and byte ranges are read from. Every archive stored is
// recorded in the database until removed, so that those of deleted tilesets and dead builds are swept.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../blobs/types.js';
import type { Queryable } from '../../store/index.js';
import { existingDatasets, forgetVersion, recordVersion, unusedVersions } from './files-repo.js';
import { PmtilesArchive } from './pmtiles-reader.js';

export const PMTILES_CONTENT_TYPE = 'application/vnd.pmtiles';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Archives kept open (each holds a file descriptor and its parsed root directory). */
const OPEN_ARCHIVES = 32;

export class TilesetFiles {
  private readonly open = new Map<string, Promise<PmtilesArchive>>();

  constructor(
    private readonly db: Queryable,
    private readonly blobs: BlobStore,
    private readonly dataDir: string,
  ) {}

  private blobKey = (datasetId: string, version: string) => `vector-tiles/${datasetId}/${version}.pmtiles`;
  private localFolder = (datasetId: string) => path.join(this.dataDir, 'vector-tiles', datasetId);
  private localPath = (datasetId: string, version: string) => path.join(this.localFolder(datasetId), `${version}.pmtiles`);

  /** A fresh folder for a build's temporary files. */
  async workFolder(datasetId: string): Promise<string> {
    const folder = path.join(this.dataDir, 'vector-tiles', 'work', `${datasetId}-${randomUUID()}`);
    await mkdir(folder, { recursive: true });
    return folder;
  }

  /** Stores a finished archive as the given version (the blob first: the local file is only a cache of it). */
  async store(datasetId: string, version: string, file: string): Promise<void> {
    await recordVersion(this.db, { datasetId, version });
    await this.blobs.write(this.blobKey(datasetId, version), createReadStream(file), PMTILES_CONTENT_TYPE);
    const local = this.localPath(datasetId, version);
    await mkdir(path.dirname(local), { recursive: true });
    await rename(file, local);
  }

  /** The archive of a version, fetched from the blob store when this process has no copy yet. */
  archive(datasetId: string, version: string): Promise<PmtilesArchive> {
    const key = `${datasetId}/${version}`;
    let opened = this.open.get(key);
    if (!opened) {
      opened = this.fetch(datasetId, version).then((file) => PmtilesArchive.open(file));
      opened.catch(() => this.open.delete(key));
      if (this.open.size >= OPEN_ARCHIVES) this.forget(this.open.keys().next().value!);
      this.open.set(key, opened);
    } else {
      // Most recently used last.
      this.open.delete(key);
      this.open.set(key, opened);
    }
    return opened;
  }

  private forget(key: string): void {
    const opened = this.open.get(key);
    this.open.delete(key);
    void opened?.then((archive) => archive.close()).catch(() => undefined);
  }

  private async fetch(datasetId: string, version: string): Promise<string> {
    const local = this.localPath(datasetId, version);
    if (await stat(local).then(() => true, () => false)) return local;
    const blob = await this.blobs.read(this.blobKey(datasetId, version));
    if (!blob) throw new Error(`tileset ${datasetId} version ${version} is missing from the blob store`);
    await mkdir(path.dirname(local), { recursive: true });
    const partial = `${local}.${randomUUID()}.part`;
    try {
      await pipeline(blob.body, createWriteStream(partial));
      await rename(partial, local);
    } finally {
      await rm(partial, { force: true });
    }
    return local;
  }

  /** Removes a version that is no longer served (blob and local copy). */
  async remove(datasetId: string, version: string): Promise<void> {
    this.forget(`${datasetId}/${version}`);
    await this.blobs.delete(this.blobKey(datasetId, version));
    await rm(this.localPath(datasetId, version), { force: true });
    await forgetVersion(this.db, { datasetId, version });
  }

  /**
   * Removes the archives no tileset serves (of deleted tilesets, or left by builds that died or were replaced), and
   * this process's local copies of deleted tilesets. Answers how many archives went.
   */
  async sweep(): Promise<number> {
    const unused = await unusedVersions(this.db);
    for (const stored of unused) await this.remove(stored.datasetId, stored.version);
    const folders = await readdir(path.join(this.dataDir, 'vector-tiles')).catch(() => [] as string[]);
    const datasets = folders.filter((name) => UUID.test(name));
    const existing = await existingDatasets(this.db, datasets);
    for (const datasetId of datasets.filter((id) => !existing.has(id))) await rm(this.localFolder(datasetId), { recursive: true, force: true });
    return unused.length;
  }

  async closeAll(): Promise<void> {
    for (const key of [...this.open.keys()]) this.forget(key);
  }
}
