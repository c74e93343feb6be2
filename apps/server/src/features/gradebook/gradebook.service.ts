// A class's gradebook (docs/gradebook.md): its members × the tasks given to the class, the tasks' weights and each
// member's weighted overall. Agency admins read every class of the agency, teachers the classes they teach; anyone
// else (other admins too) gets 404, as for a class that does not exist.
import {
  CLASS_MAX_MEMBERS,
  GRADEBOOK_MAX_TASKS,
  type ClassKind,
  type Gradebook,
  type GradebookCell,
  type GradebookQuery,
  type GradebookRow,
  type GradebookTask,
  type GradebookWeightResult,
} from '@edu/contract';
import { conflict, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { averageOf, cellOf, isAgencyAdmin, isAgencyTeacher, overallOf, weightOf } from './gradebook.policy.js';
import type {
  GradebookClassRow,
  GradebookRepository,
  GradebookTaskRow,
  MemberRow,
  ResultRow,
} from './gradebook.repository.js';

/** The caller: who, with which roles, in which agency. */
export interface GradebookViewer {
  userId: number;
  roles: readonly string[];
  agencyId: string;
}

const NO_CLASS = '班级不存在';
const NO_TASK = '任务不存在';
const ARCHIVED = '班级已归档，请先恢复再修改';

/** The whole gradebook of the class, as the export writes it. */
export interface GradebookSheet {
  className: string;
  tasks: GradebookTask[];
  rows: GradebookRow[];
}

export class GradebookService {
  constructor(
    private readonly repo: GradebookRepository,
    private readonly clock: Clock,
  ) {}

  /** May the caller read (and weigh) this class's gradebook? Agency admins any class; teachers theirs. */
  private async reaches(v: GradebookViewer, classId: number): Promise<boolean> {
    if (isAgencyAdmin(v.roles, v.agencyId)) return true;
    return isAgencyTeacher(v.roles, v.agencyId) && (await this.repo.teaches(classId, v.userId));
  }

  private async readableClass(v: GradebookViewer, id: string): Promise<GradebookClassRow> {
    const n = parseNumericId(id);
    const cls = n === null ? undefined : await this.repo.classOf(v.agencyId, n);
    if (!cls || !(await this.reaches(v, cls.id))) throw notFound(NO_CLASS);
    return cls;
  }

  /** The tasks shown (oldest deadline first) with their weights, and all the class's tasks counted. */
  private async columns(v: GradebookViewer, classId: number) {
    const { total, rows } = await this.repo.tasksOf(v.agencyId, classId, GRADEBOOK_MAX_TASKS);
    const shown = [...rows].reverse();
    const ended = new Map<number, ResultRow[]>();
    for (const e of await this.repo.ended(shown.map((t) => t.id))) {
      const list = ended.get(e.taskId) ?? [];
      list.push(e);
      ended.set(e.taskId, list);
    }
    const tasks = shown.map((t): GradebookTask => {
      const cells = (ended.get(t.id) ?? []).map((e) => cellOf(t, e));
      return {
        taskId: String(t.id),
        title: t.title,
        startTime: t.startAt.getTime(),
        deadline: t.deadline.getTime(),
        homework: t.homework,
        weight: weightOf(t.weight),
        ...averageOf(cells),
      };
    });
    return { total, shown, tasks };
  }

  /** The rows of these members: a cell per task and the overall. */
  private async rows(shown: GradebookTaskRow[], members: MemberRow[]): Promise<GradebookRow[]> {
    const results = await this.repo.results(
      shown.map((t) => t.id),
      members.map((m) => m.id),
    );
    const byPair = new Map<string, ResultRow>(results.map((r) => [`${r.taskId}/${r.userId}`, r]));
    const now = this.clock.now();
    const weighed = shown.map((t) => ({ deadline: t.deadline, weight: weightOf(t.weight) }));
    return members.map((m) => {
      const cells: GradebookCell[] = shown.map((t) => cellOf(t, byPair.get(`${t.id}/${m.id}`)));
      return {
        userId: String(m.id),
        name: m.name,
        username: m.username,
        cells,
        overall: overallOf(cells, weighed, now),
      };
    });
  }

  async read(v: GradebookViewer, classId: string, q: GradebookQuery): Promise<Gradebook> {
    const cls = await this.readableClass(v, classId);
    const [{ total: taskTotal, shown, tasks }, members] = await Promise.all([
      this.columns(v, cls.id),
      this.repo.members(cls.id, q.keyword || undefined, q),
    ]);
    return {
      class: { id: String(cls.id), name: cls.name, kind: cls.kind as ClassKind, archived: cls.archivedAt !== null },
      tasks,
      taskTotal,
      editable: cls.archivedAt === null,
      total: members.total,
      list: await this.rows(shown, members.rows),
    };
  }

  /** Every member's row (a class holds at most CLASS_MAX_MEMBERS), for the export. */
  async sheet(v: GradebookViewer, classId: string): Promise<GradebookSheet> {
    const cls = await this.readableClass(v, classId);
    const [{ shown, tasks }, members] = await Promise.all([
      this.columns(v, cls.id),
      this.repo.members(cls.id, undefined, { start: 0, size: CLASS_MAX_MEMBERS }),
    ]);
    return { className: cls.name, tasks, rows: await this.rows(shown, members.rows) };
  }

  /**
   * Sets a task's weight. The task must be given to a class the caller reaches (else 404); a task for chosen
   * students is in no gradebook (409), nor may an archived class's weights change (409).
   */
  async setWeight(v: GradebookViewer, taskId: string, weight: number): Promise<GradebookWeightResult> {
    const n = parseNumericId(taskId);
    const task = n === null ? undefined : await this.repo.taskOf(v.agencyId, n);
    if (!task) throw notFound(NO_TASK);
    if (task.classId === null) {
      if (!isAgencyAdmin(v.roles, v.agencyId)) throw notFound(NO_TASK);
      throw conflict('该任务布置给指定学生，不在班级成绩册中');
    }
    if (!(await this.reaches(v, task.classId))) throw notFound(NO_TASK);
    if (task.archivedAt !== null) throw conflict(ARCHIVED);
    await this.repo.setWeight(task.id, weight, v.userId, new Date(this.clock.now()));
    return { taskId: String(task.id), weight };
  }
}
