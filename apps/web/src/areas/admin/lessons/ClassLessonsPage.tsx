// eventutor/index/{id} (docs/web.md "Lesson lists and replay"): the lessons of a tutoring class (id = the class),
// as a list (live and next first, paged) and as a week (周视图, Monday to Sunday in 北京时间). Agency admins 排课,
// 调课 and 取消; a teacher sees only their own lessons (the server filters). A lesson links to its room while it can
// be entered and to its replay once ended.
import { useState } from 'react';
import { Alert, Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import type { Lesson } from '@edu/contract';
import { errorText } from '../../../api/client';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { LessonStatusTag } from '../../../components/lessons/LessonParts';
import { WeekView } from '../../../components/lessons/WeekView';
import { hasReplay, joinable, lessonEnd } from '../../../components/lessons/lesson-state';
import { LESSON_PATHS } from '../../../components/lessons/paths';
import { useLessonPage, useLessonWeek } from '../../../components/lessons/queries';
import { LESSON_TEXTS as T, SCHEDULE_TEXTS as S } from '../../../components/lessons/texts';
import { cstClock, cstDate, minutesText, weekStartOf } from '../../../components/lessons/time';
import { useNow } from '../../../components/lessons/use-now';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { classListPath } from '../class/paths';
import { useClass } from '../class/queries';
import { CancelModal, RescheduleModal, ScheduleModal } from './LessonForms';

const PAGE_SIZE = 20;

/** What can be done with a lesson here: enter or watch its room, its replay, and (admins) move or cancel it. */
function LessonActions({
  lesson,
  now,
  onMove,
  onCancel,
}: {
  lesson: Lesson;
  now: number;
  onMove: (l: Lesson) => void;
  onCancel: (l: Lesson) => void;
}) {
  return (
    <Space size={12} wrap>
      {joinable(lesson, now) && (
        <Link to={LESSON_PATHS.adminRoom(lesson.lessonId)}>
          {lesson.viewerRole === 'teacher' ? T.enterRoom : T.observe}
        </Link>
      )}
      {hasReplay(lesson) && <Link to={LESSON_PATHS.adminReplay(lesson.lessonId)}>{T.replay}</Link>}
      {lesson.editable && lesson.status === 'scheduled' && (
        <>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onMove(lesson)}>
            {S.reschedule}
          </Button>
          <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => onCancel(lesson)}>
            {S.cancel}
          </Button>
        </>
      )}
    </Space>
  );
}

export default function ClassLessonsPage() {
  const { id = '' } = useParams();
  const cls = useClass(id);
  const now = useNow();
  const paging = usePaging(PAGE_SIZE);
  const [tab, setTab] = useState<'list' | 'week'>('list');
  const [weekStart, setWeekStart] = useState(() => weekStartOf(Date.now()));
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState<Lesson | null>(null);
  const [cancelling, setCancelling] = useState<Lesson | null>(null);
  const list = useLessonPage(
    { classId: id, start: (paging.page - 1) * paging.size, size: paging.size },
    tab === 'list',
  );
  const week = useLessonWeek(weekStart, id, tab === 'week');

  if (cls.isPending) return <PageSpinner />;
  if (cls.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(cls.error)} />;
  const c = cls.data;
  const canSchedule = c.canManage && !c.archived && c.kind === 'event';
  const actions = (l: Lesson) => <LessonActions lesson={l} now={now} onMove={setMoving} onCancel={setCancelling} />;

  const columns: TableColumnsType<Lesson> = [
    {
      title: T.columns.title,
      dataIndex: 'title',
      width: 200,
      render: (title: string, l) => (
        <Space size={4} wrap>
          <Typography.Text strong>{title}</Typography.Text>
          {l.seriesId && <Tag>{T.series}</Tag>}
        </Space>
      ),
    },
    {
      title: T.columns.time,
      key: 'time',
      width: 190,
      render: (_, l) => `${cstDate(l.startsAt)} ${cstClock(l.startsAt)}–${cstClock(lessonEnd(l))}`,
    },
    { title: T.columns.minutes, dataIndex: 'minutes', width: 100, render: (m: number) => minutesText(m) },
    { title: T.columns.teacher, dataIndex: 'teacherName', width: 110 },
    { title: T.columns.student, dataIndex: 'studentName', width: 110 },
    {
      title: T.columns.status,
      key: 'status',
      width: 90,
      render: (_, l) => <LessonStatusTag lesson={l} now={now} />,
    },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 200,
      render: (_, l) => (
        <Space size={12} wrap>
          {actions(l)}
        </Space>
      ),
    },
  ];

  const create = canSchedule && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {S.create}
    </Button>
  );

  return (
    <Card
      title={T.classTitle(c.name)}
      extra={
        <Space wrap>
          <Link to={classListPath('event')}>{T.backToClasses}</Link>
          {create}
        </Space>
      }
    >
      {c.kind !== 'event' && <Alert type="warning" showIcon title={T.notTutoring} style={{ marginBottom: 16 }} />}
      {!c.canManage && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {S.readOnly}
        </Typography.Paragraph>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'list' | 'week')}
        items={[
          {
            key: 'list',
            label: T.list,
            children: (
              <PagedTable<Lesson>
                rowKey="lessonId"
                columns={columns}
                query={list}
                paging={paging}
                texts={{ empty: T.empty, total: T.total }}
                scroll={{ x: 1000 }}
              />
            ),
          },
          {
            key: 'week',
            label: T.week,
            children: (
              <WeekView weekStart={weekStart} onWeekChange={setWeekStart} query={week} now={now} actions={actions} />
            ),
          },
        ]}
      />
      {canSchedule && <ScheduleModal classId={id} open={creating} onClose={() => setCreating(false)} />}
      {c.canManage && (
        <>
          <RescheduleModal lesson={moving} onClose={() => setMoving(null)} />
          <CancelModal lesson={cancelling} onClose={() => setCancelling(null)} />
        </>
      )}
    </Card>
  );
}
