import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { AppStatusCode, LOCK_RESOURCE_TYPES, type LockResourceType } from '@atlas/domain';
import { UploadRejected, type LocalBlobStore, type UploadIssuer } from '../../blobs/index.js';
import { checkAccess } from '../../http/access.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import type { Db } from '../../store/index.js';
import { assertWritable } from '../locks/service.js';
import { findIdentity } from '../users/repo.js';

/** Enough leading bytes to tell PNG, JPEG and WebP apart. */
const HEAD_BYTES = 12;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Image types whose first bytes are checked, so a file is never trusted on its declared type alone. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 8).equals(PNG_SIGNATURE),
  'image/jpeg': (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/webp': (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
};

export const contentMismatch = () => badRequest('File content does not match its type');
export const tooLarge = (maxBytes: number) =>
  new AppError(413, 'File is larger than the upload policy allows', AppStatusCode.PayloadTooLarge, `At most ${maxBytes} bytes`);

/** Passes the file through while counting bytes (413 past maxBytes) and checking an image's signature on its first bytes. */
export async function* checkedFile(source: AsyncIterable<Buffer>, { contentType, maxBytes }: { contentType: string; maxBytes: number }) {
  const matches = SIGNATURES[contentType];
  let head: Buffer[] | null = matches ? [] : null;
  let headBytes = 0;
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    if (!head) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes < HEAD_BYTES) continue;
    const buffered = Buffer.concat(head);
    head = null;
    if (!matches!(buffered)) throw contentMismatch();
    yield buffered;
  }
  if (head) {
    // The whole file was shorter than the head: check what there is.
    const buffered = Buffer.concat(head);
    if (!matches!(buffered)) throw contentMismatch();
    yield buffered;
  }
}

/**
 * Reads an S3-style POST: the policy fields first, then the part named `file`. The policy, and the issuer's right to
 * write the resource now, are checked before a byte of the file is stored; the store's atomic write means a rejected
 * file leaves the previous blob in place.
 */
export async function receiveUpload(db: Db, blobs: LocalBlobStore, parts: AsyncIterable<Multipart>): Promise<void> {
  const fields: Record<string, string> = Object.create(null);
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw badRequest('Unexpected file part', `The file goes in the part named "file", got "${part.fieldname}"`);
    const policy = verify(blobs, fields);
    await checkIssuerMayStillWrite(db, policy.issuedTo);
    if (part.mimetype !== policy.contentType) {
      throw badRequest('File type does not match the upload policy', `Expected ${policy.contentType}, got ${part.mimetype}`);
    }
    await blobs.write(policy.key, Readable.from(checkedFile(part.file, policy)), policy.contentType);
    return;
  }
  throw badRequest('No file in the upload', 'Send the policy fields, then the file as the last part, named "file"');
}

/**
 * A policy is only as good as the right it was issued on: revoking the grant, the seat or the user ends it at once,
 * and so does another editor's lock on the record.
 * The issuer is who they are now (seat, organization, administrator), not who they were when the policy was signed.
 */
async function checkIssuerMayStillWrite(db: Db, issuedTo: UploadIssuer | undefined): Promise<void> {
  // A policy signed before policies named their issuer rests on nothing that can be checked.
  const issuer = issuedTo && (await findIdentity(db, issuedTo.userId));
  if (!issuedTo || !issuer) throw forbidden('Upload policy is no longer valid', 'Request a new upload policy');
  const { resourceType, resourceId } = issuedTo;
  await checkAccess(db, issuer, resourceType, resourceId, 'write');
  // A record another editor locked since the policy was issued is theirs to change now.
  if (isLockable(resourceType)) await assertWritable(db, issuer, resourceType, resourceId);
}

const isLockable = (type: string): type is LockResourceType => (LOCK_RESOURCE_TYPES as readonly string[]).includes(type);

function verify(blobs: LocalBlobStore, fields: Record<string, string>) {
  try {
    return blobs.verifyPolicy(fields);
  } catch (error) {
    if (error instanceof UploadRejected) throw forbidden(error.message);
    throw error;
  }
}
