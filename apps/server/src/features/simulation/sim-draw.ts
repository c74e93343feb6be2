// The server's draw rule over the simulated bank (training-draw.ts; docs/simulation.md "Draws"): a fixed list keeps
// its order (auto-judged ones only, unless a paper), otherwise the selectors' types and tags inside the phase's and
// scheme's knowledge subtrees (the contract's `knowledgeRange`), never a question drawn before in the training, and
// the contract's `chooseAmongIds` picks among them — least seen by the student first, then seeded.
import { chooseAmongIds, knowledgeRange, type DrawRequest } from '@edu/contract';
import type { World } from './sim-world.js';

export interface DrawContext {
  /** Every answer record of the student so far, counted per question (the server's `seenCounts`). */
  seen: ReadonlyMap<number, number>;
  seed: number;
  drawNo: number;
  paper: boolean;
}

const inSubtree = (code: string, root: string) => code === root || code.startsWith(`${root}.`);

export function drawQuestions(world: World, req: DrawRequest, ctx: DrawContext): string[] {
  const exclude = new Set(req.exclude);
  const fixed = req.selectors.questionIds ?? [];
  if (fixed.length > 0) {
    const left = [...new Set(fixed)].filter((id) => {
      const q = world.byId.get(id);
      return q !== undefined && (ctx.paper || q.auto) && !exclude.has(id);
    });
    return ctx.paper ? left : left.slice(0, req.count);
  }
  return chooseAmongIds(eligibleIds(world, req), ctx.seen, { count: req.count, seed: ctx.seed, drawNo: ctx.drawNo });
}

/** A selector draw's candidates: its types and tags inside the knowledge range, auto-judged, not drawn before. */
export function eligibleIds(world: World, req: DrawRequest): number[] {
  const exclude = new Set(req.exclude);
  const codes = knowledgeRange(req.knowledgeIds, req.kpRange);
  if (codes && codes.length === 0) return [];
  const types = req.selectors.types?.length ? new Set(req.selectors.types) : null;
  const tags = req.selectors.tags?.length ? req.selectors.tags : null;
  return world.questions
    .filter(
      (q) =>
        q.auto &&
        !exclude.has(q.id) &&
        (types === null || types.has(q.type)) &&
        (tags === null || tags.some((t) => q.tags.includes(t))) &&
        (codes === null || codes.some((c) => inSubtree(q.code, c))),
    )
    .map((q) => Number(q.id));
}
