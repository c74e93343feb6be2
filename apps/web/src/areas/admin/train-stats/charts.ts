// ECharts options of the statistics pages, built from the API's answers by pure functions (tested alone).
import type { SchemeAnswerStats, SchemeUserRow, SchemeUserStats, TrainingReport } from '@edu/contract';
import dayjs from 'dayjs';
import type { ChartOption } from '../../../components/chart/EChart';
import { STATS_TEXTS as T } from './texts';

const BLUE = '#1677ff';
const GREEN = '#52c41a';
const ORANGE = '#fa8c16';
const RED = '#ff4d4f';
const GREY = '#bfbfbf';

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

/** Trainings started and ended per day. */
export function timelineOption(s: SchemeUserStats): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [T.dashboard.timelineStarted, T.dashboard.timelineEnded] },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: s.timeline.map((d) => dayjs(d.day).format('MM-DD')) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: T.dashboard.timelineStarted,
        type: 'bar',
        data: s.timeline.map((d) => d.started),
        itemStyle: { color: BLUE },
      },
      {
        name: T.dashboard.timelineEnded,
        type: 'line',
        data: s.timeline.map((d) => d.ended),
        itemStyle: { color: GREEN },
      },
    ],
  };
}

/** Ended trainings per score-rate tenth. */
export function scoreDistributionOption(s: SchemeUserStats): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: {
      type: 'category',
      data: s.scoreBuckets.map((b) => `${Math.round(b.from * 100)}–${Math.round(b.to * 100)}%`),
      axisLabel: { interval: 0, fontSize: 10 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: T.dashboard.trainings,
        type: 'bar',
        data: s.scoreBuckets.map((b) => b.count),
        itemStyle: { color: BLUE },
      },
    ],
  };
}

/** Facility per question (bars, flagged ones red), and for papers discrimination on a second axis. */
export function questionOption(s: SchemeAnswerStats): ChartOption {
  const names = s.questions.map((q, i) => `${q.position ?? i + 1}`);
  const paper = s.type === 'paper';
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: paper ? [T.dashboard.facility, T.dashboard.discrimination] : [T.dashboard.facility] },
    grid: { left: 44, right: paper ? 44 : 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: names },
    yAxis: [
      { type: 'value', min: 0, max: 100, name: '%' },
      ...(paper ? [{ type: 'value' as const, min: -100, max: 100, splitLine: { show: false } }] : []),
    ],
    series: [
      {
        name: T.dashboard.facility,
        type: 'bar',
        data: s.questions.map((q) => ({
          value: pct(q.facility) ?? 0,
          itemStyle: { color: q.flagged ? RED : q.facility === null ? GREY : BLUE },
        })),
      },
      ...(paper
        ? [
            {
              name: T.dashboard.discrimination,
              type: 'line' as const,
              yAxisIndex: 1,
              data: s.questions.map((q) => (q.discrimination === null ? null : Math.round(q.discrimination * 10) / 10)),
              itemStyle: { color: ORANGE },
              connectNulls: false,
            },
          ]
        : []),
    ],
  };
}

/** Best, mean and last score rate of each student (horizontal bars, best first). */
export function groupOption(rows: SchemeUserRow[]): ChartOption {
  const shown = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [T.group.best, T.group.mean, T.group.last] },
    grid: { left: 88, right: 24, top: 36, bottom: 24 },
    xAxis: { type: 'value', min: 0, max: 100, name: '%' },
    yAxis: { type: 'category', data: shown.map((r) => r.name || r.username) },
    series: [
      { name: T.group.best, type: 'bar', data: shown.map((r) => pct(r.bestScoreRate)), itemStyle: { color: BLUE } },
      { name: T.group.mean, type: 'bar', data: shown.map((r) => pct(r.meanScoreRate)), itemStyle: { color: GREEN } },
      { name: T.group.last, type: 'bar', data: shown.map((r) => pct(r.lastScoreRate)), itemStyle: { color: ORANGE } },
    ],
  };
}

/** Correct rate per knowledge point of a training report. */
export function knowledgeOption(r: TrainingReport): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 32, bottom: 28, containLabel: true },
    xAxis: {
      type: 'category',
      data: r.knowledgePoints.map((k) => k.name),
      axisLabel: { interval: 0, rotate: r.knowledgePoints.length > 5 ? 30 : 0 },
    },
    yAxis: { type: 'value', min: 0, max: 100, name: '%' },
    series: [
      {
        name: T.report.accuracy,
        type: 'bar',
        // Partial credit by its share (docs/practice-engine.md "Marks").
        data: r.knowledgePoints.map((k) => {
          const rate = k.answered ? (k.credit ?? k.correct) / k.answered : 0;
          return { value: Math.round(rate * 1000) / 10, itemStyle: { color: k.answered && rate < 0.6 ? RED : GREEN } };
        }),
      },
    ],
  };
}

/** Score rate of each training (oldest first) of a student's page of trainings. */
export function trendOption(
  list: { startTime: number; score: number; maxScore: number; status: string }[],
): ChartOption {
  const ended = list.filter((t) => t.status !== 'running' && t.maxScore > 0).reverse();
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: ended.map((t) => dayjs(t.startTime).format('MM-DD HH:mm')) },
    yAxis: { type: 'value', min: 0, max: 100, name: '%' },
    series: [
      {
        name: T.student.meanScore,
        type: 'line',
        data: ended.map((t) => Math.round((t.score / t.maxScore) * 1000) / 10),
        itemStyle: { color: BLUE },
      },
    ],
  };
}
