// train/comment/{id}/{from}/{route}: staff comment on a student's training — one comment on the whole training
// and one per answer. `from` names the page the teacher came from (report, stats, dashboard, group) and
// `route` the id that page needs; 返回 goes back there (docs/practice-engine.md "Comments").
import { Alert, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { formatDuration, type TrainingComment, type TrainingRecord } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useCanOpen } from '../../../components/AllowedLink';
import { RecordAnswer, RecordStem } from '../../../components/question/RecordView';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { CommentEditor } from '../../../components/training-comment/CommentEditor';
import { useTrainingComments } from '../../../components/training-comment/queries';
import { TYPE_LABELS } from '../question/texts';
import { questionPreviewPath, studentStatsPath } from './paths';
import { useTrainingReport } from './queries';
import { percent, STATS_TEXTS } from './texts';
import { recordVerdict } from '../../../components/training/format';

const T = STATS_TEXTS.comment;
const R = STATS_TEXTS.report;

/** Where 返回 leads: the page named by `from`, else the training's report. */
export function commentBackPath(trainId: string, from: string, route: string): string {
  switch (from) {
    case 'stats':
      return studentStatsPath(route);
    case 'dashboard':
      return `/admin/train/${route}/dashboard`;
    case 'group':
      return `/admin/train/${route}/dashboard/group`;
    default:
      return `/admin/train/report/${trainId}`;
  }
}

function Verdict({ r }: { r: TrainingRecord }) {
  const verdict = recordVerdict(r);
  if (verdict === null) return <Tag color="gold">{R.pending}</Tag>;
  if (verdict === 'partial') return <Tag color="orange">{R.partial}</Tag>;
  return verdict === 'correct' ? <Tag color="green">{R.right}</Tag> : <Tag color="red">{R.wrong}</Tag>;
}

const isType = (t: string): t is keyof typeof TYPE_LABELS => t in TYPE_LABELS;

export default function TrainingCommentPage() {
  const { id = '', from = 'report', route = '' } = useParams();
  const report = useTrainingReport(id);
  const comments = useTrainingComments(id);
  const canOpen = useCanOpen();
  const wanted = commentBackPath(id, from, route);
  // 返回 never leads to a page the user may not open (a teacher sent here from 学生统计's address).
  const back = canOpen(wanted) ? wanted : commentBackPath(id, 'report', route);
  if (report.isPending || comments.isPending) return <PageSpinner />;
  if (report.isError || comments.isError)
    return (
      <ResultPage status="error" title={STATS_TEXTS.loadFailed} subTitle={errorText(report.error ?? comments.error)} />
    );
  const t = report.data.training;
  const c = comments.data;
  const enabled = c.commentable && c.canComment;
  const byRecord = new Map<string, TrainingComment>(c.records.map((x) => [x.recordId ?? '', x]));
  const records = report.data.records;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {T.title} · {t.title}
          </Typography.Title>
        }
        extra={<Link to={back}>{T.back}</Link>}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={R.student}>{t.student}</Descriptions.Item>
          <Descriptions.Item label={R.status}>{STATS_TEXTS.statusLabels[t.status]}</Descriptions.Item>
          <Descriptions.Item label={R.score}>
            {t.score} / {t.maxScore}（{percent(t.maxScore ? t.score / t.maxScore : null)}）
          </Descriptions.Item>
          <Descriptions.Item label={R.duration}>{formatDuration(t.durationSeconds)}</Descriptions.Item>
        </Descriptions>
        {!c.commentable && <Alert type="warning" showIcon title={T.notEnded} style={{ marginTop: 12 }} />}
      </Card>
      <Card size="small" title={T.overall}>
        <CommentEditor
          key={c.overall?.commentId ?? 'none'}
          trainId={id}
          recordId={null}
          comment={c.overall}
          enabled={enabled}
          openWhenEmpty
          label={T.overallLabel}
        />
      </Card>
      <Card size="small" title={T.perQuestion} extra={T.commented(c.records.length, records.length)}>
        <List
          dataSource={records}
          locale={{ emptyText: T.noRecords }}
          renderItem={(r, i) => (
            <List.Item key={r.recordId}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>{T.questionN(i + 1)}</Typography.Text>
                  <Tag>{isType(r.type) ? TYPE_LABELS[r.type] : r.type}</Tag>
                  <Verdict r={r} />
                </Space>
                <RecordStem
                  record={r}
                  link={(excerpt) => <Link to={questionPreviewPath(r.questionId)}>{excerpt}</Link>}
                />
                <div>
                  <Typography.Text type="secondary">{T.answer}</Typography.Text>
                  <RecordAnswer record={r} />
                </div>
                <CommentEditor
                  key={byRecord.get(r.recordId)?.commentId ?? 'none'}
                  trainId={id}
                  recordId={r.recordId}
                  comment={byRecord.get(r.recordId) ?? null}
                  enabled={enabled}
                  label={T.questionLabel(i + 1)}
                />
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
