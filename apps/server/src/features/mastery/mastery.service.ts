// The student's mastery per knowledge point, computed on read from the answer history (mastery-levels.ts).
import { MASTERY_LEVELS, type KpLevel, type LevelCounts, type MasteryPoint, type MasteryQuery } from '@edu/contract';
import type { Owner } from '../wrong-book/book-rows.js';
import { masteryByPoint, type PointMastery } from './mastery-levels.js';
import type { MasteryRepository } from './mastery.repository.js';

export class MasteryService {
  constructor(private readonly repo: MasteryRepository) {}

  async points(o: Owner, q: MasteryQuery): Promise<MasteryPoint[]> {
    const [answers, points] = await Promise.all([this.repo.answers(o, q.subject), this.repo.points(q.subject)]);
    const levels = masteryByPoint(answers);
    return points.flatMap((p) => {
      const m = levels.get(p.code);
      if (!m && q.scope === 'mine') return [];
      return [
        {
          code: p.code,
          parentCode: p.parentCode,
          name: p.name,
          lv: p.lv as KpLevel,
          sort: p.sort,
          level: m?.level ?? 'none',
          masteredBy: m?.masteredBy ?? null,
          windowAnswers: m?.windowAnswers ?? 0,
          windowCorrect: m?.windowCorrect ?? 0,
          totalAnswers: m?.totalAnswers ?? 0,
          lastAnswerTime: m?.lastAnswerTime ?? null,
        },
      ];
    });
  }

  /**
   * How many points of the whole tree hold each level now and as the answers stood at `before` (the student
   * home's progress, docs/student-home.md): the same levels as `points` with scope `all`, counted.
   */
  async levelCounts(o: Owner, before: number): Promise<{ total: number; now: LevelCounts; weekAgo: LevelCounts }> {
    const [answers, points] = await Promise.all([this.repo.answers(o), this.repo.points()]);
    const count = (levels: Map<string, PointMastery>) => {
      const out = Object.fromEntries(MASTERY_LEVELS.map((l) => [l, 0])) as LevelCounts;
      for (const p of points) out[levels.get(p.code)?.level ?? 'none']++;
      return out;
    };
    return {
      total: points.length,
      now: count(masteryByPoint(answers)),
      weekAgo: count(masteryByPoint(answers.filter((a) => a.at <= before))),
    };
  }
}
