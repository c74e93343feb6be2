// student/question/answer/record/:recordId: one of the student's answers — the question as it was answered,
// the answer given with the teacher's comment and annotations once marked, the judged result with the standard
// answer, and the explanation (revealed: answered).
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../api/client';
import { ResultPage } from '../../../components/ResultPage';
import { PageSpinner } from '../../../components/PageSpinner';
import { RichText } from '../../../components/rich-text/RichText';
import { JudgeResultView } from '../../../components/question/JudgeResultView';
import { AnswerForm } from '../../../components/question/AnswerForm';
import { TYPE_LABELS } from '../../../components/texts';
import { formatTime, recordVerdict, scoreOutOf } from '../../../components/training/format';
import { MarkComment } from '../../../components/training/PendingMarks';
import { Gate } from '../wrong/Gate';
import { useAnswerRecord } from '../wrong/queries';
import { RECORD_TEXTS as T } from '../wrong/texts';

function verdictTag(r: Parameters<typeof recordVerdict>[0]) {
  const verdict = recordVerdict(r);
  if (verdict === null) return <Tag color="orange">{T.pending}</Tag>;
  if (verdict === 'partial') return <Tag color="gold">{T.partial}</Tag>;
  return verdict === 'correct' ? <Tag color="green">{T.correct}</Tag> : <Tag color="red">{T.wrong}</Tag>;
}

function RecordDetail({ id }: { id: string }) {
  const rec = useAnswerRecord(id);
  if (rec.isPending) return <PageSpinner />;
  if (rec.isError) return <ResultPage status={404} title={T.notFound} subTitle={errorText(rec.error)} />;
  const r = rec.data;
  const q = r.question;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={T.source}>
            {r.trainId ? (
              <Link to={`/student/train/report/${r.trainId}`}>{T.training(r.trainTitle ?? '')}</Link>
            ) : (
              T.review
            )}
          </Descriptions.Item>
          <Descriptions.Item label={T.time}>{formatTime(r.createTime)}</Descriptions.Item>
          <Descriptions.Item label={T.verdict}>
            {verdictTag(r)} {T.score} {scoreOutOf(r.score, r.mark)}
          </Descriptions.Item>
          <Descriptions.Item label={T.knowledge}>{q.knowledgePoint?.name ?? q.knowledgeId}</Descriptions.Item>
          <Descriptions.Item label={T.question}>
            {TYPE_LABELS[q.type]} · {T.version(r.version)}
          </Descriptions.Item>
          <Descriptions.Item label="">
            {r.inWrongBook && (
              <Space>
                <Tag color="volcano">{T.inBook}</Tag>
                <Link to="/student/wrong/list">{T.toBook}</Link>
              </Space>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={T.yourAnswer}>
        <AnswerForm question={q} value={r.submission} onChange={() => undefined} disabled />
        <MarkComment
          record={{ markComment: r.markComment, markAnnotations: r.markAnnotations, answer: r.submission.answer }}
        />
      </Card>
      {r.result && (
        <Card title={T.result}>
          <JudgeResultView result={r.result} type={q.type} />
        </Card>
      )}
      {!r.result?.explanation && (
        <Card title={T.explanation}>
          {q.explanation ? (
            <RichText html={q.explanation} />
          ) : (
            <Typography.Text type="secondary">{T.noExplanation}</Typography.Text>
          )}
        </Card>
      )}
      <Button onClick={() => window.history.back()}>{T.back}</Button>
    </Space>
  );
}

export default function AnswerRecordPage() {
  const { recordId = '' } = useParams();
  return (
    <Gate text={T.visitor} action={T.login}>
      {recordId ? <RecordDetail id={recordId} /> : <Alert type="error" title={T.notFound} />}
    </Gate>
  );
}
