// One training of a synthetic student driven through the product's engine as the training service drives it
// (docs/practice-engine.md "How the service drives it"): time first, draws answered by the server's draw rule,
// answers judged by the real judge, a paper answered in order and handed in; and the wrong-answer book's reviews.
import {
  advanceTime,
  applyEvent,
  countedAnswers,
  EngineError,
  startTraining,
  type DrawRequest,
  type EngineScheme,
  type TrainingState,
} from '@edu/contract';
import { attempt } from './sim-answer.js';
import { drawQuestions, type DrawContext } from './sim-draw.js';
import type { StudentLog, SimTrainingRow } from './sim-log.js';
import type { StudentModel } from './sim-params.js';
import type { SimRandom } from './sim-random.js';
import type { World } from './sim-world.js';
import { learn, remember, type SimStudent } from './student-model.js';

export interface SessionContext {
  model: StudentModel;
  world: World;
  student: SimStudent;
  log: StudentLog;
  rng: SimRandom;
  /** The session's clock (epoch ms), moved by every answer. */
  now: number;
  /** The student leaves a training still running at this moment (finish). */
  stopAt: number;
  /** After each stored answer, with its point, its seconds and whether it counts at once (a review) or at the training's end. */
  afterAnswer(code: string, seconds: number, counted: boolean): void;
  /** The draw rule (default: the server's, least seen first: `drawQuestions`). */
  draw?: DrawRule;
  /** When a training ends: its last state, and whether the student left it still running (out of session time). */
  onEnd?(state: TrainingState, left: boolean): void;
}

/** A draw rule: the questions of one pending draw for this student. */
export type DrawRule = (world: World, log: StudentLog, req: DrawRequest, ctx: DrawContext) => string[];

/** Runs one training to its end; answers how many answers were stored. */
export function runTraining(s: SessionContext, engine: EngineScheme): number {
  const paper = engine.type === 'paper';
  const row = s.log.openTraining(engine.type);
  let state = startTraining(engine, s.now, s.rng.int(2 ** 31 - 1));
  let drawNo = 0;
  let stored = 0;
  const tried = new Map<string, Set<string>>();
  for (;;) {
    state = advanceTime(engine, state, s.now);
    if (state.status !== 'running') break;
    const pending = state.pending;
    if (pending.kind === 'draw') {
      const ctx = { seen: s.log.seen, seed: state.seed, drawNo: drawNo++, paper };
      const ids = s.draw ? s.draw(s.world, s.log, pending.request, ctx) : drawQuestions(s.world, pending.request, ctx);
      state = applyEvent(engine, state, { type: 'draw', at: s.now, questionIds: ids });
      continue;
    }
    if (pending.kind === 'done') break;
    if (s.now >= s.stopAt) break;
    if (pending.kind === 'answer') {
      const next = answer(s, engine, state, row, pending.questionId, tried);
      stored += next.stored ? 1 : 0;
      state = next.state;
      continue;
    }
    for (const id of pending.questionIds) {
      if (s.now >= s.stopAt || state.status !== 'running') break;
      const next = answer(s, engine, state, row, id, tried);
      stored += next.stored ? 1 : 0;
      state = next.state;
    }
    break;
  }
  const left = state.status === 'running';
  if (left) state = applyEvent(engine, state, { type: 'finish', at: s.now });
  s.onEnd?.(state, left);
  s.log.endTraining(row, state.drawn.length, countedAnswers(engine, state).length);
  if (paper) handIn(s, state);
  return stored;
}

/** One answer as the service takes it: time moved to the moment it arrives, then the event (refused: not stored). */
function answer(
  s: SessionContext,
  engine: EngineScheme,
  before: TrainingState,
  row: SimTrainingRow,
  questionId: string,
  tried: Map<string, Set<string>>,
): { state: TrainingState; stored: boolean } {
  const q = s.world.byId.get(questionId);
  if (!q) throw new Error(`simulation: question ${questionId} is not in the world`);
  const mine = tried.get(questionId) ?? new Set<string>();
  tried.set(questionId, mine);
  const a = attempt(s.model, s.student, q, s.now, s.rng, mine);
  s.now += Math.round(a.seconds * 1000);
  const timed = advanceTime(engine, before, s.now);
  let state: TrainingState;
  try {
    state = applyEvent(engine, timed, {
      type: 'answer',
      at: s.now,
      questionId,
      score: a.result.pending ? null : a.result.score,
      isCorrect: a.result.isCorrect,
    });
  } catch (e) {
    // The phase or the training ran out while the student was answering: the service refuses the answer. A refusal
    // with no deadline passed would be a defect (of the engine or of this driver): it must not loop.
    if (e instanceof EngineError && timed !== before) return { state: timed, stored: false };
    throw e;
  }
  const paper = engine.type === 'paper';
  const last = state.answers[state.answers.length - 1];
  s.log.add({
    questionId,
    code: q.code,
    trainingId: row.id,
    first: paper ? null : last.first,
    isCorrect: a.result.isCorrect,
    share: a.result.pending ? null : a.result.score,
    at: s.now,
  });
  // A paper shows nothing before the hand-in; a general training the verdict of a wrong answer kept current
  // (retry), otherwise the result with the key.
  if (!paper && a.result.isCorrect !== null) {
    const right = a.result.isCorrect;
    const current = state.pending.kind === 'answer' && state.pending.questionId === questionId;
    learn(s.model, s.world, s.student, q.code, s.now, right, !right && current ? 'verdict' : 'key');
    if (right || !current) remember(s.model, s.student, questionId, s.now);
  }
  s.afterAnswer(q.code, a.seconds, false);
  return { state, stored: true };
}

/** The paper's corrections at the hand-in: each answered question teaches as its last answer says, key shown. */
function handIn(s: SessionContext, state: TrainingState) {
  const last = new Map(state.answers.map((a) => [a.questionId, a]));
  for (const [id, a] of last) {
    const q = s.world.byId.get(id);
    if (!q || a.isCorrect === null) continue;
    learn(s.model, s.world, s.student, q.code, s.now, a.isCorrect, 'key');
    remember(s.model, s.student, id, s.now);
  }
}

/** Reviews the book's due entries, up to `max`, before the session's end; answers how many were stored. */
export function reviewDue(s: SessionContext, max: number, endAt: number): number {
  let done = 0;
  for (const entry of s.log.due(s.now).slice(0, max)) {
    if (s.now >= endAt) break;
    const q = s.world.byId.get(entry.questionId);
    if (!q) continue;
    const a = attempt(s.model, s.student, q, s.now, s.rng, new Set());
    s.now += Math.round(a.seconds * 1000);
    const right = a.result.isCorrect;
    s.log.add({
      questionId: entry.questionId,
      code: q.code,
      trainingId: null,
      first: null,
      isCorrect: right,
      share: a.result.pending ? null : a.result.score,
      at: s.now,
    });
    if (right !== null) {
      s.log.review(entry, s.now, right);
      learn(s.model, s.world, s.student, q.code, s.now, right, 'key');
      remember(s.model, s.student, entry.questionId, s.now);
    }
    s.afterAnswer(q.code, a.seconds, true);
    done++;
  }
  return done;
}
