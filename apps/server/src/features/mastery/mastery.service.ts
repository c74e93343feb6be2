// The student's mastery per knowledge point, computed on read from the answer history (mastery-levels.ts).
import type { KpLevel, MasteryPoint, MasteryQuery } from '@edu/contract';
import type { Owner } from '../wrong-book/wrong-book.repository.js';
import { masteryByPoint } from './mastery-levels.js';
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
}
