// The do-page for anything but a running paper: the header with its progress and countdowns, then a general
// scheme question by question (a reading question step by step) or an ended training's summary. A chunk of its own
// (parts.ts): the exam page, a running paper, does not load it on its first load (docs/performance.md "First load").
import { Space } from 'antd';
import type { TrainingPartProps } from '../../../components/training/training-part';
import { GeneralTraining } from './GeneralTraining';
import { TrainHeader } from './TrainHeader';
import { TrainingSummaryView } from './TrainingSummaryView';

export interface TrainingOtherProps extends TrainingPartProps {
  /** When the training arrived (browser clock, ms). */
  receivedAt: number;
}

export default function TrainingOther({ training: t, receivedAt, onTraining, onStale }: TrainingOtherProps) {
  const parts = { training: t, onTraining, onStale };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <TrainHeader
        training={t}
        receivedAt={receivedAt}
        total={t.type === 'paper' && t.paper ? t.paper.questions.length : t.bound}
        onTimeUp={onStale}
      />
      {t.type === 'general' ? <GeneralTraining key={t.trainId} {...parts} /> : <TrainingSummaryView training={t} />}
    </Space>
  );
}
