// enReading: the list of sub-questions, each with its own type, stem and answer editor, every field labelled.
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SUB_QUESTION_TYPES, type SubQuestionType } from '@edu/contract';
import { AnswerEditor, answerLabel } from './AnswerEditor';
import { FieldError } from './FieldError';
import { answerDefaults, emptySub, type FieldErrors, type SubDraft } from './form-model';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

const T = QUESTION_TEXTS.form;

export interface SubQuestionsEditorProps {
  value: SubDraft[];
  onChange: (next: SubDraft[]) => void;
  errors: FieldErrors;
}

/** A labelled row inside a sub-question card. */
function SubField({ label, required, children }: { label: string; required?: boolean; children: React.ReactNode }) {
  return (
    <div className="sub-field" style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <span style={{ width: 64, flex: 'none', paddingTop: 5, color: 'rgba(0,0,0,0.65)' }}>
        {required && <span style={{ color: '#ff4d4f', marginRight: 2 }}>*</span>}
        {label}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </div>
  );
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
            <Space orientation="vertical" style={{ width: '100%' }} size={12}>
              <SubField label={T.subTypeShort} required>
                <Select
                  aria-label={`${T.subType} ${i + 1}`}
                  style={{ width: 160 }}
                  value={sub.type}
                  options={SUB_QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                  onChange={(type: SubQuestionType) => update(i, { type, ...answerDefaults(type) })}
                />
              </SubField>
              <SubField label={T.subTitleShort} required>
                <Input
                  aria-label={`${T.subTitle} ${i + 1}`}
                  placeholder={T.subTitlePlaceholder}
                  status={own('title').length ? 'error' : undefined}
                  value={sub.title}
                  onChange={(e) => update(i, { title: e.target.value })}
                />
                <FieldError messages={own('title')} />
              </SubField>
              <SubField label={T.subDesc}>
                <Input
                  aria-label={`${T.subDesc} ${i + 1}`}
                  placeholder={T.optional}
                  value={sub.desc}
                  onChange={(e) => update(i, { desc: e.target.value })}
                />
              </SubField>
              <SubField label={answerLabel(sub.type, sub.options.length > 0)} required>
                <AnswerEditor
                  type={sub.type}
                  options={sub.options}
                  answer={sub.answer}
                  onChange={(next) => update(i, next)}
                  errors={errors}
                  prefix={prefix}
                />
              </SubField>
              <SubField label={T.explanation}>
                <Input.TextArea
                  aria-label={`${T.subExplanation} ${i + 1}`}
                  placeholder={T.optional}
                  autoSize={{ minRows: 1, maxRows: 6 }}
                  value={sub.explanation}
                  onChange={(e) => update(i, { explanation: e.target.value })}
                />
                <FieldError messages={[...own('questionSubId'), ...own('explanation')]} />
              </SubField>
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
