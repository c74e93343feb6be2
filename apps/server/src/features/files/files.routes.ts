// Routes of the files module: upload (raw image bytes as the body) and download.
import { API, FILE_MAX_BYTES } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function filesRoutes(app: FastifyInstance) {
  const { files } = app.services;
  // This plugin is encapsulated: the raw-body parser and its 2 MB limit apply to these routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FILE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  registerApi(app, API.fileUpload, async ({ body, user, optionalAgency }) =>
    files.upload(body, { userId: user().id, agencyId: await optionalAgency() }),
  );

  registerApi(app, API.fileGet, async ({ params, request, reply }) => {
    const f = await files.get(params.id);
    const etag = `"${params.id}"`;
    if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).send();
    // Content never changes under an id, so it may be cached forever; nosniff comes from helmet.
    return reply
      .type(f.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('last-modified', f.createdAt.toUTCString())
      .header('content-disposition', 'inline')
      .send(f.data);
  });
}
