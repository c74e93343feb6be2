// The figures of an ended training, shared by the do-page's summary and the report: score, answers, right
// answers, correct rate and time.
import { Col, Row, Statistic } from 'antd';
import type { TrainingReport } from '@edu/contract';
import { CorrectionsNote } from './CorrectionsNote';
import { Duration } from '../Duration';
import { PendingNote } from './PendingMarks';
import { correctRate, formatScore } from './format';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.summary;

export interface TrainingStatsProps {
  score: number;
  maxScore: number;
  answered: number;
  correct: number;
  /** The answers' shares of their marks summed: 正确率's numerator (partial credit by its share). */
  credit?: number;
  /** Whole seconds; null while unknown. */
  seconds: number | null;
  /** The paper's score waits with its corrections: score, right answers and rate read --. */
  scoreHidden?: boolean;
}

export function TrainingStats({
  score,
  maxScore,
  answered,
  correct,
  credit,
  seconds,
  scoreHidden,
}: TrainingStatsProps) {
  const rate = scoreHidden ? null : correctRate(correct, answered, credit);
  const col = (title: string, node: React.ReactNode) => (
    <Col key={title} flex="1 1 120px">
      {node}
    </Col>
  );
  return (
    <Row gutter={[16, 16]} className="training-stats">
      {col(
        T.score,
        <Statistic
          title={T.score}
          value={scoreHidden ? TRAIN_TEXTS.none : formatScore(score)}
          suffix={`/ ${formatScore(maxScore)}`}
        />,
      )}
      {col(T.answered, <Statistic title={T.answered} value={answered} suffix={T.questions} />)}
      {col(
        T.correct,
        <Statistic
          title={T.correct}
          value={scoreHidden ? TRAIN_TEXTS.none : correct}
          suffix={scoreHidden ? undefined : T.questions}
        />,
      )}
      {col(
        T.correctRate,
        <Statistic title={T.correctRate} value={rate ?? TRAIN_TEXTS.none} suffix={rate === null ? undefined : '%'} />,
      )}
      {col(T.duration, <Statistic title={T.duration} valueRender={() => <Duration seconds={seconds} />} />)}
    </Row>
  );
}

/** The figures of a report's training (its duration as the server measured it), and answers still waiting. */
export function ReportTrainingStats({ training: t }: { training: TrainingReport['training'] }) {
  return (
    <>
      <TrainingStats
        score={t.score}
        maxScore={t.maxScore}
        answered={t.answered}
        correct={t.correct}
        credit={t.credit}
        seconds={t.durationSeconds}
        scoreHidden={t.corrections?.scoreHidden}
      />
      <CorrectionsNote corrections={t.corrections} />
      <PendingNote pending={t.pending} />
    </>
  );
}
