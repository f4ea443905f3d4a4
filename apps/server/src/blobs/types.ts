import type { Readable } from 'node:stream';

import type { UploadPolicy } from '@atlas/domain';
import type { AccessResourceType } from '../http/access.js';

export type { UploadPolicy };

export interface UploadPolicyRequest {
  /** Storage key the file will live under, chosen by the server (e.g. `thumbnails/map/<id>`). */
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds?: number;
  /** Whose write right on which resource the upload rests on; checked again when the upload arrives at this server. */
  issuedTo: UploadIssuer;
}

export interface UploadIssuer {
  userId: string;
  resourceType: AccessResourceType;
  resourceId: string;
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
