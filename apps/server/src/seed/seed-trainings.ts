// Demo trainings (docs/domain.md "Demo data": schemes "with some finished trainings"): the demo student plays the
// demo schemes through the real training service on a clock set a few days back, so history, reports, the
// wrong-answer book and the dashboards show real data on first start. Answers alternate right and wrong by a
// fixed pattern; every answer is one a student could have typed (seed-answers.ts).
import { eq, inArray } from 'drizzle-orm';
import type { Training, TrainingAnswerRequest, TrainingAnswerResult } from '@edu/contract';
import { manualClock, type Clock } from '../lib/clock.js';
import type { Db } from '../db/client.js';
import { schemes, questions, users } from '../db/schema.js';
import { typedAnswer, type KeyedQuestion } from './seed-answers.js';
import { DEMO_ADAPTIVE_TITLE, DEMO_PAPER_TITLE, seedDemoSchemes } from './seed-schemes.js';

const DAY = 86_400_000;
/** Safety cap on the answers of one seeded training (the engine's own bound is far lower). */
const MAX_ANSWERS = 60;

type Trainee = { id: number; agencyId: string };

/**
 * The training calls the demo is played through: the real training service, which the caller makes on the clock
 * given (services sit above db/, so the seed takes them as an argument instead of importing them;
 * docs/architecture.md §3).
 */
export interface DemoTrainer {
  start(user: Trainee, schemeId: string): Promise<Training>;
  answer(user: Trainee, trainId: string, req: TrainingAnswerRequest): Promise<TrainingAnswerResult>;
  finish(user: Trainee, trainId: string): Promise<Training>;
}
export type DemoTrainerOn = (clock: Clock) => DemoTrainer;

/** One answer the demo gave: its record and whether the seed meant it to be right. */
export interface DemoAnswer {
  recordId: string;
  right: boolean;
}

/**
 * Runs right after the demo seed committed (server start): the demo schemes, then their trainings. Kept out
 * of seedDatabase so the API tests start without schemes; a start interrupted in between leaves the demo
 * without schemes (delete the data directory to seed again). Answers what the demo student answered.
 */
export async function seedDemoPractice(db: Db, trainerOn: DemoTrainerOn): Promise<DemoAnswer[]> {
  await db.transaction((tx) => seedDemoSchemes(tx));
  return seedDemoTrainings(db, trainerOn);
}

async function seedDemoTrainings(db: Db, trainerOn: DemoTrainerOn): Promise<DemoAnswer[]> {
  const base = Date.now() - 4 * DAY;
  const clock = manualClock(base);
  const training = trainerOn(clock);
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const rows = await db
    .select({ id: schemes.id, title: schemes.title })
    .from(schemes)
    .where(inArray(schemes.title, [DEMO_ADAPTIVE_TITLE, DEMO_PAPER_TITLE]));
  const idOf = (title: string) => rows.find((r) => r.title === title)?.id;
  const adaptive = idOf(DEMO_ADAPTIVE_TITLE);
  const paper = idOf(DEMO_PAPER_TITLE);
  if (!student || adaptive === undefined || paper === undefined) return [];
  const trainee = { id: student.id, agencyId: 'demo' };

  const keyOf = async (questionId: string): Promise<KeyedQuestion> => {
    const [q] = await db
      .select({
        type: questions.type,
        answer: questions.answer,
        options: questions.options,
        subs: questions.questionSub,
      })
      .from(questions)
      .where(eq(questions.id, Number(questionId)));
    return { ...q, questionSub: q.subs as unknown as KeyedQuestion['questionSub'] };
  };
  const given: DemoAnswer[] = [];
  let n = 0;
  const answer = async (tr: Training, questionId: string, right: boolean) => {
    clock.advance(20_000 + (n % 4) * 9_000);
    const result = await training.answer(trainee, tr.trainId, {
      clientAnswerId: `demo-seed-answer-${++n}`,
      questionId,
      ...typedAnswer(await keyOf(questionId), right),
    });
    given.push({ recordId: result.recordId, right });
    return result;
  };

  // Two adaptive trainings on different days, the second better than the first.
  for (const [day, pattern] of [
    [0, [true, false, true, false, false, true]],
    [1, [true, true, false, true, true, true]],
  ] as const) {
    clock.set(base + day * DAY + 9 * 3_600_000);
    let tr = await training.start(trainee, String(adaptive));
    for (let i = 0; tr.status === 'running' && tr.question && i < MAX_ANSWERS; i++)
      tr = (await answer(tr, tr.question.id, pattern[i % pattern.length])).training;
    if (tr.status === 'running') await training.finish(trainee, tr.trainId);
  }

  // The paper, with two mistakes.
  clock.set(base + 2 * DAY + 15 * 3_600_000);
  const tr = await training.start(trainee, String(paper));
  for (const [i, q] of (tr.paper?.questions ?? []).entries()) await answer(tr, q.id, i % 4 !== 1);
  await training.finish(trainee, tr.trainId);
  return given;
}
