// The score rates of the latest trainings, oldest to newest, as a small line (lazy: it brings ECharts).
import { useMemo } from 'react';
import type { HomeScore } from '@edu/contract';
import { EChart, type ChartOption } from '../../../components/chart/EChart';
import { HOME_TEXTS } from './texts';

const T = HOME_TEXTS.scores;
const CST = 8 * 3600_000;
const day = (ms: number) => new Date(ms + CST).toISOString().slice(5, 10);

export default function ScoresChart({ scores }: { scores: HomeScore[] }) {
  const option = useMemo<ChartOption>(() => {
    const ordered = [...scores].reverse();
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
      grid: { left: 36, right: 12, top: 12, bottom: 24 },
      xAxis: { type: 'category', data: ordered.map((s) => day(s.endTime)) },
      yAxis: { type: 'value', min: 0, max: 100, interval: 50 },
      series: [
        {
          type: 'line',
          name: T.rate,
          smooth: true,
          data: ordered.map((s) => (s.maxScore > 0 ? Math.round((s.score / s.maxScore) * 100) : 0)),
        },
      ],
    };
  }, [scores]);
  return <EChart option={option} height={120} label={T.chart} />;
}
