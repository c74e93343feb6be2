// ECharts options of the class pages, built from the API's answers by pure functions.
import { MASTERY_LEVELS, type ClassStats, type ClassStudentScores, type ClassTaskFigures } from '@edu/contract';
import type { ChartOption } from '../../../components/chart/EChart';
import { CLASS_TEXTS } from './texts';

/** Mastery colours, grey → light → deep (as the student's mastery pages). */
export const LEVEL_COLORS = {
  none: '#bfbfbf',
  attempted: '#faad14',
  familiar: '#69b1ff',
  proficient: '#1677ff',
  mastered: '#389e0d',
} as const;

const INDENT: Record<string, string> = { subject: '', grade: ' ', chapter: '  ', lv1: '   ' };

/** Members at each mastery level, one stacked bar per knowledge point. */
export function masteryOption(points: ClassStats['mastery']): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: MASTERY_LEVELS.map((l) => CLASS_TEXTS.levels[l]) },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: points.map((p) => `${INDENT[p.lv] ?? ''}${p.name}`),
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: MASTERY_LEVELS.map((l) => ({
      name: CLASS_TEXTS.levels[l],
      type: 'bar' as const,
      stack: 'members',
      data: points.map((p) => p.counts[l] ?? 0),
      itemStyle: { color: LEVEL_COLORS[l] },
    })),
  };
}

/** Per scheme: members who started and finished, and the average score rate. */
export function schemesOption(schemes: ClassStats['schemes']): ChartOption {
  const S = CLASS_TEXTS.stats;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [S.started, S.finished, S.average] },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: schemes.map((s) => s.title), axisLabel: { width: 90, overflow: 'truncate' } },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100 },
    ],
    series: [
      { name: S.started, type: 'bar', data: schemes.map((s) => s.started), itemStyle: { color: '#bfbfbf' } },
      { name: S.finished, type: 'bar', data: schemes.map((s) => s.finished), itemStyle: { color: '#52c41a' } },
      {
        name: S.average,
        type: 'line',
        yAxisIndex: 1,
        data: schemes.map((s) => s.averagePercent),
        itemStyle: { color: '#1677ff' },
      },
    ],
  };
}

/** The student's best score rate next to the class's average best rate, per scheme (in %). */
export function scoresOption(schemes: ClassStudentScores['schemes']): ChartOption {
  const S = CLASS_TEXTS.scores;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [S.mine, S.average] },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: schemes.map((s) => s.title), axisLabel: { width: 90, overflow: 'truncate' } },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [
      { name: S.mine, type: 'bar', data: schemes.map((s) => s.bestPercent), itemStyle: { color: '#1677ff' } },
      {
        name: S.average,
        type: 'bar',
        data: schemes.map((s) => s.classAveragePercent),
        itemStyle: { color: '#bfbfbf' },
      },
    ],
  };
}

/** Per task (oldest first): assigned, started and finished students, and the average score rate. */
export function tasksOption(tasks: readonly ClassTaskFigures[]): ChartOption {
  const S = CLASS_TEXTS.stats;
  const list = [...tasks].reverse();
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [S.assigned, S.started, S.finished, S.average] },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: list.map((t) => t.title), axisLabel: { width: 90, overflow: 'truncate' } },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100 },
    ],
    series: [
      { name: S.assigned, type: 'bar', data: list.map((t) => t.assigned), itemStyle: { color: '#d9d9d9' } },
      { name: S.started, type: 'bar', data: list.map((t) => t.started), itemStyle: { color: '#faad14' } },
      { name: S.finished, type: 'bar', data: list.map((t) => t.finished), itemStyle: { color: '#52c41a' } },
      {
        name: S.average,
        type: 'line',
        yAxisIndex: 1,
        data: list.map((t) => t.averagePercent),
        itemStyle: { color: '#1677ff' },
      },
    ],
  };
}
