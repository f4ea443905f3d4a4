import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { countWhere, insertDataset, insertMapAsset, ownerOf, type Owner } from './test-support/fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** The multipart body a browser sends for an S3-style POST policy: the fields, then `file`. */
async function multipart(fields: Record<string, string>, bytes: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'thumbnail');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

describe.each(testStores())('record links, thumbnails and sharing on $name', (store) => {
  const h = useHarness(store);
  let analyst: Owner;
  let outsider: TestUser;

  beforeAll(async () => {
    analyst = await ownerOf(h.db, 'analyst@example.com');
    outsider = await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
  });

  const call = async (email: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: await h.auth(email), ...(payload ? { payload } : {}) });
  const newRecord = async (path = '/v1/maps', name = 'Linked') => {
    const response = await call('analyst@example.com', 'POST', path, { name });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; updatedAt: string };
  };
  const age = (id: string) => h.db.query("UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = $1", [id]);

  it('links and unlinks a dataset, idempotently, moving updatedAt only on a change', async () => {
    const map = await newRecord();
    const dataset = await insertDataset(h.db, analyst, 'Roads');
    await age(map.id);
    const linked = await call('analyst@example.com', 'POST', `/v1/maps/${map.id}/datasets/${dataset}`);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().datasets).toEqual([{ id: dataset, name: 'Roads', type: 'managed', status: 'ready' }]);
    expect(Date.parse(linked.json().updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    await age(map.id);
    const again = await call('analyst@example.com', 'POST', `/v1/maps/${map.id}/datasets/${dataset}`);
    expect(again.json().datasets).toHaveLength(1);
    expect(Date.parse(again.json().updatedAt)).toBeLessThan(Date.now() - 60_000);
    expect(await countWhere(h.db, 'record_datasets', 'record_id', map.id)).toBe(1);

    const unlinked = await call('analyst@example.com', 'DELETE', `/v1/maps/${map.id}/datasets/${dataset}`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().datasets).toEqual([]);
    expect((await call('analyst@example.com', 'DELETE', `/v1/maps/${map.id}/datasets/${dataset}`)).json().datasets).toEqual([]);
    expect(await countWhere(h.db, 'record_datasets', 'record_id', map.id)).toBe(0);
  });

  it('refuses to link a dataset the caller cannot read, and refuses readers of the record', async () => {
    const map = await newRecord();
    const foreign = await insertDataset(h.db, { id: outsider.id, organizationId: outsider.organizationId }, 'Theirs');
    const hidden = await call('analyst@example.com', 'POST', `/v1/maps/${map.id}/datasets/${foreign}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Dataset not found', details: `No dataset with id ${foreign}`, appStatusCode: 'NOT_FOUND' });
    const own = await insertDataset(h.db, analyst, 'Mine');
    const reader = await call('viewer@example.com', 'POST', `/v1/maps/${map.id}/datasets/${own}`);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ message: 'You do not have write permission on this map', details: `map ${map.id}`, appStatusCode: 'FORBIDDEN' });
    expect((await call('outsider@other.org', 'POST', `/v1/maps/${map.id}/datasets/${foreign}`)).statusCode).toBe(404);
    expect(await countWhere(h.db, 'record_datasets', 'record_id', map.id)).toBe(0);
    const badId = await call('analyst@example.com', 'POST', `/v1/maps/${map.id}/datasets/nope`);
    expect(badId.statusCode).toBe(400);
  });

  it('links map assets and shows them split by type', async () => {
    const insight = await newRecord('/v1/insights');
    const style = await insertMapAsset(h.db, analyst, 'map-style', 'Light', { externalUrl: 'https://s.test', accessToken: 't' });
    const palette = await insertMapAsset(h.db, analyst, 'color-palette', 'Warm', { palette: ['#fff', '#000'] });
    const model = await insertMapAsset(h.db, analyst, '3d-model', 'Tower');
    for (const asset of [style, palette, model]) {
      expect((await call('analyst@example.com', 'POST', `/v1/insights/${insight.id}/map-assets/${asset}`)).statusCode).toBe(200);
    }
    const record = (await call('analyst@example.com', 'GET', `/v1/insights/${insight.id}`)).json();
    expect(record.mapAssets).toEqual({
      mapStyles: [{ id: style, name: 'Light', type: 'map-style', metadata: { externalUrl: 'https://s.test', accessToken: 't' } }],
      colorPalettes: [{ id: palette, name: 'Warm', type: 'color-palette', metadata: { palette: ['#fff', '#000'] } }],
      models: [{ id: model, name: 'Tower', type: '3d-model', metadata: {} }],
    });
    const removed = await call('analyst@example.com', 'DELETE', `/v1/insights/${insight.id}/map-assets/${palette}`);
    expect(removed.json().mapAssets.colorPalettes).toEqual([]);
    expect(removed.json().mapAssets.mapStyles).toHaveLength(1);

    const foreign = await insertMapAsset(h.db, { id: outsider.id, organizationId: outsider.organizationId }, 'map-style', 'Theirs');
    const hidden = await call('analyst@example.com', 'POST', `/v1/insights/${insight.id}/map-assets/${foreign}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Map asset not found', details: `No map asset with id ${foreign}`, appStatusCode: 'NOT_FOUND' });
    expect(await countWhere(h.db, 'record_map_assets', 'record_id', insight.id)).toBe(2);
  });

  it('answers an upload policy for the thumbnail, then serves the uploaded image', async () => {
    const map = await newRecord();
    const before = await call('analyst@example.com', 'GET', `/v1/maps/${map.id}/thumbnail`);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: 'Thumbnail not uploaded', details: `map ${map.id} has no thumbnail`, appStatusCode: 'NOT_FOUND' });

    const response = await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}/thumbnail`, { contentType: 'image/png' });
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record.thumbnailUrl).toBe(`/v1/maps/${map.id}/thumbnail`);
    const policy = record.previewSignedPostPolicy;
    expect(policy).toEqual({
      url: expect.stringMatching(/\/v1\/uploads$/),
      fields: { key: `thumbnails/map/${map.id}`, 'Content-Type': 'image/png', policy: expect.any(String), signature: expect.any(String) },
      expiration: expect.any(String),
    });
    expect(Date.parse(policy.expiration)).toBeGreaterThan(Date.now());
    // The policy belongs to that answer only; reading the record shows none.
    expect((await call('analyst@example.com', 'GET', `/v1/maps/${map.id}`)).json().previewSignedPostPolicy).toBeNull();
    // Nothing uploaded yet.
    expect((await call('analyst@example.com', 'GET', `/v1/maps/${map.id}/thumbnail`)).statusCode).toBe(404);

    const upload = await h.app.inject({ method: 'POST', url: '/v1/uploads', ...(await multipart(policy.fields, PNG, 'image/png')) });
    expect(upload.statusCode).toBe(204);
    const image = await call('viewer@example.com', 'GET', `/v1/maps/${map.id}/thumbnail`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await call('outsider@other.org', 'GET', `/v1/maps/${map.id}/thumbnail`)).statusCode).toBe(404);
  });

  it('accepts POST as well as PUT for the thumbnail, for jpeg and webp', async () => {
    const workbook = await newRecord('/v1/workbooks');
    const jpeg = await call('analyst@example.com', 'POST', `/v1/workbooks/${workbook.id}/thumbnail`, { contentType: 'image/jpeg' });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().previewSignedPostPolicy.fields).toMatchObject({ key: `thumbnails/workbook/${workbook.id}`, 'Content-Type': 'image/jpeg' });
    const webp = await call('analyst@example.com', 'PUT', `/v1/workbooks/${workbook.id}/thumbnail`, { contentType: 'image/webp' });
    expect(webp.json().previewSignedPostPolicy.fields['Content-Type']).toBe('image/webp');
    const row = (await h.db.query('SELECT thumbnail_key, thumbnail_content_type FROM records WHERE id = $1', [workbook.id]))[0];
    expect(row).toEqual({ thumbnail_key: `thumbnails/workbook/${workbook.id}`, thumbnail_content_type: 'image/webp' });
  });

  it.each([
    ['a type that is not an image the spec allows', { contentType: 'image/gif' }],
    ['a missing type', {}],
    ['an extra field', { contentType: 'image/png', size: 3 }],
  ])('refuses a thumbnail with %s and records nothing', async (_, payload) => {
    const map = await newRecord();
    const response = await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}/thumbnail`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' });
    const row = (await h.db.query('SELECT thumbnail_key FROM records WHERE id = $1', [map.id]))[0];
    expect(row).toEqual({ thumbnail_key: null });
  });

  it('refuses a thumbnail to readers', async () => {
    const map = await newRecord();
    const response = await call('viewer@example.com', 'PUT', `/v1/maps/${map.id}/thumbnail`, { contentType: 'image/png' });
    expect(response.statusCode).toBe(403);
    const row = (await h.db.query('SELECT thumbnail_key FROM records WHERE id = $1', [map.id]))[0];
    expect(row).toEqual({ thumbnail_key: null });
  });

  it('shares a record through the permissions module, which then lists it as shared', async () => {
    const map = await newRecord('/v1/maps', 'To share');
    const response = await call('analyst@example.com', 'POST', `/v1/maps/${map.id}/share`, {
      visibility: 'public_read',
      grants: [{ granteeType: 'user', granteeId: outsider.id, role: 'viewer' }],
    });
    expect(response.statusCode).toBe(200);
    const listing = response.json();
    expect(listing).toMatchObject({ resourceType: 'map', resourceId: map.id, visibility: 'public_read', ownerId: analyst.id, organizations: [], emails: [] });
    expect(listing.users).toEqual([
      expect.objectContaining({ id: outsider.id, email: 'outsider@other.org', permission: expect.objectContaining({ role: 'viewer', actions: ['read', 'copy'] }) }),
    ]);
    const shared = (await call('outsider@other.org', 'GET', '/v1/maps/shared-with-user')).json();
    expect(shared.items.map((item: { id: string }) => item.id)).toEqual([map.id]);
    expect(shared.items[0].visibility).toBe('public_read');

    const revoke = await call('analyst@example.com', 'POST', `/v1/maps/${map.id}/share`, { revoke: [listing.users[0].permission.id] });
    expect(revoke.json().users).toEqual([]);
    expect((await call('outsider@other.org', 'GET', '/v1/maps/shared-with-user')).json()).toEqual({ items: [], total: 0 });
  });

  it('refuses sharing to readers and unknown fields, granting nothing', async () => {
    const map = await newRecord('/v1/dashboards', 'Not shared');
    const before = await h.count('permissions');
    const reader = await call('viewer@example.com', 'POST', `/v1/dashboards/${map.id}/share`, { grants: [{ granteeType: 'user', granteeId: outsider.id, role: 'editor' }] });
    expect(reader.statusCode).toBe(403);
    const extra = await call('analyst@example.com', 'POST', `/v1/dashboards/${map.id}/share`, { resourceId: randomUUID() });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ message: 'Invalid request body', details: "body must not have property 'resourceId'", appStatusCode: 'VALIDATION_FAILED' });
    expect(await h.count('permissions')).toBe(before);
  });
});
