// Strategies (docs/simulation.md "Strategies"): a scheme as staff send it to the API (general, or a paper's
// ordered submission), the same questions as a fixed paper, and two policies of graph practice — the knowledge
// graph's "ready to learn" (with the mastery check once proficient) and random practice — each training built by
// the product's own code (paperScheme, the graph's system scheme and check).
import { OrderedSchemeSubmit, SchemeFields, validateScheme, type EngineScheme, type MasteryLevel } from '@edu/contract';
import { nodeState } from '../knowledge-graph/graph-rules.js';
import { checkOf, practiceEngine } from '../knowledge-graph/knowledge-graph.service.js';
import { paperScheme } from '../schemes/schemes.policy.js';
import { drawQuestions } from './sim-draw.js';
import type { StudentLog } from './sim-log.js';
import type { SimRandom } from './sim-random.js';
import type { DrawRule } from './sim-training.js';
import { pointsIn, type World } from './sim-world.js';

export interface StrategyContext {
  world: World;
  log: StudentLog;
  /** The knowledge subtrees the run is about. */
  range: readonly string[];
  rng: SimRandom;
}

export interface Strategy {
  name: string;
  description: string;
  /** The student's next training, or null when the strategy has nothing more to give them. */
  next(ctx: StrategyContext): EngineScheme | null;
  /** The draw rule of its trainings (default: the server's, least seen first). */
  draw?: DrawRule;
  /** Called once before the run: `runCohort` trains a cohort of other students by a strategy and gives their logs. */
  prepare?(world: World, runCohort: (base: Strategy) => StudentLog[]): void;
}

const PaperFields = OrderedSchemeSubmit.pick({ kpRange: true, timeLimit: true, questionIds: true, marks: true });

/** A scheme from the JSON the API takes: `SchemeFields`, or a paper's `OrderedSchemeSubmit`. Invalid: throws. */
export function schemeFromJson(json: unknown): EngineScheme {
  if (typeof json === 'object' && json !== null && 'questionIds' in json) return paperScheme(PaperFields.parse(json));
  const s = SchemeFields.parse(json);
  const engine: EngineScheme = {
    type: s.type,
    initPhase: s.initPhase,
    initPoint: s.initPoint,
    timeLimit: s.timeLimit,
    kpRange: s.kpRange,
    phases: s.phases,
  };
  const issues = validateScheme(engine);
  if (issues.length) throw new Error(`invalid scheme: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`);
  return engine;
}

/** Every training of the strategy is a training of this scheme. */
export const schemeStrategy = (name: string, description: string, engine: EngineScheme): Strategy => ({
  name,
  description,
  next: () => engine,
});

/** The questions a general scheme can draw (any point, any visit), in id order: the same questions as a paper. */
export function questionsOf(world: World, engine: EngineScheme): string[] {
  const ids = new Set<string>();
  for (const phase of engine.phases)
    for (const point of phase.points) {
      const request = {
        phase: phase.phase,
        point: point.name,
        selectors: point.selectors,
        knowledgeIds: phase.knowledgeIds,
        kpRange: engine.kpRange,
        count: world.questions.length,
        exclude: [],
      };
      for (const id of drawQuestions(world, request, { seen: new Map(), seed: 0, drawNo: 0, paper: false }))
        ids.add(id);
    }
  return [...ids].sort((a, b) => Number(a) - Number(b));
}

const inSubtree = (code: string, root: string) => code === root || code.startsWith(`${root}.`);
const hasQuestions = (world: World, code: string) => world.questions.some((q) => q.auto && inSubtree(q.code, code));
const practiceOf = (code: string): EngineScheme => ({ ...practiceEngine(), kpRange: [code] });
const checkOfPoint = (code: string) =>
  checkOf({ id: 0, title: '', type: 'general', engine: practiceEngine() }, code, code).engine;

/**
 * The knowledge graph's "ready to learn": among the ready items (every prerequisite mastered, itself not) the least
 * practised, then the first in prerequisite order — so a student stuck on one goes on with the others and comes
 * back —, practised until the product calls it proficient, then its mastery check (掌握测验).
 */
export function graphStrategy(): Strategy {
  return {
    name: 'graph',
    description: '知识图谱「可学」练习：先修已掌握、练得最少的点，熟练后做掌握测验',
    next({ world, log, range }) {
      const depth = depthsOf(world);
      const items = [...depth.keys()]
        .filter((c) => range.length === 0 || range.some((r) => inSubtree(c, r)))
        .filter((c) => hasQuestions(world, c))
        .sort((a, b) => depth.get(a)! - depth.get(b)! || (a < b ? -1 : 1));
      const prerequisitesOf = (item: string) => world.edges.filter(([, to]) => to === item).map(([from]) => from);
      const mastery = log.levels([...new Set([...items, ...items.flatMap(prerequisitesOf)])]);
      const level = (code: string): MasteryLevel => mastery.get(code)?.level ?? 'none';
      const answered = (code: string) => mastery.get(code)?.totalAnswers ?? 0;
      const ready = items
        .filter((item) => {
          const prerequisites = prerequisitesOf(item);
          const state = nodeState(
            level(item) === 'mastered',
            mastery.has(item),
            prerequisites.every((p) => level(p) === 'mastered'),
          );
          return state === 'ready';
        })
        .sort((a, b) => answered(a) - answered(b))[0];
      if (ready === undefined) return null;
      return level(ready) === 'proficient' ? checkOfPoint(ready) : practiceOf(ready);
    },
  };
}

/** Practice of a point chosen at random among those of the range that have questions. */
export function randomStrategy(): Strategy {
  return {
    name: 'random',
    description: '随机练习：每次随机选一个知识点练习',
    next({ world, range, rng }) {
      const points = pointsIn(world, range).filter((p) => hasQuestions(world, p));
      return points.length ? practiceOf(rng.pick(points)) : null;
    },
  };
}

const depths = new WeakMap<World, Map<string, number>>();

/** The longest chain of prerequisites beneath each graph item (its place in a curriculum order). */
function depthsOf(world: World): Map<string, number> {
  const known = depths.get(world);
  if (known) return known;
  const before = new Map<string, string[]>();
  for (const [from, to] of world.edges) {
    before.set(to, [...(before.get(to) ?? []), from]);
    if (!before.has(from)) before.set(from, []);
  }
  const depth = new Map<string, number>();
  const visit = (c: string, path: Set<string>): number => {
    const known = depth.get(c);
    if (known !== undefined) return known;
    if (path.has(c)) return 0;
    path.add(c);
    const d = Math.max(0, ...(before.get(c) ?? []).map((p) => visit(p, path) + 1));
    path.delete(c);
    depth.set(c, d);
    return d;
  };
  for (const c of before.keys()) visit(c, new Set());
  depths.set(world, depth);
  return depth;
}
