// An ended training (finished or expired): score, answers, correct rate, time, and the ways to its report.
import { Button, Col, Result, Row, Space, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import type { Training } from '@edu/contract';
import { Duration } from '../../../components/Duration';
import { correctRate, formatScore, spanSeconds } from './format';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.summary;

export function TrainingSummaryView({ training: t }: { training: Training }) {
  const navigate = useNavigate();
  const go = (path: string) => () => void navigate(path);
  const rate = correctRate(t.correct, t.answered);
  const expired = t.status === 'expired';
  return (
    <Result
      status={expired ? 'warning' : 'success'}
      title={expired ? T.expired : T.finished}
      subTitle={expired ? T.expiredSub : undefined}
      extra={
        <Space wrap>
          <Button type="primary" onClick={go(`/student/train/report/${t.trainId}`)}>
            {TRAIN_TEXTS.report}
          </Button>
          <Button onClick={go(`/student/train/${t.trainId}/questions`)}>{TRAIN_TEXTS.records}</Button>
          <Button onClick={go('/student/train')}>{TRAIN_TEXTS.backToList}</Button>
        </Space>
      }
    >
      <Row gutter={[16, 16]} className="training-summary">
        <Col xs={12} md={6}>
          <Statistic title={T.score} value={formatScore(t.score)} suffix={`/ ${formatScore(t.maxScore)}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={T.answered} value={t.answered} suffix={`（${T.correct} ${t.correct}）`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={T.correctRate} value={rate ?? TRAIN_TEXTS.none} suffix={rate === null ? undefined : '%'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={T.duration}
            valueRender={() => <Duration seconds={spanSeconds(t.startTime, t.endTime)} />}
          />
        </Col>
      </Row>
    </Result>
  );
}
