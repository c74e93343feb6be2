// ECharts options of the graph's stats page, built from GraphStats by pure functions.
import { MASTERY_LEVELS, type GraphStats, type MasteryLevel } from '@edu/contract';
import type { ChartOption } from '../../../components/chart/EChart';
import { GRAPH_TEXTS } from './texts';

const S = GRAPH_TEXTS.stats;

/** Mastery colours, grey → light → deep (as the student's mastery pages and the class stats). */
const LEVEL_COLORS: Record<MasteryLevel, string> = {
  none: '#bfbfbf',
  attempted: '#faad14',
  familiar: '#69b1ff',
  proficient: '#1677ff',
  mastered: '#389e0d',
};
const isLevel = (l: string): l is MasteryLevel => (MASTERY_LEVELS as readonly string[]).includes(l);
const levelName = (l: string) => (isLevel(l) ? GRAPH_TEXTS.levels[l] : l);

/** Students at each mastery level, one stacked horizontal bar per item (levels in the server's order). */
export function levelsOption(items: GraphStats['items']): ChartOption {
  const levels = items[0]?.levels.map((l) => l.level) ?? [...MASTERY_LEVELS];
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: levels.map(levelName) },
    // Room on the right for the axis's name (人), which ECharts draws past the axis's end.
    grid: { left: 8, right: 40, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, name: S.students },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => i.knowledgeName),
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: levels.map((level) => ({
      name: levelName(level),
      type: 'bar' as const,
      stack: 'students',
      data: items.map((i) => i.levels.find((l) => l.level === level)?.count ?? 0),
      itemStyle: { color: isLevel(level) ? LEVEL_COLORS[level] : undefined },
    })),
  };
}

export interface StuckRow {
  itemId: string;
  name: string;
  stuck: number;
  students: number;
  /** Stuck share in whole percent. */
  percent: number;
}

/** The stats' stuck items (their order: highest share first), with their figures. */
export function stuckRows(stats: GraphStats): StuckRow[] {
  const byId = new Map(stats.items.map((i) => [i.itemId, i]));
  return stats.stuckItems.flatMap((id) => {
    const i = byId.get(id);
    if (!i) return [];
    const percent = i.students === 0 ? 0 : Math.round((i.stuck / i.students) * 100);
    return [{ itemId: id, name: i.knowledgeName, stuck: i.stuck, students: i.students, percent }];
  });
}

/** The stuck share per stuck item, as horizontal bars (0–100 %). */
export function stuckOption(rows: readonly StuckRow[]): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((r) => r.name),
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: [
      {
        name: S.stuckShare,
        type: 'bar',
        data: rows.map((r) => r.percent),
        itemStyle: { color: '#fa541c' },
        label: { show: true, position: 'right', formatter: '{c}%' },
      },
    ],
  };
}
