// Chinese text of the knowledge-graph views shared by the admin preview and the student's graph.
import type { GraphNodeState } from './states';

export const GRAPH_VIEW_TEXTS = {
  states: {
    mastered: '已掌握',
    ready: '可以学习',
    learning: '学习中',
    locked: '未解锁',
  } satisfies Record<GraphNodeState, string>,
  stateHints: {
    mastered: '已经掌握的知识点',
    ready: '前置知识点都已掌握，可以开始学习',
    learning: '练过但还没掌握，前置知识点也还没全部掌握',
    locked: '先掌握它的前置知识点',
  } satisfies Record<GraphNodeState, string>,
  legend: '图例',
  graphLabel: (name: string) => `知识图谱「${name}」`,
  nodeLabel: (name: string, state?: string, level?: string) =>
    [state, level].some(Boolean) ? `${name}（${[state, level].filter(Boolean).join('，')}）` : name,
  loadingGraph: '正在加载图谱…',
  graphFailed: '图谱加载失败，请刷新页面重试。',
};
