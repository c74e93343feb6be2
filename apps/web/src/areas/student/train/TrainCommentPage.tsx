// student/train/comment/{id}/{from} (class comment): what the teachers wrote about one of the student's
// trainings — the overall comment and the comments on single answers, each beside the question and the
// student's answer. `from` names the page 返回 leads to (report, history, questions).
import { Card, Empty, List, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { TrainingComment } from '@edu/contract';
import { RecordAnswer, RecordStem } from '../../../components/question/RecordView';
import { PageSpinner } from '../../../components/PageSpinner';
import { CommentNote } from '../../../components/training-comment/CommentNote';
import { useTrainingComments } from '../../../components/training-comment/queries';
import { LoadFailed } from '../../../components/training/LoadFailed';
import { LoginGate } from './LoginGate';
import { useTrainingReport } from './queries';
import { Verdict } from '../../../components/training/RecordsTable';
import { TypeTag } from '../../../components/training/StatusTag';
import { TRAIN_TEXTS } from '../../../components/training/texts';
import { ReportTrainingStats } from '../../../components/training/TrainingStats';

const T = TRAIN_TEXTS.commentPage;

function backPath(trainId: string, from: string): string {
  if (from === 'history') return '/student/train/history';
  if (from === 'questions') return `/student/train/${trainId}/questions`;
  return `/student/train/report/${trainId}`;
}

function TrainComment() {
  const { id = '', from = 'report' } = useParams();
  const report = useTrainingReport(id);
  const comments = useTrainingComments(id);
  const back = { to: backPath(id, from), label: T.back };
  if (report.isPending || comments.isPending) return <PageSpinner />;
  if (report.isError || comments.isError)
    return (
      <LoadFailed
        error={report.error ?? comments.error}
        onRetry={() => void Promise.all([report.refetch(), comments.refetch()])}
        back={back}
      />
    );
  const t = report.data.training;
  const c = comments.data;
  const byRecord = new Map<string, TrainingComment>(c.records.map((x) => [x.recordId ?? '', x]));
  const commented = report.data.records
    .map((r, i) => ({ r, i, comment: byRecord.get(r.recordId) }))
    .filter((x) => x.comment !== undefined);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            {T.title(t.title)}
            <TypeTag type={t.type} />
          </Space>
        }
        extra={<Link to={back.to}>{back.label}</Link>}
      >
        <ReportTrainingStats training={t} />
      </Card>
      <Card title={T.overall}>
        {c.overall ? <CommentNote comment={c.overall} /> : <Empty description={T.noOverall} />}
      </Card>
      <Card title={T.perQuestion}>
        <List
          dataSource={commented}
          locale={{ emptyText: T.noQuestion }}
          renderItem={({ r, i, comment }) => (
            <List.Item key={r.recordId}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>{T.questionN(i + 1)}</Typography.Text>
                  <Verdict record={r} />
                </Space>
                <RecordStem
                  record={r}
                  link={(excerpt) => <Link to={`/student/question/answer/record/${r.recordId}`}>{excerpt}</Link>}
                />
                <div>
                  <Typography.Text type="secondary">{T.yourAnswer}</Typography.Text>
                  <RecordAnswer record={r} />
                </div>
                {comment && <CommentNote comment={comment} />}
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}

export default function TrainCommentPage() {
  return (
    <LoginGate>
      <TrainComment />
    </LoginGate>
  );
}
