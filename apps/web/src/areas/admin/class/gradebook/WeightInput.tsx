// A task's weight in the gradebook's column head (docs/gradebook.md "Weights"): saved when the box loses focus or on
// Enter, so nothing typed is left unsaved; a value the box cannot hold goes back to the saved one.
import { useState } from 'react';
import { InputNumber } from 'antd';
import { GRADEBOOK_MAX_WEIGHT } from '@edu/contract';
import { GRADEBOOK_TEXTS as T } from './texts';

export function WeightInput({
  title,
  weight,
  disabled,
  onSave,
}: {
  title: string;
  weight: number;
  disabled: boolean;
  /** Resolves false when the save failed (already shown): the box goes back to the saved weight. */
  onSave: (weight: number) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<number | null>(weight);
  const [shown, setShown] = useState(weight);
  // The saved weight changed (saved here, or read again): the box shows it.
  if (shown !== weight) {
    setShown(weight);
    setDraft(weight);
  }
  const commit = () => {
    if (draft === null || draft === weight) {
      setDraft(weight);
      return;
    }
    void onSave(draft).then((ok) => {
      if (!ok) setDraft(weight);
    });
  };
  return (
    <InputNumber
      size="small"
      aria-label={T.weightLabel(title)}
      min={0}
      max={GRADEBOOK_MAX_WEIGHT}
      step={0.5}
      precision={1}
      value={draft}
      disabled={disabled}
      style={{ width: 72 }}
      prefix={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{T.weight}</span>}
      onChange={(v) => setDraft(v)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
