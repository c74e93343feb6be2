// The report's chart: per knowledge point how many questions were answered and how many of them right.
import type { TrainingReport } from '@edu/contract';
import type { ChartOption } from '../chart/EChart';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.reportPage;

/** Bars of answered and correct per knowledge point, in the report's order; long names are wrapped by echarts. */
export function kpChartOption(points: TrainingReport['knowledgePoints']): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: [T.kpAnswered, T.kpCorrect], top: 0 },
    grid: { left: 8, right: 8, bottom: 8, top: 36 },
    xAxis: {
      type: 'category',
      data: points.map((p) => p.name || p.code),
      axisLabel: { interval: 0, width: 96, overflow: 'truncate' },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: T.kpAnswered,
        type: 'bar',
        data: points.map((p) => p.answered),
        itemStyle: { color: '#91caff' },
        barMaxWidth: 40,
      },
      {
        name: T.kpCorrect,
        type: 'bar',
        data: points.map((p) => p.correct),
        itemStyle: { color: '#52c41a' },
        barMaxWidth: 40,
      },
    ],
  };
}
