// Options and standard answer of one (sub-)question, per type: choices, 对/错, blanks, reference text.
import { Button, Checkbox, Input, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { optionKeyAt, splitAlternatives, type QuestionOption, type QuestionType } from '@edu/contract';
import RichTextEditor from '../../../components/rich-text/RichTextEditor';
import { errorsUnder, isChoice, type FieldErrors } from './form-model';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.form;

export interface AnswerValue {
  options: QuestionOption[];
  answer: string[];
}

export interface AnswerEditorProps extends AnswerValue {
  type: QuestionType;
  onChange: (next: AnswerValue) => void;
  errors: FieldErrors;
  /** Path prefix of this (sub-)question's errors: '' or 'questionSub.1.'. */
  prefix: string;
}

export function FieldError({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert">
      {messages.map((m) => (
        <Typography.Text key={m} type="danger" style={{ display: 'block', fontSize: 13 }}>
          {m}
        </Typography.Text>
      ))}
    </div>
  );
}

/** `went|had gone` ↔ ['went', 'had gone']; a `|` inside an alternative is written `\|`. */
const joinAlternatives = (alts: string[]) => alts.map((a) => a.replace(/\|/g, '\\|')).join('|');

function ChoiceEditor({ type, options, answer, onChange, errors, prefix }: AnswerEditorProps) {
  const multiple = type === 'multipleChoice';
  const rekey = (list: QuestionOption[]) => list.map((o, i) => ({ ...o, key: optionKeyAt(i) }));
  const remove = (index: number) => {
    const removed = options[index].key;
    const next = rekey(options.filter((_, i) => i !== index));
    // Answers after the removed option shift one letter back.
    const shifted = answer
      .filter((k) => k !== removed)
      .map((k) => (k > removed ? String.fromCharCode(k.charCodeAt(0) - 1) : k));
    onChange({ options: next, answer: shifted });
  };
  const mark = (key: string, on: boolean) =>
    onChange({
      options,
      answer: multiple ? (on ? [...answer.filter((k) => k !== key), key] : answer.filter((k) => k !== key)) : [key],
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {options.map((o, i) => (
        <div key={o.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <div style={{ width: 72, paddingTop: 6 }}>
            {multiple ? (
              <Checkbox checked={answer.includes(o.key)} onChange={(e) => mark(o.key, e.target.checked)}>
                {o.key}
              </Checkbox>
            ) : (
              <Radio checked={answer.includes(o.key)} onChange={() => mark(o.key, true)}>
                {o.key}
              </Radio>
            )}
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            <RichTextEditor
              compact
              label={`${T.options} ${o.key}`}
              value={o.content}
              error={errorsUnder(errors, `${prefix}options.${i}`).length > 0}
              onChange={(content) =>
                onChange({ options: options.map((x, j) => (j === i ? { ...x, content } : x)), answer })
              }
            />
            <FieldError messages={errorsUnder(errors, `${prefix}options.${i}`)} />
          </div>
          <Button aria-label={T.removeOption(o.key)} icon={<DeleteOutlined />} type="text" onClick={() => remove(i)} />
        </div>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={options.length >= 26}
        onClick={() => onChange({ options: [...options, { key: optionKeyAt(options.length), content: '' }], answer })}
      >
        {T.addOption}
      </Button>
      <FieldError
        messages={[
          ...errorsUnder(errors, `${prefix}answer`),
          ...(errors[`${prefix}options`] ? [errors[`${prefix}options`]] : []),
        ]}
      />
    </Space>
  );
}

function BlanksEditor({ answer, onChange, errors, prefix }: AnswerEditorProps) {
  const set = (list: string[]) => onChange({ options: [], answer: list });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {answer.map((blank, i) => (
        <div key={i}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span style={{ width: 56 }}>{T.blank(i + 1)}</span>
            <Select
              mode="tags"
              aria-label={T.blank(i + 1)}
              style={{ flex: 1 }}
              notFoundContent={null}
              tokenSeparators={['|']}
              suffixIcon={null}
              placeholder={T.blankPlaceholder}
              status={errors[`${prefix}answer.${i}`] ? 'error' : undefined}
              value={blank === '' ? [] : splitAlternatives(blank)}
              onChange={(alts: string[]) => set(answer.map((b, j) => (j === i ? joinAlternatives(alts) : b)))}
            />
            <Button
              aria-label={T.removeBlank(i + 1)}
              icon={<DeleteOutlined />}
              type="text"
              onClick={() => set(answer.filter((_, j) => j !== i))}
            />
          </div>
          <FieldError messages={errors[`${prefix}answer.${i}`] ? [errors[`${prefix}answer.${i}`]] : []} />
        </div>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => set([...answer, ''])}>
        {T.addBlank}
      </Button>
      <FieldError messages={errors[`${prefix}answer`] ? [errors[`${prefix}answer`]] : []} />
    </Space>
  );
}

export function AnswerEditor(props: AnswerEditorProps) {
  const { type, answer, onChange, errors, prefix } = props;
  if (isChoice(type)) return <ChoiceEditor {...props} />;
  if (type === 'fillBlank') return <BlanksEditor {...props} />;
  if (type === 'enReading') return null;
  if (type === 'trueFalse') {
    return (
      <>
        <Radio.Group
          aria-label={T.correct}
          value={answer[0]}
          onChange={(e) => onChange({ options: [], answer: [e.target.value as string] })}
          options={[
            { value: 'T', label: T.trueLabel },
            { value: 'F', label: T.falseLabel },
          ]}
        />
        <FieldError messages={errorsUnder(errors, `${prefix}answer`)} />
      </>
    );
  }
  const label = type === 'translation' ? T.referenceTranslation : T.reference;
  return (
    <>
      <Input.TextArea
        aria-label={label}
        autoSize={{ minRows: 2, maxRows: 10 }}
        status={errorsUnder(errors, `${prefix}answer`).length ? 'error' : undefined}
        value={answer[0] ?? ''}
        onChange={(e) => onChange({ options: [], answer: [e.target.value] })}
      />
      <FieldError messages={errorsUnder(errors, `${prefix}answer`)} />
    </>
  );
}
