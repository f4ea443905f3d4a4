import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, MEMBER_ACTIONS, OWNER_ACTIONS, userId } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

type Headers = { authorization: string };
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const STYLE = { type: 'map-style', name: 'Night', metadata: { externalUrl: 'https://tiles.example.com/night.json', accessToken: 'secret-token' } };
const PALETTE = { type: 'color-palette', name: 'Sunset', description: 'warm', metadata: { palette: { name: 'Sunset', type: 'sequential', colors: ['#ff0000', '#00FF00'] } } };

describe.each(testStores())('map assets on $name', (store) => {
  const h = useHarness(store);
  let analyst: Headers, admin: Headers, viewer: Headers, outsider: Headers, stranger: Headers;
  let ids: { analyst: string; outsider: string; demoOrg: string };

  beforeAll(async () => {
    await addUser(h.db, { email: 'outsider@maps.test', organization: 'Map Partners' });
    await addUser(h.db, { email: 'stranger@maps.test', organization: 'Map Partners' });
    const sessions = await Promise.all(
      ['analyst@example.com', 'admin@example.com', 'viewer@example.com', 'outsider@maps.test', 'stranger@maps.test'].map((email) => h.auth(email)),
    );
    [analyst, admin, viewer, outsider, stranger] = sessions as [Headers, Headers, Headers, Headers, Headers];
    const analystId = await userId(h.db, 'analyst@example.com');
    const [org] = await h.db.query<{ organization_id: string }>('SELECT organization_id FROM users WHERE id = $1', [analystId]);
    ids = { analyst: analystId, outsider: await userId(h.db, 'outsider@maps.test'), demoOrg: org!.organization_id };
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | Record<string, never>, payload?: object) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (headers: Headers, body: object) => {
    const response = await call('POST', '/v1/map-assets', headers, body);
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const grant = (assetId: string, granteeId: string, role: 'limited-viewer' | 'viewer' | 'editor') =>
    h.db.query("INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, 'map-asset', $2, 'user', $3, $4)", [
      randomUUID(),
      assetId,
      granteeId,
      role,
    ]);
  const row = async (id: string) => (await h.db.query('SELECT name, description, metadata, updated_at FROM map_assets WHERE id = $1', [id]))[0];
  const upload = async (policy: { url: string; fields: Record<string, string> }, bytes: Buffer | string, type: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }));
    const encoded = new Response(form);
    return h.app.inject({
      method: 'POST',
      url: new URL(policy.url).pathname,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
  };

  describe('create', () => {
    it('creates a map style owned by the caller, answering the whole asset', async () => {
      const before = await h.count('map_assets');
      const response = await call('POST', '/v1/map-assets', analyst, STYLE);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        type: 'map-style',
        name: 'Night',
        description: '',
        metadata: STYLE.metadata,
        assetContentType: null,
        thumbnailContentType: null,
        assetReadPath: null,
        assetSignedPostPolicy: null,
        thumbnailSignedPostPolicy: null,
        ownerId: ids.analyst,
        owner: { id: ids.analyst, name: 'Demo Analyst' },
        organizationId: ids.demoOrg,
        visibility: 'private',
        actions: OWNER_ACTIONS,
        createdAt: ISO,
        updatedAt: ISO,
      });
      expect(await h.count('map_assets')).toBe(before + 1);
    });

    it('creates a color palette and a 3D model with free metadata', async () => {
      expect((await create(analyst, PALETTE)).metadata).toEqual(PALETTE.metadata);
      const model = await create(analyst, { type: '3d-model', name: 'Tower', metadata: { scale: 2, anything: { nested: [1] } } });
      expect(model).toMatchObject({ type: '3d-model', metadata: { scale: 2, anything: { nested: [1] } } });
    });

    it.each([
      ['a color that is not #rrggbb', { ...PALETTE, metadata: { palette: { colors: ['#ff0000', 'red'] } } }, 'body/metadata/palette/colors/1 must match pattern "^#[0-9a-fA-F]{6}$"'],
      ['a palette without colors', { ...PALETTE, metadata: { palette: { colors: [] } } }, 'body/metadata/palette/colors must NOT have fewer than 1 items'],
      ['more than 50 colors', { ...PALETTE, metadata: { palette: { colors: Array(51).fill('#000000') } } }, 'body/metadata/palette/colors must NOT have more than 50 items'],
      ['a palette asset without a palette', { type: 'color-palette', name: 'P' }, "body/metadata must have required property 'palette'"],
      ['a style with an unknown metadata field', { ...STYLE, metadata: { palette: { colors: ['#000000'] } } }, "body/metadata must not have property 'palette'"],
      ['a style whose externalUrl is not a URL', { ...STYLE, metadata: { externalUrl: 'not a url' } }, 'body/metadata/externalUrl must match format "uri"'],
    ])('refuses %s with 400 and stores nothing', async (_, body, details) => {
      const before = await h.count('map_assets');
      const response = await call('POST', '/v1/map-assets', analyst, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid request body', details, appStatusCode: 'VALIDATION_FAILED' });
      expect(await h.count('map_assets')).toBe(before);
    });

    it.each([
      ['an unknown field', { ...STYLE, owner: 'x' }],
      ['an unknown type', { ...STYLE, type: 'basemap' }],
      ['an empty name', { ...STYLE, name: '' }],
      ['metadata that is not an object', { ...STYLE, metadata: 'x' }],
    ])('refuses %s through the body schema', async (_, body) => {
      const before = await h.count('map_assets');
      const response = await call('POST', '/v1/map-assets', analyst, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Invalid request body', appStatusCode: 'VALIDATION_FAILED' });
      expect(await h.count('map_assets')).toBe(before);
    });

    it('refuses a viewer seat with 403 and a signed-out caller with 401', async () => {
      const before = await h.count('map_assets');
      const response = await call('POST', '/v1/map-assets', viewer, STYLE);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'A viewer seat cannot create map assets', details: 'Ask an administrator for a maker seat', appStatusCode: 'FORBIDDEN' });
      expect((await call('POST', '/v1/map-assets', {}, STYLE)).statusCode).toBe(401);
      expect(await h.count('map_assets')).toBe(before);
    });
  });

  describe('read', () => {
    it('shows the access token to the owner only', async () => {
      const style = await create(analyst, STYLE);
      expect((await call('GET', `/v1/map-assets/${style.id}`, analyst)).json()).toEqual(style);
      const colleague = await call('GET', `/v1/map-assets/${style.id}`, admin);
      expect(colleague.statusCode).toBe(200);
      expect(colleague.json()).toEqual({ ...style, metadata: { ...STYLE.metadata, accessToken: null }, actions: MEMBER_ACTIONS });
      expect((await call('GET', `/v1/map-assets/${style.id}`, viewer)).json().metadata.accessToken).toBeNull();
    });

    it('hides assets of another organization (404) and checks the id', async () => {
      const style = await create(analyst, STYLE);
      const response = await call('GET', `/v1/map-assets/${style.id}`, outsider);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Map asset not found', details: `No map asset with id ${style.id}`, appStatusCode: 'NOT_FOUND' });
      const unknown = randomUUID();
      expect((await call('GET', `/v1/map-assets/${unknown}`, analyst)).json()).toEqual({
        message: 'Map asset not found',
        details: `No map asset with id ${unknown}`,
        appStatusCode: 'NOT_FOUND',
      });
      const bad = await call('GET', '/v1/map-assets/not-a-uuid', analyst);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().appStatusCode).toBe('VALIDATION_FAILED');
    });

    it('makes a style call get a map style and a palette call a color palette', async () => {
      const style = await create(analyst, STYLE);
      const palette = await create(analyst, PALETTE);
      expect((await call('GET', `/v1/map-assets/${style.id}?type=map-style`, analyst)).statusCode).toBe(200);
      expect((await call('GET', `/v1/map-assets/${palette.id}?type=color-palette`, analyst)).statusCode).toBe(200);
      const notStyle = await call('GET', `/v1/map-assets/${palette.id}?type=map-style`, analyst);
      expect(notStyle.statusCode).toBe(400);
      expect(notStyle.json()).toEqual({ message: 'Asset is not a Map Style', details: `Asset ${palette.id} is a color-palette`, appStatusCode: 'BAD_REQUEST' });
      const notPalette = await call('GET', `/v1/map-assets/${style.id}?type=color-palette`, analyst);
      expect(notPalette.statusCode).toBe(400);
      expect(notPalette.json()).toEqual({ message: 'Asset is not a Color Palette', details: `Asset ${style.id} is a map-style`, appStatusCode: 'BAD_REQUEST' });
      // Visibility comes first: an outsider learns nothing about the type.
      expect((await call('GET', `/v1/map-assets/${style.id}?type=color-palette`, outsider)).statusCode).toBe(404);
    });
  });

  describe('listings', () => {
    it('lists own, organization and shared assets, narrowed by type', async () => {
      const mine = await create(analyst, STYLE);
      const minePalette = await create(analyst, PALETTE);
      const colleagues = await create(admin, { type: 'map-style', name: 'Admin style' });
      const theirs = await create(outsider, { type: 'map-style', name: 'Partner style', metadata: { accessToken: 'partner-token' } });
      const unshared = await create(outsider, { type: 'map-style', name: 'Partner private' });
      await grant(theirs.id, ids.analyst, 'viewer');

      const owned = (await call('GET', '/v1/map-assets?limit=1000', analyst)).json();
      const ownedIds = owned.items.map((a: { id: string }) => a.id);
      expect(ownedIds).toEqual(expect.arrayContaining([mine.id, minePalette.id]));
      expect(ownedIds).not.toContain(colleagues.id);
      expect(owned.items.every((a: { ownerId: string }) => a.ownerId === ids.analyst)).toBe(true);
      expect(owned.total).toBe(owned.items.length);

      const styles = (await call('GET', '/v1/map-assets?type=map-style&limit=1000', analyst)).json();
      expect(styles.items.map((a: { id: string }) => a.id)).toContain(mine.id);
      expect(styles.items.every((a: { type: string }) => a.type === 'map-style')).toBe(true);
      expect(styles.total).toBe(owned.items.filter((a: { type: string }) => a.type === 'map-style').length);

      const org = (await call('GET', '/v1/map-assets/for-organization?limit=1000', analyst)).json();
      const orgIds = org.items.map((a: { id: string }) => a.id);
      expect(orgIds).toEqual(expect.arrayContaining([mine.id, colleagues.id]));
      expect(orgIds).not.toContain(theirs.id);
      expect(org.items.every((a: { organizationId: string }) => a.organizationId === ids.demoOrg)).toBe(true);

      const shared = (await call('GET', '/v1/map-assets/shared-with-user', analyst)).json();
      expect(shared).toEqual({ items: [{ ...theirs, metadata: { accessToken: null }, actions: ['read', 'copy', 'download'] }], total: 1 });
      expect((await call('GET', '/v1/map-assets/shared-with-user?type=color-palette', analyst)).json()).toEqual({ items: [], total: 0 });
      expect((await call('GET', '/v1/map-assets/for-organization', outsider)).json().items.map((a: { id: string }) => a.id)).toEqual(
        expect.arrayContaining([theirs.id, unshared.id]),
      );
    });

    it('pages with limit and offset while total counts them all', async () => {
      await create(stranger, PALETTE);
      await create(stranger, PALETTE);
      await create(stranger, PALETTE);
      const all = (await call('GET', '/v1/map-assets', stranger)).json();
      expect(all.total).toBe(3);
      const page = (await call('GET', '/v1/map-assets?limit=2&offset=2', stranger)).json();
      expect(page).toEqual({ items: [all.items[2]], total: 3 });
    });

    it('checks the query', async () => {
      for (const query of ['type=basemap', 'limit=0', 'offset=-1', 'isAdmin=true']) {
        const response = await call('GET', `/v1/map-assets?${query}`, analyst);
        expect(response.statusCode).toBe(400);
        expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
      }
      expect((await call('GET', '/v1/map-assets', {})).statusCode).toBe(401);
    });
  });

  describe('update', () => {
    it('lets the owner change name, description and metadata, keeping the token unless cleared', async () => {
      const style = await create(analyst, STYLE);
      const renamed = await call('PUT', `/v1/map-assets/${style.id}`, analyst, { name: 'Night 2', description: 'darker', metadata: { externalUrl: 'https://x.example/s.json' } });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        ...style,
        name: 'Night 2',
        description: 'darker',
        metadata: { externalUrl: 'https://x.example/s.json', accessToken: 'secret-token' },
        updatedAt: ISO,
      });
      expect(Date.parse(renamed.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(style.updatedAt));
      const cleared = await call('PUT', `/v1/map-assets/${style.id}`, analyst, { metadata: { accessToken: null } });
      expect(cleared.json().metadata).toEqual({});
      expect((await row(style.id))!.metadata).toEqual({});
    });

    it('lets an editor from elsewhere update without seeing or losing the token', async () => {
      const style = await create(analyst, STYLE);
      await grant(style.id, ids.outsider, 'editor');
      const seen = (await call('GET', `/v1/map-assets/${style.id}`, outsider)).json();
      expect(seen.metadata.accessToken).toBeNull();
      const response = await call('PUT', `/v1/map-assets/${style.id}`, outsider, { name: 'Edited', metadata: seen.metadata });
      expect(response.statusCode).toBe(200);
      expect(response.json().metadata).toEqual({ ...STYLE.metadata, accessToken: null });
      expect((await row(style.id))!.metadata).toEqual(STYLE.metadata);
      expect((await call('GET', `/v1/map-assets/${style.id}`, analyst)).json().metadata.accessToken).toBe('secret-token');
    });

    it('refuses readers (403), outsiders (404) and bad metadata (400) without changing the row', async () => {
      const palette = await create(analyst, PALETTE);
      const before = await row(palette.id);
      const reader = await call('PUT', `/v1/map-assets/${palette.id}`, admin, { name: 'x' });
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toEqual({ message: 'You do not have write permission on this map asset', details: `map-asset ${palette.id}`, appStatusCode: 'FORBIDDEN' });
      expect((await call('PUT', `/v1/map-assets/${palette.id}`, outsider, { name: 'x' })).statusCode).toBe(404);
      const bad = await call('PUT', `/v1/map-assets/${palette.id}`, analyst, { name: 'ok', metadata: { palette: { colors: ['#12345'] } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Invalid request body', details: 'body/metadata/palette/colors/0 must match pattern "^#[0-9a-fA-F]{6}$"', appStatusCode: 'VALIDATION_FAILED' });
      expect((await call('PUT', `/v1/map-assets/${palette.id}`, analyst, { type: 'map-style' })).statusCode).toBe(400);
      expect(await row(palette.id)).toEqual(before);
    });
  });

  describe('delete', () => {
    it('deletes the asset with its links, grants and files', async () => {
      const style = await create(analyst, STYLE);
      await grant(style.id, ids.outsider, 'viewer');
      const recordId = randomUUID();
      await h.db.query("INSERT INTO records (id, kind, organization_id, owner_id, name) VALUES ($1, 'map', $2, $3, 'A map')", [recordId, ids.demoOrg, ids.analyst]);
      await h.db.query('INSERT INTO record_map_assets (record_id, asset_id) VALUES ($1, $2)', [recordId, style.id]);
      const files = (await call('PUT', `/v1/map-assets/${style.id}/files`, analyst, { assetContentType: 'application/json' })).json();
      expect((await upload(files.assetSignedPostPolicy, '{"version":8}', 'application/json')).statusCode).toBe(204);

      expect((await call('DELETE', `/v1/map-assets/${style.id}`, admin)).statusCode).toBe(403);
      expect((await call('DELETE', `/v1/map-assets/${style.id}`, outsider)).statusCode).toBe(403);
      expect((await call('DELETE', `/v1/map-assets/${style.id}`, stranger)).statusCode).toBe(404);
      const response = await call('DELETE', `/v1/map-assets/${style.id}`, analyst);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await call('GET', `/v1/map-assets/${style.id}`, analyst)).statusCode).toBe(404);
      expect(await h.db.query('SELECT 1 FROM record_map_assets WHERE asset_id = $1', [style.id])).toEqual([]);
      expect(await h.db.query("SELECT 1 FROM permissions WHERE resource_type = 'map-asset' AND resource_id = $1", [style.id])).toEqual([]);
      expect(await h.db.query('SELECT 1 FROM records WHERE id = $1', [recordId])).toHaveLength(1);
      expect(await h.blobs.read(`map-assets/${style.id}/asset`)).toBeNull();
      expect((await call('DELETE', `/v1/map-assets/${style.id}`, analyst)).statusCode).toBe(404);
    });
  });

  describe('files', () => {
    it('issues upload policies, records the content types and streams the uploaded files back', async () => {
      const style = await create(analyst, STYLE);
      const response = await call('PUT', `/v1/map-assets/${style.id}/files`, analyst, { assetContentType: 'application/json', thumbnailContentType: 'image/png' });
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer).toEqual({
        ...style,
        assetContentType: 'application/json',
        thumbnailContentType: 'image/png',
        assetReadPath: `/v1/map-assets/${style.id}/files/asset`,
        // PUBLIC_URL is not set: the policies point at the host the request named (modules/uploads/policy-origin.ts).
        assetSignedPostPolicy: { url: 'http://localhost:80/v1/uploads', fields: expect.any(Object), expiration: ISO },
        thumbnailSignedPostPolicy: { url: 'http://localhost:80/v1/uploads', fields: expect.any(Object), expiration: ISO },
        updatedAt: ISO,
      });
      const { assetSignedPostPolicy: asset, thumbnailSignedPostPolicy: thumbnail } = answer;
      expect(asset.fields).toMatchObject({ key: `map-assets/${style.id}/asset`, 'Content-Type': 'application/json' });
      expect(thumbnail.fields).toMatchObject({ key: `map-assets/${style.id}/thumbnail`, 'Content-Type': 'image/png' });
      const signed = (policy: { fields: Record<string, string> }) => JSON.parse(Buffer.from(policy.fields.policy!, 'base64url').toString());
      expect(signed(asset).maxBytes).toBe(50 * 1024 * 1024);
      expect(signed(thumbnail).maxBytes).toBe(5 * 1024 * 1024);

      // The policies are not repeated outside the files answer.
      expect((await call('GET', `/v1/map-assets/${style.id}`, analyst)).json()).toMatchObject({ assetSignedPostPolicy: null, thumbnailSignedPostPolicy: null });
      const notYet = await call('GET', `/v1/map-assets/${style.id}/files/asset`, analyst);
      expect(notYet.statusCode).toBe(404);
      expect(notYet.json()).toEqual({ message: 'Asset file not uploaded', details: `Map asset ${style.id} has no asset file yet`, appStatusCode: 'NOT_FOUND' });

      expect((await upload(asset, '{"version":8,"layers":[]}', 'application/json')).statusCode).toBe(204);
      expect((await upload(thumbnail, PNG, 'image/png')).statusCode).toBe(204);
      const file = await call('GET', `/v1/map-assets/${style.id}/files/asset`, admin);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/json');
      expect(file.body).toBe('{"version":8,"layers":[]}');
      const image = await call('GET', `/v1/map-assets/${style.id}/files/thumbnail`, viewer);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload).toEqual(PNG);
      expect((await call('GET', `/v1/map-assets/${style.id}/files/asset`, outsider)).statusCode).toBe(404);
    });

    it('answers POST like PUT, one file at a time', async () => {
      const model = await create(analyst, { type: '3d-model', name: 'Tower' });
      const response = await call('POST', `/v1/map-assets/${model.id}/files`, analyst, { assetContentType: 'model/gltf-binary' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ assetContentType: 'model/gltf-binary', thumbnailContentType: null, thumbnailSignedPostPolicy: null });
      expect(response.json().assetSignedPostPolicy.fields.key).toBe(`map-assets/${model.id}/asset`);
      const thumb = await call('POST', `/v1/map-assets/${model.id}/files`, analyst, { thumbnailContentType: 'image/webp' });
      expect(thumb.json()).toMatchObject({ assetContentType: 'model/gltf-binary', thumbnailContentType: 'image/webp', assetSignedPostPolicy: null });
      expect((await call('GET', `/v1/map-assets/${model.id}/files/thumbnail`, analyst)).json().message).toBe('Thumbnail not uploaded');
    });

    it('refuses bad content types, empty requests and callers without write access, changing nothing', async () => {
      const palette = await create(analyst, PALETTE);
      const before = await h.db.query('SELECT * FROM map_assets WHERE id = $1', [palette.id]);
      const wrongType = await call('PUT', `/v1/map-assets/${palette.id}/files`, analyst, { assetContentType: 'model/gltf-binary' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({
        message: 'Unsupported content type',
        details: 'A color-palette asset file is application/json, got model/gltf-binary',
        appStatusCode: 'BAD_REQUEST',
      });
      for (const body of [{}, { thumbnailContentType: 'image/gif' }, { assetContentType: 'application/json', extra: 1 }]) {
        const response = await call('PUT', `/v1/map-assets/${palette.id}/files`, analyst, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().appStatusCode).toBe('VALIDATION_FAILED');
      }
      const reader = await call('PUT', `/v1/map-assets/${palette.id}/files`, viewer, { thumbnailContentType: 'image/png' });
      expect(reader.statusCode).toBe(403);
      expect(reader.json().message).toBe('You do not have write permission on this map asset');
      expect((await call('PUT', `/v1/map-assets/${palette.id}/files`, outsider, { thumbnailContentType: 'image/png' })).statusCode).toBe(404);
      expect((await call('GET', `/v1/map-assets/${palette.id}/files/preview`, analyst)).statusCode).toBe(400);
      expect(await h.db.query('SELECT * FROM map_assets WHERE id = $1', [palette.id])).toEqual(before);
    });
  });
});
