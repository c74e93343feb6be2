// 编辑 of a generated sub-question: a small form checked by the contract's ReadingSubEdit and, per type, that the
// keyed answer is one of the options (single choice), 对/错 (true/false) or a reference translation; messages in Chinese.
import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { ReadingSubEdit, type QuestionSub } from '@edu/contract';
import { htmlToText } from '../../../../components/rich-text/sanitize';
import { decodeEntities } from './entities';
import { READING_TEXTS } from './texts';

const T = READING_TEXTS.edit;
const R = READING_TEXTS.review;
const KEYS = ['A', 'B', 'C', 'D'] as const;

interface EditState {
  title: string;
  desc: string;
  options: { key: string; content: string }[];
  answer: string;
  explanation: string;
}

function stateOf(sub: QuestionSub): EditState {
  const options =
    sub.type === 'singleChoice'
      ? KEYS.map((key) => ({ key, content: htmlToText(sub.options.find((o) => o.key === key)?.content ?? '') }))
      : [];
  return {
    title: decodeEntities(sub.title),
    desc: decodeEntities(sub.desc),
    options,
    answer: sub.type === 'translation' ? decodeEntities(sub.answer[0] ?? '') : (sub.answer[0] ?? ''),
    explanation: htmlToText(sub.explanation ?? ''),
  };
}

/** The edit as sent, or the messages by field. */
export function checkSubEdit(
  type: QuestionSub['type'],
  s: EditState,
): { ok: true; sub: ReadingSubEdit } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parsed = ReadingSubEdit.safeParse({
    title: s.title,
    desc: s.desc,
    options: s.options.map((o) => ({ key: o.key, content: o.content.trim() })),
    answer: s.answer ? [s.answer] : [],
    explanation: s.explanation,
  });
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  if (type === 'singleChoice') {
    s.options.forEach((o, i) => {
      if (!o.content.trim()) errors[`option${i}`] = T.optionEmpty(o.key);
    });
    if (!s.options.some((o) => o.key === s.answer)) errors.answer = T.pickAnswer;
  } else if (type === 'trueFalse') {
    if (s.answer !== 'T' && s.answer !== 'F') errors.answer = T.pickAnswer;
  } else if (!s.answer.trim()) errors.answer = T.referenceEmpty;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, sub: parsed.data };
}

export interface SubEditModalProps {
  sub: QuestionSub;
  saving: boolean;
  onSave: (sub: ReadingSubEdit) => void;
  onCancel: () => void;
}

export function SubEditModal({ sub, saving, onSave, onCancel }: SubEditModalProps) {
  const [s, setS] = useState<EditState>(() => stateOf(sub));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<EditState>) => setS((old) => ({ ...old, ...patch }));
  const item = (name: string) => ({
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name],
  });

  function submit() {
    const checked = checkSubEdit(sub.type, s);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onSave(checked.sub);
  }

  return (
    <Modal
      open
      title={T.title}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={T.subTitle} required {...item('title')}>
          <Input.TextArea
            aria-label={T.subTitle}
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={s.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={T.desc} {...item('desc')}>
          <Input
            aria-label={T.desc}
            placeholder={T.optional}
            value={s.desc}
            onChange={(e) => set({ desc: e.target.value })}
          />
        </Form.Item>
        {sub.type === 'singleChoice' &&
          s.options.map((o, i) => (
            <Form.Item key={o.key} label={T.option(o.key)} required {...item(`option${i}`)}>
              <Input
                aria-label={T.option(o.key)}
                value={o.content}
                onChange={(e) =>
                  set({ options: s.options.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)) })
                }
              />
            </Form.Item>
          ))}
        {sub.type === 'singleChoice' && (
          <Form.Item label={T.correct} required {...item('answer')}>
            <Radio.Group
              aria-label={T.correct}
              value={s.answer}
              onChange={(e) => set({ answer: e.target.value as string })}
              options={KEYS.map((k) => ({ value: k, label: k }))}
            />
          </Form.Item>
        )}
        {sub.type === 'trueFalse' && (
          <Form.Item label={T.trueFalse} required {...item('answer')}>
            <Radio.Group
              aria-label={T.trueFalse}
              value={s.answer}
              onChange={(e) => set({ answer: e.target.value as string })}
              options={[
                { value: 'T', label: R.trueLabel },
                { value: 'F', label: R.falseLabel },
              ]}
            />
          </Form.Item>
        )}
        {sub.type !== 'singleChoice' && sub.type !== 'trueFalse' && (
          <Form.Item label={T.reference} required {...item('answer')}>
            <Input.TextArea
              aria-label={T.reference}
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={s.answer}
              onChange={(e) => set({ answer: e.target.value })}
            />
          </Form.Item>
        )}
        <Form.Item label={T.explanation} {...item('explanation')}>
          <Input.TextArea
            aria-label={T.explanation}
            placeholder={T.optional}
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={s.explanation}
            onChange={(e) => set({ explanation: e.target.value })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
