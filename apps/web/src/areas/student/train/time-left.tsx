// The countdowns of a running training, shared by the do-page's header and the paper's exam bar: seconds left in
// the phase and the scheme, counted down here from what the server measured (countdown.ts), and asking the server
// again once one runs down. A limit only a task's deadline can have is no countdown (docs/web.md "The exam page").
import { useEffect, useEffectEvent } from 'react';
import { Space, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { MAX_SCHEME_TIME_LIMIT, type Training } from '@edu/contract';
import { formatCountdown, remainingSeconds, useNow } from './countdown';
import { TRAIN_TEXTS } from '../../../components/training/texts';

const T = TRAIN_TEXTS.doing;

type Timing = Pick<
  Training,
  'status' | 'phaseCount' | 'phaseRemaining' | 'schemeRemaining' | 'startTime' | 'serverTime'
>;

/**
 * True when the training's end is a task's deadline and not a time limit: a task cuts an untimed scheme to the
 * seconds until its deadline (docs/tasks.md "Expiry at the deadline"), and a whole time (used + left) beyond the
 * longest limit a scheme may have can only be that cut. Such a training shows no countdown.
 */
export function endsOnlyAtDeadline(t: Timing): boolean {
  if (t.schemeRemaining === null) return false;
  const used = Math.max(0, Math.round((t.serverTime - t.startTime) / 1000));
  return t.schemeRemaining + used > MAX_SCHEME_TIME_LIMIT + 1;
}

export interface TimeLeft {
  /** Seconds left to show, null for none. */
  phaseLeft: number | null;
  schemeLeft: number | null;
}

/** The countdowns to show now; calls `onTimeUp` once when one runs down here (the server moves the training on). */
export function useTimeLeft(t: Timing, receivedAt: number, onTimeUp: () => void): TimeLeft {
  const now = useNow();
  const running = t.status === 'running';
  const phaseLeft = running ? remainingSeconds(t.phaseRemaining, receivedAt, now) : null;
  const schemeLeft = running ? remainingSeconds(t.schemeRemaining, receivedAt, now) : null;
  // Only a countdown that ran down here asks again; one the server already sent as 0 is polled (queries.ts).
  const timeUp = (phaseLeft === 0 && (t.phaseRemaining ?? 0) > 0) || (schemeLeft === 0 && (t.schemeRemaining ?? 0) > 0);
  const timeIsUp = useEffectEvent(onTimeUp);
  useEffect(() => {
    if (timeUp) timeIsUp();
  }, [timeUp, receivedAt]);
  const shownScheme = endsOnlyAtDeadline(t) ? null : schemeLeft;
  return {
    // The phase's countdown when there are phases to tell apart, or when it is the only one.
    phaseLeft: phaseLeft !== null && (t.phaseCount > 1 || shownScheme === null) ? phaseLeft : null,
    schemeLeft: shownScheme,
  };
}

export function Countdown({ label, seconds }: { label: string; seconds: number }) {
  return (
    <span className="train-countdown" role="timer" aria-label={label}>
      <Typography.Text type="secondary">{label} </Typography.Text>
      <Typography.Text strong type={seconds < 60 ? 'danger' : undefined}>
        <ClockCircleOutlined /> {formatCountdown(seconds)}
      </Typography.Text>
    </span>
  );
}

/** The phase's and the scheme's countdowns, as `useTimeLeft` gives them; nothing for an untimed training. */
export function Countdowns({ left, size = 'large' }: { left: TimeLeft; size?: 'small' | 'middle' | 'large' }) {
  if (left.phaseLeft === null && left.schemeLeft === null) return null;
  return (
    <Space size={size}>
      {left.phaseLeft !== null && <Countdown label={T.phaseLeft} seconds={left.phaseLeft} />}
      {left.schemeLeft !== null && <Countdown label={T.schemeLeft} seconds={left.schemeLeft} />}
    </Space>
  );
}
