import { describe, expect, it } from 'vitest';
import type { BlobStore, UploadPolicy } from '../../blobs/index.js';
import { useHarness, type Harness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { policyIssuerFor } from './policy-origin.js';

const [pglite] = testStores();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PALETTE = { type: 'color-palette', name: 'Dusk', metadata: { palette: { colors: ['#102030', '#405060'] } } };

/** A map of the analyst's and its thumbnail policy, asked for with these headers (Host, forwarded ones). */
async function thumbnailPolicy(h: Harness, headers: Record<string, string>): Promise<{ mapId: string; policy: UploadPolicy }> {
  const analyst = await h.auth('analyst@example.com');
  const map = await h.app.inject({ method: 'POST', url: '/v1/maps', headers: { ...analyst, ...headers }, payload: { name: 'Policy origin' } });
  expect(map.statusCode, map.body).toBe(201);
  const prepared = await h.app.inject({ method: 'POST', url: `/v1/maps/${map.json().id}/thumbnail`, headers: { ...analyst, ...headers }, payload: { contentType: 'image/png' } });
  expect(prepared.statusCode, prepared.body).toBe(200);
  return { mapId: map.json().id, policy: prepared.json().previewSignedPostPolicy };
}

async function assetPolicies(h: Harness, headers: Record<string, string>): Promise<UploadPolicy[]> {
  const analyst = await h.auth('analyst@example.com');
  const asset = await h.app.inject({ method: 'POST', url: '/v1/map-assets', headers: analyst, payload: PALETTE });
  const files = await h.app.inject({
    method: 'POST',
    url: `/v1/map-assets/${asset.json().id}/files`,
    headers: { ...analyst, ...headers },
    payload: { assetContentType: 'application/json', thumbnailContentType: 'image/png' },
  });
  expect(files.statusCode, files.body).toBe(200);
  return [files.json().assetSignedPostPolicy, files.json().thumbnailSignedPostPolicy];
}

/** Posts the file to the policy's path as a browser would, to whichever host the URL names. */
async function upload(h: Harness, policy: UploadPolicy, bytes: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: policy.fields['Content-Type'] }), 'thumbnail.png');
  const encoded = new Response(form);
  const url = new URL(policy.url);
  return h.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

describe('upload policies without PUBLIC_URL', () => {
  const h = useHarness(pglite!);

  it('point at the host the browser used, and the upload they carry works there', async () => {
    const { mapId, policy } = await thumbnailPolicy(h, { host: '127.0.0.1:9123' });
    expect(policy.url).toBe('http://127.0.0.1:9123/v1/uploads');
    expect((await upload(h, policy, PNG)).statusCode).toBe(204);
    const thumbnail = await h.app.inject({ method: 'GET', url: `/v1/maps/${mapId}/thumbnail`, headers: await h.auth('analyst@example.com') });
    expect(thumbnail.rawPayload.equals(PNG)).toBe(true);

    expect((await thumbnailPolicy(h, { host: 'localhost:8080' })).policy.url).toBe('http://localhost:8080/v1/uploads');
    for (const assetPolicy of await assetPolicies(h, { host: '192.168.1.20:8080' })) expect(assetPolicy.url).toBe('http://192.168.1.20:8080/v1/uploads');
  });

  it('leave the signature as strict as before: a changed field is still refused', async () => {
    const { policy } = await thumbnailPolicy(h, { host: '127.0.0.1:9123' });
    const forged = { ...policy, fields: { ...policy.fields, key: `${policy.fields.key}-elsewhere` } };
    const response = await upload(h, forged, PNG);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Upload key does not match the policy', appStatusCode: 'FORBIDDEN' });
  });

  it('ignore forwarded headers unless TRUST_PROXY says to believe them', async () => {
    const { policy } = await thumbnailPolicy(h, { host: '127.0.0.1:9123', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(policy.url).toBe('http://127.0.0.1:9123/v1/uploads');
  });
});

describe('upload policies behind a trusted proxy without PUBLIC_URL', () => {
  const h = useHarness(pglite!, { trustProxy: true });

  it('point at the forwarded protocol and host', async () => {
    const { policy } = await thumbnailPolicy(h, { host: '10.0.0.5:8080', 'x-forwarded-host': 'atlas.example.org', 'x-forwarded-proto': 'https' });
    expect(policy.url).toBe('https://atlas.example.org/v1/uploads');
  });
});

describe('upload policies with PUBLIC_URL set', () => {
  const h = useHarness(pglite!, { publicUrl: 'https://atlas.example.com' });

  it('point at PUBLIC_URL whatever host the request named', async () => {
    expect((await thumbnailPolicy(h, { host: '127.0.0.1:9123' })).policy.url).toBe('https://atlas.example.com/v1/uploads');
    for (const policy of await assetPolicies(h, { host: '127.0.0.1:9123' })) expect(policy.url).toBe('https://atlas.example.com/v1/uploads');
  });
});

describe('policyIssuerFor', () => {
  it('never moves a policy that points at a storage bucket', async () => {
    const bucket = { url: 'https://bucket.s3.example.com/', fields: { key: 'k' }, expiration: new Date(Date.now() + 60_000).toISOString() };
    const blobs = { createUploadPolicy: async () => bucket } as unknown as BlobStore;
    const issuer = policyIssuerFor(blobs, { publicUrl: 'http://localhost:8080', port: 8080 }, { protocol: 'http', host: '127.0.0.1:8080' });
    const issuedTo = { userId: 'u', resourceType: 'map', resourceId: 'm' } as const;
    expect(await issuer.createUploadPolicy({ key: 'k', contentType: 'image/png', maxBytes: 1, issuedTo })).toEqual(bucket);
  });
});
