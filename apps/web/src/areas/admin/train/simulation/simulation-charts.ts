// ECharts options of a scheme's dry run, built from the job's result by pure functions.
import type { SimulationResult } from '@edu/contract';
import type { ChartOption } from '../../../../components/chart/EChart';
import { SIMULATION_TEXTS as T } from './texts';

const BLUE = '#1677ff';
const GREEN = '#52c41a';
const ORANGE = '#fa8c16';
const RED = '#ff4d4f';
const LEVEL_COLORS = ['#d9d9d9', '#ffd591', '#91caff', '#1677ff', '#52c41a'];

/** Students per range of questions answered. */
export function histogramOption(r: SimulationResult): ChartOption {
  const h = r.scheme.histogram;
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 44, right: 16, top: 16, bottom: 40 },
    xAxis: {
      type: 'category',
      name: T.histogramAxis,
      nameLocation: 'middle',
      nameGap: 26,
      data: h.map((b) => (b.to - b.from === 1 ? String(b.from) : `${b.from}–${b.to - 1}`)),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: T.studentsAxis, type: 'bar', data: h.map((b) => b.students), itemStyle: { color: BLUE } }],
  };
}

/** Students entering each phase and reaching its target. */
export function phasesOption(r: SimulationResult): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [T.entered, T.reached] },
    grid: { left: 44, right: 16, top: 32, bottom: 28 },
    xAxis: { type: 'category', data: r.phases.map((p) => p.phase) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: T.entered, type: 'bar', data: r.phases.map((p) => p.entered), itemStyle: { color: BLUE } },
      { name: T.reached, type: 'bar', data: r.phases.map((p) => p.reached), itemStyle: { color: GREEN } },
    ],
  };
}

/** Per stuck point: students looping, at the cap, and draws short of questions. */
export function stuckOption(r: SimulationResult): ChartOption {
  const C = T.stuckColumns;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [C.looped, C.capped, C.emptyDraws] },
    grid: { left: 44, right: 16, top: 60, bottom: 28 },
    xAxis: { type: 'category', data: r.stuck.map((s) => T.where(s.phase, s.point)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: C.looped, type: 'bar', data: r.stuck.map((s) => s.looped), itemStyle: { color: ORANGE } },
      { name: C.capped, type: 'bar', data: r.stuck.map((s) => s.capped), itemStyle: { color: RED } },
      { name: C.emptyDraws, type: 'bar', data: r.stuck.map((s) => s.emptyDraws), itemStyle: { color: '#8c8c8c' } },
    ],
  };
}

/** Per point: students by the product's level after the training (stacked). */
export function pointsOption(r: SimulationResult): ChartOption {
  const levels = ['none', 'attempted', 'familiar', 'proficient', 'mastered'] as const;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: levels.map((l) => T.levels[l]) },
    grid: { left: 44, right: 16, top: 60, bottom: 28 },
    xAxis: { type: 'category', data: r.points.map((p) => p.code) },
    yAxis: { type: 'value', minInterval: 1 },
    series: levels.map((l, i) => ({
      name: T.levels[l],
      type: 'bar' as const,
      stack: 'levels',
      data: r.points.map((p) => p.levels[l]),
      itemStyle: { color: LEVEL_COLORS[i] },
    })),
  };
}
