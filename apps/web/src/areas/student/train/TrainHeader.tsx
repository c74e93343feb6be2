// The do-page's header: title, phase i/n, progress (a reading question's steps too), score and the countdowns of
// the phase and the scheme (a paper shows no score until it is handed in; an ended training only its title, its
// summary says the rest).
// When a countdown reaches 0 the page asks the server again (it moves the phase on or ends the training).
import { Progress, Space, Tag, Typography } from 'antd';
import type { Training } from '@edu/contract';
import { PlainCard } from '../../../components/plain-antd';
import { formatScore } from '../../../components/training/format';
import { StatusTag, TypeTag } from '../../../components/training/StatusTag';
import { TRAIN_TEXTS } from '../../../components/training/texts';
import { Countdowns, useTimeLeft } from './time-left';
import { useReadingStepProgress } from './reading/queries';

const T = TRAIN_TEXTS.doing;

function TitleLine({ training: t }: { training: Training }) {
  return (
    <Space wrap>
      {t.title}
      <TypeTag type={t.type} />
      <StatusTag status={t.status} />
    </Space>
  );
}

/** A running paper's header: its title only; the exam bar below keeps time and progress in view (PaperTraining). */
export function TrainTitleCard({ training }: { training: Training }) {
  return <PlainCard headOnly title={<TitleLine training={training} />} />;
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
  const left = useTimeLeft(t, receivedAt, onTimeUp);
  const running = t.status === 'running';
  const showPhase = running && t.type === 'general' && t.phaseCount > 0;
  // A reading question is answered step by step: the header counts its sub-questions as they go (and the bar moves
  // by their share of one question), not only once the whole question is submitted.
  const reading = useReadingStepProgress(t);
  const answered = t.answered + (reading ? reading.done / reading.total : 0);
  const percent = total > 0 ? Math.min(100, Math.round((answered / total) * 100)) : 0;
  // A paper is judged when it is handed in: while it runs, right answers and the score are not shown.
  const showResults = t.type === 'general';
  return (
    <PlainCard title={<TitleLine training={t} />} extra={<Countdowns left={left} />}>
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
          {reading && (
            <Tag color="blue" className="train-reading-progress">
              {T.readingSteps(reading.done, reading.total)}
            </Tag>
          )}
          {showResults && <Typography.Text>{T.correct(t.correct)}</Typography.Text>}
          {showResults && (
            <Typography.Text>
              {T.scoreLabel} {TRAIN_TEXTS.score(formatScore(t.score), formatScore(t.maxScore))}
            </Typography.Text>
          )}
        </Space>
      )}
    </PlainCard>
  );
}
