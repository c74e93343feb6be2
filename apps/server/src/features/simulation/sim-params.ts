// The synthetic student model's parameters and their defaults. Each value, its meaning and where it comes from:
// docs/simulation.md "Parameters".
import type { QuestionType } from '@edu/contract';

export type Profile = 'weak' | 'typical' | 'strong';
export const PROFILES: readonly Profile[] = ['weak', 'typical', 'strong'];

export interface StudentModel {
  /** The logistic scale D of IRT (1.7 makes the logistic close to the normal ogive). */
  scale: number;
  /** Mean general ability of each profile, on the logit scale of the items. */
  profileMean: Record<Profile, number>;
  /** Spread of general ability within a profile. */
  abilitySd: number;
  /** Spread of a student's ability on one point around their general ability. */
  pointSd: number;
  /** A point's difficulty: mean and spread, plus this much per level of prerequisites beneath it. */
  pointDifficulty: { mean: number; sd: number; perLevel: number };
  /** Spread of a question's difficulty around its point's. */
  itemDifficultySd: number;
  /** Discrimination a = exp(N(0, sd)). */
  discriminationLogSd: number;
  /** Chance that a typed answer (fill-in-the-blank, translation) given without knowing is right all the same. */
  typedGuess: number;
  /** Per student: the chance of answering wrong what they know (mean, spread, bound). */
  slip: { mean: number; sd: number; max: number };
  /** Per typed entry: the chance of a careless typo in an answer the student knows. */
  typo: number;
  /** Ability gained per answer (logits), by what the student saw; a student's rate and the bound above a point. */
  learning: {
    right: number;
    wrongWithKey: number;
    wrongVerdictOnly: number;
    rateLogSd: number;
    rateAbility: number;
    capAbove: number;
  };
  /** The least share of learning a point gets when its prerequisites are unknown. */
  gateFloor: number;
  /** Forgetting of the learnt part of ability: R = exp(−days / S); S in days. */
  forgetting: {
    initialStability: number;
    minStability: number;
    maxStability: number;
    spacingGain: number;
    massedGain: number;
    maxGrowth: number;
    lapse: number;
  };
  /** Remembering one question's answer once its key was shown: P = strength · exp(−days / S). */
  itemMemory: { strength: number; stability: number; growth: number };
  /** A point is truly mastered when the student knows its typical question with at least this probability. */
  trueMastery: number;
  /** Median seconds an answer takes, by type; per student a speed factor, per answer a spread. */
  seconds: Record<QuestionType, number>;
  speedLogSd: number;
  timeLogSd: number;
  /** A further try of the same question (judgeWay retry) takes this share of the first. */
  retryTimeShare: number;
}

export const DEFAULT_MODEL: StudentModel = {
  scale: 1.7,
  profileMean: { weak: -1, typical: 0, strong: 1 },
  abilitySd: 0.7,
  pointSd: 0.4,
  pointDifficulty: { mean: 0.5, sd: 0.4, perLevel: 0.3 },
  itemDifficultySd: 0.4,
  discriminationLogSd: 0.3,
  typedGuess: 0.01,
  slip: { mean: 0.05, sd: 0.02, max: 0.1 },
  typo: 0.03,
  learning: { right: 0.15, wrongWithKey: 0.3, wrongVerdictOnly: 0.05, rateLogSd: 0.25, rateAbility: 0.15, capAbove: 3 },
  gateFloor: 0.1,
  forgetting: {
    initialStability: 2.3,
    minStability: 1,
    maxStability: 365,
    spacingGain: 9,
    massedGain: 0.02,
    maxGrowth: 5,
    lapse: 0.7,
  },
  itemMemory: { strength: 0.4, stability: 1, growth: 2 },
  trueMastery: 0.9,
  seconds: {
    singleChoice: 25,
    multipleChoice: 45,
    trueFalse: 15,
    fillBlank: 40,
    translation: 90,
    shortAnswer: 120,
    enReading: 240,
  },
  speedLogSd: 0.3,
  timeLogSd: 0.35,
  retryTimeShare: 0.5,
};

/** The defaults with some values replaced (`--model file.json`): nested groups merge one level deep. */
export function withOverrides(base: StudentModel, overrides: Record<string, unknown>): StudentModel {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in base)) throw new Error(`unknown model parameter "${key}"`);
    const current = out[key];
    out[key] =
      typeof current === 'object' && current !== null && typeof value === 'object' && value !== null
        ? { ...current, ...value }
        : value;
  }
  return out as unknown as StudentModel;
}
