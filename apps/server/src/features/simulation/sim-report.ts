// The figures of a run per strategy and their markdown (docs/simulation.md "Truth against estimate"): questions and
// minutes to true mastery (median and p90 over every student, one who never got there counting as never), final
// true mastery, precision and recall of 已掌握, and a calibration table per product level.
import { MASTERY_LEVELS, type MasteryLevel } from '@edu/contract';
import type { StudentOutcome } from './sim-outcome.js';
import { PROFILES, type Profile } from './sim-params.js';

export interface Quantiles {
  /** null: fewer than that share of the students got there. */
  median: number | null;
  p90: number | null;
}

export interface CalibrationRow {
  level: MasteryLevel;
  pairs: number;
  /** Mean probability of knowing the point's typical question, and the share truly mastered. */
  meanKnow: number | null;
  trulyMastered: number | null;
}

export interface StrategyReport {
  name: string;
  description: string;
  students: number;
  meanAnswers: number;
  meanMinutes: number;
  reached: { share: number; answers: Quantiles; minutes: Quantiles };
  /** Over the (student, point) pairs not mastered at the start: the point's own answers until it truly was. */
  pointAnswers: Quantiles;
  initialTrueMastery: number;
  finalTrueMastery: number;
  mastered: {
    /** At the end: of the (student, point) pairs the product calls 已掌握, the share truly mastered; and the reverse. */
    precision: number | null;
    recall: number | null;
    /** Recall among the points the student answered at all. */
    recallAnswered: number | null;
    /** Every moment the product turned a point 已掌握: how many, and the share true at that moment. */
    declared: number;
    declaredPrecision: number | null;
  };
  calibration: CalibrationRow[];
  points: { code: string; reached: number; answers: Quantiles }[];
  byProfile: { profile: Profile; students: number; reached: number; finalTrueMastery: number }[];
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const round = (x: number | null, digits = 3) => (x === null ? null : Number(x.toFixed(digits)));

/** The q-quantile (nearest rank) with Infinity for "never": null when it falls on a never. */
function quantile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const v = sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
  return Number.isFinite(v) ? v : null;
}

const quantiles = (values: number[], digits = 1): Quantiles => ({
  median: round(quantile(values, 0.5), digits),
  p90: round(quantile(values, 0.9), digits),
});

export function summarise(
  name: string,
  description: string,
  targets: readonly string[],
  outcomes: StudentOutcome[],
): StrategyReport {
  const n = outcomes.length;
  const pairs = outcomes.flatMap((o) => o.final);
  const called = pairs.filter((p) => p.level === 'mastered');
  const truths = pairs.filter((p) => p.truth);
  const answeredTruths = truths.filter((p) => p.answered);
  const declared = outcomes.reduce((s, o) => s + o.declared, 0);
  const never = Number.POSITIVE_INFINITY;
  return {
    name,
    description,
    students: n,
    meanAnswers: round(outcomes.reduce((s, o) => s + o.answers, 0) / Math.max(1, n), 1)!,
    meanMinutes: round(outcomes.reduce((s, o) => s + o.seconds, 0) / 60 / Math.max(1, n), 1)!,
    reached: {
      share: round(outcomes.filter((o) => o.reached).length / Math.max(1, n))!,
      answers: quantiles(
        outcomes.map((o) => o.reached?.answers ?? never),
        0,
      ),
      minutes: quantiles(outcomes.map((o) => (o.reached ? o.reached.seconds / 60 : never))),
    },
    pointAnswers: quantiles(outcomes.flatMap((o) => o.pointAnswers.filter((a) => a !== 0).map((a) => a ?? never), 0)),
    initialTrueMastery: round(outcomes.reduce((s, o) => s + o.initiallyMastered, 0) / Math.max(1, n * targets.length))!,
    finalTrueMastery: round(truths.length / Math.max(1, pairs.length))!,
    mastered: {
      precision: round(ratio(called.filter((p) => p.truth).length, called.length)),
      recall: round(ratio(truths.filter((p) => p.level === 'mastered').length, truths.length)),
      recallAnswered: round(ratio(answeredTruths.filter((p) => p.level === 'mastered').length, answeredTruths.length)),
      declared,
      declaredPrecision: round(
        ratio(
          outcomes.reduce((s, o) => s + o.declaredTrue, 0),
          declared,
        ),
      ),
    },
    calibration: MASTERY_LEVELS.map((level) => {
      const rows = pairs.filter((p) => p.level === level);
      return {
        level,
        pairs: rows.length,
        meanKnow: round(
          ratio(
            rows.reduce((s, p) => s + p.know, 0),
            rows.length,
          ),
        ),
        trulyMastered: round(ratio(rows.filter((p) => p.truth).length, rows.length)),
      };
    }),
    points: targets.map((code, i) => {
      const answers = outcomes.map((o) => o.pointAnswers[i] ?? never);
      return {
        code,
        reached: round(answers.filter(Number.isFinite).length / Math.max(1, n))!,
        answers: quantiles(answers, 0),
      };
    }),
    byProfile: PROFILES.map((profile) => {
      const mine = outcomes.filter((o) => o.profile === profile);
      const finals = mine.flatMap((o) => o.final);
      return {
        profile,
        students: mine.length,
        reached: round(mine.filter((o) => o.reached).length / Math.max(1, mine.length))!,
        finalTrueMastery: round(finals.filter((p) => p.truth).length / Math.max(1, finals.length))!,
      };
    }).filter((p) => p.students > 0),
  };
}

const show = (x: number | null, suffix = '') => (x === null ? '—' : `${x}${suffix}`);
const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);

/** The run as markdown: the strategies side by side, then each one's calibration. */
export function markdownOf(title: string, settings: string, reports: StrategyReport[]): string {
  const lines = [
    `# ${title}`,
    '',
    settings,
    '',
    '| strategy | answers / student | minutes / student | all points truly mastered | answers to it (median / p90) | minutes to it (median / p90) | a point: its answers to true mastery (median / p90) | true mastery start → end | 已掌握 precision | 已掌握 recall | precision when declared (times) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...reports.map(
      (r) =>
        `| ${r.name} | ${r.meanAnswers} | ${r.meanMinutes} | ${pct(r.reached.share)} | ${show(r.reached.answers.median)} / ${show(r.reached.answers.p90)} | ${show(r.reached.minutes.median)} / ${show(r.reached.minutes.p90)} | ${show(r.pointAnswers.median)} / ${show(r.pointAnswers.p90)} | ${pct(r.initialTrueMastery)} → ${pct(r.finalTrueMastery)} | ${pct(r.mastered.precision)} | ${pct(r.mastered.recall)} | ${pct(r.mastered.declaredPrecision)} (${r.mastered.declared}) |`,
    ),
    '',
  ];
  for (const r of reports) {
    lines.push(
      `## ${r.name}`,
      '',
      r.description,
      '',
      '| profile | students | all points truly mastered | true mastery at the end |',
    );
    lines.push('| --- | ---: | ---: | ---: |');
    for (const p of r.byProfile)
      lines.push(`| ${p.profile} | ${p.students} | ${pct(p.reached)} | ${pct(p.finalTrueMastery)} |`);
    lines.push('', '| product level | pairs | mean P(know) | truly mastered |');
    lines.push('| --- | ---: | ---: | ---: |');
    for (const c of r.calibration)
      lines.push(`| ${c.level} | ${c.pairs} | ${show(c.meanKnow)} | ${pct(c.trulyMastered)} |`);
    lines.push('', '| point | reached | its answers to it (median / p90) |', '| --- | ---: | ---: |');
    for (const p of r.points)
      lines.push(`| ${p.code} | ${pct(p.reached)} | ${show(p.answers.median)} / ${show(p.answers.p90)} |`);
    lines.push('');
  }
  return lines.join('\n');
}
