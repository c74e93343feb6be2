// Chinese texts of the student's placement test page (docs/lessons.md "Placement test").
export const PLACEMENT_PAGE_TEXTS = {
  title: '分级测试',
  intro: '选择你的年级完成分级测试，系统会根据得分推荐适合你的学习层级和辅导班。',
  empty: '本机构还没有设置分级测试',
  loadFailed: '分级测试加载失败',
  questions: (n: number) => `共 ${n} 题`,
  timeLimit: (seconds: number) => (seconds > 0 ? `限时 ${Math.ceil(seconds / 60)} 分钟` : '不限时'),
  levels: (names: readonly string[]) => `层级：${names.join(' / ')}`,
  last: '最近结果',
  start: '开始测试',
  continue: '继续测试',
  retake: '再测一次',
};
