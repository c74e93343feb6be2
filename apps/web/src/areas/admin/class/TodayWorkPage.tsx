// class/todaywork/{id} ({id}: the class id): what the class did today (China Standard Time) — each member's
// state, the class's tasks due today with who has not finished, and the schemes trained today (docs/classes.md).
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { type ClassTaskFigures, type ClassToday, cstDate } from '@edu/contract';
import { errorText } from '../../../api/client';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { cstText } from '../task/format';
import { studentInfoPath } from './paths';
import { useClassToday } from './queries';
import { CLASS_TEXTS } from './texts';
import { AvatarName } from '../../../components/AvatarName';

const T = CLASS_TEXTS.today;
type Member = ClassToday['members'][number];
type Scheme = ClassToday['schemes'][number];

// The page is one day of China Standard Time: its clock times are CST too, whatever the browser's zone
// (docs/classes.md "Pages").
const cstClock = (ms: number) => cstText(ms).slice(11, 16);
const stateOf = (m: Member) => (m.finished > 0 ? 'done' : m.trainings > 0 ? 'doing' : 'notStarted');
const STATE_COLOR = { done: 'success', doing: 'processing', notStarted: 'default' } as const;

const memberColumns: TableColumnsType<Member> = [
  {
    title: T.columns.name,
    dataIndex: 'name',
    render: (n: string, m) => (
      <AvatarName name={n}>
        <Link to={studentInfoPath(m.id)}>{n}</Link>
      </AvatarName>
    ),
  },
  {
    title: T.columns.state,
    key: 'state',
    width: 90,
    render: (_, m) => <Tag color={STATE_COLOR[stateOf(m)]}>{T[stateOf(m)]}</Tag>,
  },
  { title: T.columns.trainings, dataIndex: 'trainings', width: 90, align: 'right' },
  { title: T.columns.answered, dataIndex: 'answered', width: 70, align: 'right' },
  { title: T.columns.correct, dataIndex: 'correct', width: 70, align: 'right' },
  {
    title: T.columns.last,
    dataIndex: 'lastActive',
    width: 90,
    render: (v: number | null) => (v === null ? '--' : cstClock(v)),
  },
];

const schemeColumns: TableColumnsType<Scheme> = [
  { title: T.columns.scheme, dataIndex: 'title', ellipsis: true },
  { title: T.columns.students, dataIndex: 'students', width: 90, align: 'right' },
  { title: T.columns.finished, dataIndex: 'finished', width: 90, align: 'right' },
];

const taskColumns: TableColumnsType<ClassTaskFigures> = [
  {
    title: T.task,
    dataIndex: 'title',
    render: (title: string, t) => (
      <Space size={4} wrap>
        {title}
        {t.homework && <Tag>{CLASS_TEXTS.stats.homework}</Tag>}
      </Space>
    ),
  },
  {
    title: CLASS_TEXTS.stats.deadline,
    dataIndex: 'deadline',
    width: 80,
    render: (v: number) => cstClock(v),
  },
  { title: T.columns.finished, key: 'done', width: 110, render: (_, t) => T.taskDone(t.finished, t.assigned) },
  {
    title: T.notFinished,
    dataIndex: 'notFinished',
    render: (names: string[]) =>
      names.length ? names.join('、') : <Typography.Text type="success">{T.allDone}</Typography.Text>,
  },
];

export default function TodayWorkPage() {
  const { id = '' } = useParams();
  const today = useClassToday(id);
  if (today.isPending) return <PageSpinner />;
  if (today.isError)
    return <ResultPage status="error" title={CLASS_TEXTS.loadFailed} subTitle={errorText(today.error)} />;
  const d = today.data;
  const states = d.members.map(stateOf);
  const count = (s: string) => states.filter((x) => x === s).length;
  // The CST date of the day's start (16:00 UTC the day before).
  const date = cstDate(d.day);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={T.title(d.class.name)}>
        <Space orientation="vertical" size={4}>
          <Typography.Text type="secondary">{T.day(date)}</Typography.Text>
          <Typography.Text>{T.summary(count('done'), count('doing'), count('notStarted'))}</Typography.Text>
        </Space>
      </Card>
      <Card size="small" title={T.tasks}>
        <Table<ClassTaskFigures>
          rowKey="taskId"
          size="small"
          columns={taskColumns}
          dataSource={d.tasks}
          locale={{ emptyText: T.noTasks }}
          scroll={{ x: 520 }}
          pagination={false}
        />
      </Card>
      <Card size="small" title={T.schemes}>
        <Table<Scheme>
          rowKey="schemeId"
          size="small"
          columns={schemeColumns}
          dataSource={d.schemes}
          locale={{ emptyText: T.noSchemes }}
          pagination={false}
        />
      </Card>
      <Card
        size="small"
        title={T.members}
        extra={<Typography.Text type="secondary">{T.trainingsNote}</Typography.Text>}
      >
        <Table<Member>
          rowKey="id"
          size="small"
          columns={memberColumns}
          dataSource={d.members}
          locale={{ emptyText: T.noMembers }}
          scroll={{ x: 520 }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </Card>
    </Space>
  );
}
