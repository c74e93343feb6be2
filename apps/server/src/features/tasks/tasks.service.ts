// Tasks and homework (docs/tasks.md): staff give a scheme or a paper to a class or to chosen students within a
// window; students do it from their to-do list through a training linked to the task (TrainingService.startForTask);
// the dashboard and the homework scores read the students' trainings of the task.
import type {
  HomeworkScoreRow,
  HomeworkScoresQuery,
  Scheme,
  Task,
  TaskClassOption,
  TaskDashboard,
  TaskDetail,
  TaskFields,
  TaskLatePolicy,
  TaskListQuery,
  TaskStudentOption,
  TaskStudentResult,
  TodoTask,
  Training,
} from '@edu/contract';
import { conflict, forbidden, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import type { TaskRetime } from '../training/task-retime.js';
import type { SchemesService } from '../schemes/schemes.service.js';
import type { TaskPaperGate, Trainee, TrainingService } from '../training/training.service.js';
import {
  canDo,
  isLate,
  taskCutAt,
  isTeacher,
  mayWrite,
  progressOf,
  refusal,
  seesAll,
  taskScore,
  type Staff,
} from './tasks.policy.js';
import type { AssignedRow, TaskRow, TasksRepository, TaskWrite, Visibility } from './tasks.repository.js';

const NOT_FOUND = '任务不存在';
const READ_ONLY = '只有机构管理员和该班级的任课教师可以修改任务';
const NO_CREATE = '只有机构管理员和任课教师可以布置任务';

export class TasksService implements TaskPaperGate {
  /** In-app notices to the students a task reaches (docs/notices.md); set by services.ts. */
  notices?: NoticeHooks;
  /** Moves running trainings' expiry when the deadline moves (set by services.ts; training sits below tasks). */
  retime?: TaskRetime;

  constructor(
    private readonly repo: TasksRepository,
    private readonly schemes: SchemesService,
    private readonly training: TrainingService,
    private readonly clock: Clock,
  ) {}

  /** TaskPaperGate: papers some task gives are reachable only through their task. */
  held(agencyId: string, schemeIds: number[]): Promise<Set<number>> {
    return this.repo.heldPapers(agencyId, schemeIds);
  }

  private visibility(u: Staff): Visibility {
    return seesAll(u) ? { all: true } : { all: false, userId: u.id };
  }

  /** The task the user sees, or 404. */
  private async load(u: Staff, id: string): Promise<TaskRow> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(u.agencyId, n, this.visibility(u));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private async editable(u: Staff, row: { classId: number | null; creatorId: number | null }) {
    const teaches = row.classId !== null && isTeacher(u) ? await this.repo.teaches(row.classId, u.id) : false;
    return mayWrite(u, row, teaches);
  }

  private async toWire(u: Staff, r: TaskRow): Promise<Task> {
    return {
      taskId: String(r.id),
      title: r.title,
      schemeId: String(r.schemeId),
      schemeTitle: r.schemeTitle ?? '（方案已不存在）',
      schemeType: r.schemeType as Task['schemeType'],
      classId: r.classId === null ? null : String(r.classId),
      className: r.className,
      studentCount: r.studentCount,
      startTime: r.startAt.getTime(),
      deadline: r.deadline.getTime(),
      latePolicy: r.latePolicy as TaskLatePolicy,
      latePenalty: r.latePenalty,
      homework: r.homework,
      creator: r.creatorName ?? '',
      createTime: r.createdAt.getTime(),
      lastUpdate: r.updatedAt.getTime(),
      editable: await this.editable(u, r),
    };
  }

  async list(u: Staff, q: TaskListQuery) {
    let classId: number | undefined;
    if (q.classId !== undefined) classId = (await this.visibleClass(u, q.classId)).id;
    const { total, rows } = await this.repo.page(u.agencyId, this.visibility(u), { classId, homework: q.homework }, q);
    return { total, list: await Promise.all(rows.map((r) => this.toWire(u, r))) };
  }

  /** A class of the agency the user sees (a teacher: one they teach), or 404. */
  private async visibleClass(u: Staff, id: string) {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.classOf(u.agencyId, n);
    if (!row || (!seesAll(u) && !(await this.repo.teaches(row.id, u.id)))) throw notFound('班级不存在');
    return row;
  }

  async get(u: Staff, id: string): Promise<TaskDetail> {
    const row = await this.load(u, id);
    const students = await this.repo.students(row.classId === null ? await this.repo.studentIdsOf(row.id) : []);
    return {
      ...(await this.toWire(u, row)),
      students: students.map((s) => ({ userId: String(s.id), name: s.name, username: s.username })),
    };
  }

  /** Checks the fields against the agency (404 for a foreign scheme, class or student) and the caller's rights. */
  private async resolve(u: Staff, f: TaskFields): Promise<{ write: TaskWrite; studentIds: number[] }> {
    let scheme: Scheme;
    try {
      scheme = await this.schemes.get(u.agencyId, f.schemeId);
    } catch {
      throw notFound('训练方案不存在');
    }
    let classId: number | null = null;
    let studentIds: number[];
    if (f.classId !== null) {
      const cls = await this.visibleClass(u, f.classId);
      classId = cls.id;
      if (!(await this.editable(u, { classId, creatorId: null }))) throw forbidden(READ_ONLY);
      studentIds = await this.repo.classMembers(cls.id);
    } else {
      if (!(await this.editable(u, { classId: null, creatorId: u.id }))) throw forbidden(NO_CREATE);
      const ids = [...new Set(f.studentIds.map((s) => parseNumericId(s)))];
      const found = await this.repo.agencyStudents(
        u.agencyId,
        ids.filter((i): i is number => i !== null),
      );
      const missing = f.studentIds.findIndex((s) => !found.has(parseNumericId(s) ?? -1));
      if (missing >= 0) throw notFound(`学生「${f.studentIds[missing]}」不存在`);
      studentIds = [...found];
    }
    return {
      studentIds,
      write: {
        title: f.title,
        schemeId: Number(scheme.schemeId),
        schemeType: scheme.type,
        classId,
        startAt: new Date(f.startTime),
        deadline: new Date(f.deadline),
        latePolicy: f.latePolicy,
        latePenalty: f.latePolicy === 'penalty' ? f.latePenalty : 0,
        homework: f.homework,
        updatedAt: new Date(this.clock.now()),
      },
    };
  }

  async create(u: Staff, f: TaskFields): Promise<Task> {
    if (!(isTeacher(u) || (await this.editable(u, { classId: null, creatorId: u.id })))) throw forbidden(NO_CREATE);
    const { write, studentIds } = await this.resolve(u, f);
    if (write.deadline.getTime() <= this.clock.now()) throw invalidField('request.deadline', '截止时间必须晚于现在');
    const id = await this.repo.insert(u.agencyId, u.id, write, studentIds, new Date(this.clock.now()));
    await this.notices?.taskAssigned(id);
    return this.toWire(u, (await this.repo.get(u.agencyId, id))!);
  }

  async update(u: Staff, id: string, f: TaskFields): Promise<Task> {
    const row = await this.load(u, id);
    if (!(await this.editable(u, row))) throw forbidden(READ_ONLY);
    const { write, studentIds } = await this.resolve(u, f);
    // A moved deadline must lie ahead, as on create; an unchanged one may have passed (editing an old task's title).
    if (write.deadline.getTime() !== row.deadline.getTime() && write.deadline.getTime() <= this.clock.now())
      throw invalidField('request.deadline', '截止时间必须晚于现在');
    if (write.schemeId !== row.schemeId && (await this.repo.assigned([row.id])).some((a) => a.trainId !== null))
      throw conflict('已有学生开始该任务，不能更换训练方案');
    await this.repo.update(row.id, write, studentIds, new Date(this.clock.now()));
    const deadline = write.deadline.getTime();
    if (this.retime && (deadline !== row.deadline.getTime() || write.latePolicy !== row.latePolicy)) {
      // Running trainings follow the new deadline: cut there under `none`, their own time under a late policy.
      const own = (await this.schemes.get(u.agencyId, String(write.schemeId))).timeLimit;
      await this.retime.moveCut(row.id, deadline, write.latePolicy === 'none' ? deadline : null, own);
    }
    await this.notices?.taskAssigned(row.id);
    if (deadline !== row.deadline.getTime()) await this.notices?.taskDeadlineMoved(row.id, row.deadline.getTime());
    return this.toWire(u, (await this.repo.get(u.agencyId, row.id))!);
  }

  async dashboard(u: Staff, id: string): Promise<TaskDashboard> {
    const row = await this.load(u, id);
    const students = (await this.repo.assigned([row.id])).map((a) => result(row, a));
    const counts = { notStarted: 0, running: 0, done: 0 };
    for (const s of students) {
      if (s.progress === 'not_started') counts.notStarted++;
      else if (s.progress === 'running') counts.running++;
      else counts.done++;
    }
    return { task: await this.toWire(u, row), counts, students };
  }

  /** One task's results as export rows (any task, homework or not). */
  async taskRows(u: Staff, id: string): Promise<{ title: string; rows: HomeworkScoreRow[] }> {
    const row = await this.load(u, id);
    return { title: row.title, rows: (await this.repo.assigned([row.id])).map((a) => homeworkRow(row, a)) };
  }

  async homeworkScores(u: Staff, q: HomeworkScoresQuery) {
    const classId = q.classId === undefined ? undefined : (await this.visibleClass(u, q.classId)).id;
    const { total, rows } = await this.repo.homeworkRows(u.agencyId, this.visibility(u), classId, q);
    return { total, list: rows.map((r) => homeworkRow(r.task, r)) };
  }

  /** Every homework row for the export, at most EXPORT_MAX_ROWS. */
  async homeworkExport(u: Staff, classId: string | undefined) {
    const id = classId === undefined ? undefined : (await this.visibleClass(u, classId)).id;
    const { total, rows } = await this.repo.homeworkRows(u.agencyId, this.visibility(u), id, {
      start: 0,
      size: EXPORT_MAX_ROWS,
    });
    if (total > EXPORT_MAX_ROWS) throw conflict(`作业成绩超过 ${EXPORT_MAX_ROWS} 行，请按班级分别导出`);
    return rows.map((r) => homeworkRow(r.task, r));
  }

  async classOptions(u: Staff): Promise<TaskClassOption[]> {
    const rows = await this.repo.classOptions(u.agencyId, seesAll(u) ? null : u.id);
    return rows.map((r) => ({ classId: String(r.id), name: r.name, kind: r.kind, studentCount: r.studentCount }));
  }

  async studentOptions(u: Staff, q: { keyword: string; size: number }): Promise<TaskStudentOption[]> {
    const rows = await this.repo.searchStudents(u.agencyId, q.keyword, q.size);
    return rows.map((r) => ({ userId: String(r.id), name: r.name, username: r.username }));
  }

  // ---- Students ----

  async todo(user: Trainee, page: { start: number; size: number }): Promise<{ total: number; list: TodoTask[] }> {
    const now = this.clock.now();
    const { total, rows } = await this.repo.todo(user.agencyId, user.id, new Date(now), page);
    return {
      total,
      list: rows.map(({ task: t, ...tr }) => {
        const progress = progressOf(tr.status);
        const late = isLate(tr.startedAt?.getTime() ?? null, tr.endedAt?.getTime() ?? null, t.deadline.getTime());
        const score = progress === 'done' ? (tr.score ?? 0) : 0;
        const policy = t.latePolicy as TaskLatePolicy;
        return {
          taskId: String(t.id),
          title: t.title,
          schemeType: t.schemeType as TodoTask['schemeType'],
          startTime: t.startAt.getTime(),
          deadline: t.deadline.getTime(),
          latePolicy: policy,
          latePenalty: t.latePenalty,
          homework: t.homework,
          progress,
          trainId: tr.trainId === null ? null : String(tr.trainId),
          score,
          maxScore: tr.maxScore ?? 0,
          taskScore: taskScore(score, late, policy, t.latePenalty),
          late,
          canDo: canDo(
            { startAt: t.startAt.getTime(), deadline: t.deadline.getTime(), latePolicy: policy },
            progress,
            now,
          ),
        };
      }),
    };
  }

  /**
   * Starts or continues the student's training of the task. A training already there is answered whatever the
   * window (a running one ends by its own time; an ended one is its result). A new one needs the window, or a
   * late policy after the deadline; one started in the window expires at the deadline under `none`, and keeps its
   * own time limit under a late policy (late if handed in after the deadline).
   */
  async doTask(user: Trainee, id: string): Promise<Training> {
    const n = parseNumericId(id);
    const task = n === null ? undefined : await this.repo.ofStudent(user.agencyId, n, user.id);
    if (!task) throw notFound(NOT_FOUND);
    const now = this.clock.now();
    if (task.trainId === null) {
      const why = refusal(
        {
          startAt: task.startAt.getTime(),
          deadline: task.deadline.getTime(),
          latePolicy: task.latePolicy as TaskLatePolicy,
        },
        now,
      );
      if (why) throw conflict(why);
    }
    const scheme = await this.schemes.get(user.agencyId, String(task.schemeId)).catch(() => {
      throw conflict('该任务的训练方案已不存在，请联系老师');
    });
    const deadline = task.deadline.getTime();
    return this.training.startForTask(
      user,
      task.id,
      {
        id: task.schemeId,
        // The training carries the task's title: that is what the student was given (docs/tasks.md).
        title: task.title,
        type: scheme.type,
        engine: {
          type: scheme.type,
          initPhase: scheme.initPhase,
          initPoint: scheme.initPoint,
          timeLimit: scheme.timeLimit,
          kpRange: scheme.kpRange,
          phases: scheme.phases,
        },
      },
      taskCutAt(task.latePolicy as TaskLatePolicy, deadline, now),
      task.trainId === null,
    );
  }
}

/** Export rows are bounded: past this, export class by class. */
export const EXPORT_MAX_ROWS = 20_000;

function result(t: TaskRow | (TaskRow & object), a: AssignedRow): TaskStudentResult {
  const progress = progressOf(a.status);
  const late = isLate(a.startedAt?.getTime() ?? null, a.endedAt?.getTime() ?? null, t.deadline.getTime());
  // A running training's score is not final (and a running paper's is sealed): none until it ends, shown and
  // exported as an empty cell, never as 0 (docs/tasks.md "Scores").
  const score = progress === 'done' ? (a.score ?? 0) : null;
  return {
    userId: String(a.userId),
    name: a.name,
    username: a.username,
    progress,
    trainId: a.trainId === null ? null : String(a.trainId),
    status: (a.status as TaskStudentResult['status']) ?? null,
    score,
    maxScore: progress === 'not_started' ? null : (a.maxScore ?? 0),
    taskScore: score === null ? null : taskScore(score, late, t.latePolicy as TaskLatePolicy, t.latePenalty),
    late,
    startTime: a.startedAt?.getTime() ?? null,
    endTime: a.endedAt?.getTime() ?? null,
  };
}

function homeworkRow(t: TaskRow, a: AssignedRow): HomeworkScoreRow {
  return {
    ...result(t, a),
    taskId: String(t.id),
    taskTitle: t.title,
    className: t.className,
    deadline: t.deadline.getTime(),
  };
}
