import path from 'node:path';
import type { Config } from '../config.js';
import { LocalBlobStore } from './local.js';
import { S3BlobStore } from './s3.js';
import type { BlobStore } from './types.js';

export type { BlobStore, UploadIssuer, UploadPolicy, UploadPolicyRequest } from './types.js';
export { LocalBlobStore, UploadRejected } from './local.js';
export { S3BlobStore } from './s3.js';

/** The path of the local upload endpoint; S3 policies point at the bucket instead. */
export const UPLOAD_PATH = '/v1/uploads';

/** S3-compatible storage when configured (uploads then go straight to the bucket), else a local folder. */
export function openBlobStore(config: Pick<Config, 'dataDir' | 'publicUrl' | 'signingSecret' | 's3'>): BlobStore {
  if (config.s3) return new S3BlobStore(config.s3);
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'), `${config.publicUrl}${UPLOAD_PATH}`, config.signingSecret);
}
