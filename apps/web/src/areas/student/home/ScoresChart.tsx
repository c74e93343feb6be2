// The score rates of the latest trainings, oldest to newest, as a small line drawn in SVG: a chart library for
// one line of at most a few points would be most of the student's first load (docs/performance.md "Bundle").
// Drawn at a fixed aspect ratio, centred in the card. Each point names its day and rate (a tooltip on hover, and the chart's label for screen readers).
import { type HomeScore, cstMonthDay } from '@edu/contract';
import { HOME_TEXTS } from './texts';

const T = HOME_TEXTS.scores;
const day = cstMonthDay;

/** The drawing's own units; the SVG scales to the card's width. */
const W = 300;
const H = 120;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };

export interface ScorePoint {
  day: string;
  rate: number;
}

/** The points to draw, oldest first, each a whole percentage (a training without a maximum counts 0 %). */
export function scorePoints(scores: readonly HomeScore[]): ScorePoint[] {
  return [...scores].reverse().map((s) => ({
    day: day(s.endTime),
    rate: s.maxScore > 0 ? Math.round((s.score / s.maxScore) * 100) : 0,
  }));
}

export default function ScoresChart({ scores }: { scores: HomeScore[] }) {
  const points = scorePoints(scores);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length > 1 ? (i / (points.length - 1)) * innerW : innerW / 2);
  const y = (rate: number) => PAD.top + (1 - rate / 100) * innerH;
  const label = `${T.chart}：${points.map((p) => `${p.day} ${p.rate}%`).join('，')}`;
  return (
    <svg
      className="edu-chart home-scores-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${W} ${H}`}
      style={{ width: '100%', height: H, display: 'block' }}
    >
      {[0, 50, 100].map((r) => (
        <g key={r}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(r)} y2={y(r)} stroke="#e0e6f1" strokeWidth={1} />
          <text x={PAD.left - 6} y={y(r) + 4} textAnchor="end" fontSize={11} fill="#6e7079">
            {r}
          </text>
        </g>
      ))}
      <polyline
        points={points.map((p, i) => `${x(i)},${y(p.rate)}`).join(' ')}
        fill="none"
        stroke="#1677ff"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {points.map((p, i) => (
        <g key={i}>
          <circle cx={x(i)} cy={y(p.rate)} r={3} fill="#fff" stroke="#1677ff" strokeWidth={2}>
            <title>{`${p.day} ${T.rate} ${p.rate}%`}</title>
          </circle>
          <text x={x(i)} y={H - 6} textAnchor="middle" fontSize={11} fill="#6e7079">
            {p.day}
          </text>
        </g>
      ))}
    </svg>
  );
}
