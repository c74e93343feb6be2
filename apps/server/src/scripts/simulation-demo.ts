// The demo world of `npm run simulate` (docs/simulation.md "A run"): the demo question bank with ids in seeding
// order, the demo knowledge graphs' prerequisites, optionally more generated questions per point, and the
// strategies by name — the demo's adaptive scheme and paper as seeded, the adaptive scheme's questions as a paper,
// graph practice and random practice, the adaptive scheme with ability-matched draws, and schemes read from JSON
// files.
import type { QuestionType } from '@edu/contract';
import {
  graphStrategy,
  questionsOf,
  randomStrategy,
  schemeFromJson,
  schemeStrategy,
  type Strategy,
} from '../features/simulation/sim-strategies.js';
import { abilityStrategy } from '../features/simulation/sim-ability.js';
import { stream } from '../features/simulation/sim-random.js';
import type { SourceQuestion, World, WorldSource } from '../features/simulation/sim-world.js';
import { DEMO_GRAPHS, demoPointCode } from '../seed/seed-graphs.js';
import { DEMO_QUESTIONS } from '../seed/seed-questions.js';
import { DEMO_ADAPTIVE_SCHEME, DEMO_PAPER_QUESTIONS, demoPaper } from '../seed/seed-schemes.js';

export const DEMO_STRATEGIES = [
  'demo-adaptive',
  'adaptive-as-paper',
  'demo-paper',
  'graph',
  'random',
  'ability-matched',
  'ability-matched-fresh',
] as const;

const GENERATED_TYPES: QuestionType[] = ['singleChoice', 'fillBlank', 'trueFalse', 'multipleChoice'];
const KEYS = ['A', 'B', 'C', 'D'];

/** The demo bank (ids 1… in seeding order) and graphs; `perPoint` tops each point of `range` up with generated questions. */
export function demoWorldSource(seed: number, range: readonly string[], perPoint = 0): WorldSource {
  const questions: SourceQuestion[] = DEMO_QUESTIONS.map((q, i) => ({
    id: String(i + 1),
    knowledgeId: q.knowledgeId,
    type: q.type,
    judgeType: q.judgeType,
    answer: q.answer,
    options: q.options,
    questionSub: q.questionSub,
    tags: q.tags,
  }));
  const inRange = [...new Set(questions.map((q) => q.knowledgeId))].filter(
    (c) => range.length === 0 || range.some((r) => c === r || c.startsWith(`${r}.`)),
  );
  const rng = stream(seed, 'bank');
  for (const code of inRange.sort()) {
    const have = questions.filter((q) => q.knowledgeId === code && q.judgeType === 'auto').length;
    for (let n = have; n < perPoint; n++) {
      const id = String(questions.length + 1);
      const type = GENERATED_TYPES[n % GENERATED_TYPES.length];
      const options = type === 'singleChoice' || type === 'multipleChoice' ? KEYS.map((key) => ({ key })) : [];
      const answer =
        type === 'singleChoice'
          ? [rng.pick(KEYS)]
          : type === 'multipleChoice'
            ? rng.shuffle(KEYS).slice(0, 2).sort()
            : type === 'trueFalse'
              ? [rng.pick(['T', 'F'])]
              : [`word${id}`];
      questions.push({ id, knowledgeId: code, type, judgeType: 'auto', answer, options, tags: [] });
    }
  }
  const edges = DEMO_GRAPHS.flatMap((g) =>
    g.edges.map(([from, to]): [string, string] => [demoPointCode(g.subjectId, from), demoPointCode(g.subjectId, to)]),
  );
  return { questions, edges };
}

/** Strategies by name (DEMO_STRATEGIES), then one per scheme file given as { name, json }. */
export function demoStrategies(world: World, names: readonly string[], files: { name: string; json: unknown }[] = []) {
  const adaptive = schemeFromJson(DEMO_ADAPTIVE_SCHEME);
  const out: Strategy[] = names.map((name) => {
    switch (name) {
      case 'demo-adaptive':
        return schemeStrategy(name, `演示自适应方案「${DEMO_ADAPTIVE_SCHEME.title}」`, adaptive);
      case 'adaptive-as-paper': {
        const questionIds = questionsOf(world, adaptive);
        const paper = schemeFromJson({ kpRange: adaptive.kpRange, timeLimit: adaptive.timeLimit, questionIds });
        return schemeStrategy(name, `同一批题目（${questionIds.length} 题）组成的固定试卷，每次整卷作答`, paper);
      }
      case 'demo-paper': {
        const ids = world.questions.filter((q) => q.auto).slice(0, DEMO_PAPER_QUESTIONS);
        return schemeStrategy(name, '演示试卷「七年级英语单元小测」', schemeFromJson(demoPaper(ids.map((q) => q.id))));
      }
      case 'graph':
        return graphStrategy();
      case 'random':
        return randomStrategy();
      case 'ability-matched':
        return abilityStrategy(
          name,
          `演示自适应方案「${DEMO_ADAPTIVE_SCHEME.title}」，按能力匹配抽题（最大信息量），题目参数由另一批学生的作答标定`,
          adaptive,
          schemeStrategy('demo-adaptive', '', adaptive),
        );
      case 'ability-matched-fresh':
        return abilityStrategy(
          name,
          `同上，但先抽见得最少的题，其中取信息量最大的（控制曝光：见过多次的题会凭记忆答对）`,
          adaptive,
          schemeStrategy('demo-adaptive', '', adaptive),
          true,
        );
      default:
        throw new Error(`unknown strategy "${name}" (known: ${DEMO_STRATEGIES.join(', ')})`);
    }
  });
  for (const f of files) out.push(schemeStrategy(f.name, `方案文件 ${f.name}`, schemeFromJson(f.json)));
  return out;
}
