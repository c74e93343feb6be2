// In-app notices (docs/notices.md): a user reads and marks only their own; the producers (tasks, marking, parents)
// call the NoticeHooks; the periodic check makes the "deadline tomorrow" notices and deletes old ones.
import { cstClock, cstMinutes, cstMonthDay, DAY_MS } from '@edu/contract';
import type { Notice, NoticeListQuery, NoticePage } from '@edu/contract';
import { notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { DbOrTx } from '../../db/client.js';
import type { AgencyInvited, LessonChange, NoticeHooks } from './notice-hooks.js';
import type { DueTask, NoticeRow, NoticesRepository } from './notices.repository.js';

const NOT_FOUND = '通知不存在';
/** Tasks one check looks at; more wait for the next check. */
const DUE_BATCH = 200;
/** Old notices one check deletes; the rest go at the next checks. */
const PURGE_BATCH = 5000;

export const TODO_LINK = '/student/tasks/todo';
/** The page where a user answers an agency's invitation (docs/users.md "Inviting an existing account"). */
export const INVITATIONS_LINK = '/invitations';
const INVITED_AS: Record<AgencyInvited['role'], string> = { student: '学生', teacher: '教师', parent: '家长' };

/** A time as China Standard Time shows it, `1月6日 16:00` (docs/tasks.md "Window and late policies"). */
export function cstText(ms: number): string {
  const [month, day] = cstMonthDay(ms).split('-').map(Number);
  return `${month}月${day}日 ${cstClock(ms)}`;
}

function toWire(r: NoticeRow): Notice {
  return {
    id: String(r.id),
    kind: r.kind as Notice['kind'],
    agencyId: r.agencyId,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.getTime(),
    readAt: r.readAt ? r.readAt.getTime() : null,
  };
}

export class NoticesService implements NoticeHooks {
  constructor(
    private readonly repo: NoticesRepository,
    private readonly clock: Clock,
    private readonly options: { retentionMs: number },
  ) {}

  private now = () => new Date(this.clock.now());

  // The user's side.

  async list(userId: number, q: NoticeListQuery): Promise<NoticePage> {
    const { total, rows } = await this.repo.list(userId, q.unread === '1', q);
    return { total, list: rows.map(toWire) };
  }

  async unread(userId: number): Promise<{ unread: number }> {
    return { unread: await this.repo.unread(userId) };
  }

  async read(userId: number, id: string): Promise<Notice> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.markRead(userId, n, this.now());
    if (!row) throw notFound(NOT_FOUND);
    return toWire(row);
  }

  async readAll(userId: number): Promise<{ updated: number }> {
    return { updated: await this.repo.markAllRead(userId, this.now()) };
  }

  // The producers (NoticeHooks).

  async taskAssigned(taskId: number): Promise<void> {
    const task = await this.repo.task(this.repo.db, taskId);
    if (!task || task.deadline.getTime() <= this.clock.now()) return;
    await this.repo.insertForTask(
      this.repo.db,
      'all',
      {
        agencyId: task.agencyId,
        kind: 'task_assigned',
        subjectId: task.id,
        title: `新任务：${task.title}`,
        body: `截止时间 ${cstText(task.deadline.getTime())}，请在待办任务中完成。`,
        link: TODO_LINK,
      },
      this.now(),
    );
  }

  async taskDeadlineMoved(taskId: number, previous: number): Promise<void> {
    const task = await this.repo.task(this.repo.db, taskId);
    if (!task || task.deadline.getTime() <= this.clock.now()) return;
    const later = task.deadline.getTime() > previous;
    await this.repo.upsertForTask(
      this.repo.db,
      {
        agencyId: task.agencyId,
        kind: 'task_deadline_moved',
        subjectId: task.id,
        title: `截止时间${later ? '推迟' : '提前'}：${task.title}`,
        body: `截止时间由 ${cstText(previous)} 改为 ${cstText(task.deadline.getTime())}。`,
        link: TODO_LINK,
      },
      this.now(),
    );
  }

  async homeworkMarked(db: DbOrTx, trainingId: number): Promise<void> {
    const t = await this.repo.markedTraining(db, trainingId);
    if (!t) return;
    const now = this.now();
    const base = { agencyId: t.agencyId, kind: 'homework_marked' as const, subjectId: trainingId };
    await this.repo.insertFor(
      db,
      [t.userId],
      {
        ...base,
        title: '作业已批改',
        body: `老师批改了你的《${t.title}》，可以查看报告和评语。`,
        link: `/student/train/report/${trainingId}`,
      },
      now,
    );
    await this.repo.insertFor(
      db,
      t.parentIds,
      {
        ...base,
        title: '孩子的作业已批改',
        body: `老师批改了${t.name}的《${t.title}》，可以查看报告。`,
        link: `/parent/train/report/${trainingId}/${t.userId}/1`,
      },
      now,
    );
  }

  async parentPaired(db: DbOrTx, parentId: number, childId: number): Promise<void> {
    const names = await this.repo.names(db, [parentId, childId]);
    const now = this.now();
    const parent = names.get(parentId) ?? '';
    const child = names.get(childId) ?? '';
    await this.repo.insertFor(
      db,
      [childId],
      {
        agencyId: null,
        kind: 'parent_paired',
        subjectId: parentId,
        title: '家长已关联',
        body: `家长 ${parent} 已关联你的账号，可以查看你的训练记录和报告。`,
        link: '/student/home',
      },
      now,
    );
    await this.repo.insertFor(
      db,
      [parentId],
      {
        agencyId: null,
        kind: 'parent_paired',
        subjectId: childId,
        title: '已关联孩子',
        body: `你已关联孩子 ${child}，可以查看 TA 的训练记录和报告。`,
        link: `/parent/history/${childId}`,
      },
      now,
    );
  }

  async lessonChanged(db: DbOrTx, c: LessonChange): Promise<void> {
    const now = this.now();
    const when = cstFull(c.startsAt);
    const many = c.count > 1;
    const texts = (other: string): { title: string; body: string } => {
      switch (c.kind) {
        case 'lesson_scheduled':
          return {
            title: `新课程：${c.title}`,
            body: many
              ? `与${other}的课程「${c.title}」每周一次，共 ${c.count} 次，首次 ${when}，每次 ${c.minutes} 分钟。`
              : `与${other}的课程「${c.title}」安排在 ${when}，${c.minutes} 分钟。`,
          };
        case 'lesson_moved':
          return {
            title: `课程时间调整：${c.title}`,
            body:
              `与${other}的课程「${c.title}」` +
              (c.previousStartsAt === undefined ? '' : `由 ${cstFull(c.previousStartsAt)} `) +
              `改到 ${when}，${c.minutes} 分钟` +
              (many ? `；之后的 ${c.count - 1} 次课同样调整。` : '。'),
          };
        case 'lesson_cancelled':
          return {
            title: `课程已取消：${c.title}`,
            body:
              `与${other}原定 ${when} 的课程「${c.title}」已取消` +
              (many ? `，之后的 ${c.count - 1} 次课也一并取消` : '') +
              (c.reason ? `。原因：${c.reason}` : '。'),
          };
      }
    };
    for (const [me, other] of [
      [c.teacher, c.student],
      [c.student, c.teacher],
    ] as const)
      await this.repo.upsertFor(
        db,
        me.id,
        { agencyId: c.agencyId, kind: c.kind, subjectId: c.lessonId, link: me.link, ...texts(other.name) },
        now,
      );
  }

  /** Renewed when the agency invites again: the latest role and expiry, unread again. */
  async agencyInvited(db: DbOrTx, i: AgencyInvited): Promise<void> {
    await this.repo.upsertFor(
      db,
      i.userId,
      {
        agencyId: i.agencyId,
        kind: 'agency_invitation',
        subjectId: i.invitationId,
        title: `机构邀请：${i.agencyName}`,
        body:
          `${i.inviter || '机构管理员'}邀请你以${INVITED_AS[i.role]}身份加入「${i.agencyName}」。` +
          `请在 ${cstText(i.expiresAt)} 前接受或拒绝；接受前你的账号不会有任何变化。`,
        link: INVITATIONS_LINK,
      },
      this.now(),
    );
  }

  // The periodic check.

  /** Students of tasks due within 24 h who have not finished them: one notice per student and task. */
  async dueTomorrow(): Promise<number> {
    const now = this.now();
    const tasks = await this.repo.dueBetween(now, new Date(now.getTime() + DAY_MS), DUE_BATCH);
    let made = 0;
    for (const task of tasks) made += await this.repo.insertForTask(this.repo.db, 'not_done', dueText(task), now);
    return made;
  }

  /** Deletes notices older than NOTICE_RETENTION_DAYS. */
  purge(): Promise<number> {
    return this.repo.purge(new Date(this.clock.now() - this.options.retentionMs), PURGE_BATCH);
  }

  /** One round of the periodic check (docs/notices.md "The periodic check"). */
  async check(): Promise<{ due: number; purged: number }> {
    const due = await this.dueTomorrow();
    return { due, purged: await this.purge() };
  }
}

/** `2026-12-01 19:00（北京时间）`: a lesson's time as China Standard Time shows it, labelled (docs/lessons.md "Data"). */
function cstFull(ms: number): string {
  return `${cstMinutes(ms)}（北京时间）`;
}

function dueText(task: DueTask) {
  return {
    agencyId: task.agencyId,
    kind: 'task_due_tomorrow' as const,
    subjectId: task.id,
    title: `任务即将截止：${task.title}`,
    body: `《${task.title}》将于 ${cstText(task.deadline.getTime())} 截止，你还没有完成。`,
    link: TODO_LINK,
  };
}
