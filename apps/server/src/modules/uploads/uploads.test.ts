import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
// The client's own upload call (not yet exported from @atlas/client's index; see the lead's wiring).
import { uploadWithPolicy } from '@atlas/client';
import Fastify from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3BlobStore, type UploadIssuer, type UploadPolicy, type UploadPolicyRequest } from '../../blobs/index.js';
import { registerErrorHandling } from '../../http/error-handler.js';
import type { App, AppDeps } from '../../http/types.js';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { uploadRoutes } from './routes.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14, 1)]);

/** The bytes and content type a browser would send for this form: fields in order, then `file`. */
async function multipart(fields: Record<string, string>, file?: { bytes: Buffer | string; type: string; name?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.name ?? 'file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], { type: file.type }), 'upload.bin');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

async function readText(blobs: AppDeps['blobs'], key: string) {
  const blob = await blobs.read(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString('latin1'), contentType: blob.contentType };
}

const PALETTE = { type: 'color-palette', name: 'Sunset', metadata: { palette: { name: 'Sunset', type: 'sequential', colors: ['#ff0000', '#00ff00'] } } };
const OTHER_PNG = Buffer.concat([PNG, Buffer.from('other')]);

const forbiddenBody = (message: string) => ({ message, details: '', appStatusCode: 'FORBIDDEN' });

afterEach(() => vi.useRealTimers());

describe.each(testStores())('POST /v1/uploads on $name', (store) => {
  const h = useHarness(store);
  let n = 0;
  const newKey = () => `tests/uploads/${store.name}/${++n}`;
  let analyst: { authorization: string };
  let issuedTo: UploadIssuer;
  /** A policy as the map-asset routes issue it: to the analyst, who owns the asset. */
  const issue = (request: Omit<UploadPolicyRequest, 'issuedTo'>) => h.blobs.createUploadPolicy({ ...request, issuedTo });

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    const asset = await h.app.inject({ method: 'POST', url: '/v1/map-assets', headers: analyst, payload: PALETTE });
    const [owner] = await h.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'analyst@example.com'");
    issuedTo = { userId: owner!.id, resourceType: 'map-asset', resourceId: asset.json().id };
  });

  const post = async (policy: UploadPolicy, file?: { bytes: Buffer | string; type: string; name?: string }, fields = policy.fields) => {
    expect(new URL(policy.url).pathname).toBe('/v1/uploads');
    return h.app.inject({ method: 'POST', url: '/v1/uploads', ...(await multipart(fields, file)) });
  };

  it('stores the file under the signed key without any bearer token, answering 204', async () => {
    const key = newKey();
    const policy = await issue({ key, contentType: 'application/json', maxBytes: 100 });
    const response = await post(policy, { bytes: '{"a":1}', type: 'application/json' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await readText(h.blobs, key)).toEqual({ text: '{"a":1}', contentType: 'application/json' });
  });

  it('replaces an earlier upload under the same key', async () => {
    const key = newKey();
    const policy = await issue({ key, contentType: 'application/json', maxBytes: 100 });
    expect((await post(policy, { bytes: '[1]', type: 'application/json' })).statusCode).toBe(204);
    expect((await post(policy, { bytes: '[2]', type: 'application/json' })).statusCode).toBe(204);
    expect((await readText(h.blobs, key))?.text).toBe('[2]');
  });

  it.each([
    ['a tampered signature', (p: UploadPolicy) => ({ ...p.fields, signature: `${p.fields.signature!.slice(0, -2)}xx` }), 'Upload policy signature is invalid'],
    ['another key', (p: UploadPolicy) => ({ ...p.fields, key: 'tests/uploads/elsewhere' }), 'Upload key does not match the policy'],
    ['another Content-Type', (p: UploadPolicy) => ({ ...p.fields, 'Content-Type': 'text/html' }), 'Content-Type does not match the policy'],
    ['no policy', (p: UploadPolicy) => ({ key: p.fields.key!, 'Content-Type': 'application/json' }), 'Upload policy is missing'],
    ['a forged policy document', (p: UploadPolicy) => ({ ...p.fields, policy: Buffer.from('{"key":"x","maxBytes":1e12}').toString('base64url') }), 'Upload policy signature is invalid'],
  ])('refuses %s with 403 and stores nothing', async (_, fields, message) => {
    const key = newKey();
    const policy = await issue({ key, contentType: 'application/json', maxBytes: 100 });
    const response = await post(policy, { bytes: '{}', type: 'application/json' }, fields(policy));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbiddenBody(message));
    expect(await h.blobs.read(key)).toBeNull();
    expect(await h.blobs.read('tests/uploads/elsewhere')).toBeNull();
  });

  it('refuses a policy already expired when signed', async () => {
    const key = newKey();
    const policy = await issue({ key, contentType: 'application/json', maxBytes: 100, expiresInSeconds: -1 });
    const response = await post(policy, { bytes: '{}', type: 'application/json' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbiddenBody('Upload policy has expired'));
    expect(await h.blobs.read(key)).toBeNull();
  });

  it('refuses a policy once the clock passes its expiration', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const key = newKey();
    const policy = await issue({ key, contentType: 'application/json', maxBytes: 100, expiresInSeconds: 60 });
    vi.setSystemTime(Date.parse(policy.expiration) + 1);
    const response = await post(policy, { bytes: '{}', type: 'application/json' });
    expect(response.json()).toEqual(forbiddenBody('Upload policy has expired'));
    vi.setSystemTime(Date.parse(policy.expiration) - 1000);
    expect((await post(policy, { bytes: '{}', type: 'application/json' })).statusCode).toBe(204);
  });

  it('refuses a file whose own type is not the signed Content-Type', async () => {
    const key = newKey();
    const policy = await issue({ key, contentType: 'image/png', maxBytes: 1000 });
    const response = await post(policy, { bytes: PNG, type: 'image/jpeg' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'File type does not match the upload policy', details: 'Expected image/png, got image/jpeg', appStatusCode: 'BAD_REQUEST' });
    expect(await h.blobs.read(key)).toBeNull();
  });

  it('refuses a file larger than the policy allows with 413 and keeps the previous blob', async () => {
    const key = newKey();
    const policy = await issue({ key, contentType: 'text/csv', maxBytes: 10 });
    expect((await post(policy, { bytes: '0123456789', type: 'text/csv' })).statusCode).toBe(204);
    const response = await post(policy, { bytes: '0123456789A', type: 'text/csv' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File is larger than the upload policy allows', details: 'At most 10 bytes', appStatusCode: 'PAYLOAD_TOO_LARGE' });
    expect(await readText(h.blobs, key)).toEqual({ text: '0123456789', contentType: 'text/csv' });
  });

  it('streams a file of several megabytes through', async () => {
    const key = newKey();
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 'x');
    const policy = await issue({ key, contentType: 'text/plain', maxBytes: bytes.length });
    expect((await post(policy, { bytes, type: 'text/plain' })).statusCode).toBe(204);
    expect((await h.blobs.read(key))?.size).toBe(bytes.length);
  });

  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/webp', WEBP],
  ])('accepts a real %s image', async (type, bytes) => {
    const key = newKey();
    const policy = await issue({ key, contentType: type, maxBytes: 1000 });
    expect((await post(policy, { bytes, type })).statusCode).toBe(204);
    expect((await readText(h.blobs, key))?.text).toBe(bytes.toString('latin1'));
  });

  it.each([
    ['image/png', JPEG],
    ['image/jpeg', PNG],
    ['image/webp', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['image/png', PNG.subarray(0, 5)],
  ])('refuses %s whose bytes say otherwise, keeping the previous blob', async (type, bytes) => {
    const key = newKey();
    const good = { 'image/png': PNG, 'image/jpeg': JPEG, 'image/webp': WEBP }[type]!;
    const policy = await issue({ key, contentType: type, maxBytes: 1000 });
    expect((await post(policy, { bytes: good, type })).statusCode).toBe(204);
    const response = await post(policy, { bytes, type });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'File content does not match its type', details: '', appStatusCode: 'BAD_REQUEST' });
    expect((await readText(h.blobs, key))?.text).toBe(good.toString('latin1'));
  });

  it('needs the file part, named file', async () => {
    const policy = await issue({ key: newKey(), contentType: 'text/plain', maxBytes: 10 });
    const none = await post(policy);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file in the upload');
    const misnamed = await post(policy, { bytes: 'x', type: 'text/plain', name: 'upload' });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json()).toEqual({ message: 'Unexpected file part', details: 'The file goes in the part named "file", got "upload"', appStatusCode: 'BAD_REQUEST' });
  });

  it('answers 415 to a body that is not multipart', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/v1/uploads', payload: { key: 'x' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Expected multipart/form-data', details: '', appStatusCode: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('takes what the typed client sends, and the client reports a refusal with status and text', async () => {
    // The client's fetch, answered by the app in-process: proves both sides agree on the form.
    const fetch = (async (url: string, init: RequestInit) => {
      const encoded = new Response(init.body as FormData);
      const answer = await h.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode });
    }) as unknown as typeof globalThis.fetch;
    const key = newKey();
    const policy = await issue({ key, contentType: 'image/png', maxBytes: 1000 });
    await uploadWithPolicy(policy, new Blob([PNG]), { fetch });
    expect((await readText(h.blobs, key))?.text).toBe(PNG.toString('latin1'));
    const forged = { ...policy, fields: { ...policy.fields, key: newKey() } };
    await expect(uploadWithPolicy(forged, new Blob([PNG], { type: 'image/png' }), { fetch })).rejects.toMatchObject({
      status: 403,
      message: 'Upload failed with status 403',
      details: JSON.stringify(forbiddenBody('Upload key does not match the policy')),
    });
  });

  describe('a policy rests on its issuer’s right when the file arrives', () => {
    let editor: { authorization: string };
    let editorId: string;
    beforeAll(async () => {
      const user = await addUser(h.db, { email: `editor-${store.name}@uploads.test`, organization: 'Demo' });
      editorId = user.id;
      editor = await h.auth(user.email);
    });

    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
      h.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
    /** A palette of the analyst's on which the editor holds an editor grant; answers the ids of both. */
    const sharedAsset = async () => {
      const asset = (await call('POST', '/v1/map-assets', analyst, PALETTE)).json().id as string;
      const grant = await call('POST', '/v1/permissions', analyst, { resourceType: 'map-asset', resourceId: asset, granteeType: 'user', granteeId: editorId, role: 'editor' });
      expect(grant.statusCode).toBe(201);
      return { asset, grant: grant.json().id as string };
    };
    const thumbnailPolicy = async (asset: string, headers: object): Promise<UploadPolicy> => {
      const response = await call('PUT', `/v1/map-assets/${asset}/files`, headers, { thumbnailContentType: 'image/png' });
      expect(response.statusCode).toBe(200);
      return response.json().thumbnailSignedPostPolicy;
    };
    const thumbnail = async (asset: string) => (await call('GET', `/v1/map-assets/${asset}/files/thumbnail`, analyst)).rawPayload;

    it('refuses a policy whose grant was revoked after it was issued, keeping the thumbnail', async () => {
      const { asset, grant } = await sharedAsset();
      expect((await post(await thumbnailPolicy(asset, editor), { bytes: PNG, type: 'image/png' })).statusCode).toBe(204);
      const stale = await thumbnailPolicy(asset, editor);
      expect((await call('DELETE', `/v1/permissions/${grant}`, analyst)).statusCode).toBe(204);

      const response = await post(stale, { bytes: OTHER_PNG, type: 'image/png' });
      // A member of the owner's organization still reads the asset, so the refusal is 403, not 404.
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have write permission on this map asset', details: `map-asset ${asset}`, appStatusCode: 'FORBIDDEN' });
      expect(await thumbnail(asset)).toEqual(PNG);
      // The owner's own policy, issued before the revocation, still works: only the revoked right is gone.
      expect((await post(await thumbnailPolicy(asset, analyst), { bytes: OTHER_PNG, type: 'image/png' })).statusCode).toBe(204);
      expect(await thumbnail(asset)).toEqual(OTHER_PNG);
    });

    it('refuses a policy of an editor once another editor holds the record lock, keeping the thumbnail', async () => {
      const map = (await call('POST', '/v1/maps', analyst, { name: 'Locked later' })).json().id as string;
      await call('POST', '/v1/permissions', analyst, { resourceType: 'map', resourceId: map, granteeType: 'user', granteeId: editorId, role: 'editor' });
      const prepared = await call('PUT', `/v1/maps/${map}/thumbnail`, editor, { contentType: 'image/png' });
      expect(prepared.statusCode, prepared.body).toBe(200);
      expect((await call('GET', `/v1/maps/${map}?acquireLock=true`, analyst)).json().lock.ownerId).toBeDefined();

      const response = await post(prepared.json().previewSignedPostPolicy, { bytes: PNG, type: 'image/png' });
      expect(response.statusCode).toBe(409);
      expect(response.json().appStatusCode).toBe('LOCKED');
      expect((await call('GET', `/v1/maps/${map}/thumbnail`, analyst)).statusCode).toBe(404);
    });

    it('refuses a policy whose issuer no longer exists', async () => {
      const key = newKey();
      const policy = await h.blobs.createUploadPolicy({ key, contentType: 'image/png', maxBytes: 1000, issuedTo: { ...issuedTo, userId: randomUUID() } });
      const response = await post(policy, { bytes: PNG, type: 'image/png' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Upload policy is no longer valid', details: 'Request a new upload policy', appStatusCode: 'FORBIDDEN' });
      expect(await h.blobs.read(key)).toBeNull();
    });

    it('refuses a policy whose issuer has since lost the maker seat', async () => {
      const { asset } = await sharedAsset();
      const stale = await thumbnailPolicy(asset, editor);
      await h.db.query("UPDATE users SET seat = 'viewer' WHERE id = $1", [editorId]);
      try {
        const response = await post(stale, { bytes: OTHER_PNG, type: 'image/png' });
        expect(response.statusCode).toBe(403);
        expect(response.json().appStatusCode).toBe('FORBIDDEN');
        expect(await h.blobs.read(stale.fields.key!)).toBeNull();
      } finally {
        await h.db.query("UPDATE users SET seat = 'maker' WHERE id = $1", [editorId]);
      }
    });
  });

  it('keeps multipart parsing off the JSON routes', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', ...(await multipart({ email: 'analyst@example.com', password: 'demo' })) });
    expect(response.statusCode).toBe(415);
    expect(response.json().appStatusCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /v1/uploads with S3 storage', () => {
  it('answers 404: clients upload straight to the bucket', async () => {
    const blobs = new S3BlobStore(
      { bucket: 'b', region: 'us-east-1', endpoint: null, forcePathStyle: false },
      new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 's' } }),
    );
    const app = Fastify();
    registerErrorHandling(app);
    uploadRoutes(app as unknown as App, { blobs } as unknown as AppDeps);
    const response = await app.inject({ method: 'POST', url: '/v1/uploads', ...(await multipart({ key: 'k' }, { bytes: 'x', type: 'text/plain' })) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Uploads go to the storage bucket', details: 'POST the file to the url of its upload policy', appStatusCode: 'NOT_FOUND' });
    await app.close();
  });
});
