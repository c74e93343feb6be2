// train/report/{id}: a training's report for staff — the result, each knowledge point's first-attempt accuracy
// as a chart and a table, and every answer in the order given: the question's text (excerpt, whole on 展开,
// linked to the read-only preview) and the answer in words.
import { Card, Col, Descriptions, Row, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { formatDuration, type TrainingRecord, type TrainingReport } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart } from '../../../components/chart/EChart';
import { RecordAnswer, RecordStem } from '../../../components/question/RecordView';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { TYPE_LABELS } from '../question/texts';
import { knowledgeOption } from './charts';
import { questionPreviewPath } from './paths';
import { useTrainingReport } from './queries';
import { percent, STATS_TEXTS } from './texts';
import { recordVerdict, scoreOutOf } from '../../../components/training/format';

const R = STATS_TEXTS.report;
const C = R.columns;

const time = (v: number | null) => (v === null ? STATS_TEXTS.none : dayjs(v).format('YYYY-MM-DD HH:mm:ss'));

function resultTag(r: TrainingRecord) {
  const verdict = recordVerdict(r);
  if (verdict === null) return <Tag color="gold">{R.pending}</Tag>;
  if (verdict === 'partial') return <Tag color="orange">{R.partial}</Tag>;
  return verdict === 'correct' ? <Tag color="green">{R.right}</Tag> : <Tag color="red">{R.wrong}</Tag>;
}

const recordColumns = [
  { title: C.index, key: 'i', width: 56, render: (_: unknown, __: TrainingRecord, i: number) => i + 1 },
  {
    title: C.title,
    key: 'title',
    render: (_: unknown, r: TrainingRecord) => (
      <RecordStem record={r} link={(excerpt) => <Link to={questionPreviewPath(r.questionId)}>{excerpt}</Link>} />
    ),
  },
  {
    title: C.type,
    dataIndex: 'type',
    width: 100,
    render: (t: string) => TYPE_LABELS[t as keyof typeof TYPE_LABELS] ?? t,
  },
  {
    title: C.answer,
    key: 'answer',
    width: 220,
    render: (_: unknown, r: TrainingRecord) => <RecordAnswer record={r} />,
  },
  { title: C.result, key: 'result', width: 90, render: (_: unknown, r: TrainingRecord) => resultTag(r) },
  {
    title: C.score,
    key: 'score',
    width: 90,
    align: 'right' as const,
    render: (_: unknown, r: TrainingRecord) => scoreOutOf(r.score, r.mark),
  },
  { title: C.first, dataIndex: 'first', width: 70, render: (f: boolean) => (f ? R.firstYes : R.firstNo) },
  { title: C.point, key: 'point', width: 140, render: (_: unknown, r: TrainingRecord) => `${r.phase} / ${r.point}` },
  { title: C.time, dataIndex: 'createTime', width: 170, render: (v: number) => time(v) },
];

const kpColumns = [
  { title: R.kpColumns.name, dataIndex: 'name' },
  { title: R.kpColumns.answered, dataIndex: 'answered', align: 'right' as const, width: 80 },
  { title: R.kpColumns.correct, dataIndex: 'correct', align: 'right' as const, width: 80 },
  {
    title: R.kpColumns.rate,
    key: 'rate',
    align: 'right' as const,
    width: 90,
    render: (_: unknown, k: TrainingReport['knowledgePoints'][number]) =>
      k.answered ? percent((k.credit ?? k.correct) / k.answered) : STATS_TEXTS.none,
  },
];

export default function TrainingReportPage() {
  const { id = '' } = useParams();
  const report = useTrainingReport(id);
  if (report.isPending) return <PageSpinner />;
  if (report.isError)
    return <ResultPage status="error" title={STATS_TEXTS.loadFailed} subTitle={errorText(report.error)} />;
  const r = report.data;
  const t = r.training;
  return (
    <>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {R.title} · {t.title}
          </Typography.Title>
        }
        extra={
          <Space>
            {t.status !== 'running' && (
              <Link to={`/admin/train/comment/${t.trainId}/report/${t.trainId}`}>{STATS_TEXTS.student.comment}</Link>
            )}
            <Link to={`/admin/train/${t.schemeId}/dashboard`}>{STATS_TEXTS.student.dashboard}</Link>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={R.student}>{t.student}</Descriptions.Item>
          <Descriptions.Item label={R.scheme}>
            {t.title} <Tag>{STATS_TEXTS.typeLabels[t.type]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={R.status}>{STATS_TEXTS.statusLabels[t.status]}</Descriptions.Item>
          <Descriptions.Item label={R.score}>
            {t.score} / {t.maxScore}（{percent(t.maxScore ? t.score / t.maxScore : null)}）
          </Descriptions.Item>
          <Descriptions.Item label={R.accuracy}>
            {t.correct} / {t.answered}（{percent(t.answered ? (t.credit ?? t.correct) / t.answered : null)}）
          </Descriptions.Item>
          <Descriptions.Item label={R.duration}>{formatDuration(t.durationSeconds)}</Descriptions.Item>
          <Descriptions.Item label={R.startTime}>{time(t.startTime)}</Descriptions.Item>
          <Descriptions.Item label={R.endTime}>{time(t.endTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {r.knowledgePoints.length > 0 && (
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Card size="small" title={R.kpChart}>
              <EChart option={knowledgeOption(r)} height={240} label={R.kpChart} />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={R.kp}>
              <Table rowKey="code" size="small" columns={kpColumns} dataSource={r.knowledgePoints} pagination={false} />
            </Card>
          </Col>
        </Row>
      )}
      <Card size="small" title={R.records} style={{ marginTop: 16 }}>
        <Table<TrainingRecord>
          rowKey="recordId"
          size="small"
          columns={recordColumns}
          dataSource={r.records}
          pagination={r.records.length > 50 ? { pageSize: 50 } : false}
          scroll={{ x: 1100 }}
        />
      </Card>
    </>
  );
}
