// Routes of question import and export. Uploads are the file's raw bytes, streamed into the job's stored
// file (413 past IMPORT_MAX_BYTES, checked on Content-Length and while receiving); exports, their parts and
// the template answer the file itself.
import { Readable } from 'node:stream';
import { API, TRANSFER_CONTENT_TYPES, TRANSFER_EXTENSIONS, type TransferFormat } from '@edu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi, type HandlerContext } from '../../lib/route.js';

function sendFile(reply: FastifyReply, format: TransferFormat, filename: string, data: Buffer | Readable) {
  return reply
    .type(TRANSFER_CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(data);
}

const declaredLength = (request: FastifyRequest) => {
  const n = Number(request.headers['content-length']);
  return Number.isFinite(n) && request.headers['content-length'] !== undefined ? n : undefined;
};

type ImportContext = 'agencyId' | 'query' | 'request' | 'user';

export async function transferRoutes(app: FastifyInstance) {
  const { transfer } = app.services;
  // Every request of the node, not only these routes: an import's writes make way for them on PGlite (write-pace.ts).
  if (transfer.watchesRequests) transfer.activity.track(app.server);
  // Encapsulated: on these routes any content type is the raw stream, read by the service chunk by chunk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const startImport =
    (preview: boolean) =>
    ({ agencyId, query, request, user }: Pick<HandlerContext<typeof API.questionImport>, ImportContext>) =>
      transfer.startImport(
        { agencyId: agencyId!, userId: user().id, preview },
        query,
        (request.body as Readable | undefined) ?? Readable.from([]),
        declaredLength(request),
      );
  registerApi(app, API.questionImport, startImport(false));
  registerApi(app, API.questionImportPreview, startImport(true));
  registerApi(app, API.questionImportJob, ({ agencyId, params }) => transfer.importJob(agencyId!, params.id));
  registerApi(app, API.questionImportLimits, () => transfer.limits());
  registerApi(app, API.questionImportTemplate, async ({ reply }) =>
    sendFile(reply, 'xlsx', '题目导入模板.xlsx', await transfer.template()),
  );
  registerApi(app, API.questionExportStart, ({ agencyId, query, user }) =>
    transfer.startExport(agencyId!, user().id, query),
  );
  registerApi(app, API.questionExportJob, ({ agencyId, params }) => transfer.exportJob(agencyId!, params.id));
  registerApi(app, API.questionExportPart, async ({ agencyId, params, reply }) => {
    const part = await transfer.exportPart(agencyId!, params.id, params.part);
    reply.header('content-length', String(part.bytes));
    return sendFile(reply, part.format, part.filename, Readable.from(part.chunks));
  });
  registerApi(app, API.questionExport, async ({ agencyId, query, reply }) => {
    const out = await transfer.exportOne(agencyId!, query);
    reply.header('x-export-count', String(out.exported)).header('x-export-skipped', String(out.skipped));
    return sendFile(reply, query.format, `${out.filename}.${TRANSFER_EXTENSIONS[query.format]}`, out.data);
  });
}
