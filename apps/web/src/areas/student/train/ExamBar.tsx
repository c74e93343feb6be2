// A running paper's bar, kept in view under the area's top bar while the questions scroll (exam.css): how many are
// answered, the time left (none for an untimed paper), 答题卡 where the sheet is no side panel, and 交卷.
import { Button, Progress, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { Countdowns, type TimeLeft } from './time-left';
import { TRAIN_TEXTS } from '../../../components/training/texts';

const T = TRAIN_TEXTS.paper;

export interface ExamBarProps {
  answered: number;
  total: number;
  left: TimeLeft;
  /** Set where the sheet hides in a drawer (narrow screens): opens it. */
  onOpenSheet?: () => void;
  onSubmit: () => void;
}

export function ExamBar({ answered, total, left, onOpenSheet, onSubmit }: ExamBarProps) {
  const percent = total > 0 ? Math.round((answered / total) * 100) : 0;
  const timed = left.phaseLeft !== null || left.schemeLeft !== null;
  const compact = onOpenSheet !== undefined;
  return (
    <div className="exam-bar" role="region" aria-label={T.barLabel}>
      <div className="exam-bar-progress">
        {(!compact || !timed) && <Typography.Text>{T.answeredCount(answered, total)}</Typography.Text>}
        {!compact && (
          <Progress percent={percent} size={[120, 8]} showInfo={false} aria-label={TRAIN_TEXTS.doing.progress} />
        )}
      </div>
      <Countdowns left={left} size="middle" />
      <div className="exam-bar-actions">
        {compact && (
          <Button icon={<AppstoreOutlined />} onClick={onOpenSheet} aria-label={T.sheetOpen(answered, total)}>
            {T.sheet} {answered}/{total}
          </Button>
        )}
        <Button type="primary" onClick={onSubmit}>
          {T.submit}
        </Button>
      </div>
    </div>
  );
}
