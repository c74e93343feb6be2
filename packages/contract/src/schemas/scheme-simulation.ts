// A scheme's dry run (docs/simulation.md "Dry run of a scheme"): synthetic students of a chosen ability spread
// through one training of the scheme, off the request thread as a job, and what it shows the scheme's editor.
import { z } from 'zod';

/** The most students of one dry run (docs/simulation.md "Dry run of a scheme"). */
export const SIMULATION_STUDENTS_MAX = 10_000;
export const SIMULATION_SPREADS = ['weak', 'typical', 'strong', 'mix'] as const;
export type SimulationSpread = (typeof SIMULATION_SPREADS)[number];

export const SchemeSimulationRequest = z.object({
  students: z
    .number({ error: '模拟人数必须是整数' })
    .int('模拟人数必须是整数')
    .min(1, '模拟人数至少 1 人')
    .max(SIMULATION_STUDENTS_MAX, `模拟人数最多 ${SIMULATION_STUDENTS_MAX} 人`)
    .default(1000),
  spread: z.enum(SIMULATION_SPREADS, { error: '能力分布只能是 weak、typical、strong 或 mix' }).default('mix'),
});
export type SchemeSimulationRequest = z.infer<typeof SchemeSimulationRequest>;

export const SchemeSimulationStarted = z.object({ jobId: z.string() });
export type SchemeSimulationStarted = z.infer<typeof SchemeSimulationStarted>;

/** Median and 90th percentile over the students. */
const Spread = z.object({ median: z.number(), p90: z.number() });

/** How many students used 0–4, 5–9 … questions (`from` inclusive, `to` exclusive). */
const Bucket = z.object({ from: z.number().int(), to: z.number().int(), students: z.number().int() });

const Usage = z.object({
  questions: Spread,
  minutes: Spread,
  /** Questions answered per student, as a histogram. */
  histogram: z.array(Bucket),
  /** Students whose points were truly mastered (latent P(know) ≥ 0.9) before and after, as a share of pairs. */
  trueMasteryBefore: z.number(),
  trueMasteryAfter: z.number(),
});

export const SimulationPhase = z.object({
  phase: z.string(),
  /** Students who entered the phase. */
  entered: z.number().int(),
  /** Students who left the phase by a passed visit (its target reached). */
  reached: z.number().int(),
});

export const SimulationStuck = z.object({
  phase: z.string(),
  point: z.string(),
  /** Students who entered this point more than once in the training (a loop). */
  looped: z.number().int(),
  /** Students who entered it the engine's maximum number of times (5). */
  capped: z.number().int(),
  /** Draws that brought fewer questions than the point asks for, and none at all. */
  shortDraws: z.number().int(),
  emptyDraws: z.number().int(),
});

export const SimulationPoint = z.object({
  code: z.string(),
  /** Students per mastery level the product gives the point after the training. */
  levels: z.object({
    none: z.number().int(),
    attempted: z.number().int(),
    familiar: z.number().int(),
    proficient: z.number().int(),
    mastered: z.number().int(),
  }),
  /** Share of students truly mastering the point before and after. */
  trueBefore: z.number(),
  trueAfter: z.number(),
});

export const SimulationResult = z.object({
  students: z.number().int(),
  spread: z.enum(SIMULATION_SPREADS),
  /** Questions of the agency's bank the scheme can draw (the simulated bank). */
  bankQuestions: z.number().int(),
  scheme: Usage,
  /** Students whose training ran out of time (the scheme's or the phase's limit, or 2 hours). */
  timedOut: z.number().int(),
  phases: z.array(SimulationPhase),
  stuck: z.array(SimulationStuck),
  points: z.array(SimulationPoint),
  /** The same questions as a fixed paper, for the same students (null: the scheme is a paper or draws nothing). */
  paper: Usage.extend({ questionCount: z.number().int() }).nullable(),
  /** Seconds the run took. */
  seconds: z.number(),
});
export type SimulationResult = z.infer<typeof SimulationResult>;

export const SchemeSimulationJob = z.object({
  jobId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  processed: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Why it failed (Chinese), else null. */
  message: z.string().nullable(),
  result: SimulationResult.nullable(),
});
export type SchemeSimulationJob = z.infer<typeof SchemeSimulationJob>;

export const SimulationJobParams = z.object({ jobId: z.string().regex(/^[0-9a-f]{1,64}$/, '任务编号无效') });
