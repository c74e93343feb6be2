// enReading: the list of sub-questions, each with its own type, stem and answer editor.
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SUB_QUESTION_TYPES, type SubQuestionType } from '@edu/contract';
import { AnswerEditor, FieldError } from './AnswerEditor';
import { answerDefaults, emptySub, type FieldErrors, type SubDraft } from './form-model';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

const T = QUESTION_TEXTS.form;

export interface SubQuestionsEditorProps {
  value: SubDraft[];
  onChange: (next: SubDraft[]) => void;
  errors: FieldErrors;
}

export function SubQuestionsEditor({ value, onChange, errors }: SubQuestionsEditorProps) {
  const update = (i: number, patch: Partial<SubDraft>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((sub, i) => {
        const prefix = `questionSub.${i}.`;
        const own = (name: string) => (errors[`${prefix}${name}`] ? [errors[`${prefix}${name}`]] : []);
        return (
          <Card
            key={sub.questionSubId ?? `new-${i}`}
            size="small"
            className="sub-question"
            title={
              <Space>
                {T.sub(i + 1)}
                {sub.status === 'pending' && <Tag color="orange">{T.pending}</Tag>}
              </Space>
            }
            extra={
              <Button
                type="text"
                aria-label={T.removeSub(i + 1)}
                icon={<DeleteOutlined />}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            }
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Select
                aria-label={`${T.subType} ${i + 1}`}
                style={{ width: 160 }}
                value={sub.type}
                options={SUB_QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                onChange={(type: SubQuestionType) => update(i, { type, ...answerDefaults(type) })}
              />
              <Input
                aria-label={`${T.subTitle} ${i + 1}`}
                placeholder={T.subTitle}
                status={own('title').length ? 'error' : undefined}
                value={sub.title}
                onChange={(e) => update(i, { title: e.target.value })}
              />
              <FieldError messages={own('title')} />
              <Input
                aria-label={`${T.subDesc} ${i + 1}`}
                placeholder={T.subDesc}
                value={sub.desc}
                onChange={(e) => update(i, { desc: e.target.value })}
              />
              <AnswerEditor
                type={sub.type}
                options={sub.options}
                answer={sub.answer}
                onChange={(next) => update(i, next)}
                errors={errors}
                prefix={prefix}
              />
              <Input.TextArea
                aria-label={`${T.subExplanation} ${i + 1}`}
                placeholder={T.subExplanation}
                autoSize={{ minRows: 1, maxRows: 6 }}
                value={sub.explanation}
                onChange={(e) => update(i, { explanation: e.target.value })}
              />
              <FieldError messages={[...own('questionSubId'), ...own('explanation')]} />
            </Space>
          </Card>
        );
      })}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...value, emptySub()])}>
        {T.addSub}
      </Button>
      <FieldError messages={errors.questionSub ? [errors.questionSub] : []} />
    </Space>
  );
}
