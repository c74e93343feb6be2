// An ended training (finished or expired): score, answers, correct rate, time, and the ways to its report; back to
// the knowledge graph when the training was started there (the navigation's `from: 'graph'` state). A 掌握测验 answered
// whole and all right masters its point (docs/knowledge-graph.md "Practice"): the summary says so on the spot.
import { Button, Result, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { Training } from '@edu/contract';
import { spanSeconds } from '../../../components/training/format';
import { CorrectionsNote } from '../../../components/training/CorrectionsNote';
import { PendingNote } from '../../../components/training/PendingMarks';
import { TrainingStats } from '../../../components/training/TrainingStats';
import { TRAIN_TEXTS } from '../../../components/training/texts';

const T = TRAIN_TEXTS.summary;

export function TrainingSummaryView({ training: t }: { training: Training }) {
  const navigate = useNavigate();
  const go = (path: string) => () => void navigate(path);
  const fromGraph = (useLocation().state as { from?: string } | null)?.from === 'graph';
  const expired = t.status === 'expired';
  // Every answer right and the whole of the marks scored: every question answered right (each is worth marks).
  const mastered =
    fromGraph &&
    t.type === 'paper' &&
    t.maxScore > 0 &&
    t.answered > 0 &&
    t.correct === t.answered &&
    t.score === t.maxScore;
  return (
    <Result
      status={mastered ? 'success' : expired ? 'warning' : 'success'}
      title={mastered ? T.mastered : expired ? T.expired : T.finished}
      subTitle={mastered ? T.masteredSub : expired ? T.expiredSub : undefined}
      extra={
        <Space wrap>
          <Button type="primary" onClick={go(`/student/train/report/${t.trainId}`)}>
            {TRAIN_TEXTS.report}
          </Button>
          <Button onClick={go(`/student/train/${t.trainId}/questions`)}>{TRAIN_TEXTS.records}</Button>
          {fromGraph ? (
            <Button onClick={go('/student/knowledgegraph/mine')}>{TRAIN_TEXTS.backToGraph}</Button>
          ) : (
            <Button onClick={go('/student/train')}>{TRAIN_TEXTS.backToList}</Button>
          )}
        </Space>
      }
    >
      <TrainingStats
        score={t.score}
        maxScore={t.maxScore}
        answered={t.answered}
        correct={t.correct}
        credit={t.credit}
        seconds={spanSeconds(t.startTime, t.endTime)}
        scoreHidden={t.corrections?.scoreHidden}
      />
      <CorrectionsNote corrections={t.corrections} />
      <PendingNote pending={t.pending} />
    </Result>
  );
}
