// The simulated world (docs/simulation.md "The world"): a question bank with a 3PL item per question, the latent
// knowledge points the questions hang on, each point's difficulty and its prerequisites from a knowledge graph.
// Built from plain inputs (questions as the API writes them, graph edges as codes), so the demo world and a test's
// small world are built the same way.
import type { JudgeSubSource, JudgeTarget, QuestionType, SubQuestionType } from '@edu/contract';
import { blindGuess } from '../ability/ability-order.js';
import { selfAndAncestors } from '../mastery/mastery-levels.js';
import type { StudentModel } from './sim-params.js';
import { stream } from './sim-random.js';

/** A question as the bank holds it (a `QuestionFields` with its id fits). */
export interface SourceQuestion {
  id: string;
  knowledgeId: string;
  type: QuestionType;
  judgeType: 'auto' | 'manual';
  answer: string[];
  options?: { key: string }[];
  questionSub?: { type: SubQuestionType; answer: string[]; options?: { key: string }[] }[];
  tags?: string[];
}

export interface WorldSource {
  questions: SourceQuestion[];
  /** Prerequisite → dependant, as knowledge point codes (a graph item stands for its subtree). */
  edges: [string, string][];
}

/** 3PL: P(right) = c + (1 − c) · logistic(D · a · (θ − b)). */
export interface ItemParams {
  a: number;
  b: number;
  c: number;
}

/** One answerable part: the question itself, or a sub-question of a reading question. */
export interface SimPart {
  type: SubQuestionType | QuestionType;
  /** The standard answer (option keys, T/F, blanks with alternatives, a reference text). */
  answer: string[];
  keys: string[];
  item: ItemParams;
}

export interface SimQuestion {
  id: string;
  code: string;
  type: QuestionType;
  auto: boolean;
  tags: string[];
  /** What the real judge reads. */
  judge: JudgeTarget;
  /** The parts answered: one, or a reading question's sub-questions (ids `${id}.${n}`). */
  parts: (SimPart & { subId: string | null })[];
}

export interface World {
  questions: SimQuestion[];
  byId: Map<string, SimQuestion>;
  /** The latent points: every code a question hangs on, sorted. */
  points: string[];
  /** b̄ of each latent point (its typical question's difficulty). */
  difficulty: Map<string, number>;
  /** For each latent point, its prerequisite groups: the latent points under each prerequisite's code. */
  prerequisites: Map<string, string[][]>;
  edges: [string, string][];
}

const inSubtree = (code: string, root: string) => code === root || code.startsWith(`${root}.`);

/** The guessing parameter of a part: a uniform pick among the options (or subsets); near 0 when typed. */
export function guessing(model: StudentModel, type: SimPart['type'], options: number): number {
  // The product's blind guess (ability-order.ts), plus a careless typist's luck on typed answers.
  return type === 'fillBlank' || type === 'translation' ? model.typedGuess : blindGuess(type, options);
}

export function buildWorld(model: StudentModel, seed: number, source: WorldSource): World {
  const points = [...new Set(source.questions.map((q) => q.knowledgeId))].sort();
  const prerequisites = prerequisitesOf(points, source.edges);
  const difficulty = new Map<string, number>();
  const rng = stream(seed, 'points');
  const { mean, sd, perLevel } = model.pointDifficulty;
  const levels = levelsOf(points, prerequisites);
  for (const p of points) difficulty.set(p, mean + rng.normal(0, sd) + perLevel * (levels.get(p) ?? 0));
  const items = stream(seed, 'items');
  const itemOf = (code: string, type: SimPart['type'], options: number, shift = 0): ItemParams => ({
    a: Math.exp(items.normal(0, model.discriminationLogSd)),
    b: difficulty.get(code)! + shift + items.normal(0, model.itemDifficultySd),
    c: guessing(model, type, options),
  });
  const questions = source.questions.map((q): SimQuestion => {
    const subs = (q.questionSub ?? []).map((s, i) => ({ ...s, questionSubId: `${q.id}.${i + 1}` }));
    const judge: JudgeTarget = {
      type: q.type,
      judgeType: q.judgeType,
      answer: q.answer,
      questionSub: subs.map((s): JudgeSubSource => ({ ...s, status: 'accepted' })),
    };
    const own = itemOf(q.knowledgeId, q.type, q.options?.length ?? 0);
    const parts =
      q.type === 'enReading'
        ? subs.map((s) => ({
            subId: s.questionSubId,
            type: s.type,
            answer: s.answer,
            keys: (s.options ?? []).map((o) => o.key),
            item: { ...itemOf(q.knowledgeId, s.type, s.options?.length ?? 0, own.b - difficulty.get(q.knowledgeId)!) },
          }))
        : [{ subId: null, type: q.type, answer: q.answer, keys: (q.options ?? []).map((o) => o.key), item: own }];
    return {
      id: q.id,
      code: q.knowledgeId,
      type: q.type,
      auto: q.judgeType === 'auto',
      tags: q.tags ?? [],
      judge,
      parts,
    };
  });
  return {
    questions,
    byId: new Map(questions.map((q) => [q.id, q])),
    points,
    difficulty,
    prerequisites,
    edges: source.edges,
  };
}

/** Edges onto a point or an ancestor of it gate it; the group is every latent point under the edge's start. */
function prerequisitesOf(points: string[], edges: [string, string][]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const p of points) {
    const mine = new Set(selfAndAncestors(p));
    const groups = edges
      .filter(([, to]) => mine.has(to))
      .map(([from]) => points.filter((q) => inSubtree(q, from) && q !== p))
      .filter((g) => g.length > 0);
    if (groups.length) out.set(p, groups);
  }
  return out;
}

/** The longest chain of prerequisites beneath each point (0 = none); a cycle stops where it closes. */
function levelsOf(points: string[], prerequisites: Map<string, string[][]>): Map<string, number> {
  const levels = new Map<string, number>();
  const visiting = new Set<string>();
  const level = (p: string): number => {
    const known = levels.get(p);
    if (known !== undefined) return known;
    if (visiting.has(p)) return 0;
    visiting.add(p);
    let deepest = 0;
    for (const group of prerequisites.get(p) ?? []) for (const q of group) deepest = Math.max(deepest, level(q) + 1);
    visiting.delete(p);
    levels.set(p, deepest);
    return deepest;
  };
  for (const p of points) level(p);
  return levels;
}

/** The latent points under any of these codes (all when none is given). */
export const pointsIn = (world: World, range: readonly string[]) =>
  range.length === 0 ? world.points : world.points.filter((p) => range.some((r) => inSubtree(p, r)));
