// The training as the student sees it: where it stands, the current question(s) without answers, time left.
import {
  answerCredit,
  countedAnswers,
  roundCredit,
  type EngineScheme,
  type StudentQuestion,
  type Training,
  type TrainingAnswer,
  type TrainingState,
} from '@edu/contract';
import type { TrainingSnapshot } from './training-scheme.js';
import type { TrainingRow } from './training.repository.js';

/**
 * The training row's summary columns from the engine state (a paper counts each question's last answer): `correct`
 * the answers at full marks, `credit` partial ones by their share too (docs/practice-engine.md "Marks").
 */
export function summaryColumns(
  engine: EngineScheme,
  state: TrainingState,
  tally: AnswerTally = answerTally(engine, state),
) {
  const { answered, correct, credit } = tally;
  return {
    state: state as unknown as Record<string, unknown>,
    status: state.status,
    answered,
    correct,
    credit,
    score: state.score,
    maxScore: state.maxScore,
    endedAt: state.endedAt === null ? null : new Date(state.endedAt),
  };
}

/** The counted answers' figures: how many, how many right, their credit, how many wait for a teacher. */
export interface AnswerTally {
  answered: number;
  correct: number;
  credit: number;
  pending: number;
}

/**
 * A tally with what it takes to extend it: how many of the state's answers it covers and their credit before
 * rounding. A general training's later answers only add to it, in the same order, so the extended tally is exactly
 * the one a whole pass gives.
 */
export interface RunningTally extends AnswerTally {
  upTo: number;
  rawCredit: number;
}

/**
 * The tally of the counted answers. A general training counts first answers and is read in one pass without
 * copying them out; given the tally of an earlier state of the same training (`from`, the answering copy's), only
 * the answers after it are read — the tally ran over every answer of the training on every answer, 6 % of the
 * server's time late in long trainings. A paper counts each question's last answer and is read whole.
 */
export function answerTally(
  scheme: Pick<EngineScheme, 'type'>,
  state: TrainingState,
  from?: RunningTally,
): RunningTally {
  if (scheme.type === 'paper') return tallyOf(countedAnswers(scheme, state), () => true);
  const start = from !== undefined && from.upTo <= state.answers.length ? from : undefined;
  return tallyOf(state.answers, (a) => a.first, start);
}

function tallyOf(
  answers: readonly TrainingAnswer[],
  counts: (a: TrainingAnswer) => boolean,
  from?: RunningTally,
): RunningTally {
  let answered = from?.answered ?? 0;
  let correct = from?.correct ?? 0;
  let pending = from?.pending ?? 0;
  let rawCredit = from?.rawCredit ?? 0;
  for (let i = from?.upTo ?? 0; i < answers.length; i++) {
    const a = answers[i];
    if (!counts(a)) continue;
    answered++;
    if (a.isCorrect === true) correct++;
    if (a.score === null) pending++;
    rawCredit += answerCredit(a);
  }
  return { answered, correct, credit: roundCredit(rawCredit), pending, upTo: answers.length, rawCredit };
}

const secondsLeft = (deadline: number | null, now: number) =>
  deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));

/** A running paper's answers so far, by question id: the answer, and a reading question's sub-answers. */
export interface PaperAnswers {
  answers: Record<string, string[]>;
  subAnswers: Record<string, Record<string, string[]>>;
}

/**
 * Counted answers still waiting for a teacher's mark (score null, as the marking queue reads them); 0 in a running
 * paper, which shows nothing of its results (docs/marking.md "What the student and the parent read").
 */
export function pendingCount(
  scheme: Pick<TrainingSnapshot, 'type'>,
  state: TrainingState,
  sealedPaper: boolean,
): number {
  if (sealedPaper || !Array.isArray(state.answers)) return 0;
  return answerTally(scheme, state).pending;
}

/** The counted answers' shares summed, 正确率's numerator (docs/practice-engine.md "Marks"). */
export function creditFor(scheme: Pick<TrainingSnapshot, 'type'>, state: TrainingState): number {
  return Array.isArray(state.answers) ? answerTally(scheme, state).credit : 0;
}

export function trainingView(
  row: TrainingRow,
  snapshot: TrainingSnapshot,
  state: TrainingState,
  questions: StudentQuestion[],
  paperAnswers: PaperAnswers,
  bound: number,
  now: number,
  tally: AnswerTally = answerTally(snapshot.engine, state),
): Training {
  const phases = snapshot.engine.phases;
  const phaseIndex = state.phase === null ? phases.length : phases.findIndex((p) => p.phase === state.phase) + 1;
  const point = phases.find((p) => p.phase === state.phase)?.points.find((p) => p.name === state.point);
  const running = state.status === 'running';
  const sealedPaper = running && snapshot.type === 'paper';
  return {
    trainId: String(row.id),
    schemeId: String(row.schemeId),
    title: snapshot.title,
    type: snapshot.type,
    status: state.status,
    phase: state.phase,
    point: state.point,
    phaseIndex,
    phaseCount: phases.length,
    judgeWay: point?.judgeWay ?? null,
    question: state.pending.kind === 'answer' ? (questions[0] ?? null) : null,
    paper:
      state.pending.kind === 'paper'
        ? { questions, answers: paperAnswers.answers, subAnswers: paperAnswers.subAnswers }
        : null,
    answered: tally.answered,
    // A running paper keeps its verdicts until handed in (training.service.ts `sealed`).
    correct: sealedPaper ? 0 : tally.correct,
    credit: sealedPaper ? 0 : tally.credit,
    score: sealedPaper ? 0 : state.score,
    maxScore: state.maxScore,
    pending: sealedPaper ? 0 : tally.pending,
    bound,
    startTime: state.startedAt,
    endTime: state.endedAt,
    phaseRemaining: running ? secondsLeft(state.phaseDeadline, now) : null,
    schemeRemaining: running ? secondsLeft(state.schemeDeadline, now) : null,
    serverTime: now,
  };
}
