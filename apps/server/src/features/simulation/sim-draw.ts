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
  const fixed = req.selectors.questionIds ?? [];
  if (fixed.length > 0) {
    const exclude = new Set(req.exclude);
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
  const exclude = req.exclude.length ? new Set(req.exclude) : null;
  const ids = selectorIds(world, req);
  return exclude ? ids.filter((id) => !exclude.has(String(id))) : [...ids];
}

const bySelector = new WeakMap<World, Map<string, number[]>>();

/** The auto-judged questions of a request's types and tags inside its knowledge range, by id; once per world. */
function selectorIds(world: World, req: DrawRequest): number[] {
  const { types: t, tags: g } = req.selectors;
  // Codes and types hold no comma or bar; tags are free text.
  const key = `${req.knowledgeIds.join(',')}|${req.kpRange.join(',')}|${t?.join(',') ?? ''}|${g ? JSON.stringify(g) : ''}`;
  let cache = bySelector.get(world);
  if (!cache) bySelector.set(world, (cache = new Map<string, number[]>()));
  const known = cache.get(key);
  if (known) return known;
  const codes = knowledgeRange(req.knowledgeIds, req.kpRange);
  const types = req.selectors.types?.length ? new Set(req.selectors.types) : null;
  const tags = req.selectors.tags?.length ? req.selectors.tags : null;
  const ids =
    codes && codes.length === 0
      ? []
      : world.questions
          .filter(
            (q) =>
              q.auto &&
              (types === null || types.has(q.type)) &&
              (tags === null || tags.some((t) => q.tags.includes(t))) &&
              (codes === null || codes.some((c) => inSubtree(q.code, c))),
          )
          .map((q) => Number(q.id));
  cache.set(key, ids);
  return ids;
}
