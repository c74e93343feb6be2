// fillBlank answers: one row per blank, each accepted alternative a tag. Stored as `went|had gone` (docs/domain.md "Questions and repositories");
// a literal `|` inside an alternative is typed and stored as `\|` and shown as `|`.
import { Button, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { splitAlternatives } from '@edu/contract';
import { FieldError } from './FieldError';
import type { FieldErrors } from './form-model';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.form;

/** ['went', 'had gone'] → `went|had gone`; a `|` inside an alternative becomes `\|`. */
export const joinAlternatives = (alts: readonly string[]): string => alts.map((a) => a.replace(/\|/g, '\\|')).join('|');

const alternativesOf = (blank: string) => (blank === '' ? [] : splitAlternatives(blank));

/** Text typed into a blank's field: pieces at each unescaped `|`, escapes kept (`\|` is read on change). */
export function splitTyped(input: string): string[] {
  return input
    .split(/(?<!\\)\|/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The blank's alternatives after the tag field changed: kept tags as they are, newly typed text split at
 * unescaped `|` with `\|` read as a literal `|`; empty and repeated ones dropped.
 */
export function nextAlternatives(current: readonly string[], values: readonly string[]): string[] {
  const kept = new Set(current);
  const out = values.flatMap((v) => (kept.has(v) ? [v] : splitAlternatives(v))).filter((a) => a.trim() !== '');
  return [...new Set(out)];
}

/** The tag field's tokenizer: splits only at an unescaped `|` (otherwise the text stays as typed). */
const tokenize = (input: string): string[] => (/(?<!\\)\|/.test(input) ? splitTyped(input) : [input]);

export interface BlanksEditorProps {
  answer: string[];
  onChange: (answer: string[]) => void;
  errors: FieldErrors;
  /** Path prefix of the (sub-)question's errors. */
  prefix: string;
}

export function BlanksEditor({ answer, onChange, errors, prefix }: BlanksEditorProps) {
  const own = (path: string) => (errors[`${prefix}${path}`] ? [errors[`${prefix}${path}`]] : []);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {answer.map((blank, i) => (
        <div key={i} className="blank-answer">
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span style={{ width: 56, flex: 'none' }}>{T.blank(i + 1)}</span>
            <Select
              mode="tags"
              // Typing adds alternatives (Enter, `|` or leaving the field); there is nothing to pick from.
              open={false}
              aria-label={T.blank(i + 1)}
              style={{ flex: 1 }}
              tokenSeparators={tokenize}
              suffixIcon={null}
              placeholder={T.blankPlaceholder}
              status={own(`answer.${i}`).length ? 'error' : undefined}
              value={alternativesOf(blank)}
              onChange={(values: string[]) => {
                const next = joinAlternatives(nextAlternatives(alternativesOf(blank), values));
                onChange(answer.map((b, j) => (j === i ? next : b)));
              }}
            />
            <Button
              aria-label={T.removeBlank(i + 1)}
              icon={<DeleteOutlined />}
              type="text"
              onClick={() => onChange(answer.filter((_, j) => j !== i))}
            />
          </div>
          <FieldError messages={own(`answer.${i}`)} />
        </div>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...answer, ''])}>
        {T.addBlank}
      </Button>
      <FieldError messages={own('answer')} />
    </Space>
  );
}
