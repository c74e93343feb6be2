// Chinese texts of the class gradebook (docs/gradebook.md).
import type { GradebookProgress } from '@edu/contract';

export const GRADEBOOK_TEXTS = {
  title: (name: string) => `${name} · 成绩册`,
  fallbackTitle: '成绩册',
  archived: '班级已归档，权重只读',
  search: '搜索姓名或用户名',
  export: '导出 Excel',
  exported: '已导出',
  fileName: '成绩册.xlsx',
  student: '学生',
  overall: '总评',
  overallHelp:
    '总评 = 各任务得分率按权重的加权平均。已截止仍未开始的任务计 0 分；截止前未开始、进行中或未布置给该生的任务不计入；权重为 0 的任务不计入。',
  weight: '权重',
  weightLabel: (title: string) => `「${title}」的权重`,
  weightSaved: '权重已保存',
  deadline: (text: string) => `截止 ${text}`,
  average: (done: number, avg: number | null) => `完成 ${done} 人 · 平均 ${avg === null ? '--' : `${avg}%`}`,
  progress: {
    not_assigned: '未布置',
    not_started: '未开始',
    running: '进行中',
    done: '已完成',
  } satisfies Record<GradebookProgress, string>,
  late: '迟交',
  none: '--',
  more: (shown: number, total: number) => `班级共有 ${total} 个任务，这里显示截止时间最近的 ${shown} 个。`,
  total: (n: number) => `共 ${n} 名学生`,
  emptyMembers: '班级还没有学生',
  emptySearch: '没有符合条件的学生',
  noTasks: '班级还没有布置任务',
  createTask: '布置任务',
  loadFailed: '成绩册加载失败',
  tasks: '班级任务',
};
