// A question's calibration for ability-matched draws (docs/practice-engine.md "Draw modes"): 正确率, 区分度 a, 难度 b
// and the answers the nightly job read, from the agency's own answers; 尚未校准 when the job has not calibrated it.
import { Space, Tooltip, Typography } from 'antd';
import { cstMinutes, type QuestionCalibration } from '@edu/contract';
import { fixed, percent, STATS_TEXTS } from './texts';

const T = STATS_TEXTS.calibration;

export function CalibrationCell({ calibration }: { calibration: QuestionCalibration | null | undefined }) {
  if (!calibration) return <Typography.Text type="secondary">{T.none}</Typography.Text>;
  const c = calibration;
  return (
    <Tooltip title={T.at(cstMinutes(c.calibratedAt))}>
      <Space size={4} wrap separator={<Typography.Text type="secondary">·</Typography.Text>}>
        <span>
          {T.facility} {percent(c.facility, 1)}
        </span>
        <span>
          {T.discrimination} {fixed(c.a)}
        </span>
        <span>
          {T.difficulty} {fixed(c.b)}
        </span>
        <span>
          {T.answers} {c.answers}（{T.rights(c.rights)}）
        </span>
      </Space>
    </Tooltip>
  );
}
