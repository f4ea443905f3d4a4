import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test-support/harness.js';
import { testStores } from '../../test-support/stores.js';

const [pglite] = testStores();

describe('service calls', () => {
  const h = useHarness(pglite!);

  it('answers health and tiers without auth', async () => {
    const health = await h.app.inject({ url: '/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const tiers = (await h.app.inject({ url: '/v1/tiers' })).json().tiers;
    expect(tiers.map((tier: { id: string }) => tier.id)).toEqual(['viewer', 'maker', 'enterprise']);
    for (const tier of tiers) for (const limit of Object.values(tier.limits)) expect(limit).toBeLessThanOrEqual(65535);
  });

  it('answers static configs to signed-in callers only', async () => {
    expect((await h.app.inject({ url: '/v1/static-configs' })).statusCode).toBe(401);
    const configs = (await h.app.inject({ url: '/v1/static-configs', headers: await h.auth('viewer@example.com') })).json();
    expect(configs.featureFlags).toContain('workbooks-enabled');
    expect(configs.connectors.proxy).toEqual(['kinetica']);
    expect(configs.limits).toMatchObject({ quotaMaxValue: 65535, defaultCacheMaxAgeSeconds: 2678400, sqlPagingLimit: 100 });
  });

  it('publishes an OpenAPI document built from the validation schemas, and a docs page', async () => {
    const doc = (await h.app.inject({ url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const signIn = doc.paths['/v1/auth/sign-in'].post;
    expect(signIn.requestBody.content['application/json'].schema).toMatchObject({
      required: ['email', 'password'],
      additionalProperties: false,
    });
    expect(signIn.responses['401'].content['application/json'].schema.required).toEqual(['message', 'details', 'appStatusCode']);
    for (const path of ['/v1/health', '/v1/tiers', '/v1/static-configs', '/v1/users/me', '/v1/users/me/flags', '/v1/users/me/quota', '/v1/users/{id}/seat', '/v1/users/{id}', '/v1/api-key']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const pipeline = { $ref: '#/components/schemas/PipelineNode' };
    expect(doc.paths['/query'].post.requestBody.content['application/json'].schema).toEqual(pipeline);
    expect(doc.paths['/v1/datasets/query'].post.requestBody.content['application/json'].schema.properties.pipeline).toEqual(pipeline);
    expect(doc.components.schemas.PipelineNode.oneOf.map((node: { title: string }) => node.title)).toContain('hexTile node');
    const refs = new Set([...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)].map((match) => match[1]!));
    expect([...refs].filter((ref) => !ref.startsWith('#/components/schemas/') || !(ref.split('/')[3]! in doc.components.schemas))).toEqual([]);
    const docs = await h.app.inject({ url: '/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const response = await h.app.inject({ url: '/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route not found', details: 'GET /v1/no-such-thing', appStatusCode: 'ROUTE_NOT_FOUND' });
  });
});
