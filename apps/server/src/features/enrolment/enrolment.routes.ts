// Routes of bulk enrolment (docs/enrolment.md), one set per kind (students, teachers, parents). The upload is the xlsx file's raw bytes, streamed into the job's
// stored file; the template and the one-time passwords answer the file itself.
import { Readable } from 'node:stream';
import { API } from '@edu/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';
import { KIND_SHEETS } from './enrolment-sheet.js';

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

  // One route set per kind (docs/enrolment.md "Kinds"): access is fixed per route.
  const sets = [
    {
      kind: 'student',
      start: API.enrolmentStart,
      limits: API.enrolmentLimits,
      template: API.enrolmentTemplate,
      job: API.enrolmentJob,
      cancel: API.enrolmentCancel,
      errors: API.enrolmentErrors,
      passwords: API.enrolmentPasswords,
    },
    {
      kind: 'teacher',
      start: API.teacherEnrolmentStart,
      limits: API.teacherEnrolmentLimits,
      template: API.teacherEnrolmentTemplate,
      job: API.teacherEnrolmentJob,
      cancel: API.teacherEnrolmentCancel,
      errors: API.teacherEnrolmentErrors,
      passwords: API.teacherEnrolmentPasswords,
    },
    {
      kind: 'parent',
      start: API.parentEnrolmentStart,
      limits: API.parentEnrolmentLimits,
      template: API.parentEnrolmentTemplate,
      job: API.parentEnrolmentJob,
      cancel: API.parentEnrolmentCancel,
      errors: API.parentEnrolmentErrors,
      passwords: API.parentEnrolmentPasswords,
    },
  ] as const;

  for (const set of sets) {
    const { kind } = set;
    registerApi(app, set.start, ({ agencyId, query, request, user }) => {
      const header = request.headers['content-length'];
      const declared = header === undefined ? undefined : Number(header);
      return enrolment.start(
        { agencyId: agencyId!, userId: user().id },
        query,
        (request.body as Readable | undefined) ?? Readable.from([]),
        declared !== undefined && Number.isFinite(declared) ? declared : undefined,
        kind,
      );
    });
    registerApi(app, set.limits, () => enrolment.limits());
    registerApi(app, set.template, async ({ reply }) =>
      sendXlsx(reply, `${KIND_SHEETS[kind].label}批量注册模板.xlsx`, await enrolment.template(kind)),
    );
    registerApi(app, set.job, ({ agencyId, params }) => enrolment.job(agencyId!, params.id, kind));
    registerApi(app, set.cancel, ({ agencyId, params }) => enrolment.cancel(agencyId!, params.id, kind));
    registerApi(app, set.errors, async ({ agencyId, params, reply }) => {
      const file = await enrolment.errorReport(agencyId!, params.id, kind);
      return sendXlsx(reply, file.filename, file.data);
    });
    registerApi(app, set.passwords, async ({ agencyId, params, reply }) => {
      const file = await enrolment.takePasswords(agencyId!, params.id, kind);
      return sendXlsx(reply, file.filename, file.data);
    });
  }
}
