// Task calls (docs/tasks.md; the contract's TASKS_API): staff's task pages and the students' to-do list.
import { API } from '@edu/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';
import { scoresWorkbook } from './tasks-export.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sendXlsx = (reply: FastifyReply, name: string, data: Buffer) =>
  reply
    .type(XLSX)
    .header('content-disposition', contentDisposition(name))
    .header('cache-control', 'no-store')
    .send(data);

export async function tasksRoutes(app: FastifyInstance) {
  const { tasks } = app.services;
  const staff = (ctx: { agencyId: string | null; user: () => { id: number; roles: string[] } }) => ({
    id: ctx.user().id,
    roles: ctx.user().roles,
    agencyId: ctx.agencyId!,
  });
  const trainee = (ctx: { agencyId: string | null; user: () => { id: number } }) => ({
    id: ctx.user().id,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.taskList, (ctx) => tasks.list(staff(ctx), ctx.query));
  registerApi(app, API.taskGet, (ctx) => tasks.get(staff(ctx), ctx.params.id));
  registerApi(app, API.taskCreate, (ctx) => tasks.create(staff(ctx), ctx.body.request));
  registerApi(app, API.taskUpdate, (ctx) => tasks.update(staff(ctx), ctx.params.id, ctx.body.request));
  registerApi(app, API.taskDashboard, (ctx) => tasks.dashboard(staff(ctx), ctx.params.id));
  registerApi(app, API.taskClassOptions, (ctx) => tasks.classOptions(staff(ctx)));
  registerApi(app, API.taskStudentOptions, (ctx) => tasks.studentOptions(staff(ctx), ctx.query));
  registerApi(app, API.homeworkScores, (ctx) => tasks.homeworkScores(staff(ctx), ctx.query));
  registerApi(app, API.homeworkScoresExport, async (ctx) =>
    sendXlsx(
      ctx.reply,
      '作业成绩.xlsx',
      await scoresWorkbook(await tasks.homeworkExport(staff(ctx), ctx.query.classId)),
    ),
  );
  registerApi(app, API.taskScoresExport, async (ctx) => {
    const { title, rows } = await tasks.taskRows(staff(ctx), ctx.params.id);
    return sendXlsx(ctx.reply, `${title}-成绩.xlsx`, await scoresWorkbook(rows));
  });
  registerApi(app, API.studentTodo, (ctx) => tasks.todo(trainee(ctx), ctx.query));
  // The training's view built field by field (TrainingService.view): its schema checked at test time (route.ts).
  registerApi(app, API.studentTaskDo, (ctx) => tasks.doTask(trainee(ctx), ctx.params.id), { trustedResponse: true });
}
