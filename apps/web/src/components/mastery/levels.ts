// Colours of the mastery levels (Khan-style: grey → light → deep), shared by the tables, legend and graph.
import type { MasteryLevel, MasteryPoint } from '@edu/contract';
import { MASTERY_LEVELS } from '@edu/contract';

export const LEVEL_COLORS: Record<MasteryLevel, string> = {
  none: '#bfbfbf',
  attempted: '#faad14',
  familiar: '#69b1ff',
  proficient: '#1677ff',
  mastered: '#389e0d',
};

/** How far each level is along the way to mastered (the graph's node bars). */
export const LEVEL_PROGRESS: Record<MasteryLevel, number> = {
  none: 0,
  attempted: 0.25,
  familiar: 0.5,
  proficient: 0.75,
  mastered: 1,
};

/** How many points hold each level. */
export function levelCounts(points: readonly Pick<MasteryPoint, 'level'>[]): Record<MasteryLevel, number> {
  const out = Object.fromEntries(MASTERY_LEVELS.map((l) => [l, 0])) as Record<MasteryLevel, number>;
  for (const p of points) out[p.level]++;
  return out;
}
