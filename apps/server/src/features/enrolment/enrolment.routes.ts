// Routes of bulk enrolment (docs/enrolment.md). The upload is the xlsx file's raw bytes, streamed into the job's
// stored file; the template and the one-time passwords answer the file itself.
import { Readable } from 'node:stream';
import { API } from '@edu/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sendXlsx = (reply: FastifyReply, filename: string, data: Buffer) =>
  reply
    .type(XLSX)
    .header('content-disposition', contentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(data);

export async function enrolmentRoutes(app: FastifyInstance) {
  const { enrolment } = app.services;
  // Encapsulated: on these routes any content type is the raw stream, read by the service chunk by chunk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  registerApi(app, API.enrolmentStart, ({ agencyId, query, request, user }) => {
    const header = request.headers['content-length'];
    const declared = header === undefined ? undefined : Number(header);
    return enrolment.start(
      { agencyId: agencyId!, userId: user().id },
      query,
      (request.body as Readable | undefined) ?? Readable.from([]),
      declared !== undefined && Number.isFinite(declared) ? declared : undefined,
    );
  });
  registerApi(app, API.enrolmentLimits, () => enrolment.limits());
  registerApi(app, API.enrolmentTemplate, async ({ reply }) =>
    sendXlsx(reply, '学生批量注册模板.xlsx', await enrolment.template()),
  );
  registerApi(app, API.enrolmentJob, ({ agencyId, params }) => enrolment.job(agencyId!, params.id));
  registerApi(app, API.enrolmentCancel, ({ agencyId, params }) => enrolment.cancel(agencyId!, params.id));
  registerApi(app, API.enrolmentErrors, async ({ agencyId, params, reply }) => {
    const file = await enrolment.errorReport(agencyId!, params.id);
    return sendXlsx(reply, file.filename, file.data);
  });
  registerApi(app, API.enrolmentPasswords, async ({ agencyId, params, reply }) => {
    const file = await enrolment.takePasswords(agencyId!, params.id);
    return sendXlsx(reply, file.filename, file.data);
  });
}
