// What a storage connection (s3, google-cloud-storage) does besides refusing queries: list its buckets, list what is
// under a prefix of a bucket page by page, and open an object as a stream (docs/storage-connections.md).
import type { Readable } from 'node:stream';
import type { StorageEntry } from '@atlas/domain';
import type { ConnectionTarget } from '../types.js';

export interface StoragePage {
  items: StorageEntry[];
  nextPageToken: string | null;
}

export interface ListRequest {
  bucket: string;
  prefix: string;
  pageToken?: string;
  pageSize: number;
}

export interface StorageObject {
  /** The object's bytes as the store sends them; destroy it when not read to the end. */
  body: Readable;
  /** Bytes, when the store says. */
  size: number | null;
  contentType: string | null;
}

export interface StorageDriver {
  /** The buckets the credentials reach (kind 'bucket'). */
  listBuckets(target: ConnectionTarget, page: { pageToken?: string; pageSize: number }): Promise<StoragePage>;
  /** Folders (common prefixes under '/') and objects directly under the prefix. */
  listObjects(target: ConnectionTarget, request: ListRequest): Promise<StoragePage>;
  /** 404 'Object not found' when there is no such key. */
  openObject(target: ConnectionTarget, bucket: string, key: string): Promise<StorageObject>;
}
