import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBlobStore } from './index.js';
import { S3BlobStore, S3_PART_BYTES, S3_POLICY_SECONDS } from './s3.js';

const OPTIONS = { bucket: 'atlas-blobs', region: 'eu-west-1', endpoint: null, forcePathStyle: false };
const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' };

/** A store over a real SDK client whose `send` is stubbed: nothing leaves the process. */
function setup(answer: (command: { constructor: { name: string }; input: Record<string, unknown> }) => unknown = () => ({})) {
  const client = new S3Client({ region: OPTIONS.region, credentials });
  const commands: Array<{ name: string; input: Record<string, unknown> }> = [];
  const send = vi.spyOn(client, 'send').mockImplementation((async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    commands.push({ name: command.constructor.name, input: command.input });
    return answer(command);
  }) as never);
  return { store: new S3BlobStore(OPTIONS, client), commands, send };
}

const missing = () => Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });

const issuedTo = { userId: 'u1', resourceType: 'map-asset' as const, resourceId: 'a1' };

afterEach(() => vi.useRealTimers());

describe('S3BlobStore', () => {
  it('signs a POST policy locally with the size range, content type, key and expiry', async () => {
    vi.useFakeTimers({ now: new Date('2030-05-01T12:00:00.000Z') });
    const { store, send } = setup();
    const policy = await store.createUploadPolicy({ issuedTo, key: 'map-assets/a1/thumbnail', contentType: 'image/png', maxBytes: 5000, expiresInSeconds: 600 });
    expect(send).not.toHaveBeenCalled();
    expect(policy.url).toBe('https://atlas-blobs.s3.eu-west-1.amazonaws.com/');
    expect(policy.expiration).toBe('2030-05-01T12:10:00.000Z');
    expect(policy.fields).toMatchObject({
      key: 'map-assets/a1/thumbnail',
      'Content-Type': 'image/png',
      bucket: 'atlas-blobs',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDTEST/20300501/eu-west-1/s3/aws4_request',
      'X-Amz-Date': '20300501T120000Z',
    });
    expect(policy.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const document = JSON.parse(Buffer.from(policy.fields.Policy!, 'base64').toString('utf8'));
    expect(document.expiration).toBe('2030-05-01T12:10:00Z');
    expect(document.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 0, 5000],
        ['eq', '$Content-Type', 'image/png'],
        { key: 'map-assets/a1/thumbnail' },
        { bucket: 'atlas-blobs' },
      ]),
    );
  });

  it('lets a policy live one minute by default: the bucket cannot re-check the issuer’s right on arrival', async () => {
    vi.useFakeTimers({ now: new Date('2030-05-01T12:00:00.000Z') });
    const policy = await setup().store.createUploadPolicy({ issuedTo, key: 'k/a', contentType: 'image/png', maxBytes: 1 });
    expect(S3_POLICY_SECONDS).toBe(60);
    expect(policy.expiration).toBe('2030-05-01T12:01:00.000Z');
  });

  it('signs a different policy for a different key', async () => {
    const { store } = setup();
    const a = await store.createUploadPolicy({ issuedTo, key: 'k/a', contentType: 'image/png', maxBytes: 1 });
    const b = await store.createUploadPolicy({ issuedTo, key: 'k/b', contentType: 'image/png', maxBytes: 1 });
    expect(a.fields['X-Amz-Signature']).not.toBe(b.fields['X-Amz-Signature']);
  });

  it('points policies at a path-style custom endpoint when configured', async () => {
    const client = new S3Client({ region: 'us-east-1', endpoint: 'http://minio.local:9000', forcePathStyle: true, credentials });
    const store = new S3BlobStore({ ...OPTIONS, endpoint: 'http://minio.local:9000', forcePathStyle: true }, client);
    expect((await store.createUploadPolicy({ issuedTo, key: 'x/y', contentType: 'application/json', maxBytes: 10 })).url).toBe('http://minio.local:9000/atlas-blobs');
  });

  it('reads an object as a stream with its type and size', async () => {
    const { store, commands } = setup(() => ({ Body: Readable.from([Buffer.from('hello')]), ContentType: 'text/plain', ContentLength: 5 }));
    const blob = await store.read('a/b');
    expect(commands).toEqual([{ name: 'GetObjectCommand', input: { Bucket: 'atlas-blobs', Key: 'a/b' } }]);
    expect(blob).toMatchObject({ contentType: 'text/plain', size: 5 });
    const chunks: Buffer[] = [];
    for await (const chunk of blob!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
  });

  it('answers null for a missing object and rethrows other failures', async () => {
    expect(await setup(() => Promise.reject(missing())).store.read('nope')).toBeNull();
    const denied = Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    await expect(setup(() => Promise.reject(denied)).store.read('x')).rejects.toThrow('Access Denied');
  });

  it('puts a buffer, and a small stream, as one object', async () => {
    const { store, commands } = setup();
    await store.write('a/b', Buffer.from('abc'), 'text/plain');
    await store.write('a/c', Readable.from([Buffer.from('de'), Buffer.from('f')]), 'text/csv');
    expect(commands.map((c) => c.name)).toEqual(['PutObjectCommand', 'PutObjectCommand']);
    expect(commands[0]!.input).toMatchObject({ Bucket: 'atlas-blobs', Key: 'a/b', ContentType: 'text/plain', ContentLength: 3 });
    expect(String(commands[1]!.input.Body)).toBe('def');
    expect(commands[1]!.input).toMatchObject({ Key: 'a/c', ContentType: 'text/csv', ContentLength: 3 });
  });

  it('streams a large body as a multipart upload in bounded parts', async () => {
    const { store, commands } = setup((command) => {
      if (command.constructor.name === 'CreateMultipartUploadCommand') return { UploadId: 'up-1' };
      if (command.constructor.name === 'UploadPartCommand') return { ETag: `"e${String(command.input.PartNumber)}"` };
      return {};
    });
    const chunk = Buffer.alloc(S3_PART_BYTES / 2, 1);
    await store.write('big/file', Readable.from([chunk, chunk, chunk]), 'application/octet-stream');
    expect(commands.map((c) => c.name)).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
    expect((commands[1]!.input.Body as Buffer).length).toBe(S3_PART_BYTES);
    expect((commands[2]!.input.Body as Buffer).length).toBe(S3_PART_BYTES / 2);
    expect(commands[3]!.input).toEqual({
      Bucket: 'atlas-blobs',
      Key: 'big/file',
      UploadId: 'up-1',
      MultipartUpload: { Parts: [{ ETag: '"e1"', PartNumber: 1 }, { ETag: '"e2"', PartNumber: 2 }] },
    });
  });

  it('aborts the multipart upload when the body fails, so the old object stays', async () => {
    const { store, commands } = setup((command) => (command.constructor.name === 'CreateMultipartUploadCommand' ? { UploadId: 'up-2' } : { ETag: '"e"' }));
    async function* failing() {
      yield Buffer.alloc(S3_PART_BYTES, 1);
      throw new Error('client went away');
    }
    await expect(store.write('big/file', Readable.from(failing()), 'application/octet-stream')).rejects.toThrow('client went away');
    expect(commands.map((c) => c.name)).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'AbortMultipartUploadCommand']);
    expect(commands[2]!.input).toEqual({ Bucket: 'atlas-blobs', Key: 'big/file', UploadId: 'up-2' });
  });

  it('copies within the bucket and answers false when the source is missing', async () => {
    const { store, commands } = setup();
    expect(await store.copy('thumbnails/map/a b', 'thumbnails/map/c')).toBe(true);
    expect(commands[0]).toEqual({ name: 'CopyObjectCommand', input: { Bucket: 'atlas-blobs', Key: 'thumbnails/map/c', CopySource: 'atlas-blobs/thumbnails/map/a%20b' } });
    expect(await setup(() => Promise.reject(missing())).store.copy('x', 'y')).toBe(false);
  });

  it('deletes an object', async () => {
    const { store, commands } = setup();
    await store.delete('a/b');
    expect(commands).toEqual([{ name: 'DeleteObjectCommand', input: { Bucket: 'atlas-blobs', Key: 'a/b' } }]);
  });

  it('is what openBlobStore gives when S3 is configured', () => {
    const store = openBlobStore({ dataDir: '/tmp/unused', publicUrl: 'http://x', signingSecret: 's', s3: OPTIONS });
    expect(store.kind).toBe('s3');
    expect(store).toBeInstanceOf(S3BlobStore);
    expect(openBlobStore({ dataDir: '/tmp/unused', publicUrl: 'http://x', signingSecret: 's', s3: null }).kind).toBe('local');
  });
});
