// A question as a student sees it, with an answering area and 提交; `judge` decides (server …/test or the local judge).
import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import type { JudgeResult, Question, QuestionOption, SubQuestionType } from '@edu/contract';
import { useApiMutation } from '../../api/mutation';
import { RichText } from '../rich-text/RichText';
import { QUESTION_VIEW_TEXTS as T } from '../texts';
import { AnswerInput } from './AnswerInput';
import { JudgeResultView } from './JudgeResultView';
import './question.css';

/** What the view needs: a question without ids; `answer` only to count blanks (absent for students). */
export type PreviewQuestion = Pick<Question, 'type' | 'judgeType' | 'title' | 'question' | 'options' | 'videos'> & {
  answer?: string[];
  explanation?: string;
  tags?: string[];
  questionSub: {
    questionSubId: string;
    type: SubQuestionType;
    title: string;
    desc: string;
    options: QuestionOption[];
    answer?: string[];
    explanation?: string;
    status?: string;
  }[];
};

export interface Submission {
  answer: string[];
  subAnswers?: Record<string, string[]>;
}

export interface QuestionViewProps {
  question: PreviewQuestion;
  judge: (submission: Submission) => Promise<JudgeResult>;
}

/** Blanks of a fillBlank: from the standard answer when known, else the `span.blank` markers, else one. */
function blankCount(html: string, answer?: readonly string[]): number {
  if (answer && answer.length > 0) return answer.length;
  return (html.match(/class="[^"]*\bblank\b/g) ?? []).length || 1;
}

export function QuestionView({ question: q, judge }: QuestionViewProps) {
  const [answer, setAnswer] = useState<string[]>([]);
  const [subAnswers, setSubAnswers] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<JudgeResult | null>(null);
  // The shared mutation shows a failure as its message; the button is busy while the judge works.
  const judging = useApiMutation<JudgeResult, Submission>({ mutationFn: (s) => judge(s), onSuccess: setResult });

  const done = result !== null;
  return (
    <div className="question-view">
      {q.title && <Typography.Title level={4}>{q.title}</Typography.Title>}
      <RichText html={q.question} />
      <div style={{ marginTop: 16 }}>
        {q.type === 'enReading' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {q.questionSub.map((s, i) => (
              <Card
                key={s.questionSubId}
                className="sub-question-card"
                size="small"
                title={`${T.sub(i + 1)}\u3000${s.title}`}
              >
                {s.desc && <Typography.Paragraph type="secondary">{s.desc}</Typography.Paragraph>}
                <AnswerInput
                  type={s.type}
                  options={s.options}
                  blanks={blankCount(s.title, s.answer)}
                  label={T.sub(i + 1)}
                  disabled={done}
                  value={subAnswers[s.questionSubId] ?? []}
                  onChange={(v) => setSubAnswers((m) => ({ ...m, [s.questionSubId]: v }))}
                />
              </Card>
            ))}
          </Space>
        ) : (
          <AnswerInput
            type={q.type}
            options={q.options}
            blanks={blankCount(q.question, q.answer)}
            label={T.answerPlaceholder}
            disabled={done}
            value={answer}
            onChange={setAnswer}
          />
        )}
      </div>
      <Space style={{ marginTop: 16 }}>
        {done ? (
          <Button
            onClick={() => {
              setResult(null);
              setAnswer([]);
              setSubAnswers({});
            }}
          >
            {T.retry}
          </Button>
        ) : (
          <Button
            type="primary"
            loading={judging.isPending}
            onClick={() => void judging.run(q.type === 'enReading' ? { answer: [], subAnswers } : { answer })}
          >
            {T.submit}
          </Button>
        )}
      </Space>
      {result && <JudgeResultView result={result} type={q.type} />}
      {q.videos.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <Typography.Text strong>{T.videos}</Typography.Text>
          <ul>
            {q.videos.map((v) => (
              <li key={v.url}>
                <a href={v.url} target="_blank" rel="noopener noreferrer">
                  {v.title || v.url}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
