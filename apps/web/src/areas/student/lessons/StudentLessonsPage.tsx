// student/webrtc (docs/web.md "Lesson lists and replay"): the student's tutoring lessons. On top the next (or live)
// lesson with 进入课堂; below, all lessons (live and next first), the week (周视图) and the ended ones with 回放.
// On a phone everything is cards with tap targets of at least 44 px.
import { useState } from 'react';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Lesson } from '@edu/contract';
import { LessonList } from '../../../components/lessons/LessonList';
import { LessonStatusTag, lessonWhen } from '../../../components/lessons/LessonParts';
import { WeekView } from '../../../components/lessons/WeekView';
import { hasReplay, joinable, nextLesson, OPEN_EARLY_MINUTES } from '../../../components/lessons/lesson-state';
import { LESSON_PATHS } from '../../../components/lessons/paths';
import { useLessonPage, useLessonWeek } from '../../../components/lessons/queries';
import { LESSON_TEXTS as T } from '../../../components/lessons/texts';
import { weekStartOf } from '../../../components/lessons/time';
import { useNow } from '../../../components/lessons/use-now';
import { LoginGate } from '../train/LoginGate';

const PAGE_SIZE = 10;

/** `3 天` / `2 小时 5 分钟` / `12 分钟` until `at`. */
export function untilText(at: number, now: number): string {
  const min = Math.max(1, Math.ceil((at - now) / 60_000));
  if (min >= 48 * 60) return `${Math.floor(min / 1440)} 天`;
  if (min >= 60) return min % 60 ? `${Math.floor(min / 60)} 小时 ${min % 60} 分钟` : `${min / 60} 小时`;
  return `${min} 分钟`;
}

function Actions({ lesson, now }: { lesson: Lesson; now: number }) {
  const navigate = useNavigate();
  return (
    <>
      {joinable(lesson, now) && (
        <Button type="primary" onClick={() => void navigate(LESSON_PATHS.studentRoom(lesson.lessonId))}>
          {T.enter}
        </Button>
      )}
      {hasReplay(lesson) && (
        <Button onClick={() => void navigate(LESSON_PATHS.studentReplay(lesson.lessonId))}>{T.replay}</Button>
      )}
    </>
  );
}

/** The live lesson, else the next one: big, with 进入课堂 (open from 30 minutes before the start). */
function NextLessonCard({ now }: { now: number }) {
  const navigate = useNavigate();
  const first = useLessonPage({ start: 0, size: 1 });
  const lesson = first.data && nextLesson(first.data.list, now);
  if (first.isPending || first.isError) return null;
  if (!lesson)
    return (
      <Card size="small">
        <Typography.Text type="secondary">{T.nothingNext}</Typography.Text>
      </Card>
    );
  const live = lesson.status === 'live';
  const canEnter = joinable(lesson, now);
  return (
    <Card
      className={`lesson-next${live ? ' is-live' : ''}`}
      title={live ? T.live : T.next}
      extra={<LessonStatusTag lesson={lesson} now={now} />}
    >
      <Space orientation="vertical" size={6} style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {lesson.title}
        </Typography.Title>
        <Typography.Text>
          {lessonWhen(lesson)}（{T.cst}）
        </Typography.Text>
        <Typography.Text type="secondary">
          {T.withTeacher(lesson.teacherName)} · {lesson.className}
        </Typography.Text>
        {!live && lesson.startsAt > now && (
          <Typography.Text type="secondary">{T.startsIn(untilText(lesson.startsAt, now))}</Typography.Text>
        )}
        <div>
          <Button
            type="primary"
            size="large"
            disabled={!canEnter}
            onClick={() => void navigate(LESSON_PATHS.studentRoom(lesson.lessonId))}
          >
            {T.enter}
          </Button>
          {!canEnter && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
              {T.enterFrom(OPEN_EARLY_MINUTES)}
            </Typography.Text>
          )}
        </div>
      </Space>
    </Card>
  );
}

function Lessons() {
  const now = useNow();
  const [tab, setTab] = useState<'all' | 'week' | 'ended'>('all');
  const [page, setPage] = useState(1);
  const [endedPage, setEndedPage] = useState(1);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(Date.now()));
  const all = useLessonPage({ start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE }, tab === 'all');
  const ended = useLessonPage(
    { status: 'ended', start: (endedPage - 1) * PAGE_SIZE, size: PAGE_SIZE },
    tab === 'ended',
  );
  const week = useLessonWeek(weekStart, undefined, tab === 'week');
  const actions = (l: Lesson) => <Actions lesson={l} now={now} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <NextLessonCard now={now} />
      <Card title={T.mine}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as typeof tab)}
          items={[
            {
              key: 'all',
              label: T.upcoming,
              children: (
                <LessonList
                  query={all}
                  page={page}
                  size={PAGE_SIZE}
                  onPage={setPage}
                  now={now}
                  actions={actions}
                  showStudent={false}
                />
              ),
            },
            {
              key: 'week',
              label: T.week,
              children: (
                <WeekView
                  weekStart={weekStart}
                  onWeekChange={setWeekStart}
                  query={week}
                  now={now}
                  actions={actions}
                  showStudent={false}
                />
              ),
            },
            {
              key: 'ended',
              label: T.ended,
              children: (
                <LessonList
                  query={ended}
                  page={endedPage}
                  size={PAGE_SIZE}
                  onPage={setEndedPage}
                  now={now}
                  actions={actions}
                  showStudent={false}
                  empty={T.endedEmpty}
                />
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

export default function StudentLessonsPage() {
  return (
    <LoginGate>
      <Lessons />
    </LoginGate>
  );
}
