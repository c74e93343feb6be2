// Properties of every training: random valid schemes driven by a simulated service (random fresh draws, short
// and empty ones, the odd sloppy id) and a random student (right, wrong, pending, off-turn answers, finishing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EngineError,
  MAX_ANSWERS_PER_QUESTION,
  MAX_ENTRIES,
  advanceTime,
  applyEvent,
  countedAnswers,
  replay,
  startTraining,
  trainingBound,
  validateScheme,
  visitAnswers,
  type EnginePoint,
  type EngineScheme,
  type TrainingEvent,
  type TrainingState,
} from './index.js';
import { T0, deepFreeze } from './test-support.js';

const NAMES = ['A', 'B', 'C', 'D'];
const FIXED = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6'];
/** A student gives up being wrong on a 'retry' question after this many tries (the property needs an end). */
const MAX_WRONG_TRIES = 3;

const targetArb = (names: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constant('@next') },
    { weight: 1, arbitrary: fc.constant('@end') },
  );

/** A point's weight, or none (1): marks in halves (docs/practice-engine.md "Marks"). */
const markArb = fc.option(
  fc.integer({ min: 1, max: 40 }).map((n) => n / 2),
  { nil: null },
);

const pointArb = (name: string, names: string[]): fc.Arbitrary<EnginePoint> =>
  fc.integer({ min: 1, max: 3 }).chain((repeat) =>
    fc
      .record({
        name: fc.constant(name),
        selectors: fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: fc
              .uniqueArray(fc.constantFrom(...FIXED), { minLength: 1, maxLength: 4 })
              .map((questionIds) => ({ questionIds })),
          },
        ),
        repeat: fc.constant(repeat),
        judgeWay: fc.constantFrom('once' as const, 'retry' as const),
        requireCorrect: fc.integer({ min: 0, max: repeat }),
        onOK: targetArb(names),
        onError: targetArb(names),
      })
      .chain((p) => markArb.map((mark) => (mark === null ? p : { ...p, mark }))),
  );

const timeArb = (max: number) => fc.oneof(fc.constant(0), fc.integer({ min: 1, max }));

const phaseArb = (i: number) =>
  fc.integer({ min: 1, max: NAMES.length }).chain((n) => {
    const names = NAMES.slice(0, n);
    return fc.record({
      phase: fc.constant(`P${i}`),
      knowledgeIds: fc.constant<string[]>([]),
      timeLimit: timeArb(60),
      points: fc.tuple(...names.map((name) => pointArb(name, names))),
      links: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    });
  });

/** Makes every point reachable from the phase's entry: each one, in order, is a target of the one before. */
function linkUp(points: EnginePoint[], entry: string, links: boolean[]): EnginePoint[] {
  const order = [entry, ...points.map((p) => p.name).filter((n) => n !== entry)];
  const byName = new Map(points.map((p) => [p.name, { ...p }]));
  order.slice(1).forEach((name, k) => {
    const parent = byName.get(order[k]) as EnginePoint;
    if (links[k]) parent.onOK = name;
    else parent.onError = name;
  });
  return points.map((p) => byName.get(p.name) as EnginePoint);
}

const generalArb: fc.Arbitrary<EngineScheme> = fc
  .integer({ min: 1, max: 3 })
  .chain((n) => fc.tuple(fc.tuple(...Array.from({ length: n }, (_, i) => phaseArb(i))), timeArb(240), fc.nat()))
  .map(([phases, timeLimit, pick]) => {
    const initPoint = phases[0].points[pick % phases[0].points.length].name;
    return {
      type: 'general' as const,
      initPhase: 'P0',
      initPoint,
      timeLimit,
      kpRange: [],
      phases: phases.map(({ links, ...p }, i) => ({
        ...p,
        points: linkUp(p.points, i === 0 ? initPoint : p.points[0].name, links),
      })),
    };
  });

const paperArb: fc.Arbitrary<EngineScheme> = fc
  .record({
    ids: fc.uniqueArray(fc.constantFrom(...FIXED, 'g1', 'g2', 'g3', 'g4'), { minLength: 1, maxLength: 10 }),
    timeLimit: timeArb(240),
    phaseLimit: timeArb(240),
    marks: fc.array(markArb, { minLength: 10, maxLength: 10 }),
  })
  .map(({ ids, timeLimit, phaseLimit, marks }) => ({
    type: 'paper' as const,
    initPhase: '试卷',
    initPoint: '卷面',
    timeLimit,
    kpRange: [],
    phases: [
      {
        phase: '试卷',
        knowledgeIds: [],
        timeLimit: phaseLimit,
        points: [
          {
            name: '卷面',
            selectors: { questionIds: ids },
            marks: Object.fromEntries(
              ids.flatMap((id, i) => (marks[i] === null ? [] : [[id, marks[i]] as [string, number]])),
            ),
            repeat: 1,
            judgeWay: 'once' as const,
            requireCorrect: 0,
            onOK: '@end',
            onError: '@end',
          },
        ],
      },
    ],
  }));

/** How the simulated world behaves in one run. */
const worldArb = fc.record({
  seed: fc.integer(),
  bankSize: fc.nat(40),
  right: fc.double({ min: 0, max: 1, noNaN: true }),
  maxDelay: fc.integer({ min: 0, max: 30_000 }),
});
type World = typeof worldArb extends fc.Arbitrary<infer W> ? W : never;

function rng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the service draws for the pending request: fresh ids, sometimes short, now and then sloppy. */
function serviceDraw(state: TrainingState, world: World, random: () => number): string[] {
  if (state.pending.kind !== 'draw') return [];
  const { selectors, exclude, count } = state.pending.request;
  const excluded = new Set(exclude);
  const pool = selectors.questionIds ?? Array.from({ length: world.bankSize }, (_, i) => `b${i}`);
  const fresh = pool.filter((id) => !excluded.has(id) && random() > 0.1);
  if (!selectors.questionIds) fresh.sort(() => random() - 0.5);
  const got = fresh.slice(0, random() < 0.8 ? count : Math.floor(random() * (count + 1)));
  // A sloppy service: an id drawn before, a repeat, one too many; the engine must not take them.
  if (random() < 0.1 && exclude.length > 0) got.push(exclude[0]);
  if (random() < 0.05 && got.length > 0) got.push(got[0]);
  if (random() < 0.05) got.push(`extra${Math.floor(random() * 1000)}`);
  return got;
}

/** The next event: the student's move, or a draw (filled in by the service) when one is pending. */
function studentMove(state: TrainingState, at: number, random: () => number, world: World): TrainingEvent {
  const { pending } = state;
  if (pending.kind === 'draw') return { type: 'draw', at, questionIds: [] };
  if (random() < 0.01) return { type: 'finish', at };
  if (random() < 0.05) {
    const questionId = random() < 0.5 || state.drawn.length === 0 ? 'nowhere' : state.drawn[0];
    return { type: 'answer', at, questionId, score: 1, isCorrect: true };
  }
  const questionId =
    pending.kind === 'answer'
      ? pending.questionId
      : pending.kind === 'paper'
        ? pending.questionIds[Math.floor(random() * pending.questionIds.length)]
        : 'nowhere';
  if (pending.kind === 'paper' && random() < 0.1) return { type: 'finish', at };
  const tries = state.answers.filter((a) => a.questionId === questionId).length;
  if (random() < 0.05) return { type: 'answer', at, questionId, score: null, isCorrect: null };
  const right = tries >= MAX_WRONG_TRIES || random() < world.right;
  return { type: 'answer', at, questionId, score: right ? 1 : random() < 0.5 ? 0 : 0.5, isCorrect: right };
}

interface Outcome {
  events: TrainingEvent[];
  state: TrainingState;
  served: TrainingState;
  /** The last moment the run reached (an expiry seen there is not an event). */
  now: number;
}

/**
 * Runs a training to its end. `state` takes the stored events only; `served` is kept the way the server keeps
 * it, moved by advanceTime at random moments in between. Every state is frozen before the next step.
 */
function simulate(scheme: EngineScheme, world: World, check: (s: TrainingState) => void, limit: number): Outcome {
  const random = rng(world.seed);
  const start: TrainingEvent = { type: 'start', at: T0, seed: world.seed };
  let state = deepFreeze(startTraining(scheme, T0, world.seed));
  let served = state;
  const events: TrainingEvent[] = [start];
  let now = T0;
  let steps = 0;
  // What each drawn question is worth, from the point whose request the draw answered.
  const markOf = new Map<string, number>();
  for (; state.status === 'running' && steps < limit; steps++) {
    const before = now;
    now += Math.floor(random() * world.maxDelay);
    if (random() < 0.3)
      served = deepFreeze(advanceTime(scheme, served, before + Math.floor(random() * (now - before))));
    // The service reads the request at `now` and stamps the draw with that moment.
    const looking = advanceTime(scheme, state, now);
    if (looking.status !== 'running') {
      state = deepFreeze(looking);
      served = deepFreeze(advanceTime(scheme, served, now));
      break;
    }
    let event = studentMove(looking, now, random, world);
    if (event.type === 'draw') event = { ...event, questionIds: serviceDraw(looking, world, random) };
    let next: TrainingState | EngineError;
    try {
      next = applyEvent(scheme, state, event);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      next = err;
    }
    let nextServed: TrainingState | EngineError;
    try {
      nextServed = applyEvent(scheme, served, event);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      nextServed = err;
    }
    if (next instanceof EngineError) {
      // Only an answer out of turn is refused here, or a paper's answer to a question answered as often as a
      // paper takes (the student of this run may change an answer that often); it is not stored.
      expect(event.type).toBe('answer');
      const refusals = ['not_current', 'not_in_training', 'already_answered'];
      const asked = event.type === 'answer' ? event.questionId : '';
      const tries = state.answers.filter((a) => a.questionId === asked).length;
      if (scheme.type === 'paper' && tries >= MAX_ANSWERS_PER_QUESTION) refusals.push('too_many_answers');
      expect(refusals).toContain(next.code);
      expect(nextServed instanceof EngineError && nextServed.code).toBe(next.code);
      continue;
    }
    expect(nextServed).toEqual(next);
    if (event.type === 'draw' && looking.pending.kind === 'draw') {
      const { phase, point } = looking.pending.request;
      const at = scheme.phases.find((x) => x.phase === phase)?.points.find((x) => x.name === point);
      for (const id of next.drawn.slice(state.drawn.length)) markOf.set(id, at?.marks?.[id] ?? at?.mark ?? 1);
    }
    expect(next.maxScore).toBe(next.drawn.reduce((sum, id) => sum + (markOf.get(id) ?? Number.NaN), 0));
    for (const a of next.answers) expect(a.mark).toBe(markOf.get(a.questionId));
    events.push(event);
    state = deepFreeze(next);
    served = deepFreeze(nextServed as TrainingState);
    check(state);
  }
  return { events, state, served, now };
}

function invariants(scheme: EngineScheme) {
  const bound = trainingBound(scheme);
  return (s: TrainingState) => {
    expect(new Set(s.drawn).size).toBe(s.drawn.length);
    expect(s.drawn.length).toBeLessThanOrEqual(bound);
    for (const n of Object.values(s.entries)) expect(n).toBeLessThanOrEqual(MAX_ENTRIES);
    const counted = countedAnswers(scheme, s).reduce((sum, a) => sum + (a.score ?? 0), 0);
    expect(s.score).toBeCloseTo(counted, 9);
    expect(s.status === 'running').toBe(s.pending.kind !== 'done');
    for (const a of s.answers) expect(s.drawn).toContain(a.questionId);
    if (s.pending.kind === 'answer') expect(s.visit?.questionIds).toContain(s.pending.questionId);
    // What isDrawn relies on: the current question is among the drawn.
    if (s.pending.kind === 'answer') expect(s.drawn).toContain(s.pending.questionId);
    if (s.pending.kind === 'draw') expect(s.pending.request.exclude).toEqual(s.drawn);
    if (s.status === 'running') expect(s.visit?.n).toBe(s.entries[`${s.visit?.phase}/${s.visit?.point}`]);
    // Every answer to the visit's questions is in the visit's tail (what takeAnswer reads).
    if (scheme.type !== 'paper' && s.visit) {
      const ids = new Set(s.visit.questionIds);
      expect(visitAnswers(s.answers, s.visit)).toEqual(s.answers.filter((a) => ids.has(a.questionId)));
    }
    // What takeAnswer's search for the next question relies on: the current question is the visit's first
    // unsettled one (every question before it settled, under its point's judging).
    if (scheme.type !== 'paper' && s.visit && s.pending.kind === 'answer') {
      const { phase, point, questionIds } = s.visit;
      const way = scheme.phases.find((p) => p.phase === phase)?.points.find((p) => p.name === point)?.judgeWay;
      const settled = (id: string) => {
        const of = s.answers.filter((a) => a.questionId === id);
        return of.length >= MAX_ANSWERS_PER_QUESTION || of.some((a) => way !== 'retry' || a.isCorrect !== false);
      };
      expect(questionIds.find((id) => !settled(id))).toBe(s.pending.questionId);
    }
  };
}

/** Accepted events can never exceed: start + one draw per real entry + answers (retries included) + finish. */
const eventBound = (scheme: EngineScheme) => {
  const points = scheme.phases.reduce((n, p) => n + p.points.length, 0);
  return 1 + MAX_ENTRIES * points + (MAX_WRONG_TRIES + 1) * trainingBound(scheme) + 1;
};

describe('general trainings', () => {
  it('the generated schemes are valid', () => {
    fc.assert(
      fc.property(generalArb, (scheme) => {
        expect(validateScheme(scheme)).toEqual([]);
      }),
    );
  });

  it('end within the bounds, draw nothing twice, enter no point more than 5 times, and replay exactly', () => {
    fc.assert(
      fc.property(generalArb, worldArb, (scheme, world) => {
        const run = simulate(scheme, world, invariants(scheme), 10_000);
        expect(run.state.status).not.toBe('running');
        expect(run.events.length).toBeLessThanOrEqual(eventBound(scheme));
        expect(advanceTime(scheme, replay(scheme, run.events), run.now)).toEqual(run.state);
        expect(run.served).toEqual(run.state);
      }),
      { numRuns: 300 },
    );
  });

  it('end without a clock: only targets, caps and redirects stop them', () => {
    fc.assert(
      fc.property(generalArb, worldArb, (scheme, world) => {
        const untimed = { ...scheme, timeLimit: 0, phases: scheme.phases.map((p) => ({ ...p, timeLimit: 0 })) };
        const run = simulate(untimed, { ...world, maxDelay: 0 }, invariants(untimed), 10_000);
        expect(run.state.status).toBe('finished');
        expect(run.events.length).toBeLessThanOrEqual(eventBound(untimed));
      }),
    );
  });
});

describe('paper trainings', () => {
  it('stay within the paper, score the last answers, and replay exactly', () => {
    fc.assert(
      fc.property(paperArb, worldArb, (scheme, world) => {
        expect(validateScheme(scheme)).toEqual([]);
        const run = simulate(scheme, world, invariants(scheme), 10_000);
        expect(run.state.status).not.toBe('running');
        const paperIds = scheme.phases[0].points[0].selectors.questionIds ?? [];
        for (const id of run.state.drawn) expect(paperIds).toContain(id);
        expect(advanceTime(scheme, replay(scheme, run.events), run.now)).toEqual(run.state);
        expect(run.served).toEqual(run.state);
      }),
      { numRuns: 200 },
    );
  });
});

describe('time', () => {
  it('advancing in steps gives the same state as advancing at once', () => {
    fc.assert(
      fc.property(
        generalArb,
        worldArb,
        fc.array(fc.nat(400_000), { minLength: 1, maxLength: 6 }),
        (scheme, world, times) => {
          const run = simulate(scheme, world, () => undefined, 50);
          const sorted = [...times].sort((a, b) => a - b).map((t) => T0 + t);
          const stepped = sorted.reduce((s, t) => advanceTime(scheme, s, t), run.state);
          expect(stepped).toEqual(advanceTime(scheme, run.state, sorted[sorted.length - 1]));
        },
      ),
    );
  });
});
