// Reading levels of docs/reading.md "Language data and formatting": the learner levels a teacher chooses when an
// article is formatted (docs/product.md §1, §3 `outScopeWords`), in rising order, matched to ECDICT's exam tags.

export const READING_LEVELS = ['junior', 'senior', 'cet4', 'cet6', 'kaoyan'] as const; // 初中 高中 CET-4 CET-6 考研
export type ReadingLevel = (typeof READING_LEVELS)[number];

export const READING_LEVEL_NAMES: Record<ReadingLevel, string> = {
  junior: '初中',
  senior: '高中',
  cet4: 'CET-4',
  cet6: 'CET-6',
  kaoyan: '考研',
};

/** ECDICT's exam tags, one per level: zk 中考, gk 高考, cet4, cet6, ky 考研. */
export const ECDICT_LEVEL_TAGS: Record<string, ReadingLevel> = {
  zk: 'junior',
  gk: 'senior',
  cet4: 'cet4',
  cet6: 'cet6',
  ky: 'kaoyan',
};

/** 0 for junior … 4 for kaoyan. */
export const levelRank = (level: ReadingLevel): number => READING_LEVELS.indexOf(level);

export function isReadingLevel(value: unknown): value is ReadingLevel {
  return typeof value === 'string' && (READING_LEVELS as readonly string[]).includes(value);
}
