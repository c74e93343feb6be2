// Chinese texts of the placement results, shown to the student, their parents and the agency's staff
// (docs/lessons.md "Placement test").
export const PLACEMENT_TEXTS = {
  resultsTitle: '分级测试结果',
  emptyResults: '还没有完成的分级测试',
  loadFailed: '分级测试结果加载失败',
  score: (score: string, max: string) => `得分 ${score} / ${max}`,
  percent: (p: number) => `${p}%`,
  hidden: '--',
  level: '推荐层级',
  recommendedClass: (name: string) => `推荐辅导班：${name}`,
  noClass: '该层级暂无推荐辅导班',
  ended: (time: string) => `完成于 ${time}（北京时间）`,
  expired: '到时自动交卷',
  report: '查看报告',
};
