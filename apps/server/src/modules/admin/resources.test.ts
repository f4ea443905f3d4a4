import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, userId, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { expectError, expectRefused } from './test-support/refusals.js';

type Headers = { authorization: string };

describe.each(testStores())('resource administration on $name', (store) => {
  const h = useHarness(store);
  let admin: Headers;
  let analyst: Headers;
  let outsiderAuth: Headers;
  let adminId = '';
  let outsider: TestUser;
  const as = (headers: Headers | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => as(admin, method, url, payload);
  const create = async (headers: Headers, path: string, name: string) => {
    const response = await as(headers, 'POST', path, { name });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  /** Publishes a map through the API (step two only when `complete`); answers the publication's id. */
  const publish = async (headers: Headers, mapId: string, complete = true) => {
    const first = await as(headers, 'POST', `/v1/maps/${mapId}/publish/resources`, { uploadOptions: {} });
    expect(first.statusCode).toBe(200);
    const publishedId = first.json().publishedId as string;
    if (complete) expect((await as(headers, 'POST', `/v1/maps/${mapId}/publish/${publishedId}`)).statusCode).toBe(200);
    return publishedId;
  };

  beforeAll(async () => {
    admin = await h.auth('admin@example.com');
    analyst = await h.auth('analyst@example.com');
    adminId = await userId(h.db, 'admin@example.com');
    outsider = await addUser(h.db, { email: 'outsider@elsewhere.org', organization: 'Elsewhere' });
    outsiderAuth = await h.auth(outsider.email);
  });

  describe('PUT /v1/admin/{resourceType}/{id}/update-visibility', () => {
    it.each([
      ['dataset', '/v1/datasets'],
      ['map', '/v1/maps'],
    ] as const)('makes a %s public_read and private again; its grants stay', async (resourceType, path) => {
      const id = await create(analyst, path, `Shown ${resourceType}`);
      const grant = randomUUID();
      await h.db.query("INSERT INTO permissions (id, resource_type, resource_id, grantee_type, grantee_id, role) VALUES ($1, $2, $3, 'user', $4, 'viewer')", [grant, resourceType, id, adminId]);
      expect((await as(outsiderAuth, 'GET', `${path}/${id}`)).statusCode).toBe(404);
      const shown = await call('PUT', `/v1/admin/${resourceType}/${id}/update-visibility`, { privacy: 'public_read' });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({ resourceType, id, privacy: 'public_read', revokedGrants: 0 });
      expect((await as(outsiderAuth, 'GET', `${path}/${id}`)).json()).toMatchObject({ id, visibility: 'public_read' });
      const hidden = await call('PUT', `/v1/admin/${resourceType}/${id}/update-visibility`, { privacy: 'private' });
      expect(hidden.json()).toEqual({ resourceType, id, privacy: 'private', revokedGrants: 0 });
      expect((await as(outsiderAuth, 'GET', `${path}/${id}`)).statusCode).toBe(404);
      expect(await h.db.query('SELECT id FROM permissions WHERE resource_id = $1', [id])).toEqual([{ id: grant }]);
    });

    it('makes a sharedMap private by withdrawing every grant as well', async () => {
      const id = await create(analyst, '/v1/maps', 'Shared widely');
      const shared = await as(analyst, 'POST', `/v1/maps/${id}/share`, {
        visibility: 'public_read',
        grants: [{ granteeType: 'organization', granteeId: outsider.organizationId, role: 'viewer' }, { granteeType: 'user', granteeId: outsider.id, role: 'editor' }],
      });
      expect(shared.statusCode).toBe(200);
      const result = await call('PUT', `/v1/admin/sharedMap/${id}/update-visibility`, { privacy: 'private' });
      expect(result.json()).toEqual({ resourceType: 'sharedMap', id, privacy: 'private', revokedGrants: 2 });
      expect(await h.db.query('SELECT id FROM permissions WHERE resource_id = $1', [id])).toEqual([]);
      expect((await as(outsiderAuth, 'GET', `/v1/maps/${id}`)).statusCode).toBe(404);
      const reshown = await call('PUT', `/v1/admin/sharedMap/${id}/update-visibility`, { privacy: 'public_read' });
      expect(reshown.json()).toEqual({ resourceType: 'sharedMap', id, privacy: 'public_read', revokedGrants: 0 });
      expect((await as(outsiderAuth, 'GET', `/v1/maps/${id}`)).statusCode).toBe(200);
    });

    it('takes a publishedMap off its public link and the featured maps, and puts it back', async () => {
      const mapId = await create(analyst, '/v1/maps', 'Published then hidden');
      const publishedId = await publish(analyst, mapId);
      expect((await call('POST', '/v1/maps/published/featured', { publishedId })).statusCode).toBe(201);
      expect((await as(null, 'GET', `/v1/maps/${mapId}/published-map`)).statusCode).toBe(200);

      const hidden = await call('PUT', `/v1/admin/publishedMap/${publishedId}/update-visibility`, { privacy: 'private' });
      expect(hidden.json()).toEqual({ resourceType: 'publishedMap', id: publishedId, privacy: 'private', revokedGrants: 0 });
      expect((await as(null, 'GET', `/v1/maps/${mapId}/published-map`)).statusCode).toBe(404);
      expect(await h.db.query('SELECT id FROM featured_maps WHERE published_id = $1', [publishedId])).toEqual([]);
      // The map's own id names its publication too.
      const shown = await call('PUT', `/v1/admin/publishedMap/${mapId}/update-visibility`, { privacy: 'public_read' });
      expect(shown.json()).toEqual({ resourceType: 'publishedMap', id: publishedId, privacy: 'public_read', revokedGrants: 0 });
      expect((await as(null, 'GET', `/v1/maps/${mapId}/published-map`)).json()).toMatchObject({ id: publishedId, name: 'Published then hidden' });

      const preparedMap = await create(analyst, '/v1/maps', 'Only prepared');
      const prepared = await publish(analyst, preparedMap, false);
      expectError(await call('PUT', `/v1/admin/publishedMap/${prepared}/update-visibility`, { privacy: 'public_read' }), 409, 'The map was never published');
    });

    it('answers 404 for an unknown id and 400 for a bad resource type, privacy or body', async () => {
      for (const type of ['dataset', 'map', 'sharedMap', 'publishedMap']) {
        expect((await call('PUT', `/v1/admin/${type}/${randomUUID()}/update-visibility`, { privacy: 'private' })).statusCode).toBe(404);
      }
      const insight = await create(analyst, '/v1/insights', 'Not a map');
      expectError(await call('PUT', `/v1/admin/map/${insight}/update-visibility`, { privacy: 'private' }), 404, 'Map not found');
      const map = await create(analyst, '/v1/maps', 'Untouched');
      expectError(await call('PUT', `/v1/admin/workbook/${map}/update-visibility`, { privacy: 'private' }), 400, /Invalid request path/);
      expectError(await call('PUT', `/v1/admin/map/${map}/update-visibility`, { privacy: 'public' }), 400, /Invalid request body/);
      expectError(await call('PUT', `/v1/admin/map/${map}/update-visibility`, { privacy: 'private', owner: 'x' }), 400, /Invalid request body/);
      expectError(await call('PUT', `/v1/admin/map/not-a-uuid/update-visibility`, { privacy: 'private' }), 400, /Invalid request path/);
    });

    it('refuses makers, viewers and API keys, changing nothing', async () => {
      const map = await create(analyst, '/v1/maps', 'Refused');
      const dataset = await create(analyst, '/v1/datasets', 'Refused');
      const publishedId = await publish(analyst, map);
      await expectRefused(h, [
        { method: 'PUT', url: `/v1/admin/dataset/${dataset}/update-visibility`, payload: { privacy: 'public_read' } },
        { method: 'PUT', url: `/v1/admin/map/${map}/update-visibility`, payload: { privacy: 'public_read' } },
        { method: 'PUT', url: `/v1/admin/sharedMap/${map}/update-visibility`, payload: { privacy: 'private' } },
        { method: 'PUT', url: `/v1/admin/publishedMap/${publishedId}/update-visibility`, payload: { privacy: 'private' } },
      ]);
    });
  });

  describe('GET /v1/admin/maps/published', () => {
    it('lists every organization published maps by views (50 a page) or by date', async () => {
      const ours = await create(analyst, '/v1/maps', 'Popular');
      const theirs = await create(outsiderAuth, '/v1/maps', 'Elsewhere');
      const oursPublished = await publish(analyst, ours);
      const theirsPublished = await publish(outsiderAuth, theirs);
      await h.db.query('UPDATE published_items SET views = 0');
      await h.db.query('UPDATE published_items SET views = 1000 WHERE id = $1', [oursPublished]);
      await h.db.query('UPDATE published_items SET views = 999, published_at = now() + interval \'1 day\' WHERE id = $1', [theirsPublished]);

      const byViews = await call('GET', '/v1/admin/maps/published');
      expect(byViews.statusCode).toBe(200);
      const { items, total } = byViews.json();
      expect(items.slice(0, 2).map((item: { id: string }) => item.id)).toEqual([oursPublished, theirsPublished]);
      expect(items).toHaveLength(Math.min(total, 50));
      expect(items[0]).toMatchObject({ id: oursPublished, resourceId: ours, views: 1000, status: 'published' });
      const byDate = (await call('GET', '/v1/admin/maps/published?sortBy=date&count=1')).json();
      expect(byDate).toEqual({ items: [expect.objectContaining({ id: theirsPublished })], total });
      const elsewhere = (await call('GET', `/v1/admin/maps/published?organizationId=${outsider.organizationId}`)).json();
      expect(elsewhere.items.map((item: { id: string }) => item.id)).toEqual([theirsPublished]);
      const paged = (await call('GET', '/v1/admin/maps/published?count=1&offset=1')).json();
      expect(paged.items.map((item: { id: string }) => item.id)).toEqual([theirsPublished]);
    });

    it('answers 400 for a bad count or sort key, and 403 to everyone else', async () => {
      expectError(await call('GET', '/v1/admin/maps/published?count=0'), 400, 'Invalid request query string');
      expectError(await call('GET', '/v1/admin/maps/published?count=201'), 400, 'Invalid request query string');
      expectError(await call('GET', '/v1/admin/maps/published?sortBy=name'), 400, 'Invalid request query string');
      await expectRefused(h, [{ method: 'GET', url: '/v1/admin/maps/published' }]);
    });
  });

  describe('POST /v1/admin/reconcile-quota', () => {
    const reconcile = (quotaType: string, dryRun: boolean) => call('POST', '/v1/admin/reconcile-quota', { quotaType, dryRun });
    const metadataOf = async (id: string) => (await h.db.query<{ metadata: Record<string, unknown> }>('SELECT metadata FROM datasets WHERE id = $1', [id]))[0]!.metadata;

    it('corrects recorded dataset sizes to the stored data, and a dry run changes nothing', async () => {
      const uploader = await addUser(h.db, { email: 'uploader@example.com', organization: 'Demo' });
      const auth = await h.auth(uploader.email);
      const stored = await create(auth, '/v1/datasets', 'Stored');
      const csv = `id,name\n${Array.from({ length: 50 }, (_, i) => `${i},row ${i}`).join('\n')}\n`;
      const upload = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${stored}/data`, headers: { ...auth, 'content-type': 'text/csv' }, payload: csv });
      expect(upload.statusCode).toBe(200);
      // The Arrow copy, written after the answer, adds its bytes to the recorded size.
      await h.engine.settled(stored);
      const size = Number((await metadataOf(stored)).sizeBytes);
      expect(size).toBeGreaterThan(0);
      // The recorded size is free metadata: an update can drop it, and a dataset without data can claim one.
      expect((await as(auth, 'PUT', `/v1/datasets/${stored}`, { metadata: { note: 'edited' } })).statusCode).toBe(200);
      const claimed = await create(auth, '/v1/datasets', 'Claims a size');
      await h.db.query(`UPDATE datasets SET metadata = '{"sizeBytes": 5242880}' WHERE id = $1`, [claimed]);
      const quota = async () => (await as(auth, 'GET', '/v1/users/me/quota')).json();
      const usageBefore = await quota();

      const dry = await reconcile('storageMegabytes', true);
      expect(dry.statusCode).toBe(200);
      const report = dry.json();
      expect(report).toMatchObject({ quotaType: 'storageMegabytes', dryRun: true, message: expect.stringMatching(/^Dry run, nothing changed: /) });
      expect(report.datasetChanges).toEqual(
        expect.arrayContaining([
          { datasetId: stored, ownerId: uploader.id, before: null, after: size },
          { datasetId: claimed, ownerId: uploader.id, before: 5242880, after: 0 },
        ]),
      );
      expect(report.usageChanges).toContainEqual({ userId: uploader.id, email: uploader.email, before: 5, after: 1 });
      expect(await metadataOf(stored)).toEqual({ note: 'edited' });
      expect(await quota()).toEqual(usageBefore);

      const real = (await reconcile('storageMegabytes', false)).json();
      expect(real).toMatchObject({ dryRun: false, datasetChanges: report.datasetChanges, usageChanges: report.usageChanges });
      expect(real.message).toMatch(/dataset size\(s\) corrected/);
      expect(await metadataOf(stored)).toEqual({ note: 'edited', sizeBytes: size });
      expect((await metadataOf(claimed)).sizeBytes).toBe(0);
      expect((await reconcile('storageMegabytes', true)).json()).toMatchObject({ datasetChanges: [], usageChanges: [] });
    });

    it('reports counted quotas as exact and names users above their limit', async () => {
      const crowded = await addUser(h.db, { email: 'crowded@example.com', organization: 'Demo' });
      await create(await h.auth(crowded.email), '/v1/maps', 'One too many');
      await h.db.query("UPDATE users SET quota_policy_id = 'viewer' WHERE id = $1", [crowded.id]);
      const result = await reconcile('maps', false);
      expect(result.statusCode).toBe(200);
      expect(result.json()).toMatchObject({ quotaType: 'maps', dryRun: false, usageChanges: [], datasetChanges: [] });
      expect(result.json().message).toMatch(/^maps usage is counted from the catalogue at every request; nothing to correct; \d+ user\(s\) above their limit$/);
      expect(result.json().overLimit).toContainEqual({ userId: crowded.id, email: crowded.email, used: 1, limit: 0 });
    });

    it('answers 400 for a bad quota type or a missing dryRun, and 403 to everyone else', async () => {
      expectError(await call('POST', '/v1/admin/reconcile-quota', { quotaType: 'tiles', dryRun: true }), 400, 'Invalid request body');
      expectError(await call('POST', '/v1/admin/reconcile-quota', { quotaType: 'maps' }), 400, 'Invalid request body');
      expectError(await call('POST', '/v1/admin/reconcile-quota', { quotaType: 'maps', dryRun: 'yes' }), 400, 'Invalid request body');
      const drifted = await create(analyst, '/v1/datasets', 'Drifted');
      await h.db.query(`UPDATE datasets SET metadata = '{"sizeBytes": 1}' WHERE id = $1`, [drifted]);
      await expectRefused(h, [
        { method: 'POST', url: '/v1/admin/reconcile-quota', payload: { quotaType: 'storageMegabytes', dryRun: false } },
        { method: 'POST', url: '/v1/admin/reconcile-quota', payload: { quotaType: 'maps', dryRun: true } },
      ]);
    });
  });

  describe('/v1/email_flags', () => {
    it('sets the flags given, keeps the others, and reads them by address', async () => {
      const never = (await call('GET', '/v1/email_flags?email=nobody%40example.com')).json();
      expect(never).toEqual({ email: 'nobody@example.com', doNotEmail: false, bounced: false, complained: false, userId: null, updatedBy: null, updatedAt: null });
      const first = await call('POST', '/v1/email_flags', { email: 'Someone@Example.com', bounced: true });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ email: 'someone@example.com', doNotEmail: false, bounced: true, complained: false, userId: null, updatedBy: adminId, updatedAt: expect.any(String) });
      const second = (await call('POST', '/v1/email_flags', { email: 'someone@example.com', doNotEmail: true })).json();
      expect(second).toMatchObject({ doNotEmail: true, bounced: true, complained: false });
      expect((await call('GET', '/v1/email_flags?email=SOMEONE%40example.com')).json()).toEqual(second);
      const analystId = await userId(h.db, 'analyst@example.com');
      expect((await call('POST', '/v1/email_flags', { email: 'analyst@example.com', complained: true })).json()).toMatchObject({ userId: analystId, complained: true });
    });

    it('answers 400 without a flag, for an unknown flag or a bad address, and 403 to everyone else', async () => {
      expectError(await call('POST', '/v1/email_flags', { email: 'a@example.com' }), 400, 'Invalid request body');
      expectError(await call('POST', '/v1/email_flags', { email: 'a@example.com', muted: true }), 400, 'Invalid request body');
      expectError(await call('POST', '/v1/email_flags', { email: 'not an address', bounced: true }), 400, 'Invalid request body');
      expectError(await call('GET', '/v1/email_flags'), 400, 'Invalid request query string');
      await call('POST', '/v1/email_flags', { email: 'kept@example.com', bounced: true });
      await expectRefused(h, [
        { method: 'POST', url: '/v1/email_flags', payload: { email: 'kept@example.com', bounced: false } },
        { method: 'GET', url: '/v1/email_flags?email=kept%40example.com' },
      ]);
    });
  });
});
