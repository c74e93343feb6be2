// A question as a student sees it with its answering controls, controlled from outside (trainings keep the
// value, send it and show the result themselves); QuestionView is the self-contained variant with 提交.
import { Space, Typography } from 'antd';
import { PlainCard } from '../plain-antd';
import { RichText } from '../rich-text/RichText';
import { QUESTION_VIEW_TEXTS as T } from '../texts';
import { AnswerInput } from './AnswerInput';
import type { PreviewQuestion, Submission } from './QuestionView';
import './question.css';

/**
 * Blanks of a fillBlank: from the standard answer when known (staff), else the `span.blank` markers, else the
 * runs of three or more underscores authors type as blanks (`方程 x² = 9 的根是 ____ 和 ____。`), else one.
 * A student's copy has no answer, so the stem has to tell.
 */
export function blankCount(html: string, answer?: readonly string[]): number {
  if (answer && answer.length > 0) return answer.length;
  const markers = (html.match(/class="[^"]*\bblank\b/g) ?? []).length;
  if (markers > 0) return markers;
  return (html.replace(/<[^>]*>/g, '').match(/_{3,}|＿{2,}/g) ?? []).length || 1;
}

export const EMPTY_SUBMISSION: Submission = { answer: [] };

/** True when nothing has been entered (every value blank). */
export function isEmptySubmission(s: Submission): boolean {
  const blank = (v: readonly string[]) => v.every((x) => x.trim() === '');
  return blank(s.answer) && Object.values(s.subAnswers ?? {}).every(blank);
}

export interface AnswerFormProps {
  question: PreviewQuestion;
  value: Submission;
  /** `immediate` is false while typing (callers may wait for a pause before saving). */
  onChange: (value: Submission, immediate: boolean) => void;
  disabled?: boolean;
  /** Heading above the stem (e.g. 第 3 题); the question's own title follows it. */
  heading?: React.ReactNode;
}

const typed = (type: string) => type === 'fillBlank' || type === 'shortAnswer' || type === 'translation';

export function AnswerForm({ question: q, value, onChange, disabled, heading }: AnswerFormProps) {
  return (
    <div className="answer-form">
      {(heading || q.title) && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {heading}
          {heading && q.title ? '\u3000' : null}
          {q.title}
        </Typography.Title>
      )}
      <RichText html={q.question} />
      <div style={{ marginTop: 12 }}>
        {q.type === 'enReading' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {q.questionSub.map((s, i) => (
              <PlainCard key={s.questionSubId} className="sub-question-card" title={`${T.sub(i + 1)}\u3000${s.title}`}>
                {s.desc && <Typography.Paragraph type="secondary">{s.desc}</Typography.Paragraph>}
                <AnswerInput
                  type={s.type}
                  options={s.options}
                  blanks={blankCount(s.title, s.answer)}
                  label={T.sub(i + 1)}
                  disabled={disabled}
                  value={value.subAnswers?.[s.questionSubId] ?? []}
                  onChange={(v) =>
                    onChange({ answer: [], subAnswers: { ...value.subAnswers, [s.questionSubId]: v } }, !typed(s.type))
                  }
                />
              </PlainCard>
            ))}
          </Space>
        ) : (
          <AnswerInput
            type={q.type}
            options={q.options}
            blanks={blankCount(q.question, q.answer)}
            label={T.answerPlaceholder}
            disabled={disabled}
            value={value.answer}
            onChange={(v) => onChange({ answer: v }, !typed(q.type))}
          />
        )}
      </div>
    </div>
  );
}
