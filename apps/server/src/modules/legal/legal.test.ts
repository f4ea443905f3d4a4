import { LEGAL_AGREEMENT_TYPES } from '@atlas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const TITLES = {
  'studio-tos': 'Atlas Studio Terms of Service',
  'fsq-sample-data': 'Sample Data Terms',
  'fsq-bi': 'Business Intelligence Data Terms',
  'fsq-despp': 'Data Export and Processing Terms',
};

describe.each(testStores())('legal agreements on $name', (store) => {
  const h = useHarness(store);
  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'POST', url, headers });
  let analyst: { authorization: string };
  let viewer: { authorization: string };
  beforeAll(async () => {
    analyst = await h.auth('analyst@example.com');
    viewer = await h.auth('viewer@example.com');
  });

  it.each(LEGAL_AGREEMENT_TYPES)('serves version 1 of %s to signed-in users, by type and by id', async (type) => {
    const response = await get(`/v1/legal/${type}`, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: `${type}-v1`,
      type,
      version: 1,
      title: TITLES[type],
      body: expect.stringMatching(/^[A-Z].{200,}\.$/s),
      effectiveAt: '2025-01-01T00:00:00.000Z',
      createdAt: ISO,
      updatedAt: ISO,
    });
    expect(response.json().body).not.toMatch(/foursquare/i);
    expect((await get(`/v1/legal/${type}-v1`, viewer)).json()).toEqual(response.json());
    expect((await get(`/v1/legal/${type}`)).statusCode).toBe(401);
  });

  it('answers 404 for unknown agreements and 400 for malformed ids', async () => {
    const unknown = await get('/v1/legal/studio-tos-v9', viewer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Legal agreement not found', details: 'No legal agreement or agreement type studio-tos-v9', appStatusCode: 'NOT_FOUND' });
    expect((await get('/v1/legal/privacy', viewer)).statusCode).toBe(404);
    const bad = await get('/v1/legal/Bad_Id', viewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().appStatusCode).toBe('VALIDATION_FAILED');
  });

  it('records consent once per user and reports it for the latest version', async () => {
    expect((await get('/v1/legal/latest/studio-tos/consent', analyst)).json()).toEqual({
      agreementId: 'studio-tos-v1',
      type: 'studio-tos',
      version: 1,
      consented: false,
      consentedAt: null,
    });

    const before = await h.count('legal_consents');
    const first = await post('/v1/legal/studio-tos/consent', analyst);
    expect(first.statusCode).toBe(201);
    const consent = { agreementId: 'studio-tos-v1', type: 'studio-tos', version: 1, consented: true, consentedAt: ISO };
    expect(first.json()).toEqual(consent);
    expect(await h.count('legal_consents')).toBe(before + 1);

    const again = await post('/v1/legal/studio-tos-v1/consent', analyst);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await h.count('legal_consents')).toBe(before + 1);
    expect((await get('/v1/legal/latest/studio-tos/consent', analyst)).json()).toEqual(first.json());

    // Consent is personal.
    expect((await get('/v1/legal/latest/studio-tos/consent', viewer)).json()).toMatchObject({ consented: false, consentedAt: null });
  });

  it('serves the newest version in effect, and an older consent does not cover it', async () => {
    expect((await post('/v1/legal/fsq-despp/consent', analyst)).statusCode).toBe(201);
    await h.db.query(
      `INSERT INTO legal_agreements (id, type, version, title, body, effective_at) VALUES
       ('fsq-despp-v2', 'fsq-despp', 2, 'Terms v2', 'Second version.', now() - interval '1 minute'),
       ('fsq-despp-v3', 'fsq-despp', 3, 'Terms v3', 'Not yet in effect.', now() + interval '1 day')`,
    );
    try {
      expect((await get('/v1/legal/fsq-despp', analyst)).json()).toMatchObject({ id: 'fsq-despp-v2', version: 2, title: 'Terms v2' });
      expect((await get('/v1/legal/fsq-despp-v3', analyst)).json()).toMatchObject({ id: 'fsq-despp-v3', version: 3 });
      expect((await get('/v1/legal/latest/fsq-despp/consent', analyst)).json()).toEqual({
        agreementId: 'fsq-despp-v2',
        type: 'fsq-despp',
        version: 2,
        consented: false,
        consentedAt: null,
      });
      expect((await post('/v1/legal/fsq-despp/consent', analyst)).json()).toMatchObject({ agreementId: 'fsq-despp-v2', version: 2, consented: true });
      expect((await get('/v1/legal/latest/fsq-despp/consent', analyst)).json()).toMatchObject({ agreementId: 'fsq-despp-v2', consented: true });
    } finally {
      await h.db.query("DELETE FROM legal_consents WHERE agreement_id IN ('fsq-despp-v2', 'fsq-despp-v3')");
      await h.db.query("DELETE FROM legal_agreements WHERE id IN ('fsq-despp-v2', 'fsq-despp-v3')");
    }
  });

  it('needs a signed-in caller for consent and answers 404 for unknown types, storing nothing', async () => {
    const before = await h.count('legal_consents');
    expect((await get('/v1/legal/latest/studio-tos/consent')).statusCode).toBe(401);
    expect((await post('/v1/legal/studio-tos/consent')).statusCode).toBe(401);
    const notType = await get('/v1/legal/latest/studio-tos-v1/consent', analyst);
    expect(notType.statusCode).toBe(404);
    expect(notType.json()).toEqual({ message: 'Legal agreement type not found', details: 'No legal agreement type studio-tos-v1', appStatusCode: 'NOT_FOUND' });
    const unknown = await post('/v1/legal/cookies/consent', analyst);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Legal agreement not found', details: 'No legal agreement or agreement type cookies', appStatusCode: 'NOT_FOUND' });
    expect(await h.count('legal_consents')).toBe(before);
  });
});
