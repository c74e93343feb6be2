// Options and standard answer of one (sub-)question, per type: choices, 对/错, blanks, reference text.
import { Button, Checkbox, Input, Radio, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { optionKeyAt, type QuestionOption, type QuestionType } from '@edu/contract';
import RichTextEditor from '../../../components/rich-text/RichTextEditor';
import { BlanksEditor } from './BlanksEditor';
import { FieldError } from './FieldError';
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
      <Space wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={options.length >= 26}
          onClick={() => onChange({ options: [...options, { key: optionKeyAt(options.length), content: '' }], answer })}
        >
          {T.addOption}
        </Button>
        <Typography.Text type="secondary">{multiple ? T.markCorrectMultiple : T.markCorrectSingle}</Typography.Text>
      </Space>
      <FieldError
        messages={[
          ...errorsUnder(errors, `${prefix}answer`),
          ...(errors[`${prefix}options`] ? [errors[`${prefix}options`]] : []),
        ]}
      />
    </Space>
  );
}

/** The label of a (sub-)question's answer area. */
export function answerLabel(type: QuestionType, hasOptions: boolean): string {
  if (type === 'fillBlank') return T.blanks;
  if (type === 'translation') return T.referenceTranslation;
  if (type === 'shortAnswer') return T.reference;
  return hasOptions ? T.options : T.correct;
}

export function AnswerEditor(props: AnswerEditorProps) {
  const { type, answer, onChange, errors, prefix } = props;
  if (isChoice(type)) return <ChoiceEditor {...props} />;
  if (type === 'fillBlank')
    return (
      <BlanksEditor
        answer={answer}
        onChange={(a) => onChange({ options: [], answer: a })}
        errors={errors}
        prefix={prefix}
      />
    );
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
