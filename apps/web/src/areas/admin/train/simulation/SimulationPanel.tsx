// The 模拟 button of the scheme editor and the scheme dashboard, and its panel (docs/simulation.md "Dry run of a
// scheme"): the count and spread of synthetic students, the job's progress, then the figures as charts — questions
// used, phases reached, where students get stuck, predicted mastery per point — and the same questions as a paper.
// The start is a mutation and the job is followed with `useJob` and shown with `JobProgress`, as every server job is
// (docs/web.md "Server state").
import { ExperimentOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  SIMULATION_SPREADS,
  SIMULATION_STUDENTS_MAX,
  type SimulationResult,
  type SimulationSpread,
} from '@edu/contract';
import { errorText } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { API } from '../../../../api/routes';
import { useJob, type JobProgress as JobState } from '../../../../app/job';
import { useCall } from '../../../../app/session-context';
import { EChart } from '../../../../components/chart/EChart';
import { JobProgress } from '../../../../components/JobProgress';
import { histogramOption, phasesOption, pointsOption, stuckOption } from './simulation-charts';
import { SIMULATION_TEXTS as T } from './texts';

function useSimulationJob(jobId: string | null) {
  const call = useCall();
  return useJob('scheme-simulation', jobId, (id) => call(API.schemeSimulation, { params: { jobId: id } }));
}

/** The bar's text: 排队中… until the job runs, then how many students are done. */
const progressText = (j: JobState | undefined) =>
  j?.status === 'running' ? T.running(j.processed, j.total) : T.queued;

export function SimulationButton({ schemeId, title }: { schemeId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ExperimentOutlined />} onClick={() => setOpen(true)}>
        {T.button}
      </Button>
      <Drawer
        title={T.title(title)}
        placement="right"
        // The full width on a phone.
        size={Math.min(960, window.innerWidth)}
        open={open}
        onClose={() => setOpen(false)}
        destroyOnHidden={false}
      >
        <SimulationPanel schemeId={schemeId} />
      </Drawer>
    </>
  );
}

export function SimulationPanel({ schemeId }: { schemeId: string }) {
  const call = useCall();
  const [students, setStudents] = useState<number | null>(1000);
  const [spread, setSpread] = useState<SimulationSpread>('mix');
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSimulationJob(jobId);
  // A refused start is shown in the panel (below the form), not as a toast.
  const start = useApiMutation({
    mutationFn: () =>
      call(API.schemeSimulate, { params: { id: schemeId }, body: { request: { students: students ?? 1000, spread } } }),
    error: 'none',
    onSuccess: (started) => setJobId(started.jobId),
  });

  const busy = start.isPending || job.running;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="scheme-simulation">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {T.intro}
        {T.savedOnly}
      </Typography.Paragraph>
      <Form layout="inline" component={false}>
        <Space wrap align="end">
          <Form.Item label={T.students} help={T.studentsHelp(SIMULATION_STUDENTS_MAX)} style={{ marginBottom: 0 }}>
            <InputNumber
              aria-label={T.students}
              min={1}
              max={SIMULATION_STUDENTS_MAX}
              precision={0}
              value={students}
              onChange={(v) => setStudents(v)}
            />
          </Form.Item>
          <Form.Item label={T.spread} style={{ marginBottom: 0 }}>
            <Select
              aria-label={T.spread}
              style={{ minWidth: 180 }}
              value={spread}
              onChange={setSpread}
              options={SIMULATION_SPREADS.map((s) => ({ value: s, label: T.spreads[s] }))}
            />
          </Form.Item>
          <Button type="primary" loading={busy} disabled={students === null} onClick={() => void start.run()}>
            {job.data?.status === 'done' ? T.again : T.start}
          </Button>
        </Space>
      </Form>
      {start.isError && <Alert type="error" showIcon title={T.startFailed} description={errorText(start.error)} />}
      <JobView jobId={jobId} job={job} />
    </Space>
  );
}

function JobView({ jobId, job }: { jobId: string | null; job: ReturnType<typeof useSimulationJob> }) {
  if (jobId === null) return <Empty description={T.empty} />;
  if (job.isError) return <Alert type="error" showIcon title={T.loadFailed} description={errorText(job.error)} />;
  const j = job.data;
  if (!j || j.status === 'queued' || j.status === 'running') return <JobProgress job={j} text={progressText} />;
  if (j.status === 'failed') return <Alert type="error" showIcon title={T.failed} description={j.message} />;
  return j.result ? <ResultView r={j.result} /> : <Empty description={T.empty} />;
}

function ResultView({ r }: { r: SimulationResult }) {
  const s = r.scheme;
  const stats = [
    { title: T.questionsMedian, value: s.questions.median },
    { title: T.questionsP90, value: s.questions.p90 },
    { title: T.minutesMedian, value: s.minutes.median },
    { title: T.minutesP90, value: s.minutes.p90 },
    { title: T.timedOut, value: r.timedOut },
    { title: T.trueMastery, value: T.arrow(T.percent(s.trueMasteryBefore), T.percent(s.trueMasteryAfter)) },
  ];
  return (
    <div className="simulation-result">
      <Typography.Paragraph type="secondary">
        {T.bank(r.bankQuestions)}，{T.took(r.seconds)}
      </Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {stats.map((k) => (
          <Col key={k.title} xs={12} md={8}>
            <Card size="small">
              <Statistic title={k.title} value={k.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={T.histogram}>
            <EChart option={histogramOption(r)} height={240} label={T.histogram} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={T.phases}>
            <EChart option={phasesOption(r)} height={240} label={T.phases} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={T.stuck} style={{ marginTop: 12 }}>
        {r.stuck.length === 0 ? (
          <Alert type="success" showIcon title={T.noStuck} />
        ) : (
          <>
            <EChart option={stuckOption(r)} height={220} label={T.stuck} />
            <Table
              rowKey={(x) => `${x.phase}/${x.point}`}
              size="small"
              pagination={false}
              // A phone scrolls the table sideways rather than breaking its headings letter by letter.
              scroll={{ x: 600 }}
              dataSource={r.stuck}
              columns={[
                { title: T.stuckColumns.where, key: 'where', width: 160, render: (_, x) => T.where(x.phase, x.point) },
                { title: T.stuckColumns.looped, dataIndex: 'looped', width: 110, align: 'right' },
                { title: T.stuckColumns.capped, dataIndex: 'capped', width: 130, align: 'right' },
                { title: T.stuckColumns.shortDraws, dataIndex: 'shortDraws', width: 100, align: 'right' },
                { title: T.stuckColumns.emptyDraws, dataIndex: 'emptyDraws', width: 100, align: 'right' },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {T.stuckHint}
            </Typography.Paragraph>
          </>
        )}
      </Card>
      {r.points.length > 0 && (
        <Card size="small" title={T.points} style={{ marginTop: 12 }}>
          <EChart option={pointsOption(r)} height={260} label={T.points} />
        </Card>
      )}
      <Card size="small" title={T.paper} style={{ marginTop: 12 }}>
        {r.paper ? <PaperTable r={r} /> : <Empty description={T.paperNone} />}
      </Card>
    </div>
  );
}

function PaperTable({ r }: { r: SimulationResult }) {
  const p = r.paper!;
  const s = r.scheme;
  const rows = [
    { what: T.questionsMedian, scheme: s.questions.median, paper: p.questions.median },
    { what: T.questionsP90, scheme: s.questions.p90, paper: p.questions.p90 },
    { what: T.minutesMedian, scheme: s.minutes.median, paper: p.minutes.median },
    { what: T.minutesP90, scheme: s.minutes.p90, paper: p.minutes.p90 },
    {
      what: T.trueMastery,
      scheme: T.arrow(T.percent(s.trueMasteryBefore), T.percent(s.trueMasteryAfter)),
      paper: T.arrow(T.percent(p.trueMasteryBefore), T.percent(p.trueMasteryAfter)),
    },
  ];
  return (
    <Table
      rowKey="what"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: T.paperColumns.what, dataIndex: 'what' },
        { title: T.paperColumns.scheme, dataIndex: 'scheme', align: 'right' },
        { title: T.paperColumns.paper(p.questionCount), dataIndex: 'paper', align: 'right' },
      ]}
    />
  );
}
