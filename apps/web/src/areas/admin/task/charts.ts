// ECharts options of the task dashboard, built from the API's answer by pure functions.
import type { TaskDashboard } from '@edu/contract';
import type { ChartOption } from '../../../components/chart/EChart';
import { TASK_TEXTS } from './texts';

const D = TASK_TEXTS.dashboard;

/** Students per progress state: one bar each. */
export function progressOption(counts: TaskDashboard['counts']): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: [TASK_TEXTS.progress.not_started, TASK_TEXTS.progress.running, TASK_TEXTS.progress.done],
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: D.people,
        type: 'bar',
        data: [
          { value: counts.notStarted, itemStyle: { color: '#bfbfbf' } },
          { value: counts.running, itemStyle: { color: '#1677ff' } },
          { value: counts.done, itemStyle: { color: '#389e0d' } },
        ],
      },
    ],
  };
}

/** Finished students per score band (the task's score over the maximum). */
export function scoreBands(students: TaskDashboard['students']): number[] {
  const bands = [0, 0, 0, 0, 0];
  for (const s of students) {
    if (s.taskScore === null || s.maxScore === null || s.maxScore <= 0) continue;
    const rate = (100 * s.taskScore) / s.maxScore;
    bands[rate >= 90 ? 4 : rate >= 80 ? 3 : rate >= 70 ? 2 : rate >= 60 ? 1 : 0]++;
  }
  return bands;
}

export function scoreOption(students: TaskDashboard['students']): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: [...D.scoreBuckets] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: D.people, type: 'bar', data: scoreBands(students), itemStyle: { color: '#69b1ff' } }],
  };
}
