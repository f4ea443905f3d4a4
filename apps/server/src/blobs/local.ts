import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore, UploadIssuer, UploadPolicy, UploadPolicyRequest } from './types.js';

const DEFAULT_EXPIRY_SECONDS = 15 * 60;
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** The signed part of a local upload policy, echoed back by the client in `fields.policy`. */
interface PolicyDocument {
  key: string;
  contentType: string;
  maxBytes: number;
  expiration: string;
  issuedTo: UploadIssuer;
}

export class UploadRejected extends Error {}

/** Blobs in a folder; uploads go to this server's /v1/uploads with an HMAC-signed policy, like S3's POST policies. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly uploadUrl: string,
    private readonly secret: string,
  ) {}

  async createUploadPolicy({ key, contentType, maxBytes, issuedTo, expiresInSeconds = DEFAULT_EXPIRY_SECONDS }: UploadPolicyRequest): Promise<UploadPolicy> {
    this.pathOf(key);
    const expiration = new Date(Date.now() + expiresInSeconds * 1000).toISOString();
    const document: PolicyDocument = { key, contentType, maxBytes, expiration, issuedTo };
    const policy = Buffer.from(JSON.stringify(document)).toString('base64url');
    return { url: this.uploadUrl, fields: { key, 'Content-Type': contentType, policy, signature: this.sign(policy) }, expiration };
  }

  /** Checks signature, expiry and that the form fields match what was signed; returns the signed terms (the issuer's right is the caller's to check). */
  verifyPolicy(fields: Record<string, string | undefined>, now = Date.now()): PolicyDocument {
    const { policy, signature } = fields;
    if (!policy || !signature) throw new UploadRejected('Upload policy is missing');
    const expected = Buffer.from(this.sign(policy));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new UploadRejected('Upload policy signature is invalid');
    const document = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as PolicyDocument;
    if (Date.parse(document.expiration) <= now) throw new UploadRejected('Upload policy has expired');
    if (fields.key !== document.key) throw new UploadRejected('Upload key does not match the policy');
    if (fields['Content-Type'] !== document.contentType) throw new UploadRejected('Content-Type does not match the policy');
    return document;
  }

  /** Streams the body to a temporary file and renames it into place, so a failed upload leaves the old blob intact. */
  async write(key: string, body: Readable | Buffer, contentType: string, maxBytes = Number.POSITIVE_INFINITY): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Unique per write, so two uploads to one key at once never share a temporary file.
    const temporary = `${target}.${randomUUID()}.part`;
    let size = 0;
    const limit = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw new UploadRejected(`File is larger than ${maxBytes} bytes`);
        yield chunk;
      }
    };
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, limit, createWriteStream(temporary));
      await writeFile(`${temporary}.type`, contentType);
      await rename(`${temporary}.type`, `${target}.type`);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      await rm(`${temporary}.type`, { force: true });
      throw error;
    }
  }

  async read(key: string) {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const contentType = await readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream');
    return { body: createReadStream(file), contentType, size: info.size };
  }

  async copy(fromKey: string, toKey: string): Promise<boolean> {
    const from = this.pathOf(fromKey);
    if (!(await stat(from).catch(() => null))) return false;
    const to = this.pathOf(toKey);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(`${from}.type`, `${to}.type`).catch(() => undefined);
    await copyFile(from, to);
    return true;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(`${file}.type`, { force: true });
  }

  private sign(policy: string): string {
    return createHmac('sha256', this.secret).update(policy).digest('base64url');
  }

  /** Keys are server-chosen, but a key never escapes the blob folder whatever it holds. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid blob key: ${key}`);
    return path.join(this.root, key);
  }
}
