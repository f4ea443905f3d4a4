import type { Readable } from 'node:stream';

import type { UploadPolicy } from '@atlas/domain';

export type { UploadPolicy };

export interface UploadPolicyRequest {
  /** Storage key the file will live under, chosen by the server (e.g. `thumbnails/map/<id>`). */
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds?: number;
}

/** Blob storage: a local folder by default, S3-compatible storage when configured. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  createUploadPolicy(request: UploadPolicyRequest): Promise<UploadPolicy>;
  /** The stored file, or null when nothing was uploaded under the key. */
  read(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  write(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}
