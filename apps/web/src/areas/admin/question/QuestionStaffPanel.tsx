// The stored answer, explanation, knowledge point and tags of a question, for staff (the question preview and
// the read-only preview of the statistics pages).
import { Descriptions, Tag } from 'antd';
import type { Question } from '@edu/contract';
import { AnswerTextView } from '../../../components/question/AnswerText';
import { RichText } from '../../../components/rich-text/RichText';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

const T = QUESTION_TEXTS.preview;

export function QuestionStaffPanel({ q }: { q: Question }) {
  return (
    <Descriptions column={1} size="small" bordered>
      {q.type !== 'enReading' && (
        <Descriptions.Item label={T.standardAnswer}>
          <AnswerTextView type={q.type} answer={q.answer} standard />
        </Descriptions.Item>
      )}
      {q.questionSub.map((s, i) => (
        <Descriptions.Item key={s.questionSubId} label={QUESTION_TEXTS.form.sub(i + 1)}>
          {TYPE_LABELS[s.type]} · {T.standardAnswer}：<AnswerTextView type={s.type} answer={s.answer ?? []} standard />
          {s.explanation && <RichText html={s.explanation} />}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={T.explanation}>
        {q.explanation ? <RichText html={q.explanation} /> : T.noExplanation}
      </Descriptions.Item>
      <Descriptions.Item label={T.kp}>{q.knowledgePoint?.name ?? QUESTION_TEXTS.none}</Descriptions.Item>
      <Descriptions.Item label={T.tags}>
        {q.tags.length ? q.tags.map((t) => <Tag key={t}>{t}</Tag>) : QUESTION_TEXTS.none}
      </Descriptions.Item>
    </Descriptions>
  );
}
