// Truth against estimate for one simulated student (docs/simulation.md "Truth against estimate"): answers and time
// until every target point is truly mastered, each point's answers until it is, every moment the product turns a
// point 已掌握 (right or not), and at the end each point's product level beside its latent truth.
import type { MasteryLevel } from '@edu/contract';
import type { StudentLog } from './sim-log.js';
import type { Profile, StudentModel } from './sim-params.js';
import type { World } from './sim-world.js';
import { knowProbability, trulyMastered, type SimStudent } from './student-model.js';

export interface FinalPoint {
  level: MasteryLevel;
  /** The probability of knowing the point's typical question at the end. */
  know: number;
  truth: boolean;
  answered: boolean;
}

export interface StudentOutcome {
  profile: Profile;
  answers: number;
  seconds: number;
  /** The first moment every target point was truly mastered at once: answers and seconds used until then. */
  reached: { answers: number; seconds: number } | null;
  /** Per target point: its answers until it was first truly mastered (0: before any; null: never). */
  pointAnswers: (number | null)[];
  initiallyMastered: number;
  /** Times the product turned a target point 已掌握, and how many of those were true at that moment. */
  declared: number;
  declaredTrue: number;
  final: FinalPoint[];
}

export class OutcomeTracker {
  private answers = 0;
  private seconds = 0;
  private reached: StudentOutcome['reached'] = null;
  private readonly onPoint: number[];
  private readonly pointAnswers: (number | null)[];
  private readonly wasMastered: boolean[];
  private readonly initiallyMastered: number;
  private declared = 0;
  private declaredTrue = 0;

  constructor(
    private readonly model: StudentModel,
    private readonly world: World,
    private readonly student: SimStudent,
    private readonly targets: readonly string[],
    private readonly log: StudentLog,
    startAt: number,
  ) {
    this.onPoint = targets.map(() => 0);
    this.wasMastered = targets.map(() => false);
    this.pointAnswers = targets.map((t) => (this.truth(t, startAt) ? 0 : null));
    this.initiallyMastered = this.pointAnswers.filter((a) => a === 0).length;
    if (this.initiallyMastered === targets.length) this.reached = { answers: 0, seconds: 0 };
  }

  private truth(code: string, at: number) {
    return trulyMastered(this.model, this.world, this.student, code, at);
  }

  /** After each stored answer, once the student has learnt from it. */
  afterAnswer(code: string, seconds: number, now: number) {
    this.answers++;
    this.seconds += seconds;
    const i = this.targets.indexOf(code);
    if (i >= 0) this.onPoint[i]++;
    let all = true;
    this.targets.forEach((t, j) => {
      const mastered = this.truth(t, now);
      if (mastered && this.pointAnswers[j] === null) this.pointAnswers[j] = this.onPoint[j];
      all &&= mastered;
    });
    if (all && this.reached === null) this.reached = { answers: this.answers, seconds: this.seconds };
  }

  /** After answers start to count for the product (a training ended, a review stored): any new 已掌握? */
  afterCounted(now: number) {
    const mastery = this.log.levels(this.targets);
    this.targets.forEach((t, j) => {
      const mastered = mastery.get(t)?.level === 'mastered';
      if (mastered && !this.wasMastered[j]) {
        this.declared++;
        if (this.truth(t, now)) this.declaredTrue++;
      }
      this.wasMastered[j] = mastered;
    });
  }

  finish(endAt: number): StudentOutcome {
    const mastery = this.log.levels(this.targets);
    return {
      profile: this.student.profile,
      answers: this.answers,
      seconds: this.seconds,
      reached: this.reached,
      pointAnswers: this.pointAnswers,
      initiallyMastered: this.initiallyMastered,
      declared: this.declared,
      declaredTrue: this.declaredTrue,
      final: this.targets.map((t) => ({
        level: mastery.get(t)?.level ?? 'none',
        know: knowProbability(this.model, this.world, this.student, t, endAt),
        truth: this.truth(t, endAt),
        answered: mastery.has(t),
      })),
    };
  }
}
