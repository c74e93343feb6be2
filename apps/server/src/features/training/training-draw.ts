// Answers the engine's draw requests from the question bank: the point's selectors inside the phase's
// subtrees and the scheme's kpRange, auto-judged questions only (any type on a paper), never one drawn before
// in the training, never one sealed for the student by another of their trainings (a paper's fixed list takes its
// questions all the same: docs/practice-engine.md "Sealing"); the engine's `chooseAmongIds` (`chooseQuestions`
// over numeric ids) orders them (least seen by the student first, then seeded). A point of draw mode `ability`
// reorders the least seen by their information at the student's ability (docs/practice-engine.md "Draw modes").
import { chooseAmongIds, knowledgeRange, type DrawRequest } from '@edu/contract';
import { parseNumericId } from '../../lib/ids.js';
import type { AbilityDrawOrder } from '../ability/ability.service.js';
import type { QuestionReads, Visibility } from '../questions/question-reads.js';
import type { TrainingRepository } from './training.repository.js';

/** A point draws among at most this many candidates (the newest matching questions). */
const MAX_CANDIDATES = 5_000;

export class TrainingDraws {
  constructor(
    private readonly questions: QuestionReads,
    private readonly trainings: TrainingRepository,
    /** The draw mode `ability`; without it such a point draws least seen first. */
    private readonly ability?: AbilityDrawOrder,
  ) {}

  async draw(
    v: Visibility,
    req: DrawRequest,
    ctx: { userId: number; seed: number; drawNo: number; paper: boolean; sealed: ReadonlySet<string> },
  ): Promise<string[]> {
    const fixed = req.selectors.questionIds ?? [];
    const exclude = new Set(req.exclude);
    // A paper's own fixed list is its paper: it takes its questions, sealing them for the other trainings.
    if (!(ctx.paper && fixed.length > 0)) for (const id of ctx.sealed) exclude.add(id);
    if (fixed.length > 0) {
      // A fixed list keeps its order: the visible active ones not drawn yet. Only their ids are read, from the
      // process's copy of the list while the bank version stands (question-pool.ts): every student starting a paper
      // asks for the same list.
      const ids = [...new Set(fixed.map(parseNumericId).filter((n): n is number => n !== null))];
      const filter = { ids, autoJudged: ctx.paper ? undefined : true };
      const visible = new Set(await this.questions.matchingIds(v, filter, ids.length));
      const left = ids.filter((id) => visible.has(id) && !exclude.has(String(id))).map(String);
      return ctx.paper ? left : left.slice(0, req.count);
    }
    const codes = knowledgeRange(req.knowledgeIds, req.kpRange);
    if (codes && codes.length === 0) return [];
    const ids = await this.questions.matchingIds(
      v,
      {
        types: req.selectors.types?.length ? req.selectors.types : undefined,
        tags: req.selectors.tags?.length ? req.selectors.tags : undefined,
        knowledgeIds: codes ?? undefined,
        autoJudged: true,
      },
      MAX_CANDIDATES,
    );
    const drawn = exclude.size === 0 ? undefined : new Set([...exclude].map(Number));
    // Asked for every candidate, not only the fresh ones: draws arriving together then ask for the same list, which
    // their shared statement takes once, where each training's own fresh list made it merge them all (a visit's end
    // reached by a class at once: docs/performance.md "The visit-end wave's draws"). The choice is among the list
    // without what was drawn, whose kept hashes serve every draw (no fresh copy to hash again).
    const seen = await this.trainings.seenCounts(ctx.userId, ids);
    const choice = { seed: ctx.seed, drawNo: ctx.drawNo, without: drawn };
    if (req.draw === 'ability' && this.ability) {
      // The least-seen rule's whole order, so that ties in seen and information keep its seeded order.
      const order = chooseAmongIds(ids, seen, { ...choice, count: ids.length });
      const ordered = order.map((id) => ({ id, seen: seen.get(Number(id)) ?? 0 }));
      return this.ability.order(v.agencyId, ctx.userId, ordered, req.count);
    }
    return chooseAmongIds(ids, seen, { ...choice, count: req.count });
  }
}
