// The score of a non-reading answer on the workbench (docs/marking.md "Pages"): a number out of the question's mark,
// with 0, half and full marks one click away.
import { Button, InputNumber, Space, Typography } from 'antd';
import { half } from './marking-draft';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

export interface ScoreInputProps {
  maxScore: number;
  score: number | null;
  onChange: (score: number | null) => void;
}

export function ScoreInput({ maxScore, score, onChange }: ScoreInputProps) {
  return (
    <>
      <Typography.Title level={5}>{T.score(maxScore)}</Typography.Title>
      <Space wrap>
        <Space.Compact>
          <InputNumber
            aria-label={T.score(maxScore)}
            min={0}
            max={maxScore}
            step={maxScore > 1 ? 0.5 : 0.1}
            precision={2}
            value={score}
            onChange={(v) => onChange(v)}
          />
          <Space.Addon>{T.outOf(maxScore)}</Space.Addon>
        </Space.Compact>
        <Button onClick={() => onChange(0)}>{T.quick.zero}</Button>
        <Button onClick={() => onChange(half(maxScore))}>{T.quick.half(half(maxScore))}</Button>
        <Button onClick={() => onChange(maxScore)}>{T.quick.full}</Button>
      </Space>
    </>
  );
}
