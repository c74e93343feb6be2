// The do-page's header: title, phase i/n, progress, score and the countdowns of the phase and the scheme
// (a paper shows no score until it is handed in; an ended training only its title, its summary says the rest).
// When a countdown reaches 0 the page asks the server again (it moves the phase on or ends the training).
import { useEffect, useEffectEvent } from 'react';
import { Card, Progress, Space, Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { Training } from '@edu/contract';
import { formatCountdown, remainingSeconds, useNow } from './countdown';
import { formatScore } from './format';
import { StatusTag, TypeTag } from './StatusTag';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.doing;

function Countdown({ label, seconds }: { label: string; seconds: number }) {
  return (
    <span className="train-countdown" role="timer" aria-label={label}>
      <Typography.Text type="secondary">{label} </Typography.Text>
      <Typography.Text strong type={seconds < 60 ? 'danger' : undefined}>
        <ClockCircleOutlined /> {formatCountdown(seconds)}
      </Typography.Text>
    </span>
  );
}

export interface TrainHeaderProps {
  training: Training;
  /** When the training arrived (browser clock, ms). */
  receivedAt: number;
  /** How many questions the progress counts against (the paper's length; else the engine bound). */
  total: number;
  onTimeUp: () => void;
}

export function TrainHeader({ training: t, receivedAt, total, onTimeUp }: TrainHeaderProps) {
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

  const showPhase = running && t.type === 'general' && t.phaseCount > 0;
  const percent = total > 0 ? Math.min(100, Math.round((t.answered / total) * 100)) : 0;
  // A paper is judged when it is handed in: while it runs, right answers and the score are not shown.
  const showResults = t.type === 'general';
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          {t.title}
          <TypeTag type={t.type} />
          <StatusTag status={t.status} />
        </Space>
      }
      extra={
        <Space size="large">
          {phaseLeft !== null && (t.phaseCount > 1 || schemeLeft === null) && (
            <Countdown label={T.phaseLeft} seconds={phaseLeft} />
          )}
          {schemeLeft !== null && <Countdown label={T.schemeLeft} seconds={schemeLeft} />}
        </Space>
      }
    >
      {running && (
        <Space wrap size={[32, 8]} style={{ width: '100%' }} className="train-progress">
          {showPhase && (
            <Space size={4}>
              <Tag color="geekblue">{T.phase(Math.min(t.phaseIndex, t.phaseCount), t.phaseCount)}</Tag>
              {t.point && <Typography.Text type="secondary">{T.point(t.point)}</Typography.Text>}
            </Space>
          )}
          <Space size={8}>
            <Typography.Text type="secondary">{T.progress}</Typography.Text>
            <Progress percent={percent} size={[160, 8]} showInfo={false} aria-label={T.progress} />
            <Typography.Text>
              {t.type === 'paper' ? T.answeredOf(t.answered, total) : T.answered(t.answered, total)}
            </Typography.Text>
          </Space>
          {showResults && <Typography.Text>{T.correct(t.correct)}</Typography.Text>}
          {showResults && (
            <Typography.Text>
              {T.scoreLabel} {TRAIN_TEXTS.score(formatScore(t.score), formatScore(t.maxScore))}
            </Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}
