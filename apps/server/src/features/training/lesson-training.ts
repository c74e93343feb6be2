// A lesson's training (docs/lessons.md "The engine in the lesson"): the questions the teacher pushes into a lesson
// make one general training of its student, so answering, judging, records, the report, history, mastery and the
// wrong-answer book work as for any training. Its scheme is one phase of LESSON_ENGINE_LIMITS.pushes points of one
// question each (judged once), each leading to the next: every push is the engine's own `draw` event answering the
// draw the training waits for, never a draw from the bank (training.service.ts resolveDraws leaves it waiting). It
// has no stored scheme: its scheme_id is minus the lesson's id (migration 0039), so the one-running index keeps one
// running training per lesson and student; its time limit runs out a while after the lesson's latest possible end,
// so the training sweep ends it even when the lesson's end was never told.
import { randomInt } from 'node:crypto';
import {
  advanceTime,
  applyEvent,
  LESSON_ENGINE_LIMITS,
  replay,
  type EngineScheme,
  type TrainingEvent,
  type TrainingState,
} from '@edu/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trainingEvents, trainings } from '../../db/schema.js';
import { ApiError, conflict, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { TrainingSnapshot } from './training-scheme.js';
import type { TrainingRepository, TrainingRow } from './training.repository.js';
import { summaryColumns } from './training-view.js';
import { appendDraws, drawnAdded, drawnCount, dropDrawsFrom, stateHead, TRAINING_COLUMNS } from './training-state.js';

export const LESSON_PHASE = '课堂练习';
export const lessonPointName = (n: number) => `第 ${n} 题`;
/** The training's time runs out this long after the lesson's latest possible end (its auto-end), as a safety net. */
const END_MARGIN_MS = 10 * 60_000;
/** Concurrent pushes to one training take turns by retrying; this many tries before giving up. */
const MAX_TRIES = 8;

/** The scheme of a lesson's training: `pushes` points of one question each, judged once, then the end. */
export function lessonEngine(pushes: number, timeLimitSeconds: number): EngineScheme {
  const points = Array.from({ length: pushes }, (_, i) => {
    const next = i + 1 < pushes ? lessonPointName(i + 2) : '@end';
    return {
      name: lessonPointName(i + 1),
      selectors: {},
      repeat: 1,
      judgeWay: 'once' as const,
      requireCorrect: 0,
      onOK: next,
      onError: next,
    };
  });
  return {
    type: 'general',
    initPhase: LESSON_PHASE,
    initPoint: lessonPointName(1),
    timeLimit: timeLimitSeconds,
    kpRange: [],
    phases: [{ phase: LESSON_PHASE, knowledgeIds: [], timeLimit: 0, points }],
  };
}

export const snapshotOf = (row: TrainingRow) => row.scheme as unknown as TrainingSnapshot;
export const stateOf = (row: TrainingRow) => row.state as unknown as TrainingState;

/** The training's state now (its time limit applied). */
export const stateAt = (row: TrainingRow, now: number) => advanceTime(snapshotOf(row).engine, stateOf(row), now);

/** Why a push cannot be taken by the training's state now, or null when it can. */
export function pushRefusal(state: TrainingState, questionId: string): string | null {
  if (state.status !== 'running')
    return state.drawn.length >= LESSON_ENGINE_LIMITS.pushes
      ? `本节课最多推送 ${LESSON_ENGINE_LIMITS.pushes} 道题`
      : '本节课的课堂练习已结束';
  if (state.drawn.includes(questionId)) return '本节课已推送过这道题';
  if (state.pending.kind === 'answer') return '学生还没有作答上一题，作答后才能推送下一题';
  if (state.pending.kind !== 'draw') return '本节课的课堂练习已结束';
  return null;
}

export interface LessonTrainingStart {
  agencyId: string;
  lessonId: number;
  userId: number;
  lessonTitle: string;
  /** The lesson's latest possible end (ms): its scheduled end and the auto-end after it. */
  latestEnd: number;
}

export class LessonTrainings {
  constructor(
    private readonly db: Db,
    private readonly repo: TrainingRepository,
    private readonly clock: Clock,
  ) {}

  /** The lesson's training of the student, if any (running or ended). */
  async of(lessonId: number, userId: number): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(and(eq(trainings.lessonId, lessonId), eq(trainings.userId, userId)));
    return row;
  }

  /** The lesson's running trainings (its end finishes them). */
  running(lessonId: number): Promise<TrainingRow[]> {
    return this.db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(and(eq(trainings.lessonId, lessonId), eq(trainings.status, 'running')));
  }

  /** The lesson's training of the student: the one there is, or a new one waiting for its first push. */
  async ensure(s: LessonTrainingStart): Promise<TrainingRow> {
    const had = await this.of(s.lessonId, s.userId);
    if (had) return had;
    const now = this.clock.now();
    const limit = Math.max(60, Math.ceil((s.latestEnd + END_MARGIN_MS - now) / 1000));
    const engine = lessonEngine(LESSON_ENGINE_LIMITS.pushes, limit);
    const snapshot: TrainingSnapshot = {
      title: `${LESSON_PHASE}：${s.lessonTitle}`,
      type: 'general',
      engine,
      lessonId: s.lessonId,
    };
    const seed = randomInt(0, 2 ** 31 - 1);
    const start: TrainingEvent = { type: 'start', at: now, seed };
    const state = replay(engine, [start]);
    await this.db.transaction(async (tx) => {
      // Two first pushes at once: one row (the unique index on lesson and student), the other reads it below.
      const [row] = await tx
        .insert(trainings)
        .values({
          agencyId: s.agencyId,
          schemeId: -s.lessonId,
          userId: s.userId,
          lessonId: s.lessonId,
          scheme: snapshot as unknown as Record<string, unknown>,
          seed,
          ...summaryColumns(engine, state),
          state: stateHead(state as unknown as Record<string, unknown>),
          eventCount: 1,
          drawCount: 0,
          startedAt: new Date(now),
          updatedAt: new Date(now),
        })
        .onConflictDoNothing()
        .returning({ id: trainings.id });
      if (!row) return;
      await tx.insert(trainingEvents).values({ trainingId: row.id, seq: 0, event: start });
      await appendDraws(tx, row.id, 0, drawnAdded({}, state as unknown as Record<string, unknown>));
    });
    const made = await this.of(s.lessonId, s.userId);
    if (!made) throw new ApiError('unavailable', '课堂练习正忙，请稍后重试');
    return made;
  }

  /**
   * Pushes the question into the training: the engine's draw answering the draw it waits for, saved only if nobody
   * changed the training meanwhile (else read again). 409 with the reason when the training cannot take it.
   */
  async push(first: TrainingRow, questionId: string): Promise<TrainingRow> {
    let row = first;
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const engine = snapshotOf(row).engine;
      const now = this.clock.now();
      const state = advanceTime(engine, stateOf(row), now);
      const refusal = pushRefusal(state, questionId);
      if (refusal) throw conflict(refusal);
      const event: TrainingEvent = { type: 'draw', at: now, questionIds: [questionId] };
      const next = applyEvent(engine, state, event);
      const change = { ...summaryColumns(engine, next), updatedAt: new Date(now) };
      const saved = await this.repo.saveIfUnchanged(row.id, row.eventCount, [event], row.state, change);
      if (saved) return { ...row, ...change, eventCount: row.eventCount + 1, drawCount: row.drawCount + 1 };
      const again = await this.repo.get(row.id, row.agencyId);
      if (!again) throw conflict('本节课的课堂练习已结束');
      row = again;
    }
    throw new ApiError('unavailable', '课堂练习正忙，请稍后重试');
  }

  /**
   * Takes back the lesson's latest push while the student has not answered it (docs/lessons.md "Withdrawing a
   * push"): its `draw` event is deleted and the training's state replayed without it, so the push leaves no trace —
   * no event, no draw counted, nothing sealed; a training left without any push is removed whole (it was made by the
   * first push). Under the training's row lock: an answer that comes at the same moment either lands first (409
   * here) or finds the question gone (its own 409 or 404). Answers whether the training is gone.
   */
  async withdraw(lessonId: number, userId: number, questionId: string): Promise<{ removed: boolean }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select(TRAINING_COLUMNS)
        .from(trainings)
        .where(and(eq(trainings.lessonId, lessonId), eq(trainings.userId, userId)))
        .for('update');
      if (!row) throw notFound(NOT_PUSHED);
      const engine = snapshotOf(row).engine;
      const now = this.clock.now();
      const state = advanceTime(engine, stateOf(row), now);
      if (!state.drawn.includes(questionId)) throw notFound(NOT_PUSHED);
      if (state.status !== 'running') throw conflict('本节课的课堂练习已结束，不能撤回');
      if (state.pending.kind !== 'answer' || state.pending.questionId !== questionId)
        throw conflict('学生已经作答这道题，不能撤回');
      const events = (
        await tx
          .select({ seq: trainingEvents.seq, event: trainingEvents.event })
          .from(trainingEvents)
          .where(eq(trainingEvents.trainingId, row.id))
          .orderBy(asc(trainingEvents.seq))
      ).map((e) => ({ seq: e.seq, event: e.event as unknown as TrainingEvent }));
      const last = events[events.length - 1];
      if (last?.event.type !== 'draw' || !last.event.questionIds.includes(questionId))
        throw conflict('学生已经作答这道题，不能撤回');
      const before = events.slice(0, -1).map((e) => e.event);
      if (!before.some((e) => e.type === 'draw')) {
        await tx.delete(trainings).where(eq(trainings.id, row.id));
        return { removed: true };
      }
      await tx
        .delete(trainingEvents)
        .where(and(eq(trainingEvents.trainingId, row.id), eq(trainingEvents.seq, last.seq)));
      const back = summaryColumns(engine, replay(engine, before));
      await tx
        .update(trainings)
        .set({
          ...back,
          state: stateHead(back.state),
          eventCount: row.eventCount - 1,
          drawCount: Math.max(0, row.drawCount - 1),
          updatedAt: new Date(now),
        })
        .where(eq(trainings.id, row.id));
      await dropDrawsFrom(tx, row.id, drawnCount(back.state));
      return { removed: false };
    });
  }
}

const NOT_PUSHED = '本节课没有推送过这道题';
