// Trainings: start (idempotent), read, answer, finish. The engine (contract engine/) decides; this service
// feeds it — the clock, draws from the question bank, judged answers — and stores what it decided. Writes are
// optimistic (training.repository.ts saveIfUnchanged): a concurrent change sends the request round again, and
// an answer's record and the training's new state are committed together, so an acknowledged answer is never
// lost and a retried one (same clientAnswerId) is stored once.
import { randomInt } from 'node:crypto';
import {
  advanceTime,
  applyEvent,
  creditOf,
  EngineError,
  isDrawn,
  questionMark,
  judgeQuestion,
  replay,
  trainingBound,
  visitAnswers,
  toStudentView,
  type JudgeResult,
  type OpenScheme,
  type Training,
  type TrainingAnswerRequest,
  type TrainingAnswerResult,
  type TrainingEvent,
  type TrainingRecord,
  type TrainingReport,
  type TrainingSummary,
  ROLE_SETS,
  satisfies,
  type TrainingState,
  type TrainingVisit,
  type StudentQuestion,
  type EngineScheme,
  type CorrectionsPending,
} from '@edu/contract';
import { ApiError, conflict, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { QuestionReads, QuestionRow, Visibility } from '../questions/question-reads.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import type { TrainingDraws } from './training-draw.js';
import type { SealedQuestions } from './sealing.js';
import type { Corrections } from './corrections.js';
import { trainingAnswerMoment, visibleResult } from '../questions/answer-visibility.js';
import { toRecord } from './training-record.js';
import {
  answerTally,
  creditFor,
  pendingCount,
  summaryColumns,
  trainingView,
  type AnswerTally,
  type RunningTally,
  type PaperAnswers,
} from './training-view.js';
import type { Inserted, TrainingRepository, TrainingRow } from './training.repository.js';
import { PaperViews } from './paper-views.js';
import { AnsweringCache } from './answering-cache.js';
import type { SchemeSource, TrainableScheme, TrainingSnapshot } from './training-scheme.js';

const NOT_FOUND = '训练不存在';
/** Concurrent writers to one training take turns by retrying; this many tries before giving up. */
const MAX_TRIES = 8;

class Retry extends Error {}

export interface Trainee {
  id: number;
  agencyId: string;
}

/** A new answer in a lesson's training (TrainingService.onLessonAnswer). */
export interface LessonAnswered {
  lessonId: number;
  trainingId: number;
  agencyId: string;
}

/** Papers given through tasks are reachable only through their task (docs/tasks.md); the tasks feature answers. */
export interface TaskPaperGate {
  held(agencyId: string, schemeIds: number[]): Promise<Set<number>>;
}

/**
 * Whether staff read a student's training (docs/classes.md "Whose records a teacher reads"); the classes feature's
 * StudentRecords answers.
 */
export interface TrainingReaders {
  readsTraining(
    v: { userId: number; roles: readonly string[]; agencyId: string },
    t: { userId: number; taskId: number | null },
  ): Promise<boolean>;
}

export class TrainingService {
  /** Set by services.ts once the tasks feature exists (it sits above trainings). */
  taskPapers?: TaskPaperGate;
  /** Set by services.ts (the classes feature sits above trainings); unset, staff read no one's report. */
  readers?: TrainingReaders;
  /**
   * Told of every new answer stored in a lesson's training, after it is stored (the lesson's room hears it live;
   * docs/lessons.md "The engine in the lesson"); set by services.ts. Must not throw.
   */
  onLessonAnswer?: (e: LessonAnswered) => void;

  /** Copies of the trainings this process's students are answering (answering-cache.ts); services.ts sizes it. */
  answering = new AnsweringCache(0);

  /** The running papers' questions as their students see them (paper-views.ts); services.ts sizes it. */
  paperViews = new PaperViews(0);

  constructor(
    private readonly repo: TrainingRepository,
    private readonly schemes: SchemeSource,
    private readonly draws: TrainingDraws,
    private readonly questions: QuestionsService,
    private readonly questionsRepo: QuestionReads,
    private readonly repositories: RepositoriesService,
    private readonly clock: Clock,
    private readonly sealing: SealedQuestions,
    private readonly corrections: Corrections,
  ) {}

  private async visibility(agencyId: string): Promise<Visibility> {
    return { agencyId, subscribedRepoIds: await this.repositories.subscribedIds(agencyId) };
  }

  /** The switched-on schemes the student may train on, with the student's own progress on each. */
  async openSchemes(
    user: Trainee,
    page: { start: number; size: number },
  ): Promise<{ total: number; list: OpenScheme[] }> {
    const open = await this.schemes.openPage(user.agencyId, page);
    const papers = open.list.filter((s) => s.type === 'paper').map((s) => s.id);
    const held = papers.length && this.taskPapers ? await this.taskPapers.held(user.agencyId, papers) : new Set();
    const list = open.list.filter((s) => !held.has(s.id));
    const total = open.total - (open.list.length - list.length);
    const progress = await this.repo.schemeProgress(
      user.agencyId,
      user.id,
      list.map((s) => s.id),
    );
    return {
      total,
      list: list.map((s) => {
        const mine = progress.get(s.id);
        return {
          schemeId: String(s.id),
          title: s.title,
          type: s.type,
          timeLimit: s.engine.timeLimit,
          kpRange: s.kpRange,
          phaseCount: s.engine.phases.length,
          questionBound: trainingBound(s.engine),
          runningTrainId: mine?.runningId ? String(mine.runningId) : null,
          finishedCount: mine?.finished ?? 0,
          lastUpdate: s.updatedAt.getTime(),
        };
      }),
    };
  }

  /**
   * The student's running training of the scheme, or a new one (exactly one, whatever the concurrency).
   * `narrow` adapts the scheme a new training snapshots (graph practice narrows its system scheme to one
   * knowledge subtree and names the training after it, docs/knowledge-graph.md "Practice").
   */
  async start(user: Trainee, schemeId: string, narrow?: (s: TrainableScheme) => TrainableScheme): Promise<Training> {
    const found = await this.schemes.trainable(user.agencyId, schemeId);
    const scheme = narrow ? narrow(found) : found;
    if (scheme.type === 'paper' && (await this.taskPapers?.held(user.agencyId, [scheme.id]))?.has(scheme.id))
      throw conflict('该试卷通过任务布置，请从待办任务中进入');
    // A start is mostly a first one: draw and insert straight away. The insert does nothing when the student
    // already runs a training of the scheme (the one-running index); that one is read and answered then.
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const now = this.clock.now();
      const snapshot: TrainingSnapshot = { title: scheme.title, type: scheme.type, engine: scheme.engine };
      const seed = randomInt(0, 2 ** 31 - 1);
      const startEvent: TrainingEvent = { type: 'start', at: now, seed };
      const drawn = await this.resolveDraws(user, null, snapshot, replay(scheme.engine, [startEvent]), 0, now);
      const { state } = drawn;
      // A draw that found nothing may be a start again of a running training whose questions it holds (sealing.ts):
      // that one is answered, rather than a new training stored as ended at once.
      if (state.status !== 'running') {
        const running = await this.repo.running(scheme.id, user.id);
        if (running) return this.view(await this.current(running, user));
      }
      const events = [startEvent, ...drawn.events];
      const firstId = state.pending.kind === 'answer' ? parseNumericId(state.pending.questionId) : null;
      const created = await this.repo.insert(
        {
          agencyId: user.agencyId,
          schemeId: scheme.id,
          userId: user.id,
          scheme: snapshot as unknown as Record<string, unknown>,
          seed,
          startedAt: new Date(now),
          ...summaryColumns(snapshot.engine, state),
        },
        events,
        firstId,
      );
      if (created) return this.started(created, state, firstId);
      // The student runs one already (started earlier, or by a request racing this one): answer that one.
      const running = await this.repo.running(scheme.id, user.id);
      if (running) return this.view(await this.current(running, user));
    }
    throw busy();
  }

  /**
   * The student's training of a task (docs/tasks.md): the one already there (running or ended), or a new one.
   * `cutAt` (ms) caps the snapshot's time limit so that the training expires at the task's deadline like any time
   * limit (the sweep ends it when nobody looks); null for a late start. The caller checks the task's window.
   */
  async startForTask(
    user: Trainee,
    taskId: number,
    scheme: TrainableScheme,
    cutAt: number | null,
    /** The caller read with the task that the student has no training of it yet: the first attempt need not. */
    noneYet = false,
  ): Promise<Training> {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const existing = noneYet && attempt === 0 ? undefined : await this.repo.ofTask(taskId, user.id);
      if (existing) return this.view(await this.current(existing, user));
      const now = this.clock.now();
      const engine = cutAt === null ? scheme.engine : capTimeLimit(scheme.engine, cutAt - now);
      const snapshot: TrainingSnapshot = { title: scheme.title, type: scheme.type, engine };
      const seed = randomInt(0, 2 ** 31 - 1);
      const startEvent: TrainingEvent = { type: 'start', at: now, seed };
      const drawn = await this.resolveDraws(user, null, snapshot, replay(engine, [startEvent]), 0, now);
      const { state } = drawn;
      const firstId = state.pending.kind === 'answer' ? parseNumericId(state.pending.questionId) : null;
      const created = await this.repo.insertForTask(
        {
          agencyId: user.agencyId,
          schemeId: scheme.id,
          userId: user.id,
          scheme: snapshot as unknown as Record<string, unknown>,
          seed,
          startedAt: new Date(now),
          ...summaryColumns(snapshot.engine, state),
        },
        taskId,
        [startEvent, ...drawn.events],
        firstId,
      );
      if (created) return this.started(created, state, firstId);
    }
    throw busy();
  }

  /**
   * A new training as its start answers it, leaving the process its answering copy (answering-cache.ts): with the
   * question shown first, or a running paper's with no answers yet.
   */
  private async started(created: Inserted, state: TrainingState, firstId: number | null): Promise<Training> {
    const { row, first, firstXmin } = created;
    if (row.status === 'running' && first !== null && firstXmin !== null)
      this.answering.put(row.id, { row, xmin: created.xmin, next: { question: first, xmin: firstXmin } });
    else if (row.status === 'running' && state.pending.kind === 'paper')
      this.answering.put(row.id, { row, xmin: created.xmin, next: null, paper: { answers: {}, subAnswers: {} } });
    return this.view(row, firstId === null ? undefined : await this.studentViews(first ? [first] : []));
  }

  async get(user: Trainee, id: string): Promise<Training> {
    return this.view(await this.current(await this.load(user, id), user));
  }

  async finish(user: Trainee, id: string): Promise<Training> {
    return this.view(
      await this.change(user, id, (_row, state, now) => {
        if (state.status !== 'running') return null;
        return { events: [{ type: 'finish', at: now }] };
      }),
    );
  }

  async answer(user: Trainee, id: string, req: TrainingAnswerRequest): Promise<TrainingAnswerResult> {
    const n = parseNumericId(id);
    if (n === null) throw notFound(NOT_FOUND);
    const questionId = parseNumericId(req.questionId);
    // The answer to the question this process's last write of the training showed: judged from that copy and
    // written at once, guarded by the row versions (answering-cache.ts). Anything the copy cannot vouch for —
    // the guard failing, a retry, an error the copy would explain — goes the way of an answer without a copy.
    // A running paper's copy takes an answer to any question, read alone with its row version.
    const copy = this.answering.take(n);
    const mine = copy?.row.userId === user.id && copy.row.agencyId === user.agencyId;
    const usable = mine && questionId !== null && (copy.next?.question.id === questionId || copy.paper !== undefined);
    if (copy && !usable) this.answering.put(n, copy);
    else if (copy && questionId !== null) {
      const judged = copy.next ?? (await this.repo.questionToJudge(questionId));
      const from = {
        row: copy.row,
        xmin: copy.xmin,
        question: judged?.question ?? null,
        questionXmin: judged?.xmin ?? null,
        tally: copy.tally,
        paper: copy.paper,
      };
      try {
        return await this.answerOnce(user, from, req);
      } catch (err) {
        if (!(err instanceof Retry || err instanceof ApiError || isUniqueViolation(err))) throw err;
      }
    }
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      // The training, any record already stored under this clientAnswerId and the question: one statement.
      const found = await this.repo.forAnswer(n, user.agencyId, req.clientAnswerId, questionId, this.clock.now());
      if (!found || found.row.userId !== user.id) throw notFound(NOT_FOUND);
      const { row, stored, question, othersMayHold } = found;
      if (stored) {
        const state = row.state as unknown as TrainingState;
        const result = stored.result as unknown as JudgeResult | null;
        return {
          recordId: String(stored.id),
          repeated: true,
          result: this.shownResult(
            row,
            state,
            result,
            stored.questionId,
            await this.sealedElsewhere(row, stored.questionId, othersMayHold),
          ),
          training: await this.view(row),
        };
      }
      try {
        return await this.answerOnce(user, { row, xmin: found.xmin, question, questionXmin: found.questionXmin }, req);
      } catch (err) {
        if (err instanceof Retry || isUniqueViolation(err)) continue;
        throw err;
      }
    }
    throw busy();
  }

  /**
   * Judges and stores one answer to the training as read (`from`: the row and the answered question with their
   * row versions); Retry when either was written since.
   */
  private async answerOnce(
    user: Trainee,
    from: {
      row: TrainingRow;
      xmin: string;
      question: QuestionRow | null;
      questionXmin: string | null;
      /** The tally of `row.state`, when the answering copy has it. */
      tally?: RunningTally;
      /** A running paper's answers so far, when the answering copy has them. */
      paper?: PaperAnswers;
    },
    req: TrainingAnswerRequest,
  ): Promise<TrainingAnswerResult> {
    const { row, question } = from;
    const snapshot = row.scheme as unknown as TrainingSnapshot;
    const now = this.clock.now();
    let state = advanceTime(snapshot.engine, row.state as unknown as TrainingState, now);
    if (state.status !== 'running') throw conflict(state.status === 'expired' ? '训练时间已到' : '训练已结束');
    if (!question || from.questionXmin === null || !isDrawn(state, req.questionId))
      throw notFound('该题目不在本次训练中');
    const [full] = await this.questions.present([question]);
    const result = judgeQuestion(full, { answer: req.answer, subAnswers: req.subAnswers });
    const event: TrainingEvent = {
      type: 'answer',
      at: now,
      questionId: req.questionId,
      score: result.pending ? null : result.score,
      isCorrect: result.isCorrect,
    };
    // Time moves first (the engine applies it before the event too); an answer to a question no longer current
    // says why.
    try {
      state = applyEvent(snapshot.engine, state, event);
    } catch (err) {
      if (err instanceof EngineError) throw new ApiError('conflict', explain(err));
      throw err;
    }
    const answered = state.answers[state.answers.length - 1];
    const resolved = await this.resolveDraws(user, row.id, snapshot, state, row.drawCount, now);
    const newEvents = [event, ...resolved.events];
    // The question the student sees next is read by the statement that stores the answer; a paper's questions
    // are read while it runs.
    const pending = resolved.state.pending;
    const nextId = pending.kind === 'answer' ? parseNumericId(pending.questionId) : null;
    const shown = nextId === null ? this.shownQuestions(row.agencyId, resolved.state) : null;
    shown?.catch(() => undefined);
    const tally = answerTally(snapshot.engine, resolved.state, from.tally);
    const summary = { ...summaryColumns(snapshot.engine, resolved.state, tally), updatedAt: new Date(now) };
    // The record and the new state in one statement: stored together or not at all.
    const stored = await this.repo.recordAnswer(
      {
        agencyId: user.agencyId,
        questionId: question.id,
        version: question.version,
        userId: user.id,
        trainingId: row.id,
        clientAnswerId: req.clientAnswerId,
        submission: { answer: req.answer, ...(req.subAnswers ? { subAnswers: req.subAnswers } : {}) },
        result,
        score: result.pending ? null : result.score,
        isCorrect: result.isCorrect,
        first: answered.first,
        phase: answered.phase,
        point: answered.point,
        createdAt: new Date(now),
      },
      row.id,
      row.eventCount,
      newEvents,
      row.state,
      summary,
      nextId,
      { xmin: from.xmin, questionXmin: from.questionXmin },
    );
    if (stored === undefined) throw new Retry();
    if (snapshot.lessonId !== undefined)
      this.onLessonAnswer?.({ lessonId: snapshot.lessonId, trainingId: row.id, agencyId: row.agencyId });
    const after: TrainingRow = {
      ...row,
      ...summary,
      eventCount: row.eventCount + newEvents.length,
      drawCount: row.drawCount + resolved.events.length,
    };
    // A running paper's answers: the copy's with this one, or else read (this one included).
    const paper =
      pending.kind === 'paper'
        ? from.paper
          ? withPaperAnswer(from.paper, String(question.id), req)
          : await this.paperAnswers(row.id)
        : undefined;
    if (after.status === 'running' && stored.next !== null && stored.nextXmin !== null)
      this.answering.put(row.id, {
        row: after,
        xmin: stored.xmin,
        next: { question: stored.next, xmin: stored.nextXmin },
        tally,
      });
    else if (after.status === 'running' && paper)
      this.answering.put(row.id, { row: after, xmin: stored.xmin, next: null, tally, paper });
    const sealedElsewhere = await this.sealedElsewhere(row, question.id, stored.othersMayHold);
    return {
      recordId: String(stored.id),
      repeated: false,
      result: this.shownResult(after, state, result, question.id, sealedElsewhere),
      training: await this.view(
        after,
        shown ? await shown : await this.studentViews(stored.next ? [stored.next] : []),
        tally,
        paper,
      ),
    };
  }

  /**
   * Whether another unfinished training of the student holds the question (sealing.ts): then this training's
   * answer to it shows nothing. A paper's own answers are sealed anyway, so it does not ask.
   */
  /** `othersMayHold` false: no other training of the student may hold anything (read with the training). */
  private async sealedElsewhere(row: TrainingRow, questionId: number, othersMayHold = true): Promise<boolean> {
    if ((row.scheme as unknown as TrainingSnapshot).type === 'paper' || !othersMayHold) return false;
    return this.sealing.has(row.userId, questionId, row.id);
  }

  /** What the student sees of a judged answer now: the one rule of answer-visibility.ts (docs/judging.md). */
  private shownResult(
    row: TrainingRow,
    state: TrainingState,
    result: JudgeResult | null,
    questionId: number,
    sealedElsewhere: boolean,
  ) {
    const snapshot = row.scheme as unknown as TrainingSnapshot;
    const now = row.state as unknown as TrainingState;
    const moment = trainingAnswerMoment({
      paper: snapshot.type === 'paper',
      sealedElsewhere,
      running: state.status === 'running' && now.status === 'running',
      stillCurrent: now.pending.kind === 'answer' && now.pending.questionId === String(questionId),
      isCorrect: result?.isCorrect ?? null,
    });
    return visibleResult(result, moment);
  }

  /** The training with time moved to now and any draw this needs made and saved. */
  private async current(row: TrainingRow, user: Trainee): Promise<TrainingRow> {
    return this.changeRow(row, user, () => ({ events: [] }));
  }

  private async change(
    user: Trainee,
    id: string,
    make: (row: TrainingRow, state: TrainingState, now: number) => { events: TrainingEvent[] } | null,
  ): Promise<TrainingRow> {
    return this.changeRow(await this.load(user, id), user, make);
  }

  /** Applies time, the new events and the draws they call for; saves when anything moved. */
  private async changeRow(
    first: TrainingRow,
    user: Trainee,
    make: (row: TrainingRow, state: TrainingState, now: number) => { events: TrainingEvent[] } | null,
  ): Promise<TrainingRow> {
    let row = first;
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const snapshot = row.scheme as unknown as TrainingSnapshot;
      const before = row.state as unknown as TrainingState;
      const now = this.clock.now();
      let state = advanceTime(snapshot.engine, before, now);
      const planned = make(row, state, now);
      const events: TrainingEvent[] = [];
      for (const e of planned?.events ?? []) {
        state = applyEvent(snapshot.engine, state, e);
        events.push(e);
      }
      const resolved = await this.resolveDraws(user, row.id, snapshot, state, row.drawCount, now);
      events.push(...resolved.events);
      if (events.length === 0 && sameState(before, resolved.state)) return row;
      const change = { ...summaryColumns(snapshot.engine, resolved.state), updatedAt: new Date(now) };
      const saved = await this.repo.saveIfUnchanged(row.id, row.eventCount, events, row.state, change);
      if (saved) {
        this.answering.drop(row.id);
        return {
          ...row,
          ...change,
          eventCount: row.eventCount + events.length,
          drawCount: row.drawCount + resolved.events.length,
        };
      }
      row = await this.load(user, String(row.id));
    }
    throw busy();
  }

  /**
   * Answers every pending draw request of the state from the question bank (an empty draw may ask again);
   * `drawNo` = the draws the training made before; `trainingId` = the training's (null before its insert), whose
   * own questions are no seal to it. Answers the state and the draw events it took.
   */
  private async resolveDraws(
    user: Trainee,
    trainingId: number | null,
    snapshot: TrainingSnapshot,
    start: TrainingState,
    drawNo: number,
    now: number,
  ): Promise<{ state: TrainingState; events: TrainingEvent[] }> {
    let state = start;
    const all: TrainingEvent[] = [];
    if (!(state.status === 'running' && state.pending.kind === 'draw')) return { state, events: all };
    // A lesson's training draws nothing: its next question is the teacher's next push (lesson-training.ts).
    if (snapshot.lessonId !== undefined) return { state, events: all };
    const [v, sealed] = await Promise.all([
      this.visibility(user.agencyId),
      this.sealing.of(user.id, trainingId ?? undefined),
    ]);
    while (state.status === 'running' && state.pending.kind === 'draw') {
      const questionIds = await this.draws.draw(v, state.pending.request, {
        userId: user.id,
        seed: state.seed,
        drawNo: drawNo++,
        paper: snapshot.type === 'paper',
        sealed,
      });
      const event: TrainingEvent = { type: 'draw', at: now, questionIds };
      state = applyEvent(snapshot.engine, state, event);
      all.push(event);
    }
    return { state, events: all };
  }

  /** The training's answers, in the order given. */
  async records(user: Trainee, id: string): Promise<TrainingRecord[]> {
    const row = await this.load(user, id);
    const [records, elsewhere, waiting] = await Promise.all([
      this.repo.recordsWithQuestions(row.id),
      this.heldElsewhere(row),
      this.correctionsWait(row),
    ]);
    return records.map((r) =>
      toRecord(r, sealed(row) || elsewhere.has(String(r.record.questionId)), waiting !== undefined, markOf(row, r)),
    );
  }

  async history(user: Trainee, page: { start: number; size: number }) {
    const { total, rows } = await this.repo.history(user.agencyId, user.id, page);
    const waiting = await this.corrections.of(rows.filter(endedPaper).map((r) => r.id));
    return { total, list: rows.map((r) => toSummary(r, waiting.get(r.id))) };
  }

  /**
   * The report: the student's own, or for the agency's train staff one whose records they read (docs/classes.md
   * "Whose records a teacher reads"); anything else answers 404.
   */
  async report(user: { id: number; roles: readonly string[] }, agencyId: string, id: string): Promise<TrainingReport> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(n, agencyId);
    if (!row) throw notFound(NOT_FOUND);
    const staff = row.userId !== user.id;
    if (staff && !(await this.staffReads(user, agencyId, row))) throw notFound(NOT_FOUND);
    const [records, elsewhere, waiting] = await Promise.all([
      this.repo.recordsWithQuestions(row.id),
      staff ? new Set<string>() : this.heldElsewhere(row),
      staff ? undefined : this.correctionsWait(row),
    ]);
    const hidden = (r: (typeof records)[number]) => sealed(row) || elsewhere.has(String(r.record.questionId));
    // An ended paper whose corrections wait (corrections.ts): the student's answers, no verdict.
    const verdictless = waiting !== undefined;
    const names = await this.repo.knowledgeNames([...new Set(records.map((r) => r.knowledgeCode))]);
    const byKp = new Map<string, { code: string; name: string; answered: number; correct: number; credit: number }>();
    for (const r of records) {
      if (!r.record.first) continue;
      const kp = byKp.get(r.knowledgeCode) ?? {
        code: r.knowledgeCode,
        name: names.get(r.knowledgeCode) ?? r.knowledgeCode,
        answered: 0,
        correct: 0,
        credit: 0,
      };
      kp.answered++;
      if (!hidden(r) && !verdictless) {
        if (r.record.isCorrect) kp.correct++;
        // Partial credit counts by its share (docs/practice-engine.md "Marks"); the record keeps the share.
        kp.credit += creditOf([{ score: r.record.score, isCorrect: r.record.isCorrect, mark: 1 }]);
      }
      byKp.set(r.knowledgeCode, kp);
    }
    const end = row.endedAt ?? new Date(this.clock.now());
    return {
      training: {
        ...toSummary(row, waiting),
        student: await this.repo.userName(row.userId),
        durationSeconds: Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000)),
      },
      records: records.map((r) => toRecord(r, hidden(r), verdictless, markOf(row, r))),
      knowledgePoints: [...byKp.values()].map((k) =>
        sealed(row) ? { ...k, correct: 0, credit: 0 } : { ...k, credit: Math.round(k.credit * 10_000) / 10_000 },
      ),
    };
  }

  /** Train staff (the route's roles) who read the training's records. */
  private async staffReads(user: { id: number; roles: readonly string[] }, agencyId: string, row: TrainingRow) {
    if (!satisfies(user.roles, ROLE_SETS.trainStaff, agencyId) || !this.readers) return false;
    return this.readers.readsTraining(
      { userId: user.id, roles: user.roles, agencyId },
      { userId: row.userId, taskId: row.taskId },
    );
  }

  /** Whether the question is sealed for the user by a training other than `trainingId` (sealing.ts). */
  sealedFor(userId: number, trainingId: number, questionId: number): Promise<boolean> {
    return this.sealing.has(userId, questionId, trainingId);
  }

  /**
   * The questions of the student's other unfinished trainings (sealing.ts): the student's (and their parent's)
   * reading of this training shows their records as sealed until those end.
   */
  private heldElsewhere(row: TrainingRow): Promise<Set<string>> {
    return this.sealing.of(row.userId, row.id);
  }

  /**
   * What an ended paper's corrections wait for (corrections.ts, docs/practice-engine.md "Review options"), for the
   * student and their parent; undefined when nothing waits (a running paper is sealed anyway).
   */
  private async correctionsWait(row: TrainingRow): Promise<CorrectionsPending | undefined> {
    if (!endedPaper(row)) return undefined;
    return (await this.corrections.of([row.id])).get(row.id);
  }

  private async load(user: Trainee, id: string): Promise<TrainingRow> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(n, user.agencyId);
    if (!row || row.userId !== user.id) throw notFound(NOT_FOUND);
    return row;
  }

  /** The question(s) a state shows the student (the current one, or the paper's), presented without answers. */
  private async shownQuestions(agencyId: string, state: TrainingState): Promise<StudentQuestion[]> {
    const ids =
      state.pending.kind === 'answer'
        ? [state.pending.questionId]
        : state.pending.kind === 'paper'
          ? state.pending.questionIds
          : [];
    if (ids.length === 0) return [];
    const v = await this.visibility(agencyId);
    const read = async () => {
      const rows = await this.questionsRepo.byIds(v, { ids: ids.map(Number) });
      const byId = new Map((await this.studentViews(rows)).map((q) => [q.id, q]));
      return ids.map((i) => byId.get(i)).filter((q) => q !== undefined);
    };
    if (state.pending.kind !== 'paper') return read();
    // A paper's questions: kept while the bank version stands (paper-views.ts), and serialised once
    // (lib/json-fragment.ts). The kept array itself: the view only reads a paper's questions.
    const key = JSON.stringify([v.agencyId, v.subscribedRepoIds, ids]);
    return (await this.paperViews.get(key, () => this.questionsRepo.bankVersion(v), read)) as StudentQuestion[];
  }

  /** A paper's answers as its view shows them: the last of each question (records come in the order given). */
  private async paperAnswers(trainingId: number): Promise<PaperAnswers> {
    const paperAnswers: PaperAnswers = { answers: {}, subAnswers: {} };
    const last = new Map((await this.repo.submissions(trainingId)).map((r) => [String(r.questionId), r]));
    for (const [id, record] of last) {
      paperAnswers.answers[id] = record.submission?.answer ?? [];
      if (record.submission?.subAnswers) paperAnswers.subAnswers[id] = record.submission.subAnswers;
    }
    return paperAnswers;
  }

  /** Questions as a student sees them (no answers). */
  private async studentViews(rows: QuestionRow[]): Promise<StudentQuestion[]> {
    const missing = rows.filter((r) => !studentViewOf.has(r));
    const presented = await this.questions.present(missing);
    missing.forEach((r, i) => studentViewOf.set(r, toStudentView(presented[i])));
    return rows.map((r) => studentViewOf.get(r)!);
  }

  /**
   * The training as the student sees it; `shown` = its questions when already read (shownQuestions), `tally` = its
   * counted answers' when already taken (an answer takes it for the row's columns), `paper` = a running paper's
   * answers when already known (the answering copy's).
   */
  private async view(
    row: TrainingRow,
    shown?: StudentQuestion[],
    tally?: AnswerTally,
    paper?: PaperAnswers,
  ): Promise<Training> {
    const state = row.state as unknown as TrainingState;
    const snapshot = row.scheme as unknown as TrainingSnapshot;
    let questions = shown ?? (await this.shownQuestions(row.agencyId, state));
    // A question read inside a training carries its answer record where it has one (answered and still current,
    // judgeWay 'retry'; docs/reading.md "Answering steps").
    const currentId = state.pending.kind === 'answer' ? state.pending.questionId : null;
    if (currentId !== null && questions[0] && state.visit && answeredInVisit(state.visit, state.answers, currentId)) {
      const last = await this.repo.lastRecordId(row.id, Number(currentId));
      if (last !== undefined) questions = [{ ...questions[0], recordId: String(last) }, ...questions.slice(1)];
    }
    // A paper without answers yet (its start) has none to read.
    const paperAnswers =
      paper ??
      (state.pending.kind === 'paper' && state.answers.length > 0
        ? await this.paperAnswers(row.id)
        : { answers: {}, subAnswers: {} });
    const bound = boundOf(snapshot.engine);
    const view = trainingView(row, snapshot, state, questions, paperAnswers, bound, this.clock.now(), tally);
    const waiting = state.status === 'running' ? undefined : await this.correctionsWait(row);
    return waiting ? withCorrectionsPending(view, waiting) : view;
  }
}

/**
 * The student's view of a question row, made once per row object: the answers' statement hands the same kept copy of
 * a question to every answer shown it next (question-copies.ts), and the views are only read (a view's `recordId` is
 * set on a copy). A row read again is a new object, so a changed question is presented anew.
 */
const studentViewOf = new WeakMap<QuestionRow, StudentQuestion>();

/**
 * `trainingBound` of a training's scheme, computed once per scheme object: a training's row, kept by the answering
 * copy between answers, keeps its snapshot, which nothing changes, and every answer's view shows the bound.
 */
const bounds = new WeakMap<EngineScheme, number>();
function boundOf(engine: EngineScheme): number {
  let bound = bounds.get(engine);
  if (bound === undefined) bounds.set(engine, (bound = trainingBound(engine)));
  return bound;
}

/** Whether the visit's question has an answer yet (its answers are the visit's own: engine `visitAnswers`). */
const answeredInVisit = (visit: TrainingVisit, answers: TrainingState['answers'], questionId: string) =>
  visitAnswers(answers, visit).some((a) => a.questionId === questionId);

/** A paper's answers with one more stored (the last of a question counts, its sub-answers with it): a new object. */
function withPaperAnswer(before: PaperAnswers, questionId: string, req: TrainingAnswerRequest): PaperAnswers {
  const subAnswers = { ...before.subAnswers };
  if (req.subAnswers) subAnswers[questionId] = req.subAnswers;
  else delete subAnswers[questionId];
  return { answers: { ...before.answers, [questionId]: req.answer }, subAnswers };
}

/** Concurrent writers kept colliding: a transient condition (503), the client retries the same request. */
const busy = () => new ApiError('unavailable', '训练正忙，请稍后重试');

/** A running paper keeps its results to itself (judged at the end): no verdict, no score until handed in. */
const sealed = (row: TrainingRow) =>
  (row.scheme as unknown as TrainingSnapshot).type === 'paper' && row.status === 'running';

/** What the record's question is worth in the training (docs/practice-engine.md "Marks"). */
const markOf = (row: TrainingRow, r: { record: { questionId: number; phase: string | null; point: string | null } }) =>
  questionMark(
    (row.scheme as unknown as TrainingSnapshot).engine,
    r.record.phase ?? '',
    r.record.point ?? '',
    String(r.record.questionId),
  );

const endedPaper = (row: TrainingRow) =>
  (row.scheme as unknown as TrainingSnapshot).type === 'paper' && row.status !== 'running';

/** `waiting`: the ended paper's corrections wait (corrections.ts); its score too when the paper says so. */
function toSummary(row: TrainingRow, waiting?: CorrectionsPending): TrainingSummary {
  const snapshot = row.scheme as unknown as TrainingSnapshot;
  const noScore = sealed(row) || waiting?.scoreHidden === true;
  return {
    trainId: String(row.id),
    schemeId: String(row.schemeId),
    title: snapshot.title,
    type: snapshot.type,
    status: row.status as TrainingSummary['status'],
    answered: row.answered,
    correct: noScore ? 0 : row.correct,
    credit: noScore ? 0 : creditFor(snapshot, row.state as unknown as TrainingState),
    score: noScore ? 0 : row.score,
    maxScore: row.maxScore,
    pending: pendingCount(snapshot, row.state as unknown as TrainingState, noScore),
    startTime: row.startedAt.getTime(),
    endTime: row.endedAt?.getTime() ?? null,
    ...(waiting ? { corrections: waiting } : {}),
  };
}

/** The view of an ended paper whose corrections wait: the note, and no score when the score waits too. */
function withCorrectionsPending(view: Training, waiting: CorrectionsPending): Training {
  const noScore = waiting.scoreHidden;
  return {
    ...view,
    correct: noScore ? 0 : view.correct,
    credit: noScore ? 0 : view.credit,
    score: noScore ? 0 : view.score,
    pending: noScore ? 0 : view.pending,
    corrections: waiting,
  };
}

/** The scheme with its time limit cut to `ms` from now (whole seconds, at least one; never longer than its own). */
function capTimeLimit(engine: EngineScheme, ms: number): EngineScheme {
  const seconds = Math.max(1, Math.floor(ms / 1000));
  return { ...engine, timeLimit: engine.timeLimit > 0 ? Math.min(engine.timeLimit, seconds) : seconds };
}

const sameState = (a: TrainingState, b: TrainingState) => JSON.stringify(a) === JSON.stringify(b);

function explain(err: EngineError): string {
  switch (err.code) {
    case 'not_current':
      return '该题不是当前题目（可能本阶段时间已到），请刷新后继续';
    case 'already_answered':
      return '该题已作答，不能修改';
    case 'not_running':
      return '训练已结束';
    case 'not_in_training':
    case 'unexpected_draw':
    case 'too_many_answers':
      return err.message;
  }
}
