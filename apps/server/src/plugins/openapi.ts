// Serves the generated OpenAPI document and Swagger UI at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { buildOpenApiDocument } from '../lib/openapi.js';

export default fp(
  async (app) => {
    // Static mode: the document comes from the contract, not from Fastify's route schemas.
    await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { validatorUrl: null, docExpansion: 'list' } });
  },
  { name: 'edu-openapi' },
);
