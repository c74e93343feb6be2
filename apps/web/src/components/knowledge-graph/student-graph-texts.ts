// Chinese text of the student's curated knowledge graphs (docs/web.md "Knowledge graph").
import { GRAPH_CHECK_QUESTIONS, MASTERY_THRESHOLDS, MASTERY_WINDOW } from '@edu/contract';
import { MASTERY_TEXTS } from '../mastery/texts';

const { proficient } = MASTERY_THRESHOLDS;
export const STUDENT_GRAPH_TEXTS = {
  title: '知识图谱',
  hint: '箭头从先修知识点指向后续知识点。橙色的“可以学习”是前置知识都已掌握、最适合下一步练习的知识点。',
  switchTitle: '结束当前练习？',
  switchBody: (title: string, answered: number) =>
    `你正在进行「${title}」，已答 ${answered} 题。开始新的练习会结束它（已答的题目和成绩会保留）。`,
  switchOk: '结束并开始',
  switchCancel: '继续原来的练习',
  views: { graph: '图谱', list: '列表', tree: '知识点树' },
  /** The graph on a phone: names stay readable, so a large graph is wider than the screen. */
  phoneGraphHint: '图谱比屏幕大时，拖动或双指缩放查看其余部分；“列表”逐项列出全部知识点。',
  view: '显示方式',
  graphs: '我的知识图谱',
  count: (n: number) => `${n} 个`,
  emptyGroup: '这一类还没有知识点',
  practice: '去练习',
  practiceBusy: '正在准备练习…',
  practiceOf: (name: string) => `去练习「${name}」`,
  check: '掌握测验',
  checkOf: (name: string) => `掌握测验「${name}」`,
  toMaster: '怎样掌握',
  toMasterHint:
    `在不同的两天都达到“${MASTERY_TEXTS.levels.proficient}”（最近 ${MASTERY_WINDOW} 题中至少 ${proficient.answers} 题、正确率 ` +
    `${Math.round(proficient.right * 100)}% 以上），或做一次掌握测验：最多 ${GRAPH_CHECK_QUESTIONS} 道题一起交卷，全部作答且全部答对即掌握。`,
  level: '掌握程度',
  levelNone: '还没有练习',
  state: '状态',
  needs: '先掌握',
  unlocks: '掌握后解锁',
  description: '说明',
  schemes: '相关训练',
  scheme: (id: string) => `训练 #${id}`,
  video: '观看视频',
  close: '关闭',
  detailOf: (name: string) => `知识点「${name}」`,
  loadFailed: '知识图谱加载失败，下面是知识点树。',
  pickNodeToRead: '点击一个知识点查看详情。',
  viewedTitle: '知识图谱',
  viewedHint:
    '学生看到的知识图谱（只读）：箭头从先修知识点指向后续知识点，橙色的“可以学习”是下一步最适合练习的知识点。',
  viewedEmpty: '没有匹配的知识图谱（按学生的年级和学科匹配）',
  viewedFailed: '知识图谱加载失败',
  pickNode: '点击一个知识点查看详情，“可以学习”和“学习中”的知识点可以直接去练习。',
};
