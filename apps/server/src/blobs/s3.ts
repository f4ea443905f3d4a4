import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Config } from '../config.js';
import type { BlobStore, UploadPolicy, UploadPolicyRequest } from './types.js';

/**
 * The bucket cannot ask this server whether the issuer may still write when the file arrives, so an S3 policy lives
 * only as long as a client needs to start its upload: revoking a grant takes effect within this time. S3 checks the
 * expiry when the upload starts, so a large file still has time to finish.
 */
export const S3_POLICY_SECONDS = 60;
/** Bodies larger than this go up as a multipart upload, so memory stays bounded whatever the file size. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

export type S3Options = NonNullable<Config['s3']>;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Blobs in an S3-compatible bucket; clients upload straight to the bucket with a presigned POST policy. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;

  /** Credentials come from the SDK's default chain (environment, profile, instance role) unless a client is given. */
  constructor(options: S3Options, client?: S3Client) {
    this.bucket = options.bucket;
    this.client =
      client ??
      new S3Client({ region: options.region, forcePathStyle: options.forcePathStyle, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  }

  async createUploadPolicy({ key, contentType, maxBytes, expiresInSeconds = S3_POLICY_SECONDS }: UploadPolicyRequest): Promise<UploadPolicy> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Fields: { 'Content-Type': contentType },
      Conditions: [
        ['content-length-range', 0, maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      Expires: expiresInSeconds,
    });
    // The signed document holds the exact expiry; report that one rather than a second clock reading.
    const document = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string };
    return { url, fields, expiration: new Date(document.expiration).toISOString() };
  }

  async read(key: string) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return { body: answer.Body as Readable, contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** S3 makes an object visible only when its upload completes, so a failed write leaves the previous object. */
  async write(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    if (Buffer.isBuffer(body)) {
      await this.put(key, body, contentType);
      return;
    }
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flushPart = async () => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }))).UploadId;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: Buffer.concat(pending) }),
      );
      parts.push({ ETag, PartNumber });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        pending.push(buffer);
        pendingBytes += buffer.length;
        if (pendingBytes >= S3_PART_BYTES) await flushPart();
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(pending), contentType);
        return;
      }
      if (pendingBytes > 0) await flushPart();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      if (uploadId) await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<boolean> {
    try {
      const source = `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: source }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
  }
}
