// Chinese text of a scheme's dry run (模拟): the panel, its charts and states (docs/simulation.md "Dry run of a scheme").
import type { SimulationSpread } from '@edu/contract';

export const SIMULATION_TEXTS = {
  button: '模拟',
  title: (name: string) => `模拟：${name}`,
  intro:
    '用合成学生按已保存的方案各训练一次（真实的出题引擎与判分），看用题量、用时、各阶段达标情况和学生卡住的地方，并与同样的题目组成的固定试卷对比。',
  savedOnly: '模拟的是已保存的方案：修改后请先保存再模拟。',
  students: '模拟人数',
  studentsHelp: (max: number) => `1–${max} 人`,
  spread: '能力分布',
  spreads: { weak: '偏弱', typical: '中等', strong: '偏强', mix: '混合（弱、中、强各三分之一）' } as Record<
    SimulationSpread,
    string
  >,
  start: '开始模拟',
  again: '重新模拟',
  startFailed: '无法开始模拟',
  queued: '排队中…',
  running: (done: number, total: number) => `模拟中：${done} / ${total}`,
  failed: '模拟失败',
  loadFailed: '读取模拟进度失败',
  empty: '尚未模拟：选择人数和能力分布后点击「开始模拟」',
  bank: (n: number) => `方案可抽到的题目：${n} 道`,
  took: (s: number) => `用时 ${s} 秒`,
  questionsMedian: '用题数（中位数）',
  questionsP90: '用题数（90% 分位）',
  minutesMedian: '作答分钟（中位数）',
  minutesP90: '作答分钟（90% 分位）',
  timedOut: '超时未完成',
  trueMastery: '真实掌握（前 → 后）',
  arrow: (a: string, b: string) => `${a} → ${b}`,
  histogram: '用题数分布',
  histogramAxis: '用题数',
  studentsAxis: '人数',
  phases: '各阶段达标人数',
  entered: '进入',
  reached: '达标',
  stuck: '卡住的地方',
  noStuck: '没有发现循环、访问上限或题目不足的训练点',
  stuckColumns: {
    where: '阶段 / 训练点',
    looped: '重复进入（人）',
    capped: '达到访问上限 5 次（人）',
    shortDraws: '题目不足（次）',
    emptyDraws: '抽不到题（次）',
  },
  stuckHint:
    '重复进入：同一训练点进入不止一次；抽不到题的访问会被跳过（按上次是否通过转到 onOK 或下一阶段），学生可能没练够就离开本阶段。',
  points: '各知识点预测掌握情况（训练后）',
  levels: { none: '未作答', attempted: '已尝试', familiar: '熟悉', proficient: '熟练', mastered: '已掌握' } as Record<
    string,
    string
  >,
  trueAfter: '真实掌握',
  paper: '与固定试卷对比（同样的题目）',
  paperNone: '该方案是试卷或抽不到题，没有可对比的固定试卷',
  paperColumns: { what: '指标', scheme: '本方案', paper: (n: number) => `固定试卷（${n} 题）` },
  percent: (v: number) => `${Math.round(v * 1000) / 10}%`,
  where: (phase: string, point: string) => `${phase} / ${point}`,
};
