// An answer as a teacher or student reads it: option letters `A、C`, 对/错, blanks one by one with each accepted
// alternative of a standard blank as its own tag (never the stored `went|had gone`), texts as they are.
import { Space, Tag, Typography } from 'antd';
import { showTrueFalse, splitAlternatives, trueFalseValue, type QuestionType } from '@edu/contract';
import { QUESTION_VIEW_TEXTS as T } from '../texts';

/** One line of text: for a standard fillBlank answer `第 1 空：went / had gone；第 2 空：fast`. */
export function answerText(type: QuestionType, answer: readonly string[], standard = true): string {
  if (answer.length === 0 || answer.every((a) => a.trim() === '')) return T.none;
  switch (type) {
    case 'singleChoice':
    case 'multipleChoice':
      return answer.join('、');
    case 'trueFalse':
      return answer.map((a) => showTrueFalse(trueFalseValue(a))).join('、');
    case 'fillBlank': {
      const blanks = answer.map((b) => (standard ? splitAlternatives(b).join(' / ') : b.trim() || T.emptyBlank));
      return blanks.length === 1 ? blanks[0] : blanks.map((b, i) => `${T.blankPlaceholder(i + 1)}：${b}`).join('；');
    }
    case 'translation':
    case 'shortAnswer':
    case 'enReading':
      return answer.join(' ');
  }
}

export interface AnswerTextViewProps {
  type: QuestionType;
  answer: readonly string[];
  /** A standard answer (fillBlank alternatives as tags) rather than a submission. */
  standard?: boolean;
}

/** The answer as an element: a standard fillBlank answer lists its blanks with one tag per alternative. */
export function AnswerTextView({ type, answer, standard = false }: AnswerTextViewProps) {
  if (!(standard && type === 'fillBlank' && answer.length > 0)) {
    return <span className="answer-text">{answerText(type, answer, standard)}</span>;
  }
  return (
    <Space className="answer-text" orientation="vertical" size={2}>
      {answer.map((blank, i) => (
        <span key={i} className="answer-blank">
          {answer.length > 1 && <Typography.Text type="secondary">{T.blankPlaceholder(i + 1)}：</Typography.Text>}
          {splitAlternatives(blank).map((alt, j) => (
            <Tag key={j} className="answer-alternative">
              {alt}
            </Tag>
          ))}
        </span>
      ))}
    </Space>
  );
}
