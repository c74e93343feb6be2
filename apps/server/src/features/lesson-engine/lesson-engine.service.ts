// The practice engine inside a lesson (docs/lessons.md "The engine in the lesson"): the teacher's panel (the student's
// graph: ready to learn and weak points, and recent wrong answers), the bank search, pushing a question into a live
// lesson (sealing obeyed), the pushed questions with the student's answers, and what the room hears live. The pushes
// make the lesson's training (training/lesson-training.ts); the student answers through the training's answer call.
// Every call asks LessonAccess first: a lesson the caller has no seat in answers 404.
import {
  LESSON_ENGINE_LIMITS,
  toStudentView,
  type JudgeResult,
  type LessonBankQuery,
  type LessonBankQuestion,
  type LessonPanel,
  type LessonPanelPoint,
  type LessonPush,
  type LessonPushes,
  type LessonPushRequest,
  type LessonStatus,
  type LessonWithdrawal,
  type Question,
} from '@edu/contract';
import { conflict, forbidden, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { KnowledgeGraphService } from '../knowledge-graph/knowledge-graph.service.js';
import type { LessonAccess, LessonSeat, SeatUser } from '../lessons/lesson-access.js';
import type { MasteryService } from '../mastery/mastery.service.js';
import { trainingAnswerMoment, visibleResult } from '../questions/answer-visibility.js';
import type { QuestionReads, QuestionRow, Visibility } from '../questions/question-reads.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import { LESSON_PHASE, pushRefusal, stateAt, stateOf, type LessonTrainings } from '../training/lesson-training.js';
import type { SealedQuestions } from '../training/sealing.js';
import type { TrainingDraws } from '../training/training-draw.js';
import type { LessonAnswered, TrainingService } from '../training/training.service.js';
import type { TrainingReads, TrainingRow } from '../training/training-reads.js';
import type { WrongBookService } from '../wrong-book/wrong-book.service.js';

const NOT_FOUND = '课程不存在';
const STAFF_ONLY = '只有本课的老师和旁听的机构人员可以查看';
const TEACHER_ONLY = '只有本课的教师可以推送题目';
const TEACHER_WITHDRAWS = '只有本课的教师可以撤回题目';
const PARENT_WAIT = '课程结束后家长可以查看课堂练习';
const SEALED = '这道题正在学生未完成的试卷或任务中，暂时不能推送';
const NO_QUESTION = '该知识点下暂时没有可以推送的题目（自动判分的题目已推送过，或正在学生未完成的试卷中）';
const NOT_LIVE: Record<string, string> = {
  scheduled: '课程尚未开始，开始上课后才能推送题目',
  ended: '课程已结束，不能再推送题目',
  cancelled: '课程已取消',
};
/** Entries of the wrong-answer book read to find the most recent ones (the book's list is ordered by due time). */
const BOOK_READ = 200;

export type EngineCaller = SeatUser & { agencyId: string };
/** Who in the room hears an event: everybody, or everybody but the student (the teacher and observers). */
export type RoomAudience = 'all' | 'staff';
export type RoomEvent = 'lesson:question' | 'lesson:answer' | 'lesson:withdrawn';
export type RoomTell = (
  lessonId: number,
  event: RoomEvent,
  payload: { lessonId: number; push: LessonPush } | { lessonId: number; questionId: string; n: number },
  audience: RoomAudience,
) => void;

export interface LessonEngineDeps {
  access: Pick<LessonAccess, 'seatOf'>;
  trainings: LessonTrainings;
  training: Pick<TrainingService, 'finish'>;
  trainingRepo: Pick<TrainingReads, 'events' | 'answers' | 'userName' | 'get'>;
  sealing: SealedQuestions;
  draws: TrainingDraws;
  questions: Pick<QuestionsService, 'present'>;
  questionsRepo: Pick<QuestionReads, 'byIds' | 'get' | 'page'>;
  repositories: Pick<RepositoriesService, 'subscribedIds'>;
  graphs: Pick<KnowledgeGraphService, 'studentGraphs'>;
  mastery: Pick<MasteryService, 'points'>;
  wrongBook: Pick<WrongBookService, 'list'>;
  clock: Clock;
  /** Minutes after its scheduled end at which a live lesson ends by itself (docs/lessons.md "Sweep"). */
  autoEndMinutes: number;
}

const staffRole = (seat: LessonSeat) => seat.role === 'teacher' || seat.role === 'observer';

export class LessonEngineService {
  /** Sends an event to a lesson's room on every node; set by the realtime plugin (realtime.ts). */
  tell?: RoomTell;
  /** Logs a failure of the work done after a response (telling the room, ending a lesson's training). */
  onError?: (err: unknown, what: string) => void;

  constructor(private readonly d: LessonEngineDeps) {}

  private async seat(c: EngineCaller, id: string): Promise<LessonSeat> {
    const n = parseNumericId(id);
    const seat = n === null ? null : await this.d.access.seatOf(c, c.agencyId, n);
    if (!seat) throw notFound(NOT_FOUND);
    return seat;
  }

  private async visibility(agencyId: string): Promise<Visibility> {
    return { agencyId, subscribedRepoIds: await this.d.repositories.subscribedIds(agencyId) };
  }

  // ---- the teacher's panel ----

  async panel(c: EngineCaller, id: string): Promise<LessonPanel> {
    const seat = await this.seat(c, id);
    if (!staffRole(seat)) throw forbidden(STAFF_ONLY);
    const userId = seat.lesson.studentId;
    const owner = { agencyId: c.agencyId, userId };
    const [graphs, points, book, name] = await Promise.all([
      this.d.graphs.studentGraphs({ id: userId, agencyId: c.agencyId }),
      this.d.mastery.points(owner, { scope: 'mine' }),
      this.d.wrongBook.list(owner, { filter: 'all', start: 0, size: BOOK_READ }),
      this.d.trainingRepo.userName(userId),
    ]);
    const byCode = new Map(points.map((p) => [p.code, p]));
    const ready: LessonPanelPoint[] = [];
    const seen = new Set<string>();
    for (const g of graphs.graphs)
      for (const node of g.nodes) {
        if (node.state !== 'ready' || seen.has(node.knowledgeCode)) continue;
        seen.add(node.knowledgeCode);
        const m = byCode.get(node.knowledgeCode);
        ready.push({
          knowledgeCode: node.knowledgeCode,
          name: node.knowledgeName,
          level: m?.level ?? 'none',
          windowAnswers: m?.windowAnswers ?? 0,
          windowCorrect: m?.windowCorrect ?? 0,
          graph: g.group.name,
        });
      }
    const rate = (p: { windowAnswers: number; windowCorrect: number }) =>
      p.windowAnswers === 0 ? 1 : p.windowCorrect / p.windowAnswers;
    const weak = points
      .filter((p) => (p.level === 'attempted' || p.level === 'familiar') && p.lv !== 'subject' && p.lv !== 'grade')
      .sort(
        (a, b) =>
          rate(a) - rate(b) ||
          b.windowAnswers - a.windowAnswers ||
          (b.lastAnswerTime ?? 0) - (a.lastAnswerTime ?? 0) ||
          a.code.localeCompare(b.code),
      )
      .slice(0, LESSON_ENGINE_LIMITS.points)
      .map((p) => ({
        knowledgeCode: p.code,
        name: p.name,
        level: p.level,
        windowAnswers: p.windowAnswers,
        windowCorrect: p.windowCorrect,
        graph: null,
      }));
    const wrong = [...book.list]
      .sort((a, b) => b.lastWrongTime - a.lastWrongTime || Number(b.questionId) - Number(a.questionId))
      .slice(0, LESSON_ENGINE_LIMITS.wrong)
      .map((e) => ({
        questionId: e.questionId,
        title: e.title,
        text: e.text,
        type: e.type,
        knowledgeCode: e.knowledgeCode,
        knowledgeName: e.knowledgeName,
        wrongCount: e.wrongCount,
        lastWrongTime: e.lastWrongTime,
        postponed: e.postponed === true,
      }));
    return {
      student: { userId: String(userId), name },
      ready: ready.slice(0, LESSON_ENGINE_LIMITS.points),
      weak,
      wrong,
      wrongTotal: book.counts.all,
    };
  }

  /** A page of the agency's visible active questions to push (keyword, knowledge subtree, type). */
  async bank(c: EngineCaller, id: string, q: LessonBankQuery): Promise<{ total: number; list: LessonBankQuestion[] }> {
    const seat = await this.seat(c, id);
    if (!staffRole(seat)) throw forbidden(STAFF_ONLY);
    const { total, rows } = await this.d.questionsRepo.page(
      await this.visibility(c.agencyId),
      {
        keyword: q.keyword || undefined,
        type: q.type,
        knowledgeIds: q.knowledgeCode ? [q.knowledgeCode] : undefined,
      },
      '-lastUpdate',
      { start: q.start, size: q.size },
    );
    return {
      total,
      list: rows.map((r) => ({
        questionId: String(r.id),
        type: r.type as LessonBankQuestion['type'],
        judgeType: r.judgeType as LessonBankQuestion['judgeType'],
        title: r.title,
        question: r.question,
        knowledgeCode: r.knowledgeCode,
        knowledgeName: r.kpName ?? r.knowledgeCode,
        knowledgeLevel: (r.kpLv as LessonBankQuestion['knowledgeLevel']) ?? null,
      })),
    };
  }

  // ---- pushing ----

  /**
   * Pushes a question into the live lesson (its teacher only): the one named, or one the engine draws from the
   * knowledge point's subtree for the student. The lesson's training is made at the first push. A question another
   * unfinished training of the student holds (sealing) answers 409, so does one pushed before in the lesson, and any
   * push while the last one waits for the student's answer. The room hears `lesson:question` (no key).
   */
  async push(c: EngineCaller, id: string, req: LessonPushRequest): Promise<LessonPush> {
    const seat = await this.seat(c, id);
    if (seat.role !== 'teacher') throw forbidden(TEACHER_ONLY);
    const l = seat.lesson;
    if (l.status !== 'live') throw conflict(NOT_LIVE[l.status] ?? '课程不在进行中');
    const v = await this.visibility(c.agencyId);
    let named: QuestionRow | undefined;
    if (req.questionId !== undefined) {
      const n = parseNumericId(req.questionId);
      [named] = n === null ? [] : await this.d.questionsRepo.byIds(v, { ids: [n] });
      if (!named) throw notFound('题目不存在');
    }
    let row = await this.d.trainings.ensure({
      agencyId: c.agencyId,
      lessonId: l.id,
      userId: l.studentId,
      lessonTitle: l.title,
      latestEnd: l.startsAt.getTime() + (l.minutes + this.d.autoEndMinutes) * 60_000,
    });
    const state = stateAt(row, this.d.clock.now());
    let questionId: string;
    if (named) questionId = String(named.id);
    else {
      // Nothing is drawn for a training that cannot take a push: say why first.
      const early = pushRefusal(state, '');
      if (early) throw conflict(early);
      const sealed = await this.d.sealing.of(l.studentId, row.id);
      const [drawn] = await this.d.draws.draw(
        v,
        {
          phase: LESSON_PHASE,
          point: '',
          selectors: {},
          knowledgeIds: [],
          kpRange: [req.knowledgeCode!],
          count: 1,
          exclude: state.drawn,
        },
        { userId: l.studentId, seed: state.seed, drawNo: row.drawCount, paper: false, sealed },
      );
      if (drawn === undefined) throw conflict(NO_QUESTION);
      questionId = drawn;
    }
    const refusal = pushRefusal(state, questionId);
    if (refusal) throw conflict(refusal);
    if (await this.d.sealing.has(l.studentId, questionId, row.id)) throw conflict(SEALED);
    row = await this.d.trainings.push(row, questionId);
    const pushes = await this.pushesOf(row, true, new Set());
    const push = pushes[pushes.length - 1];
    this.tellRoom(l.id, 'lesson:question', forStudent(push), 'all');
    return push;
  }

  /**
   * Takes back a pushed question the student has not answered yet (the lesson's teacher, while it is live; docs/
   * lessons.md "Withdrawing a push"): the lesson's training forgets it (LessonTrainings.withdraw) and the room hears
   * `lesson:withdrawn`. Another lesson's or an unknown question 404; one answered already or a lesson not live 409.
   */
  async withdraw(c: EngineCaller, id: string, questionId: string): Promise<LessonWithdrawal> {
    const seat = await this.seat(c, id);
    if (seat.role !== 'teacher') throw forbidden(TEACHER_WITHDRAWS);
    const l = seat.lesson;
    if (l.status !== 'live') throw conflict('课程不在进行中，不能撤回题目');
    const row = await this.d.trainings.of(l.id, l.studentId);
    const n = row ? stateOf(row).drawn.indexOf(questionId) + 1 : 0;
    if (n === 0) throw notFound('本节课没有推送过这道题');
    await this.d.trainings.withdraw(l.id, l.studentId, questionId);
    this.tellSafely(l.id, 'lesson:withdrawn', { lessonId: l.id, questionId, n }, 'all');
    return { lessonId: String(l.id), questionId, n };
  }

  /**
   * The lesson's pushed questions with the student's answers: every seat (a parent once the lesson ended). The
   * teacher and observers read keys and results whole; the student and their parent never a key before the answer,
   * and no verdict while another unfinished training of the student holds the question.
   */
  async pushes(c: EngineCaller, id: string): Promise<LessonPushes> {
    const seat = await this.seat(c, id);
    const l = seat.lesson;
    if (seat.role === 'parent' && l.status === 'live') throw forbidden(PARENT_WAIT);
    let row = await this.d.trainings.of(l.id, l.studentId);
    // The lesson is over but its training still runs (its end was not told, e.g. the node went down): end it now.
    if (row && row.status === 'running' && (l.status === 'ended' || l.status === 'cancelled')) {
      await this.endTraining(row);
      row = await this.d.trainings.of(l.id, l.studentId);
    }
    const empty = { lessonId: String(l.id), limit: LESSON_ENGINE_LIMITS.pushes };
    if (!row) return { ...empty, trainId: null, status: null, waiting: false, pushes: [] };
    const staff = staffRole(seat);
    const sealed = staff ? new Set<string>() : await this.d.sealing.of(l.studentId, row.id);
    const list = await this.pushesOf(row, staff, sealed);
    const state = stateAt(row, this.d.clock.now());
    return {
      ...empty,
      trainId: String(row.id),
      status: state.status,
      waiting: state.status === 'running' && state.pending.kind === 'answer',
      pushes: list,
    };
  }

  /**
   * The pushes of the training in order: each question as the student reads it (the key apart, for staff), when it
   * was pushed, and the student's first answer to it with its result as the reader may see it.
   */
  private async pushesOf(row: TrainingRow, staff: boolean, sealed: ReadonlySet<string>): Promise<LessonPush[]> {
    const state = stateOf(row);
    if (state.drawn.length === 0) return [];
    const [events, records, rows] = await Promise.all([
      this.d.trainingRepo.events(row.id),
      this.d.trainingRepo.answers(row.id),
      // Any version, archived ones included: a lesson's questions stay readable in its replay.
      Promise.all(state.drawn.map((q) => this.d.questionsRepo.get(Number(q)))),
    ]);
    const pushedAt = new Map<string, number>();
    for (const e of events)
      if (e.type === 'draw') for (const q of (e.questionIds as string[]) ?? []) pushedAt.set(q, Number(e.at));
    const answers = new Map<string, (typeof records)[number]>();
    for (const r of records) if (!answers.has(String(r.questionId))) answers.set(String(r.questionId), r);
    const presented = new Map(
      (await this.d.questions.present(rows.filter((r): r is QuestionRow => r !== undefined))).map((q) => [q.id, q]),
    );
    const running = state.status === 'running';
    return state.drawn.flatMap((questionId, i): LessonPush[] => {
      const q = presented.get(questionId);
      if (!q) return [];
      const r = answers.get(questionId);
      const result = (r?.result ?? null) as JudgeResult | null;
      const shown = staff
        ? result
        : visibleResult(
            result,
            trainingAnswerMoment({
              paper: false,
              sealedElsewhere: sealed.has(questionId),
              running,
              stillCurrent: false,
              isCorrect: r?.isCorrect ?? null,
            }),
          );
      const submission = r?.submission as { answer?: string[]; subAnswers?: Record<string, string[]> } | null;
      return [
        {
          n: i + 1,
          trainId: String(row.id),
          questionId,
          pushedAt: pushedAt.get(questionId) ?? row.startedAt.getTime(),
          question: toStudentView(q),
          key: staff ? keyOf(q) : null,
          answer: r
            ? {
                recordId: String(r.id),
                answeredAt: r.createdAt.getTime(),
                answer: submission?.answer ?? [],
                ...(submission?.subAnswers ? { subAnswers: submission.subAnswers } : {}),
                result: shown,
              }
            : null,
        },
      ];
    });
  }

  private tellRoom(lessonId: number, event: 'lesson:question' | 'lesson:answer', push: LessonPush, to: RoomAudience) {
    this.tellSafely(lessonId, event, { lessonId, push }, to);
  }

  private tellSafely(lessonId: number, event: RoomEvent, payload: Parameters<RoomTell>[2], to: RoomAudience) {
    try {
      this.tell?.(lessonId, event, payload, to);
    } catch (err) {
      this.onError?.(err, `lesson engine: telling the room of ${event} failed`);
    }
  }

  // ---- hooks ----

  /** A new answer in a lesson's training (TrainingService.onLessonAnswer): the teacher and observers hear it. */
  readonly answered = (e: LessonAnswered): void => {
    void (async () => {
      const row = await this.d.trainingRepo.get(e.trainingId, e.agencyId);
      if (!row) return;
      const records = await this.d.trainingRepo.answers(row.id);
      const last = records[records.length - 1];
      if (!last) return;
      const push = (await this.pushesOf(row, true, new Set())).find((p) => p.questionId === String(last.questionId));
      if (push) this.tellRoom(e.lessonId, 'lesson:answer', push, 'staff');
    })().catch((err: unknown) => this.onError?.(err, 'lesson engine: reading an answer for the room failed'));
  };

  /** A lesson's status changed (LessonsService): once it ended or was cancelled, its training ends too. */
  readonly statusChanged = (e: { agencyId: string; lessonId: number; status: LessonStatus }): void => {
    if (e.status !== 'ended' && e.status !== 'cancelled') return;
    void (async () => {
      for (const row of await this.d.trainings.running(e.lessonId)) await this.endTraining(row);
    })().catch((err: unknown) => this.onError?.(err, 'lesson engine: ending a lesson training failed'));
  };

  private async endTraining(row: TrainingRow) {
    await this.d.training.finish({ id: row.userId, agencyId: row.agencyId }, String(row.id));
  }
}

/** A push as the room's student reads it: no key and (just pushed) no answer. */
const forStudent = (p: LessonPush): LessonPush => ({ ...p, key: null, answer: null });

/** The key of a question: its standard answer and explanation, and its sub-questions'. */
function keyOf(q: Question) {
  return {
    answer: q.answer,
    explanation: q.explanation,
    subs: q.questionSub.map((s) => ({
      questionSubId: s.questionSubId,
      answer: s.answer,
      explanation: s.explanation ?? '',
    })),
  };
}
