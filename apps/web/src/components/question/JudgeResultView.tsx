// A judged result (JudgeResult): verdict, score, standard answer, explanation, feedback; per sub-question for enReading.
import { Alert, Descriptions, List, Tag, Typography } from 'antd';
import type { JudgeResult, SubJudgeResult } from '@edu/contract';
import { RichText } from '../rich-text/RichText';
import { QUESTION_VIEW_TEXTS as T, TYPE_LABELS } from '../texts';

function verdict(r: Pick<JudgeResult, 'isCorrect' | 'pending'>) {
  if (r.pending || r.isCorrect === null) return <Tag color="orange">{T.pending}</Tag>;
  return r.isCorrect ? <Tag color="green">{T.correct}</Tag> : <Tag color="red">{T.wrong}</Tag>;
}

const show = (list: readonly string[]) => (list.length ? list.join('；') : T.none);

function SubResult({ r, index }: { r: SubJudgeResult; index: number }) {
  return (
    <List.Item className="sub-result">
      <div style={{ width: '100%' }}>
        <Typography.Text strong>
          {T.sub(index + 1)} · {TYPE_LABELS[r.type]}
        </Typography.Text>{' '}
        {verdict(r)}
        <div>{r.feedback}</div>
        <Typography.Text type="secondary">
          {T.yourAnswer}：{show(r.submitAnswer)}
          {'\u3000'}
          {T.standardAnswer}：{show(r.standardAnswer)}
        </Typography.Text>
        {r.explanation && <RichText html={r.explanation} />}
      </div>
    </List.Item>
  );
}

export function JudgeResultView({ result }: { result: JudgeResult }) {
  const type = result.pending || result.isCorrect === null ? 'warning' : result.isCorrect ? 'success' : 'error';
  return (
    <div className="judge-result" style={{ marginTop: 16 }}>
      <Alert
        type={type}
        showIcon
        title={
          <span>
            {verdict(result)} {T.score(result.score)}
            {result.similarity !== undefined && `\u3000${T.similarity(result.similarity)}`}
          </span>
        }
        description={result.feedback}
      />
      <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
        {result.standardAnswer.length > 0 && (
          <Descriptions.Item label={T.standardAnswer}>{show(result.standardAnswer)}</Descriptions.Item>
        )}
        {result.explanation && (
          <Descriptions.Item label={T.explanation}>
            <RichText html={result.explanation} />
          </Descriptions.Item>
        )}
      </Descriptions>
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
