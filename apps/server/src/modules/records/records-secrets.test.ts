// Issue 14 item 2: what a record shows of the things it links goes through the one access check and the presenter of each.
import { RECORD_PATHS, STATE_KINDS, type RecordKind, type StateKind } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { insertDataset, insertGrant, insertMapAsset, ownerOf, type Owner } from './test-support/fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const TOKEN = 'pk.owner-secret-token';
const STATE_OF: Record<RecordKind, StateKind> = { map: 'studiostate', insight: 'insight-state', workbook: 'workbook-state' };
const PATHS = Object.entries(RECORD_PATHS);

describe.each(testStores())('record details and secrets on $name', (store) => {
  const h = useHarness(store);
  let owner: Owner;
  let colleague: TestUser;
  let grantee: TestUser;
  let stranger: TestUser;
  /** A style every reader below may read (public_read), with the owner's token. */
  let sharedStyle: string;
  /** A style only the owner's organization reads. */
  let privateStyle: string;
  /** A dataset only the owner's organization reads. */
  let privateDataset: string;

  beforeAll(async () => {
    owner = await ownerOf(h.db, 'analyst@example.com');
    colleague = await addUser(h.db, { email: 'colleague@example.com', organization: 'Demo' });
    grantee = await addUser(h.db, { email: 'grantee@elsewhere.org', organization: 'Elsewhere' });
    stranger = await addUser(h.db, { email: 'stranger@faraway.org', organization: 'Faraway' });
    sharedStyle = await insertMapAsset(h.db, owner, 'map-style', 'Night', { externalUrl: 'https://style.test/night', accessToken: TOKEN });
    await h.db.query("UPDATE map_assets SET visibility = 'public_read' WHERE id = $1", [sharedStyle]);
    privateStyle = await insertMapAsset(h.db, owner, 'map-style', 'Internal style', { externalUrl: 'https://style.test/internal', accessToken: TOKEN });
    privateDataset = await insertDataset(h.db, owner, 'Secret customers');
  });

  const call = async (email: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: await h.auth(email), ...(payload ? { payload } : {}) });

  /** A record of the owner linking both styles and the private dataset, readable by the colleague (organization), the grantee (viewer grant) and the stranger (public_read). */
  async function sharedRecord(path: string, kind: RecordKind): Promise<string> {
    const created = await call('analyst@example.com', 'POST', path, { name: 'Linked', datasets: [privateDataset] });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().id;
    for (const style of [sharedStyle, privateStyle]) expect((await call('analyst@example.com', 'POST', `${path}/${id}/map-assets/${style}`)).statusCode).toBe(200);
    await insertGrant(h.db, { resourceType: kind, resourceId: id, granteeType: 'user', granteeId: grantee.id, role: 'viewer' });
    await h.db.query("UPDATE records SET visibility = 'public_read' WHERE id = $1", [id]);
    return id;
  }

  /** What a reader who is not the style's owner must get: the readable style without its token, nothing of the rest. */
  function expectNothingSecret(body: string, reader: { sameOrganization: boolean }) {
    expect(body).not.toContain(TOKEN);
    const record = JSON.parse(body);
    const styles = record.mapAssets.mapStyles as Array<{ id: string; metadata: Record<string, unknown> }>;
    expect(styles.find((style) => style.id === sharedStyle)?.metadata).toEqual({ externalUrl: 'https://style.test/night', accessToken: null });
    if (reader.sameOrganization) {
      expect(styles.map((style) => style.id).sort()).toEqual([sharedStyle, privateStyle].sort());
      expect(record.datasets).toEqual([{ id: privateDataset, name: 'Secret customers', type: 'managed', status: 'ready' }]);
    } else {
      expect(styles.map((style) => style.id)).toEqual([sharedStyle]);
      expect(record.datasets).toEqual([]);
      expect(body).not.toContain('Secret customers');
      expect(body).not.toContain('Internal style');
    }
  }

  describe.each(PATHS)('%s', (_name, { path, kind }) => {
    let id: string;
    beforeAll(async () => {
      id = await sharedRecord(path, kind);
    });

    it('shows the owner of the style its token, on the record and on the asset', async () => {
      const record = (await call('analyst@example.com', 'GET', `${path}/${id}`)).json();
      expect(record.mapAssets.mapStyles.map((style: { metadata: object }) => style.metadata)).toEqual([
        { externalUrl: 'https://style.test/night', accessToken: TOKEN },
        { externalUrl: 'https://style.test/internal', accessToken: TOKEN },
      ]);
      expect((await call('analyst@example.com', 'GET', `/v1/map-assets/${sharedStyle}`)).json().metadata.accessToken).toBe(TOKEN);
    });

    it.each([
      ['a maker of the same organization', 'colleague@example.com', true],
      ['an outsider granted viewer', 'grantee@elsewhere.org', false],
      ['anyone, through public_read', 'stranger@faraway.org', false],
    ])('hides the token and what the reader cannot read from %s', async (_who, email, sameOrganization) => {
      const response = await call(email, 'GET', `${path}/${id}`);
      expect(response.statusCode).toBe(200);
      expectNothingSecret(response.body, { sameOrganization });
    });

    it('keeps the token out of listings', async () => {
      const organization = await call('colleague@example.com', 'GET', `${path}/for-organization`);
      expect(organization.json().items.map((item: { id: string }) => item.id)).toContain(id);
      expect(organization.body).not.toContain(TOKEN);
      const shared = await call('grantee@elsewhere.org', 'GET', `${path}/shared-with-user`);
      expect(shared.json().items.map((item: { id: string }) => item.id)).toContain(id);
      expect(shared.body).not.toContain(TOKEN);
      expect(shared.body).not.toContain('Secret customers');
    });

    it('keeps the token and the unreadable dataset out of a clone', async () => {
      for (const [email, sameOrganization] of [['colleague@example.com', true], ['grantee@elsewhere.org', false]] as const) {
        const clone = await call(email, 'POST', `${path}/${id}/clone`);
        expect(clone.statusCode, clone.body).toBe(201);
        expectNothingSecret(clone.body, { sameOrganization });
        // The clone does not keep links its owner cannot read either: nothing to see on a later read or share.
        expectNothingSecret((await call(email, 'GET', `${path}/${clone.json().id}`)).body, { sameOrganization });
      }
      const refused = await call('stranger@faraway.org', 'POST', `${path}/${id}/clone`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(TOKEN);
    });

    it("answers a link made by an editor who is not the style's owner without the token", async () => {
      const editable = await sharedRecord(path, kind);
      await insertGrant(h.db, { resourceType: kind, resourceId: editable, granteeType: 'user', granteeId: colleague.id, role: 'editor' });
      await call('analyst@example.com', 'DELETE', `${path}/${editable}/map-assets/${sharedStyle}`);
      const linked = await call('colleague@example.com', 'POST', `${path}/${editable}/map-assets/${sharedStyle}`);
      expect(linked.statusCode, linked.body).toBe(200);
      expectNothingSecret(linked.body, { sameOrganization: true });
      const unlinked = await call('colleague@example.com', 'DELETE', `${path}/${editable}/map-assets/${privateStyle}`);
      expect(unlinked.body).not.toContain(TOKEN);
    });

    it('keeps access tokens out of saved states and record metadata', async () => {
      const { path: statePath, field } = STATE_KINDS[STATE_OF[kind]];
      const data = { version: 'v1', config: { mapStyle: { styleType: 'night', mapStyles: { night: { id: 'night', url: 'https://style.test/night', accessToken: TOKEN } } } } };
      const saved = await call('analyst@example.com', 'POST', statePath, { [field]: id, data });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().data.config.mapStyle.mapStyles.night).toEqual({ id: 'night', url: 'https://style.test/night' });
      const updated = await call('analyst@example.com', 'PUT', `${statePath}/${saved.json().id}`, { data });
      expect(updated.body).not.toContain(TOKEN);
      const renamed = await call('analyst@example.com', 'PUT', `${path}/${id}`, { metadata: { keplerConfig: data } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // The owner's answer shows the token on the style itself, never in what the record keeps.
      expect(JSON.stringify(renamed.json().metadata)).not.toContain(TOKEN);
      for (const email of ['colleague@example.com', 'grantee@elsewhere.org', 'stranger@faraway.org']) {
        const read = await call(email, 'GET', `${path}/${id}`);
        expect(read.json().latestState.data.config.mapStyle.mapStyles.night.url).toBe('https://style.test/night');
        expect(read.body).not.toContain(TOKEN);
      }
      const stored = await h.db.query<{ data: string }>('SELECT data::text AS data FROM record_states WHERE record_id = $1', [id]);
      expect(stored.map((row) => row.data).join()).not.toContain(TOKEN);
    });
  });

  it('publishes neither tokens nor the names of datasets the publisher cannot read', async () => {
    const map = await sharedRecord('/v1/maps', 'map');
    await insertGrant(h.db, { resourceType: 'map', resourceId: map, granteeType: 'user', granteeId: stranger.id, role: 'editor' });
    const theirs = await insertDataset(h.db, { id: stranger.id, organizationId: stranger.organizationId }, 'Faraway private');
    expect((await call('stranger@faraway.org', 'POST', `/v1/maps/${map}/datasets/${theirs}`)).statusCode).toBe(200);
    await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: map, data: { mapStyle: { mapStyles: { s: { accessToken: TOKEN } } } } });
    const pending = await call('analyst@example.com', 'POST', `/v1/maps/${map}/publish/resources`, { uploadOptions: {} });
    expect(pending.statusCode, pending.body).toBe(200);
    const published = await call('analyst@example.com', 'POST', `/v1/maps/${map}/publish/${pending.json().publishedId}`);
    expect(published.statusCode, published.body).toBe(200);
    const view = await h.app.inject({ method: 'GET', url: `/v1/maps/${map}/published-map` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).not.toContain(TOKEN);
    expect(view.body).not.toContain('Faraway private');
    expect(view.json().datasets).toEqual([{ id: privateDataset, name: 'Secret customers' }]);
  });
});
