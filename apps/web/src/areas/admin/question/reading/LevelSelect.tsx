// The vocabulary level chooser of the reading panels (格式化文章, 生成子题): 初中 … 考研 (docs/web.md "AI reading").
import { Select } from 'antd';
import { READING_LEVEL_LABELS, READING_LEVEL_VALUES, type ReadingLevelValue } from '@edu/contract';
import { READING_TEXTS } from './texts';

const LEVEL_OPTIONS = READING_LEVEL_VALUES.map((v) => ({ value: v, label: READING_LEVEL_LABELS[v] }));

export function LevelSelect({
  value,
  onChange,
}: {
  value: ReadingLevelValue;
  onChange: (v: ReadingLevelValue) => void;
}) {
  const label = READING_TEXTS.level;
  return (
    <label>
      <div>{label}</div>
      <Select aria-label={label} style={{ width: 140 }} value={value} options={LEVEL_OPTIONS} onChange={onChange} />
    </label>
  );
}
