// The public data routes of published maps and dashboards: only published items, a view token for protected ones,
// only the datasets the snapshot names, and a published dashboard always answering its saved values.
import { ANALYTIC_SETS } from '@atlas/analytics';
import { tableFromIPC } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { seedTestPanel } from '../analytics/test-support/panel.js';

const CSV = 'name,lat,lng\nAlpha,37.77,-122.42\nBeta,37.79,-122.40\n';
const PROTECTED = { message: 'This item is password-protected', details: 'Open it with its password again', appStatusCode: 'PASSWORD_REQUIRED' };
// A save stores every value of the query bar: the set's defaults with the user's choices.
const SAVED_VALUES = {
  ...Object.fromEntries(ANALYTIC_SETS['audience-insight'].queryParameters.map((parameter) => [parameter.id, parameter.defaultValue])),
  dma: '501',
  period: { granularity: 'monthly', start: '2024-01', end: '2025-12' },
};

describe.each(testStores())('published data on $name', (store) => {
  const h = useHarness(store);
  let analyst: { authorization: string };

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const asAnalyst = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await call(method, url, payload, analyst);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  };
  const newDataset = async (name: string) => {
    const { id } = await asAnalyst('POST', '/v1/datasets', { name, type: 'managed' });
    const upload = await h.app.inject({ method: 'PUT', url: `/v1/datasets/${id}/data?format=csv`, headers: { ...analyst, 'content-type': 'text/csv' }, payload: CSV });
    expect(upload.json().status).toBe('ready');
    return id as string;
  };
  const publish = async (base: string, id: string, uploadOptions: object = {}) => {
    const { publishedId } = await asAnalyst('POST', `${base}/${id}/publish/resources`, { uploadOptions });
    return (await asAnalyst('POST', `${base}/${id}/publish/${publishedId}`)) as { id: string };
  };
  const unlock = async (id: string, password: string) => (await call('POST', `/v1/maps/${id}/published-map`, { password })).json() as { viewToken?: string };
  const data = (publishedId: string, datasetId: string, token?: string) =>
    call('GET', `/v1/maps/${publishedId}/published-map/datasets/${datasetId}/data`, undefined, token ? { 'x-view-token': token } : {});

  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
  });

  describe('a published map', () => {
    let mapId = '';
    let linked = '';
    let unlinked = '';
    let publishedId = '';

    beforeAll(async () => {
      linked = await newDataset('Shops');
      unlinked = await newDataset('Not on the map');
      mapId = (await asAnalyst('POST', '/v1/maps', { name: 'Shops map', datasets: [linked] })).id;
      await asAnalyst('POST', '/v1/studiostates', { mapId, data: { version: 'v1', config: { visState: { layers: [] } } } });
      publishedId = (await publish('/v1/maps', mapId, { password: 'open sesame' })).id;
    });

    it('asks for the password first, then serves the datasets it shows as Arrow to the unlocked page', async () => {
      const locked = await data(publishedId, linked);
      expect([locked.statusCode, locked.json()]).toEqual([401, PROTECTED]);
      expect((await data(publishedId, linked, 'made.up.token.value')).statusCode).toBe(401);
      const wrong = await call('POST', `/v1/maps/${publishedId}/published-map`, { password: 'nope' });
      expect([wrong.statusCode, wrong.json().viewToken]).toEqual([401, undefined]);

      const { viewToken } = await unlock(publishedId, 'open sesame');
      expect(viewToken).toEqual(expect.any(String));
      const answer = await data(publishedId, linked, viewToken);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
      expect(tableFromIPC(answer.rawPayload).getChild('name')!.toArray()).toEqual(['Alpha', 'Beta']);
      // By the record id too, as the public view answers both.
      expect((await data(mapId, linked, viewToken)).statusCode).toBe(200);
    });

    it('serves no dataset the snapshot does not name', async () => {
      const { viewToken } = await unlock(publishedId, 'open sesame');
      const answer = await data(publishedId, unlinked, viewToken);
      expect([answer.statusCode, answer.json().message]).toEqual([404, 'Dataset not found']);
    });

    it('ends the tokens given out once the password changes, and serves without one once it is removed', async () => {
      const { viewToken } = await unlock(publishedId, 'open sesame');
      await publish('/v1/maps', mapId, { password: 'another secret' });
      expect((await data(publishedId, linked, viewToken)).statusCode).toBe(401);
      await publish('/v1/maps', mapId, { password: null });
      expect((await data(publishedId, linked)).statusCode).toBe(200);
    });

    it('answers 404 once unpublished, whatever token the page holds', async () => {
      await publish('/v1/maps', mapId, { password: 'open sesame' });
      const { viewToken } = await unlock(publishedId, 'open sesame');
      await asAnalyst('DELETE', `/v1/maps/${mapId}/unpublish`);
      const answer = await data(publishedId, linked, viewToken);
      expect([answer.statusCode, answer.json().message]).toEqual([404, 'Published map not found']);
    });
  });

  describe('a published dashboard', () => {
    let insightId = '';
    let publishedId = '';

    beforeAll(async () => {
      await seedTestPanel(h);
      insightId = (await asAnalyst('POST', '/v1/insights', { name: 'LA audience' })).id;
      await asAnalyst('POST', '/v1/insight-states', { insightId, data: { templateId: 'audience-insight', values: SAVED_VALUES } });
      publishedId = (await publish('/v1/insights', insightId)).id;
    }, 120_000);

    it("answers its analytic set as the owner's organization sees it, with the labels", async () => {
      const answer = await call('GET', `/v1/insights/${publishedId}/published-insight/analytic-set`);
      expect(answer.statusCode).toBe(200);
      const signedIn = await asAnalyst('GET', '/v1/analytic-sets/audience-insight');
      expect(answer.json().definition).toEqual(signedIn);
      expect(answer.json().labels).toEqual(await asAnalyst('GET', '/v1/labels'));
    });

    it('answers each chart with the saved values, whatever values the request sends', async () => {
      const url = `/v1/insights/${publishedId}/published-insight/query/visit-share-by-age`;
      const saved = await call('POST', url, { parameters: SAVED_VALUES });
      expect(saved.statusCode, saved.body).toBe(200);
      const signedIn = await asAnalyst('POST', '/v1/query/audience-insight/template/visit-share-by-age', { parameters: SAVED_VALUES });
      expect(saved.json().rows).toEqual(signedIn.rows);
      expect(saved.json().rows.length).toBeGreaterThan(0);
      const other = await call('POST', url, { parameters: { ...SAVED_VALUES, dma: '803' } });
      expect(other.json().rows).toEqual(signedIn.rows);
    });

    it('answers 404 for a template the set lacks, and for the dashboard once unpublished', async () => {
      const unknown = await call('POST', `/v1/insights/${publishedId}/published-insight/query/no-such-view`, { parameters: {} });
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Query template not found']);
      await asAnalyst('DELETE', `/v1/insights/${insightId}/unpublish`);
      expect((await call('GET', `/v1/insights/${publishedId}/published-insight/analytic-set`)).statusCode).toBe(404);
      expect((await call('POST', `/v1/insights/${publishedId}/published-insight/query/visit-share-by-age`, { parameters: {} })).statusCode).toBe(404);
    });
  });
});
