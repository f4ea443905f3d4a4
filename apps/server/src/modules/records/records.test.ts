import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, OWNER_ACTIONS, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { countWhere, insertDataset, insertGrant, insertMapAsset, insertTag, ownerOf, type Owner } from './test-support/fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const EMPTY_ASSETS = { mapStyles: [], colorPalettes: [], models: [] };

describe.each(testStores())('records on $name', (store) => {
  const h = useHarness(store);
  let analyst: Owner;
  let admin: Owner;
  let viewer: Owner;
  let outsider: TestUser;

  beforeAll(async () => {
    analyst = await ownerOf(h.db, 'analyst@example.com');
    admin = await ownerOf(h.db, 'admin@example.com');
    viewer = await ownerOf(h.db, 'viewer@example.com');
    outsider = await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
  });

  const call = async (email: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: await h.auth(email), ...(payload ? { payload } : {}) });
  const create = async (email: string, path: string, payload: object) => {
    const response = await call(email, 'POST', path, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const recordRow = async (id: string) => (await h.db.query('SELECT * FROM records WHERE id = $1', [id]))[0];

  it('creates a map and answers every field of the record', async () => {
    const before = await h.count('records');
    const created = await create('analyst@example.com', '/v1/maps', { name: 'Harbour', description: 'Ships', metadata: { zoom: 4, layers: [1, 2] } });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Harbour',
      description: 'Ships',
      metadata: { zoom: 4, layers: [1, 2] },
      ownerId: analyst.id,
      owner: { id: analyst.id, name: 'Demo Analyst' },
      organizationId: analyst.organizationId,
      visibility: 'private',
      actions: OWNER_ACTIONS,
      datasets: [],
      mapAssets: EMPTY_ASSETS,
      latestState: null,
      lock: null,
      thumbnailUrl: null,
      previewSignedPostPolicy: null,
      tags: [],
      latestPublishedMap: null,
      featuredMap: null,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    expect(await h.count('records')).toBe(before + 1);
    const read = await call('analyst@example.com', 'GET', `/v1/maps/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('answers kind-specific fields: insights their published insight, workbooks none', async () => {
    const insight = await create('analyst@example.com', '/v1/insights', { name: 'Footfall' });
    expect(insight.latestPublishedInsight).toBeNull();
    expect(Object.keys(insight)).not.toContain('latestPublishedMap');
    const workbook = await create('analyst@example.com', '/v1/workbooks', { name: 'Cells' });
    expect(Object.keys(workbook).sort()).toEqual(
      ['actions', 'createdAt', 'datasets', 'description', 'id', 'latestState', 'lock', 'mapAssets', 'metadata', 'name', 'organizationId', 'owner', 'ownerId', 'previewSignedPostPolicy', 'tags', 'thumbnailUrl', 'updatedAt', 'visibility'].sort(),
    );
    expect(workbook.description).toBe('');
    expect(workbook.metadata).toEqual({});
  });

  it('serves dashboards as insights: the same record under both paths', async () => {
    const dashboard = await create('analyst@example.com', '/v1/dashboards', { name: 'Weekly board' });
    const asInsight = await call('analyst@example.com', 'GET', `/v1/insights/${dashboard.id}`);
    expect(asInsight.statusCode).toBe(200);
    expect(asInsight.json()).toEqual(dashboard);
    expect((await call('analyst@example.com', 'GET', `/v1/dashboards/${dashboard.id}`)).json()).toEqual(dashboard);
    expect((await call('analyst@example.com', 'GET', '/v1/insights?search=Weekly board')).json()).toEqual({ items: [dashboard], total: 1 });
    expect((await recordRow(dashboard.id))?.kind).toBe('insight');
    // Another kind's id is unknown here.
    const notAMap = await call('analyst@example.com', 'GET', `/v1/maps/${dashboard.id}`);
    expect(notAMap.statusCode).toBe(404);
    expect(notAMap.json()).toEqual({ message: 'Map not found', details: `No map with id ${dashboard.id}`, appStatusCode: 'NOT_FOUND' });
  });

  it('lists own records newest first, with search, paging and total', async () => {
    const a = await create('analyst@example.com', '/v1/maps', { name: 'Listing A' });
    const b = await create('analyst@example.com', '/v1/maps', { name: 'Listing B' });
    await create('admin@example.com', '/v1/maps', { name: 'Listing C' });
    await h.db.query("UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = $1", [a.id]);
    const mine = await call('analyst@example.com', 'GET', '/v1/maps?search=listing');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((item: { name: string }) => item.name)).toEqual(['Listing B', 'Listing A']);
    expect(mine.json().total).toBe(2);
    expect(mine.json().items[0]).toEqual(b);
    const page = (await call('analyst@example.com', 'GET', '/v1/maps?search=listing&limit=1&offset=1')).json();
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([a.id]);
    expect(page.total).toBe(2);
    const beyond = (await call('analyst@example.com', 'GET', '/v1/maps?search=listing&offset=50')).json();
    expect(beyond).toEqual({ items: [], total: 2 });
  });

  it('treats % and _ in a search as plain characters', async () => {
    await create('analyst@example.com', '/v1/workbooks', { name: 'Growth 100%_done' });
    await create('analyst@example.com', '/v1/workbooks', { name: 'Growth 100 percent xdone' });
    const names = async (search: string) =>
      (await call('analyst@example.com', 'GET', `/v1/workbooks?search=${encodeURIComponent(search)}`)).json().items.map((item: { name: string }) => item.name);
    expect(await names('100%')).toEqual(['Growth 100%_done']);
    expect(await names('%_d')).toEqual(['Growth 100%_done']);
    expect(await names('growth')).toHaveLength(2);
  });

  it.each([
    ['limit=0', 'query string/limit must be >= 1'],
    ['limit=1001', 'query string/limit must be <= 1000'],
    ['offset=-1', 'query string/offset must be >= 0'],
    ['color=red', "query string must not have property 'color'"],
  ])('rejects a listing with %s', async (query, details) => {
    const response = await call('analyst@example.com', 'GET', `/v1/maps?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid request query string', details, appStatusCode: 'VALIDATION_FAILED' });
  });

  it("lists the organization's records for every member, and only theirs", async () => {
    const mine = await create('analyst@example.com', '/v1/insights', { name: 'Org wide 1' });
    const theirs = await create('admin@example.com', '/v1/insights', { name: 'Org wide 2' });
    await create('outsider@other.org', '/v1/insights', { name: 'Org wide 3' });
    const ids = async (email: string) =>
      (await call(email, 'GET', '/v1/insights/for-organization?search=Org wide')).json().items.map((item: { id: string }) => item.id);
    expect(await ids('viewer@example.com')).toEqual([theirs.id, mine.id]);
    expect(await ids('analyst@example.com')).toEqual([theirs.id, mine.id]);
    expect(await ids('outsider@other.org')).toHaveLength(1);
  });

  it('lists records shared with the caller through a user, organization or role grant, never their own', async () => {
    const byUser = await create('analyst@example.com', '/v1/maps', { name: 'Shared by user' });
    const byOrg = await create('analyst@example.com', '/v1/maps', { name: 'Shared by organization' });
    const byRole = await create('analyst@example.com', '/v1/maps', { name: 'Shared by role' });
    const byOwnOrg = await create('analyst@example.com', '/v1/maps', { name: 'Shared by own organization' });
    await create('analyst@example.com', '/v1/maps', { name: 'Shared with nobody' });
    const shared = async (email: string) =>
      (await call(email, 'GET', '/v1/maps/shared-with-user?search=Shared')).json().items.map((item: { name: string }) => item.name).sort();
    expect(await shared('outsider@other.org')).toEqual([]);
    expect(await shared('viewer@example.com')).toEqual([]);

    await insertGrant(h.db, { resourceType: 'map', resourceId: byUser.id, granteeType: 'user', granteeId: outsider.id, role: 'viewer' });
    await insertGrant(h.db, { resourceType: 'map', resourceId: byOrg.id, granteeType: 'organization', granteeId: outsider.organizationId, role: 'limited-viewer' });
    await insertGrant(h.db, { resourceType: 'map', resourceId: byRole.id, granteeType: 'role', granteeId: 'viewer', role: 'viewer' });
    // A grant to the owner's own organization reaches its other members, never the owner.
    await insertGrant(h.db, { resourceType: 'map', resourceId: byOwnOrg.id, granteeType: 'organization', granteeId: analyst.organizationId, role: 'editor' });

    expect(await shared('outsider@other.org')).toEqual(['Shared by organization', 'Shared by user']);
    expect(await shared('viewer@example.com')).toEqual(['Shared by own organization', 'Shared by role']);
    expect(await shared('analyst@example.com')).toEqual([]);
    // The role grant is for viewer seats: the maker administrator only gets the organization grant.
    expect(await shared('admin@example.com')).toEqual(['Shared by own organization']);
    const answer = (await call('outsider@other.org', 'GET', '/v1/maps/shared-with-user?search=Shared by user')).json();
    // The same record as its owner reads it, but for what the viewer grant lets the outsider do with it.
    const asOwner = (await call('analyst@example.com', 'GET', `/v1/maps/${byUser.id}`)).json();
    expect(answer).toEqual({ items: [{ ...asOwner, actions: ['read', 'copy', 'download'] }], total: 1 });
  });

  it('lists samples the caller can read', async () => {
    const sample = await create('admin@example.com', '/v1/maps', { name: 'Sample public' });
    const hidden = await create('admin@example.com', '/v1/maps', { name: 'Sample private' });
    await h.db.query("UPDATE records SET is_sample = true, visibility = 'public_read' WHERE id = $1", [sample.id]);
    await h.db.query('UPDATE records SET is_sample = true WHERE id = $1', [hidden.id]);
    const names = async (email: string) =>
      (await call(email, 'GET', '/v1/maps/samples')).json().items.map((item: { name: string }) => item.name);
    expect(await names('outsider@other.org')).toEqual(['Sample public']);
    expect(await names('viewer@example.com')).toEqual(['Sample private', 'Sample public']);
  });

  it('updates name, description and metadata and moves updatedAt', async () => {
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Before', metadata: { a: 1 } });
    await h.db.query("UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = $1", [map.id]);
    const stale = (await recordRow(map.id))!.updated_at as Date;
    const response = await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}`, { name: 'After', description: 'New', metadata: { b: 2 } });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toEqual({ ...map, name: 'After', description: 'New', metadata: { b: 2 }, updatedAt: updated.updatedAt });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(stale.getTime());
    const partly = (await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}`, { description: 'Only this' })).json();
    expect(partly).toMatchObject({ name: 'After', description: 'Only this', metadata: { b: 2 } });
  });

  it.each([
    ['an unknown field', { name: 'X', owner: 'me' }, "body must not have property 'owner'"],
    ['an empty name', { name: '' }, 'body/name must NOT have fewer than 1 characters'],
    ['metadata that is not an object', { metadata: [1] }, 'body/metadata must be object'],
  ])('refuses an update with %s and changes nothing', async (_, payload, details) => {
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Stable' });
    const before = await recordRow(map.id);
    const response = await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid request body', details, appStatusCode: 'VALIDATION_FAILED' });
    expect(await recordRow(map.id)).toEqual(before);
  });

  it('refuses to create with an unknown field and stores nothing', async () => {
    const before = await h.count('records');
    const response = await call('analyst@example.com', 'POST', '/v1/maps', { name: 'X', id: randomUUID() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid request body', details: "body must not have property 'id'", appStatusCode: 'VALIDATION_FAILED' });
    expect(await h.count('records')).toBe(before);
  });

  it('refuses metadata over 1 MB', async () => {
    const before = await h.count('records');
    const response = await call('analyst@example.com', 'POST', '/v1/maps', { name: 'Big', metadata: { blob: 'x'.repeat(1024 * 1024) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'metadata is too large', details: `${1024 * 1024 + 11} bytes; at most ${1024 * 1024}`, appStatusCode: 'PAYLOAD_TOO_LARGE' });
    expect(await h.count('records')).toBe(before);
  });

  it('links readable datasets given on create, and refuses an unreadable one', async () => {
    const dataset = await insertDataset(h.db, analyst, 'Ports');
    const foreign = await insertDataset(h.db, { id: outsider.id, organizationId: outsider.organizationId }, 'Secret');
    const map = await create('analyst@example.com', '/v1/maps', { name: 'With data', datasets: [dataset, dataset] });
    expect(map.datasets).toEqual([{ id: dataset, name: 'Ports', type: 'managed', status: 'ready' }]);
    const before = await h.count('records');
    const refused = await call('analyst@example.com', 'POST', '/v1/maps', { name: 'Bad data', datasets: [dataset, foreign] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Dataset not found', details: `No dataset with id ${foreign}`, appStatusCode: 'NOT_FOUND' });
    expect(await h.count('records')).toBe(before);
  });

  it('refuses creation to a viewer seat', async () => {
    const before = await h.count('records');
    const response = await call('viewer@example.com', 'POST', '/v1/maps', { name: 'Nope' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'A viewer seat cannot create maps', details: 'Ask an administrator for a maker seat', appStatusCode: 'FORBIDDEN' });
    expect(await h.count('records')).toBe(before);
  });

  it('enforces the quota on create and clone', async () => {
    const tiny = await addUser(h.db, { email: 'tiny@quota.org', organization: 'Quota' });
    await h.db.query(
      `INSERT INTO quota_policies (id, name, limits) VALUES ('tiny', 'Tiny', '{"maps":1,"datasets":0,"insights":0,"workbooks":5,"dataConnections":0,"storageMegabytes":0}')`,
    );
    await h.db.query("UPDATE users SET quota_policy_id = 'tiny' WHERE id = $1", [tiny.id]);
    const first = await create('tiny@quota.org', '/v1/maps', { name: 'Only one' });
    const before = await h.count('records');
    for (const [method, url] of [['POST', '/v1/maps'], ['POST', `/v1/maps/${first.id}/clone`]] as const) {
      const response = await call('tiny@quota.org', method, url, url.endsWith('clone') ? undefined : { name: 'Second' });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ message: 'Quota exceeded for maps', details: '1 of 1 used', appStatusCode: 'QUOTA_EXCEEDED' });
    }
    const insight = await call('tiny@quota.org', 'POST', '/v1/insights', { name: 'No insights' });
    expect(insight.json()).toEqual({ message: 'Quota exceeded for insights', details: '0 of 0 used', appStatusCode: 'QUOTA_EXCEEDED' });
    expect(await h.count('records')).toBe(before);
  });

  it('hides records of another organization (404) and refuses changes to readers (403)', async () => {
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Private work' });
    const before = await recordRow(map.id);
    for (const [method, url, payload] of [
      ['GET', `/v1/maps/${map.id}`, undefined],
      ['PUT', `/v1/maps/${map.id}`, { name: 'Taken' }],
      ['DELETE', `/v1/maps/${map.id}`, undefined],
      ['POST', `/v1/maps/${map.id}/clone`, undefined],
    ] as const) {
      const response = await call('outsider@other.org', method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Map not found', details: `No map with id ${map.id}`, appStatusCode: 'NOT_FOUND' });
    }
    const forbidden = await call('viewer@example.com', 'PUT', `/v1/maps/${map.id}`, { name: 'Taken' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You do not have write permission on this map', details: `map ${map.id}`, appStatusCode: 'FORBIDDEN' });
    expect((await call('admin@example.com', 'DELETE', `/v1/maps/${map.id}`)).statusCode).toBe(403);
    expect(await recordRow(map.id)).toEqual(before);
    expect((await call('viewer@example.com', 'GET', `/v1/maps/${map.id}`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await call('analyst@example.com', 'GET', '/v1/maps/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid request path parameter', details: 'path parameter/id must match format "uuid"', appStatusCode: 'VALIDATION_FAILED' });
  });

  it('transfers ownership in admin mode to a maker of the record organization, never outside it', async () => {
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Handover' });
    const outside = await call('admin@example.com', 'PUT', `/v1/maps/${map.id}?isAdmin=true`, { ownerId: outsider.id });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('The new owner is not a member of the organization');
    const response = await call('admin@example.com', 'PUT', `/v1/maps/${map.id}?isAdmin=true`, { ownerId: admin.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: map.id, ownerId: admin.id, organizationId: analyst.organizationId, name: 'Handover' });
    // The owner the record names is the new one.
    expect(response.json().owner).toEqual({ id: admin.id, name: expect.any(String) });
    expect(response.json().owner.name).not.toContain('@');
    expect((await call('outsider@other.org', 'GET', `/v1/maps/${map.id}`)).statusCode).toBe(404);
    expect((await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}`, { name: 'Not mine' })).statusCode).toBe(403);
  });

  it('refuses ownership transfer outside admin mode and to unknown users, changing nothing', async () => {
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Kept' });
    const before = await recordRow(map.id);
    const cases = [
      ['analyst@example.com', '?isAdmin=true', { ownerId: admin.id }, 403, { message: 'Administrator rights required', details: 'isAdmin=true is for administrators only', appStatusCode: 'FORBIDDEN' }],
      ['analyst@example.com', '', { ownerId: admin.id }, 403, { message: 'Only administrators can change the owner', details: 'Use isAdmin=true', appStatusCode: 'FORBIDDEN' }],
      ['admin@example.com', '', { ownerId: admin.id }, 403, { message: 'Only administrators can change the owner', details: 'Use isAdmin=true', appStatusCode: 'FORBIDDEN' }],
    ] as const;
    for (const [email, query, payload, status, body] of cases) {
      const response = await call(email, 'PUT', `/v1/maps/${map.id}${query}`, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(body);
    }
    const unknown = randomUUID();
    const missing = await call('admin@example.com', 'PUT', `/v1/maps/${map.id}?isAdmin=true`, { ownerId: unknown, name: 'Renamed' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'New owner not found', details: `No user with id ${unknown}`, appStatusCode: 'INVALID_INPUT' });
    expect(await recordRow(map.id)).toEqual(before);
  });

  it('clones links, the latest state and the thumbnail into a private copy owned by the caller', async () => {
    const dataset = await insertDataset(h.db, analyst, 'Rivers');
    const style = await insertMapAsset(h.db, analyst, 'map-style', 'Dark', { externalUrl: 'https://style.test' });
    const source = await create('analyst@example.com', '/v1/maps', { name: 'Original', metadata: { k: 'v' }, datasets: [dataset] });
    expect((await call('analyst@example.com', 'POST', `/v1/maps/${source.id}/map-assets/${style}`)).statusCode).toBe(200);
    await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: source.id, data: { version: 'v1', n: 1 } });
    await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: source.id, data: { version: 'v1', n: 2 } });
    await call('analyst@example.com', 'PUT', `/v1/maps/${source.id}/thumbnail`, { contentType: 'image/png' });
    await h.blobs.write(`thumbnails/map/${source.id}`, Buffer.from('PNGDATA'), 'image/png');
    await h.db.query("UPDATE records SET visibility = 'public_read' WHERE id = $1", [source.id]);
    await insertTag(h.db, analyst.organizationId, 'Cloned?', '#ff0000', { type: 'map', id: source.id });
    const statesBefore = await h.count('record_states');

    const response = await call('admin@example.com', 'POST', `/v1/maps/${source.id}/clone`);
    expect(response.statusCode).toBe(201);
    const clone = response.json();
    expect(clone).toEqual({
      id: expect.any(String),
      name: 'Original (copy)',
      description: '',
      metadata: { k: 'v' },
      ownerId: admin.id,
      owner: { id: admin.id, name: 'Demo Administrator' },
      organizationId: admin.organizationId,
      visibility: 'private',
      actions: OWNER_ACTIONS,
      datasets: [{ id: dataset, name: 'Rivers', type: 'managed', status: 'ready' }],
      mapAssets: { ...EMPTY_ASSETS, mapStyles: [{ id: style, name: 'Dark', type: 'map-style', metadata: { externalUrl: 'https://style.test' } }] },
      latestState: {
        id: expect.any(String),
        mapId: clone.id,
        data: { version: 'v1', n: 2 },
        ownerId: admin.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      lock: null,
      thumbnailUrl: `/v1/maps/${clone.id}/thumbnail`,
      previewSignedPostPolicy: null,
      tags: [],
      latestPublishedMap: null,
      featuredMap: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(clone.id).not.toBe(source.id);
    expect(await h.count('record_states')).toBe(statesBefore + 1);
    const image = await call('admin@example.com', 'GET', clone.thumbnailUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body).toBe('PNGDATA');
    // The source is untouched.
    expect((await call('analyst@example.com', 'GET', `/v1/maps/${source.id}`)).json().latestState.data).toEqual({ version: 'v1', n: 2 });
  });

  it('refuses a clone to a viewer seat and to a caller who cannot read', async () => {
    const source = await create('analyst@example.com', '/v1/insights', { name: 'Not for copying' });
    const before = await h.count('records');
    const viewerClone = await call('viewer@example.com', 'POST', `/v1/insights/${source.id}/clone`);
    expect(viewerClone.statusCode).toBe(403);
    expect(viewerClone.json()).toEqual({ message: 'You do not have copy permission on this insight', details: `insight ${source.id}`, appStatusCode: 'FORBIDDEN' });
    expect((await call('outsider@other.org', 'POST', `/v1/insights/${source.id}/clone`)).statusCode).toBe(404);
    expect(await h.count('records')).toBe(before);
  });

  it('deletes a record with its links, states, grants, lock, tags and thumbnail', async () => {
    const dataset = await insertDataset(h.db, analyst, 'Kept dataset');
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Doomed', datasets: [dataset] });
    await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: map.id, data: {} });
    await call('analyst@example.com', 'GET', `/v1/maps/${map.id}?acquireLock=true`);
    await call('analyst@example.com', 'PUT', `/v1/maps/${map.id}/thumbnail`, { contentType: 'image/webp' });
    await h.blobs.write(`thumbnails/map/${map.id}`, Buffer.from('WEBP'), 'image/webp');
    await insertGrant(h.db, { resourceType: 'map', resourceId: map.id, granteeType: 'user', granteeId: outsider.id, role: 'editor' });
    await insertTag(h.db, analyst.organizationId, 'Doomed tag', '#000000', { type: 'map', id: map.id });
    const counts = async () => ({
      links: await countWhere(h.db, 'record_datasets', 'record_id', map.id),
      states: await countWhere(h.db, 'record_states', 'record_id', map.id),
      grants: await countWhere(h.db, 'permissions', 'resource_id', map.id),
      locks: await countWhere(h.db, 'locks', 'resource_id', map.id),
      tags: await countWhere(h.db, 'resource_tags', 'resource_id', map.id),
    });
    expect(await counts()).toEqual({ links: 1, states: 1, grants: 1, locks: 1, tags: 1 });

    const response = await call('analyst@example.com', 'DELETE', `/v1/maps/${map.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await counts()).toEqual({ links: 0, states: 0, grants: 0, locks: 0, tags: 0 });
    expect(await countWhere(h.db, 'datasets', 'id', dataset)).toBe(1);
    expect(await h.blobs.read(`thumbnails/map/${map.id}`)).toBeNull();
    expect((await call('analyst@example.com', 'GET', `/v1/maps/${map.id}`)).statusCode).toBe(404);
    expect((await call('analyst@example.com', 'DELETE', `/v1/maps/${map.id}`)).statusCode).toBe(404);
  });

  it('lets an editor grant change and delete, and shows tags and publication', async () => {
    const map = await create('analyst@example.com', '/v1/maps', { name: 'Team map' });
    await insertGrant(h.db, { resourceType: 'map', resourceId: map.id, granteeType: 'user', granteeId: outsider.id, role: 'editor' });
    const tag = await insertTag(h.db, analyst.organizationId, 'Team', '#00ff00', { type: 'map', id: map.id });
    const published = randomUUID();
    await h.db.query(
      `INSERT INTO published_items (id, resource_type, resource_id, organization_id, owner_id, name, status, published_at, password_hash)
       VALUES ($1, 'map', $2, $3, $4, 'Team map', 'published', '2030-01-02T03:04:05.000Z', 'hash')`,
      [published, map.id, analyst.organizationId, analyst.id],
    );
    const featured = randomUUID();
    await h.db.query("INSERT INTO featured_maps (id, published_id, title, highlighted) VALUES ($1, $2, 'Team', true)", [featured, published]);
    const read = (await call('outsider@other.org', 'GET', `/v1/maps/${map.id}`)).json();
    expect(read.tags).toEqual([{ id: tag, name: 'Team', color: '#00ff00' }]);
    expect(read.latestPublishedMap).toEqual({ id: published, publishedAt: '2030-01-02T03:04:05.000Z', passwordProtected: true });
    expect(read.featuredMap).toEqual({ id: featured, highlighted: true });
    expect((await call('outsider@other.org', 'PUT', `/v1/maps/${map.id}`, { name: 'Edited by editor' })).json().name).toBe('Edited by editor');
    expect((await call('outsider@other.org', 'DELETE', `/v1/maps/${map.id}`)).statusCode).toBe(204);
  });

  it('needs a signed-in caller', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/v1/maps' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/v1/workbooks', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});
