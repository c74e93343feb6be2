// The mastery levels and the thresholds that decide them, without zod: the web's legends and level names import
// this much and not the schemas (docs/performance.md "Bundle"). mastery.ts re-exports it with the schemas.
export const MASTERY_LEVELS = ['none', 'attempted', 'familiar', 'proficient', 'mastered'] as const;

/** How many of the latest answers in a subtree decide its level. */
export const MASTERY_WINDOW = 10;
/** Least answers (in the window) and least share right for each level below mastered. */
export const MASTERY_THRESHOLDS = {
  attempted: { answers: 1, right: 0 },
  familiar: { answers: 3, right: 0.7 },
  proficient: { answers: 5, right: 0.85 },
} as const;

/** The level a window of judged answers (latest last) earns without the mastered rules. */
export function windowLevel(rightFlags: readonly boolean[]): Exclude<(typeof MASTERY_LEVELS)[number], 'mastered'> {
  const window = rightFlags.slice(-MASTERY_WINDOW);
  const n = window.length;
  if (n === 0) return 'none';
  const share = window.filter(Boolean).length / n;
  const { familiar, proficient } = MASTERY_THRESHOLDS;
  if (n >= proficient.answers && share >= proficient.right) return 'proficient';
  if (n >= familiar.answers && share >= familiar.right) return 'familiar';
  return 'attempted';
}
