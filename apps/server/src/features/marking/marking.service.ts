// Manual marking (docs/marking.md): the queue of answers left to a teacher, a claim that holds an answer for
// one marker for 30 minutes, and the mark itself. A mark changes the answer record (score, verdict, result) and
// the training (its state's answer, score and right count) in one transaction; the scheme statistics follow
// from the same rows through their triggers (docs/scheme-stats.md), and the wrong-answer book, mastery, the
// report and the parent's view read the records (docs/practice-engine.md "Wrong-answer book and mastery").
import {
  agencyRole,
  countedAnswers,
  creditOf,
  questionMark,
  MARKING_CLAIM_MS,
  NO_TASK,
  satisfies,
  type MarkingClaim,
  type MarkingClass,
  type MarkingHistoryItem,
  type MarkingItem,
  type MarkingQueueItem,
  type MarkingQueueQuery,
  type MarkingTraining,
  type MarkRequest,
  type QuestionOption,
  type SubQuestionType,
  type TrainingState,
} from '@edu/contract';
import { conflict, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import type { TrainingSnapshot } from '../training/training-scheme.js';
import type { SQL } from 'drizzle-orm';
import type { ReadsTrainings } from './marker.js';
import type { ClaimCols, ItemRow, Marker, MarkingRepository } from './marking.repository.js';

const RECORD_NOT_FOUND = '答案不存在或无需批改';
const TRAINING_NOT_FOUND = '作业不存在或没有需要批改的答案';

interface Caller {
  id: number;
  roles: readonly string[];
}

interface SubResult {
  questionSubId: string;
  type: SubQuestionType;
  isCorrect: boolean | null;
  score: number;
  pending: boolean;
  standardAnswer?: string[];
  feedback?: string;
  /** Set on a sub-question a teacher marked (it was pending): it stays markable on re-marking. */
  teacherMarked?: boolean;
}

const isManualSub = (s: SubResult) => s.pending || s.teacherMarked === true;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The records rule as SQL (docs/classes.md "Whose records a teacher reads"): the classes feature's StudentRecords. */
export interface MarkingReaders {
  trainings(
    v: { userId: number; roles: readonly string[]; agencyId: string },
    cols: Parameters<ReadsTrainings>[0],
  ): SQL;
}

/** The caller's marking rights in the agency (the route's guard has checked they may act in it). */
export function markerOf(user: Caller, agencyId: string, readers: MarkingReaders): Marker {
  return {
    id: user.id,
    agencyId,
    admin: satisfies(user.roles, [[agencyRole('admin')]], agencyId),
    teacher: satisfies(user.roles, [[agencyRole('teacher')], [agencyRole('train:admin')]], agencyId),
    reads: (cols) => readers.trainings({ userId: user.id, roles: user.roles, agencyId }, cols),
    tutor: user.roles.includes('edu:homework:teacher'),
  };
}

function claimOf(row: ClaimCols, me: number): MarkingClaim | null {
  if (row.claimMarkerId === null || row.claimExpiresAt === null) return null;
  return {
    markerId: row.claimMarkerId,
    marker: row.claimMarker ?? '',
    mine: row.claimMarkerId === String(me),
    expiresAt: row.claimExpiresAt,
  };
}

const taskIdOf = (id: string | null) => id ?? NO_TASK;

export class MarkingService {
  /** In-app notices to the student and their parents (docs/notices.md); set by services.ts. */
  notices?: NoticeHooks;

  constructor(
    private readonly repo: MarkingRepository,
    private readonly readers: MarkingReaders,
    private readonly clock: Clock,
  ) {}

  private marker(user: Caller, agencyId: string): Marker {
    return markerOf(user, agencyId, this.readers);
  }

  /** The classes to filter the queue by: those whose tasks' answers the caller may mark. */
  async classes(user: Caller, agencyId: string): Promise<MarkingClass[]> {
    return this.repo.classes(this.marker(user, agencyId));
  }

  async queue(
    user: Caller,
    agencyId: string,
    q: MarkingQueueQuery,
  ): Promise<{ total: number; list: MarkingQueueItem[] }> {
    const m = this.marker(user, agencyId);
    const now = new Date(this.clock.now());
    const filter = {
      status: q.status,
      taskId: q.taskId === undefined ? undefined : q.taskId === NO_TASK ? null : Number(q.taskId),
      classId: q.classId === undefined ? undefined : Number(q.classId),
      createdBefore: q.minAgeHours ? new Date(now.getTime() - q.minAgeHours * 3600_000) : undefined,
    };
    const rows = await this.repo.queue(m, filter, now, { start: q.start, size: q.size });
    const total = rows[0]?.total ?? (q.start > 0 ? await this.repo.queueTotal(m, filter, now) : 0);
    const marks = await this.marksOf(rows);
    return {
      total,
      list: rows.map((r) => ({
        recordId: r.id,
        trainId: r.trainingId,
        taskId: taskIdOf(r.taskId),
        schemeTitle: r.schemeTitle,
        studentId: r.userId,
        student: r.student,
        questionId: r.questionId,
        type: r.type,
        title: r.title,
        createTime: r.createdAt,
        score: r.score === null ? null : round2(r.score * (marks.get(r.id) ?? 1)),
        maxScore: marks.get(r.id) ?? 1,
        markedAt: r.markedAt,
        claim: claimOf(r, user.id),
      })),
    };
  }

  /** The answers of one training the caller may mark; 404 when it is not the task's, foreign, or has none. */
  async training(user: Caller, agencyId: string, taskId: string, trainId: string): Promise<MarkingTraining> {
    const task = taskId === NO_TASK ? null : parseNumericId(taskId);
    const id = parseNumericId(trainId);
    if (id === null || (task === null && taskId !== NO_TASK)) throw notFound(TRAINING_NOT_FOUND);
    const head = await this.repo.training(agencyId, id, task);
    if (!head) throw notFound(TRAINING_NOT_FOUND);
    const rows = await this.repo.items(this.marker(user, agencyId), { trainingId: id }, new Date(this.clock.now()));
    if (rows.length === 0) throw notFound(TRAINING_NOT_FOUND);
    return {
      trainId: String(head.id),
      taskId: head.taskId === null ? NO_TASK : String(head.taskId),
      schemeTitle: head.schemeTitle,
      student: head.student,
      status: head.status,
      score: head.score,
      maxScore: head.maxScore,
      items: await this.present(rows, user.id),
    };
  }

  /** Claims the answer for the caller for 30 minutes (renewing their own claim); 409 while another holds it. */
  async claim(user: Caller, agencyId: string, recordId: string): Promise<MarkingClaim> {
    const m = this.marker(user, agencyId);
    const id = await this.markable(m, recordId);
    const now = this.clock.now();
    const held = await this.repo.claim(m, id, new Date(now), new Date(now + MARKING_CLAIM_MS));
    // Nothing held after a lost race means another marker's claim came and went meanwhile: still a conflict.
    if (!held || held.markerId !== String(user.id)) throw heldBy(held?.marker ?? '');
    return { ...held, mine: true };
  }

  async release(user: Caller, agencyId: string, recordId: string): Promise<null> {
    const id = await this.markable(this.marker(user, agencyId), recordId);
    await this.repo.release(user.id, id);
    return null;
  }

  /**
   * Marks the answer: the caller must hold a live claim on it. The record, the training, the mark, its history
   * and the claim's release are written in one transaction.
   */
  async mark(user: Caller, agencyId: string, recordId: string, req: MarkRequest): Promise<MarkingItem> {
    const m = this.marker(user, agencyId);
    const now = new Date(this.clock.now());
    const n = parseNumericId(recordId);
    const [item] = n === null ? [] : await this.repo.items(m, { recordId: n }, now);
    if (!item || n === null) throw notFound(RECORD_NOT_FOUND);
    const comment = (req.comment ?? '').trim();
    const annotations = (req.annotations ?? []).map((a) => ({ start: a.start, end: a.end, note: a.note ?? '' }));
    const text = (item.submission?.answer ?? []).join(' ');
    const mark = (await this.marksOf([item])).get(item.id) ?? 1;
    annotations.forEach((a, i) => {
      if (a.end > text.length) throw invalidField(`annotations.${i}.end`, '批注超出了学生答案的范围');
    });
    await this.repo.transaction(async (tx) => {
      const claim = await this.repo.liveClaim(tx, n, now);
      if (!claim) throw conflict('请先领取这道答案再批改（领取已过期或尚未领取）');
      if (claim.markerId !== user.id) throw heldBy(claim.marker);
      const rec = await this.repo.lockRecord(tx, n);
      if (!rec) throw notFound(RECORD_NOT_FOUND);
      const judged = judgeByTeacher(item, rec.result ?? {}, req, comment, mark);
      // The record keeps the share of the mark, as the judge's results do (docs/practice-engine.md "Marks").
      await this.repo.saveRecord(tx, n, { score: judged.share, isCorrect: judged.isCorrect, result: judged.result });
      const training = await this.repo.lockTraining(tx, rec.trainingId);
      if (training) {
        const snapshot = training.scheme as unknown as TrainingSnapshot;
        const state = training.state as unknown as TrainingState;
        // The k-th record of a question is the k-th answer to it in the state (every answer is stored once).
        const k = training.records.filter((r) => r.questionId === rec.questionId && r.id < rec.id).length;
        const answer = state.answers.filter((a) => a.questionId === String(rec.questionId))[k];
        if (answer) {
          answer.score = judged.marks;
          answer.isCorrect = judged.isCorrect;
        }
        const counted = countedAnswers({ type: snapshot.type }, state);
        state.score = round2(counted.reduce((s, a) => s + (a.score ?? 0), 0));
        await this.repo.saveTraining(tx, rec.trainingId, {
          state: state as unknown as Record<string, unknown>,
          answer: answer ? { n: state.answers.indexOf(answer), value: answer } : undefined,
          score: state.score,
          correct: counted.filter((a) => a.isCorrect === true).length,
          credit: creditOf(counted),
          now,
        });
      }
      await this.repo.saveMark(tx, {
        recordId: n,
        agencyId,
        markerId: user.id,
        oldScore: rec.score === null ? null : round2(rec.score * mark),
        score: judged.marks,
        isCorrect: judged.isCorrect,
        comment,
        annotations,
        now,
      });
      await this.notices?.homeworkMarked(tx, rec.trainingId);
    });
    const [fresh] = await this.repo.items(m, { recordId: n }, now);
    return (await this.present([fresh], user.id))[0];
  }

  async history(
    user: Caller,
    agencyId: string,
    page: { start: number; size: number },
  ): Promise<{ total: number; list: MarkingHistoryItem[] }> {
    const rows = await this.repo.history(user.id, agencyId, page);
    const total = rows[0]?.total ?? (page.start > 0 ? await this.repo.historyTotal(user.id, agencyId) : 0);
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        recordId: r.recordId,
        trainId: r.trainingId,
        taskId: taskIdOf(r.taskId),
        agencyId: r.agencyId,
        student: r.student,
        title: r.title,
        schemeTitle: r.schemeTitle,
        oldScore: r.oldScore,
        newScore: r.newScore,
        comment: r.comment,
        markedAt: r.markedAt,
      })),
    };
  }

  /** The record's id when the marker may mark it, else 404. */
  private async markable(m: Marker, recordId: string): Promise<number> {
    const n = parseNumericId(recordId);
    const [item] = n === null ? [] : await this.repo.items(m, { recordId: n }, new Date(this.clock.now()));
    if (!item || n === null) throw notFound(RECORD_NOT_FOUND);
    return n;
  }

  /** What each row's question is worth in its training (docs/practice-engine.md "Marks"), by record id. */
  private async marksOf(
    rows: readonly { id: string; trainingId: string; phase: string | null; point: string | null; questionId: string }[],
  ): Promise<Map<string, number>> {
    const engines = await this.repo.engines(rows.map((r) => r.trainingId));
    return new Map(
      rows.map((r) => {
        const engine = engines.get(r.trainingId);
        return [r.id, engine ? questionMark(engine, r.phase ?? '', r.point ?? '', r.questionId) : 1];
      }),
    );
  }

  private async present(rows: ItemRow[], me: number): Promise<MarkingItem[]> {
    const [history, marks] = await Promise.all([
      this.repo.historyOf(rows.map((r) => Number(r.id))),
      this.marksOf(rows),
    ]);
    return rows.map((r) => {
      const mark = marks.get(r.id) ?? 1;
      const result = (r.result ?? {}) as { standardAnswer?: string[]; explanation?: string; subResults?: SubResult[] };
      const subs = Array.isArray(r.questionSub) ? (r.questionSub as { questionSubId?: string; title?: string }[]) : [];
      const titleOf = (id: string) => subs.find((s) => s.questionSubId === id)?.title ?? '';
      return {
        recordId: r.id,
        questionId: r.questionId,
        type: r.type,
        title: r.title,
        stem: r.stem ?? '',
        options: Array.isArray(r.options) ? (r.options as QuestionOption[]) : [],
        standardAnswer: result.standardAnswer ?? [],
        explanation: result.explanation ?? '',
        answer: r.submission?.answer ?? [],
        text: (r.submission?.answer ?? []).join(' '),
        subQuestions: (result.subResults ?? []).filter(isManualSub).map((s) => ({
          questionSubId: s.questionSubId,
          title: titleOf(s.questionSubId),
          type: s.type,
          answer: r.submission?.subAnswers?.[s.questionSubId] ?? [],
          standardAnswer: s.standardAnswer ?? [],
          isCorrect: s.pending ? null : s.isCorrect,
        })),
        maxScore: mark,
        pending: r.score === null,
        score: r.score === null ? null : round2(r.score * mark),
        mark:
          r.markScore === null || r.markedAt === null
            ? null
            : {
                score: r.markScore,
                isCorrect: r.markCorrect === true,
                comment: r.markComment ?? '',
                annotations: r.markAnnotations ?? [],
                markerId: r.markMarkerId,
                marker: r.markMarker ?? '',
                markedAt: r.markedAt,
              },
        history: history
          .filter((h) => h.recordId === r.id)
          .map(({ marker, markedAt, oldScore, newScore }) => ({ marker, markedAt, oldScore, newScore })),
        claim: claimOf(r, me),
        createTime: r.createdAt,
      };
    });
  }
}

const heldBy = (marker: string) => conflict(`这道答案正由${marker || '其他老师'}批改中，请先批改其他答案`);

/**
 * The record's new verdict and result under the teacher's mark (docs/marking.md "A mark"): `marks` out of the
 * question's `mark`, and the `share` of it the record keeps. Right only with full marks.
 */
function judgeByTeacher(
  item: ItemRow,
  result: Record<string, unknown>,
  req: MarkRequest,
  comment: string,
  mark: number,
): { share: number; marks: number; isCorrect: boolean; result: Record<string, unknown> } {
  const note = comment ? `；老师评语：${comment}` : '';
  if (item.type === 'enReading') {
    const subs = (result.subResults ?? []) as SubResult[];
    const marks = req.subMarks ?? {};
    const manual = subs.filter(isManualSub);
    const missing = manual.filter((s) => s.pending && typeof marks[s.questionSubId] !== 'boolean');
    if (missing.length > 0) throw invalidField('subMarks', '请为每道待批改的小题判定对错');
    const next = subs.map((s): SubResult => {
      const mark = marks[s.questionSubId];
      if (!isManualSub(s) || typeof mark !== 'boolean') return s;
      return {
        ...s,
        isCorrect: mark,
        score: mark ? 1 : 0,
        pending: false,
        teacherMarked: true,
        feedback: mark ? '老师批改：回答正确' : '老师批改：回答错误',
      };
    });
    const share = next.length ? round2(next.reduce((sum, s) => sum + s.score, 0) / next.length) : 0;
    const isCorrect = next.every((s) => s.isCorrect === true);
    const right = next.filter((s) => s.isCorrect === true).length;
    return {
      share,
      marks: round2(share * mark),
      isCorrect,
      result: {
        ...result,
        subResults: next,
        score: share,
        isCorrect,
        pending: false,
        feedback: `老师已批改：答对 ${right}/${next.length} 小题${note}`,
      },
    };
  }
  if (req.score === undefined) throw invalidField('score', `请填写得分（0 到 ${mark} 分）`);
  const marks = round2(req.score);
  if (marks > mark) throw invalidField('score', `得分不能超过本题满分 ${mark} 分`);
  const share = marks / mark;
  const isCorrect = marks >= mark;
  return {
    share,
    marks,
    isCorrect,
    result: {
      ...result,
      score: share,
      isCorrect,
      pending: false,
      feedback: `老师已批改：得 ${marks} 分（满分 ${mark} 分）${note}`,
    },
  };
}
