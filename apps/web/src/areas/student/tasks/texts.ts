// Texts of the student's to-do list (docs/tasks.md).
export const TODO_TEXTS = {
  title: '待办任务',
  empty: '现在没有待办任务',
  loadFailed: '加载失败',
  deadline: (d: string) => `截止 ${d}（北京时间）`,
  start: '开始',
  continue: '继续',
  report: '查看报告',
  progress: { not_started: '未开始', running: '进行中', done: '已完成' },
  homework: '作业',
  paper: '试卷',
  late: '迟交',
  overdue: '已过截止时间',
  lateRules: {
    none: '截止后不再接受作答',
    late: '截止后仍可补交（标记迟交）',
    penalty: (p: number) => `截止后仍可补交（扣 ${p}% 分）`,
  },
  score: (s: number, m: number) => `得分 ${s} / ${m}`,
  deadlineNear: '今天截止',
} as const;
