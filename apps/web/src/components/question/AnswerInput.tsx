// The answering control of one (sub-)question, as a student would see it; the value is the submission encoding.
import { Checkbox, Input, Radio, Space } from 'antd';
import type { QuestionOption, QuestionType } from '@edu/contract';
import { RichText } from '../rich-text/RichText';
import { QUESTION_VIEW_TEXTS as T } from '../texts';

export interface AnswerInputProps {
  type: Exclude<QuestionType, 'enReading'>;
  options: readonly QuestionOption[];
  /** How many blanks a fillBlank has. */
  blanks: number;
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** Accessible name prefix (the sub-question). */
  label: string;
}

export function AnswerInput({ type, options, blanks, value, onChange, disabled, label }: AnswerInputProps) {
  switch (type) {
    case 'singleChoice':
      return (
        <Radio.Group
          aria-label={label}
          disabled={disabled}
          value={value[0]}
          onChange={(e) => onChange([e.target.value as string])}
        >
          <Space orientation="vertical">
            {options.map((o) => (
              <Radio key={o.key} value={o.key}>
                {o.key}. <RichText inline html={o.content} />
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'multipleChoice':
      return (
        <Checkbox.Group aria-label={label} disabled={disabled} value={value} onChange={(v) => onChange(v)}>
          <Space orientation="vertical">
            {options.map((o) => (
              <Checkbox key={o.key} value={o.key}>
                {o.key}. <RichText inline html={o.content} />
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'trueFalse':
      return (
        <Radio.Group
          aria-label={label}
          disabled={disabled}
          value={value[0]}
          onChange={(e) => onChange([e.target.value as string])}
          options={[
            { value: 'T', label: T.trueLabel },
            { value: 'F', label: T.falseLabel },
          ]}
        />
      );
    case 'fillBlank':
      return (
        <Space wrap>
          {Array.from({ length: Math.max(blanks, 1) }, (_, i) => (
            <Input
              key={i}
              aria-label={`${label} ${T.blankPlaceholder(i + 1)}`}
              placeholder={T.blankPlaceholder(i + 1)}
              disabled={disabled}
              style={{ width: 180 }}
              value={value[i] ?? ''}
              onChange={(e) => {
                const next = Array.from({ length: Math.max(blanks, 1) }, (_, j) => value[j] ?? '');
                next[i] = e.target.value;
                onChange(next);
              }}
            />
          ))}
        </Space>
      );
    case 'translation':
    case 'shortAnswer':
      return (
        <Input.TextArea
          aria-label={label}
          placeholder={T.answerPlaceholder}
          disabled={disabled}
          autoSize={{ minRows: 3, maxRows: 10 }}
          value={value[0] ?? ''}
          onChange={(e) => onChange([e.target.value])}
        />
      );
  }
}
