// Chinese UI text of the mastery pages (point, point/allpoint, point/userpoint) and the knowledge graph.
import { MASTERY_THRESHOLDS as M, type MasteryLevel } from '@edu/contract';

const pct = (x: number) => `${Math.round(x * 100)}%`;

export const MASTERY_TEXTS = {
  visitor: '登录后可以查看知识点掌握情况。',
  login: '前往登录',
  levels: {
    none: '未开始',
    attempted: '尝试',
    familiar: '熟悉',
    proficient: '熟练',
    mastered: '掌握',
  } satisfies Record<MasteryLevel, string>,
  /** How each level is earned (docs/domain.md "Wrong answers, mastery, statistics"), from the contract's thresholds. */
  rules: {
    none: '还没有作答',
    attempted: `最近作答至少 ${M.attempted.answers} 题`,
    familiar: `最近作答至少 ${M.familiar.answers} 题且正确率 ≥ ${pct(M.familiar.right)}`,
    proficient: `最近作答至少 ${M.proficient.answers} 题且正确率 ≥ ${pct(M.proficient.right)}`,
    mastered: '在两个不同的日子达到熟练，或在试卷中全部答对',
  } satisfies Record<MasteryLevel, string>,
  legendNote: '按每个知识点（含下级知识点）最近 10 次作答计算。',
  masteredBy: { days: '两天达到熟练', paper: '试卷全对' },
  subject: '学科',
  allSubjects: '全部学科',
  overview: '掌握概况',
  byLevel: '各等级知识点数',
  count: '知识点数',
  links: { all: '全部知识点', mine: '我练过的知识点', graph: '知识图谱', wrong: '错题本' },
  columns: {
    name: '知识点',
    level: '掌握程度',
    window: '最近正确',
    total: '累计作答',
    last: '最近作答',
  },
  window: (right: number, n: number) => (n === 0 ? '--' : `${right} / ${n}`),
  emptyMine: '还没有作答记录，去做一次训练吧。',
  graphHint: '颜色表示掌握程度；点击知识点查看详情。',
  expandAll: '全部展开',
  collapse: '收起',
  detail: (right: number, n: number, total: number) => `最近 ${n} 次答对 ${right} 次，累计作答 ${total} 次`,
} as const;
