import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test-support/fixtures.js';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';
import { ownerOf, type Owner } from '../records/test-support/fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testStores())('state records on $name', (store) => {
  const h = useHarness(store);
  let analyst: Owner;

  beforeAll(async () => {
    analyst = await ownerOf(h.db, 'analyst@example.com');
    await addUser(h.db, { email: 'outsider@other.org', organization: 'Other' });
  });

  const call = async (email: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: await h.auth(email), ...(payload ? { payload } : {}) });
  const newRecord = async (path: string) => {
    const response = await call('analyst@example.com', 'POST', path, { name: 'With states' });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };
  const latest = async (path: string, id: string) => (await call('analyst@example.com', 'GET', `${path}/${id}`)).json().latestState;

  it.each([
    ['/v1/studiostates', '/v1/maps', 'mapId'],
    ['/v1/insight-states', '/v1/insights', 'insightId'],
    ['/v1/workbook-states', '/v1/workbooks', 'workbookId'],
  ])('creates, reads, updates and deletes %s, the record following the newest', async (path, recordPath, field) => {
    const record = await newRecord(recordPath);
    await h.db.query("UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = $1", [record.id]);

    const created = await call('analyst@example.com', 'POST', path, { [field]: record.id, data: { version: 'v1', step: 1 } });
    expect(created.statusCode).toBe(201);
    const first = created.json();
    expect(first).toEqual({
      id: expect.any(String),
      [field]: record.id,
      data: { version: 'v1', step: 1 },
      ownerId: analyst.id,
      createdAt: expect.any(String),
      updatedAt: first.createdAt,
    });
    const afterCreate = (await call('analyst@example.com', 'GET', `${recordPath}/${record.id}`)).json();
    expect(afterCreate.latestState).toEqual(first);
    expect(Date.parse(afterCreate.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('analyst@example.com', 'GET', `${path}/${first.id}`)).json()).toEqual(first);

    const second = (await call('analyst@example.com', 'POST', path, { [field]: record.id, data: { step: 2 } })).json();
    expect(await latest(recordPath, record.id)).toEqual(second);

    await h.db.query("UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = $1", [record.id]);
    const updated = await call('analyst@example.com', 'PUT', `${path}/${first.id}`, { data: { step: 3 } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...first, data: { step: 3 }, updatedAt: updated.json().updatedAt });
    expect(Date.parse(updated.json().updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    const afterUpdate = (await call('analyst@example.com', 'GET', `${recordPath}/${record.id}`)).json();
    expect(afterUpdate.latestState).toEqual(updated.json());
    expect(afterUpdate.updatedAt).toBe(updated.json().updatedAt);

    const removed = await call('analyst@example.com', 'DELETE', `${path}/${first.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await latest(recordPath, record.id)).toEqual(second);
    expect((await call('analyst@example.com', 'GET', `${path}/${first.id}`)).statusCode).toBe(404);
    await call('analyst@example.com', 'DELETE', `${path}/${second.id}`);
    expect(await latest(recordPath, record.id)).toBeNull();
  });

  it('keeps the kinds apart: a studio state is unknown as an insight state', async () => {
    const map = await newRecord('/v1/maps');
    const state = (await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: map.id, data: {} })).json();
    const wrongPath = await call('analyst@example.com', 'GET', `/v1/insight-states/${state.id}`);
    expect(wrongPath.statusCode).toBe(404);
    expect(wrongPath.json()).toEqual({ message: 'Insight state not found', details: `No insight state with id ${state.id}`, appStatusCode: 'NOT_FOUND' });
    const before = await h.count('record_states');
    const wrongRecord = await call('analyst@example.com', 'POST', '/v1/insight-states', { insightId: map.id, data: {} });
    expect(wrongRecord.statusCode).toBe(404);
    expect(wrongRecord.json()).toEqual({ message: 'Insight not found', details: `No insight with id ${map.id}`, appStatusCode: 'NOT_FOUND' });
    expect(await h.count('record_states')).toBe(before);
  });

  it.each([
    ['the field of another kind', { mapId: randomUUID(), data: {} }, "body must have required property 'insightId'; body must not have property 'mapId'"],
    ['no data', { insightId: randomUUID() }, "body must have required property 'data'"],
    ['data that is not an object', { insightId: randomUUID(), data: 'x' }, 'body/data must be object'],
  ])('refuses a new state with %s and stores nothing', async (_, payload, details) => {
    const before = await h.count('record_states');
    const response = await call('analyst@example.com', 'POST', '/v1/insight-states', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid request body', details, appStatusCode: 'VALIDATION_FAILED' });
    expect(await h.count('record_states')).toBe(before);
  });

  it('lets readers read states but not change them, and hides them from other organizations', async () => {
    const map = await newRecord('/v1/maps');
    const state = (await call('analyst@example.com', 'POST', '/v1/studiostates', { mapId: map.id, data: { a: 1 } })).json();
    expect((await call('viewer@example.com', 'GET', `/v1/studiostates/${state.id}`)).json()).toEqual(state);
    const before = await h.count('record_states');
    const forbidden = { message: 'You do not have write permission on this map', details: `map ${map.id}`, appStatusCode: 'FORBIDDEN' };
    for (const [method, url, payload] of [
      ['POST', '/v1/studiostates', { mapId: map.id, data: {} }],
      ['PUT', `/v1/studiostates/${state.id}`, { data: { a: 2 } }],
      ['DELETE', `/v1/studiostates/${state.id}`, undefined],
    ] as const) {
      const response = await call('viewer@example.com', method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbidden);
    }
    const hidden = { message: 'Studio state not found', details: `No studio state with id ${state.id}`, appStatusCode: 'NOT_FOUND' };
    for (const [method, payload] of [['GET', undefined], ['PUT', { data: {} }], ['DELETE', undefined]] as const) {
      const response = await call('outsider@other.org', method, `/v1/studiostates/${state.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(hidden);
    }
    expect((await call('outsider@other.org', 'POST', '/v1/studiostates', { mapId: map.id, data: {} })).statusCode).toBe(404);
    expect(await h.count('record_states')).toBe(before);
    expect((await call('analyst@example.com', 'GET', `/v1/studiostates/${state.id}`)).json()).toEqual(state);
  });

  it('answers 404 for an unknown state and 400 for a bad id', async () => {
    const unknown = randomUUID();
    const missing = await call('analyst@example.com', 'GET', `/v1/workbook-states/${unknown}`);
    expect(missing.json()).toEqual({ message: 'Workbook state not found', details: `No workbook state with id ${unknown}`, appStatusCode: 'NOT_FOUND' });
    const bad = await call('analyst@example.com', 'PUT', '/v1/workbook-states/123', { data: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().appStatusCode).toBe('VALIDATION_FAILED');
  });

  it('goes when its record goes', async () => {
    const workbook = await newRecord('/v1/workbooks');
    const state = (await call('analyst@example.com', 'POST', '/v1/workbook-states', { workbookId: workbook.id, data: {} })).json();
    expect((await call('analyst@example.com', 'DELETE', `/v1/workbooks/${workbook.id}`)).statusCode).toBe(204);
    expect((await call('analyst@example.com', 'GET', `/v1/workbook-states/${state.id}`)).statusCode).toBe(404);
  });
});
