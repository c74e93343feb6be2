// Routes of the files module: upload (raw image bytes as the body, rate-limited per user) and download; and the
// periodic sweep of unreferenced files (docs/security.md "Uploads").
import rateLimit from '@fastify/rate-limit';
import { API, FILE_MAX_BYTES } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error.js';
import { registerApi } from '../../lib/route.js';
import { fallbackRateStore } from './upload-rate-store.js';

export async function filesRoutes(app: FastifyInstance) {
  const { files, filesSweep, config, redis, redisFailures } = app.services;
  startSweep(app);
  // This plugin is encapsulated: the raw-body parser and its 2 MB limit apply to these routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FILE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  // Whole requests counted per user, in Redis when there is one (shared by the nodes, in memory for each call that
  // Redis fails), else in memory.
  await app.register(rateLimit, {
    global: false,
    ...(redis && redisFailures
      ? {
          store: fallbackRateStore(redis, `${config.redisKeyPrefix}upload-rate:`, (e, w) => redisFailures.report(e, w)),
        }
      : {}),
  });
  const uploadRate = app.rateLimit({
    max: config.files.uploadRateMax,
    timeWindow: config.files.uploadRateWindowSeconds * 1000,
    // After the auth plugin's onRequest hook: a visitor never gets here (401 first).
    keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: (_request, ctx) =>
      new ApiError('too_many_requests', `上传过于频繁，请 ${Math.max(1, Math.ceil(ctx.ttl / 1000))} 秒后再试`),
  });
  // Before the body is read: a refused upload costs no transfer of its bytes.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === API.fileUpload.path && request.method === API.fileUpload.method)
      await uploadRate.call(app, request, reply);
  });

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

  function startSweep(app: FastifyInstance) {
    const timer = setInterval(() => {
      filesSweep
        .run()
        .then((r) => r.deleted > 0 && app.log.info(r, 'unreferenced files swept'))
        .catch((err: unknown) => app.log.error({ err }, 'files sweep failed'));
    }, config.files.sweepIntervalMs);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
}
