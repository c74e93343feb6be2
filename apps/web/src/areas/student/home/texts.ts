// Texts of the student home's cards (docs/student-home.md).
export const HOME_TEXTS = {
  loadFailed: '首页加载失败',
  retry: '重新加载',
  more: '全部',
  tasks: {
    title: '今日任务',
    empty: '今天没有任务',
    all: (n: number) => `全部待办（${n}）`,
    do: '去完成',
    continue: '继续',
    report: '查看报告',
    progress: { not_started: '未开始', running: '进行中', done: '已完成' },
    homework: '作业',
    paper: '试卷',
    late: '迟交',
    dueToday: '今天截止',
    overdue: '已过截止时间，可补交',
    closed: '已截止',
    left: (d: string) => `还剩 ${d}`,
    deadline: (d: string) => `截止 ${d}`,
    score: (s: string, m: string) => `得分 ${s} / ${m}`,
  },
  training: {
    title: '继续练习',
    empty: '没有进行中的训练',
    browse: '去选一个训练',
    continue: '继续',
    paper: '试卷',
    task: '任务',
    answered: (n: number) => `已答 ${n} 题`,
    phase: (i: number, n: number) => `第 ${i} / ${n} 阶段`,
    timeLeft: (d: string) => `剩余 ${d}`,
    noLimit: '不限时',
    others: (n: number) => `还有 ${n} 个训练在进行中`,
  },
  review: {
    title: '今日复习',
    due: '道错题到期待复习',
    none: '今天没有要复习的错题',
    book: (n: number) => `错题本（${n}）`,
    start: '开始复习',
    wrongTimes: (n: number) => `错 ${n} 次`,
    untitled: '（无标题）',
  },
  scores: {
    title: '最近成绩',
    empty: '还没有完成的训练',
    history: '训练历史',
    score: (s: string, m: string) => `${s} / ${m} 分`,
    correct: (c: number, a: number) => `答对 ${c} / ${a}`,
    expired: '超时结束',
    chart: '最近成绩（得分率）',
    rate: '得分率',
  },
  mastery: {
    title: '掌握进度',
    detail: '查看详情',
    total: (n: number) => `共 ${n} 个知识点`,
    practised: '已练习',
    week: '本周变化',
    noChange: '暂无',
  },
} as const;

/** A span of time in words, rounded up to the minute: 2 天 3 小时, 3 小时 20 分, 15 分. */
export function spanText(ms: number): string {
  const min = Math.max(1, Math.ceil(ms / 60_000));
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  if (d > 0) return h > 0 ? `${d} 天 ${h} 小时` : `${d} 天`;
  if (h > 0) return m > 0 ? `${h} 小时 ${m} 分` : `${h} 小时`;
  return `${m} 分`;
}
