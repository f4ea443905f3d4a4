// Where a storage browse is: a bucket (null: the connection's own, or the list of buckets) and a prefix of folders.
import type { StorageEntry } from '@atlas/domain';

export interface StorageLocation {
  bucket: string | null;
  prefix: string;
}

export interface Crumb {
  label: string;
  location: StorageLocation;
}

/**
 * The way back up: `root` ("Buckets"; planet's "Item types") when the connection names none, the bucket, then each
 * folder of the prefix. `listed`: the bucket the server says it lists (the connection's own when the location names none).
 */
export function crumbsOf(location: StorageLocation, listed: string | null, root = 'Buckets'): Crumb[] {
  const crumbs: Crumb[] = [];
  if (location.bucket !== null || listed === null) crumbs.push({ label: root, location: { bucket: null, prefix: '' } });
  const bucket = location.bucket ?? listed;
  if (bucket !== null) crumbs.push({ label: bucket, location: { bucket: location.bucket, prefix: '' } });
  let prefix = '';
  for (const folder of location.prefix.split('/').filter((part) => part !== '')) {
    prefix += `${folder}/`;
    crumbs.push({ label: folder, location: { bucket: location.bucket, prefix } });
  }
  return crumbs;
}

/** An entry's own name under the prefix listed: a bucket's name, a folder's last part (with its /), an object's file name. */
export function entryName(entry: StorageEntry): string {
  if (entry.kind === 'bucket') return entry.key;
  const parts = entry.key.split('/');
  return entry.kind === 'folder' ? `${parts.at(-2) ?? ''}/` : parts.at(-1)!;
}
