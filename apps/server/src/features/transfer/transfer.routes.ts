// Routes of question import and export: uploads are the file's raw bytes (≤ IMPORT_MAX_BYTES), exports and
// the template answer the file itself.
import { API, IMPORT_MAX_BYTES, TRANSFER_CONTENT_TYPES, TRANSFER_EXTENSIONS, type TransferFormat } from '@edu/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerApi } from '../../lib/route.js';

const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function sendFile(reply: FastifyReply, format: TransferFormat, base: string, data: Buffer) {
  return reply
    .type(TRANSFER_CONTENT_TYPES[format])
    .header('content-disposition', disposition(`${base}.${TRANSFER_EXTENSIONS[format]}`))
    .header('cache-control', 'no-store')
    .send(data);
}

export async function transferRoutes(app: FastifyInstance) {
  const { transfer } = app.services;
  // Encapsulated: the raw-body parser and its 10 MB limit apply to these routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onClose', () => transfer.drain());

  registerApi(app, API.questionImport, ({ agencyId, query, body, user }) =>
    transfer.start(agencyId!, user().id, query, body),
  );
  registerApi(app, API.questionImportPreview, ({ agencyId, query, body }) => transfer.preview(agencyId!, query, body));
  registerApi(app, API.questionImportJob, ({ agencyId, params }) => transfer.job(agencyId!, params.id));
  registerApi(app, API.questionImportTemplate, async ({ reply }) =>
    sendFile(reply, 'xlsx', '题目导入模板', await transfer.template()),
  );
  registerApi(app, API.questionExport, async ({ agencyId, query, reply }) => {
    const out = await transfer.export(agencyId!, query);
    reply.header('x-export-count', String(out.exported)).header('x-export-skipped', String(out.skipped));
    return sendFile(reply, query.format, out.filename, out.data);
  });
}
