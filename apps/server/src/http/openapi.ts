import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { withPipelineSchemas } from './openapi-pipeline.js';

/** The OpenAPI document is generated from the same route schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Atlas Studio API', version, description: 'Catalogue, analytics and administration services of Atlas Studio.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Session token or API key' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documents) => ('openapiObject' in documents ? withPipelineSchemas(documents.openapiObject) : documents.swaggerObject),
  });
  // The docs page and its assets are readable without signing in, like the document itself.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1/docs')) route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
}
