// Demo practice schemes (docs/domain.md "Demo data"): one adaptive scheme over the Grade 7 English tree and one
// fixed paper, both switched on, in demo's default train repository; and one in the train repository `other`
// shares, so the store shows a scheme (docs/store.md "Demo data"). Rows are written directly (the demo
// bank is known to match every selector); seed-trainings.ts then plays some finished trainings on them.
import { and, asc, eq } from 'drizzle-orm';
import { paperScheme } from '../features/schemes/schemes.policy.js';
import type { Tx } from '../db/client.js';
import { questions, schemes, trainRepos, users } from '../db/schema.js';

export const DEMO_ADAPTIVE_TITLE = '七年级英语语法闯关';
export const DEMO_PAPER_TITLE = '七年级英语单元小测';
export const OTHER_SHARED_SCHEME_TITLE = '八年级英语比较级练习';

const point = (
  name: string,
  types: string[],
  repeat: number,
  requireCorrect: number,
  onOK: string,
  onError: string,
  judgeWay: 'once' | 'retry' = 'once',
) => ({ name, selectors: { types }, repeat, judgeWay, requireCorrect, onOK, onError });

const ADAPTIVE_PHASES = [
  {
    phase: '基础',
    knowledgeIds: ['en.g7.c1'],
    timeLimit: 900,
    points: [
      point('入门', ['singleChoice', 'trueFalse'], 3, 2, '提高', '巩固'),
      point('巩固', ['singleChoice', 'fillBlank', 'trueFalse'], 2, 1, '提高', '@next', 'retry'),
      point('提高', ['fillBlank', 'multipleChoice'], 2, 1, '@next', '巩固'),
    ],
  },
  {
    phase: '进阶',
    knowledgeIds: ['en.g7.c2'],
    timeLimit: 0,
    points: [point('综合', ['singleChoice', 'fillBlank', 'trueFalse', 'multipleChoice'], 3, 2, '@end', '@end')],
  },
];

/** The demo's adaptive scheme as staff would send it (`SchemeFields`); the simulation runs it too (docs/simulation.md "Strategies"). */
export const DEMO_ADAPTIVE_SCHEME = {
  title: DEMO_ADAPTIVE_TITLE,
  type: 'general' as const,
  initPhase: '基础',
  initPoint: '入门',
  timeLimit: 1800,
  kpRange: ['en.g7'],
  phases: ADAPTIVE_PHASES,
};

/** The demo paper: demo's first DEMO_PAPER_QUESTIONS auto-judged questions by id. */
export const DEMO_PAPER_QUESTIONS = 8;
export const demoPaper = (questionIds: string[]) => ({ kpRange: ['en.g7'], timeLimit: 1200, questionIds });

/** 初二 英语 形容词比较级与最高级: what the scheme's title says, not every 初二 English point. */
const COMPARATIVES = 'en.g8.c1.k3';

const OTHER_SHARED_PHASES = [
  {
    phase: '练习',
    knowledgeIds: [COMPARATIVES],
    timeLimit: 0,
    points: [point('比较级', ['singleChoice', 'fillBlank', 'trueFalse'], 3, 2, '@end', '@end', 'retry')],
  },
];

/** `other`'s scheme in the train repository it shares (the last one of `other`, seeded shared). */
async function seedOtherSharedScheme(tx: Tx) {
  const [repo] = await tx
    .select({ id: trainRepos.id })
    .from(trainRepos)
    .where(and(eq(trainRepos.agencyId, 'other'), eq(trainRepos.shared, true)))
    .orderBy(asc(trainRepos.id))
    .limit(1);
  if (!repo) return;
  await tx.insert(schemes).values({
    agencyId: 'other',
    trainRepoId: repo.id,
    status: 'on',
    title: OTHER_SHARED_SCHEME_TITLE,
    type: 'general',
    initPhase: '练习',
    initPoint: '比较级',
    timeLimit: 0,
    kpRange: [COMPARATIVES],
    phases: OTHER_SHARED_PHASES,
  });
}

export async function seedDemoSchemes(tx: Tx) {
  const [repo] = await tx
    .select({ id: trainRepos.id })
    .from(trainRepos)
    .where(eq(trainRepos.agencyId, 'demo'))
    .orderBy(asc(trainRepos.id))
    .limit(1);
  const [creator] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'teacher'));
  const paperQuestions = await tx
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.agencyId, 'demo'), eq(questions.judgeType, 'auto')))
    .orderBy(asc(questions.id))
    .limit(DEMO_PAPER_QUESTIONS);
  const common = { agencyId: 'demo', trainRepoId: repo.id, creatorId: creator?.id ?? null, status: 'on' };
  const paper = paperScheme(demoPaper(paperQuestions.map((q) => String(q.id))));
  await tx.insert(schemes).values([
    { ...common, ...DEMO_ADAPTIVE_SCHEME },
    {
      ...common,
      title: DEMO_PAPER_TITLE,
      ...paper,
      phases: paper.phases as unknown as Record<string, unknown>[],
    },
  ]);
  // After demo's, so theirs keep the first ids.
  await seedOtherSharedScheme(tx);
}
