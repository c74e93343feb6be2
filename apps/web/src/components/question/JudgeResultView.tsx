// A judged result (JudgeResult): verdict, score, feedback, the answer given, standard answer, explanation;
// per sub-question for enReading. Feedback that only repeats the verdict (回答正确) is not shown twice.
import { Alert, Descriptions, List, Space, Tag, Typography } from 'antd';
import type { JudgeResult, QuestionType, SubJudgeResult } from '@edu/contract';
import { RichText } from '../rich-text/RichText';
import { QUESTION_VIEW_TEXTS as T, TYPE_LABELS } from '../texts';
import { AnswerTextView } from './AnswerText';

type Verdict = Pick<JudgeResult, 'isCorrect' | 'pending' | 'feedback' | 'score'>;

/** Waiting, right, partly right (some of the mark, docs/practice-engine.md "Marks") or wrong. */
const kindOf = (r: Verdict) =>
  r.pending || r.isCorrect === null ? 'pending' : r.isCorrect ? 'correct' : r.score > 0 ? 'partial' : 'wrong';

const label = (r: Verdict) => T[kindOf(r)];

const COLORS = { pending: 'orange', correct: 'green', partial: 'gold', wrong: 'red' } as const;

function verdict(r: Verdict) {
  return <Tag color={COLORS[kindOf(r)]}>{label(r)}</Tag>;
}

/** What the standard answer is called: a reference for the texts judged by similarity or by a teacher. */
const standardLabel = (type: QuestionType) =>
  type === 'translation' ? T.referenceTranslation : type === 'shortAnswer' ? T.referenceAnswer : T.standardAnswer;

/** The feedback when it says more than the verdict tag. */
const extraFeedback = (r: Verdict) => (r.feedback && r.feedback !== label(r) ? r.feedback : undefined);

function SubResult({ r, index }: { r: SubJudgeResult; index: number }) {
  const feedback = extraFeedback(r);
  return (
    <List.Item className="sub-result">
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <span>
          <Typography.Text strong>
            {T.sub(index + 1)} · {TYPE_LABELS[r.type]}
          </Typography.Text>{' '}
          {verdict(r)}
        </span>
        {feedback && <div>{feedback}</div>}
        <Space wrap size={[24, 4]}>
          <span>
            <Typography.Text type="secondary">{T.yourAnswer}：</Typography.Text>
            <AnswerTextView type={r.type} answer={r.submitAnswer} />
          </span>
          {r.standardAnswer.length > 0 && (
            <span>
              <Typography.Text type="secondary">{standardLabel(r.type)}：</Typography.Text>
              <AnswerTextView type={r.type} answer={r.standardAnswer} standard />
            </span>
          )}
        </Space>
        {r.explanation && (
          <div style={{ display: 'flex' }}>
            <Typography.Text type="secondary" style={{ flex: 'none' }}>
              {T.explanation}：
            </Typography.Text>
            <RichText html={r.explanation} />
          </div>
        )}
      </Space>
    </List.Item>
  );
}

export function JudgeResultView({ result, type }: { result: JudgeResult; type: QuestionType }) {
  const kind = kindOf(result);
  const alert = kind === 'correct' ? 'success' : kind === 'wrong' ? 'error' : 'warning';
  const rows = [
    type !== 'enReading' && (
      <Descriptions.Item key="mine" label={T.yourAnswer}>
        <AnswerTextView type={type} answer={result.submitAnswer} />
      </Descriptions.Item>
    ),
    result.standardAnswer.length > 0 && (
      <Descriptions.Item key="standard" label={standardLabel(type)}>
        <AnswerTextView type={type} answer={result.standardAnswer} standard />
      </Descriptions.Item>
    ),
    result.explanation && (
      <Descriptions.Item key="explanation" label={T.explanation}>
        <RichText html={result.explanation} />
      </Descriptions.Item>
    ),
  ].filter(Boolean);
  return (
    <div className="judge-result" style={{ marginTop: 16 }}>
      <Alert
        type={alert}
        showIcon
        title={
          <span>
            {verdict(result)} {T.score(result.score)}
            {result.similarity !== undefined && `\u3000${T.similarity(result.similarity)}`}
          </span>
        }
        description={extraFeedback(result)}
      />
      {rows.length > 0 && (
        <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
          {rows}
        </Descriptions>
      )}
      {result.subResults && result.subResults.length > 0 && (
        <List
          header={<Typography.Text strong>{T.subResults}</Typography.Text>}
          size="small"
          dataSource={result.subResults}
          renderItem={(r, i) => <SubResult r={r} index={i} />}
        />
      )}
    </div>
  );
}
