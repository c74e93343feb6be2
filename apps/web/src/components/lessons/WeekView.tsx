// 周视图 (docs/web.md "Lesson lists and replay"): a week, Monday to Sunday in China Standard Time, with 上一周 / 本周 /
// 下一周, and each lesson a block placed by its time (layoutWeek). A block opens a popover with the lesson's facts
// and what can be done with it. On a phone the week is a list of days with their lessons as cards.
import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Empty, Popover, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Lesson } from '@edu/contract';
import { errorText } from '../../api/client';
import { usePhone } from '../AreaHeader';
import { LessonItem, LessonStatusTag, lessonWhen } from './LessonParts';
import { shownStatus } from './lesson-state';
import { LESSON_TEXTS as T } from './texts';
import { cstClock, cstDayStart, cstMonthDay, DAY, WEEK, weekStartOf } from './time';
import { layoutWeek } from './week-layout';
import './lessons.css';

/** Pixels an hour of the grid takes. */
const HOUR = 60;

export interface WeekViewProps {
  weekStart: number;
  onWeekChange: (weekStart: number) => void;
  /** The week's lessons (a read of the week's window). */
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; data?: { list: Lesson[] } };
  now: number;
  /** What can be done with a lesson (links, buttons), in its popover or card. */
  actions: (lesson: Lesson) => ReactNode;
  showTeacher?: boolean;
  showStudent?: boolean;
  /** Beside the week's navigation (e.g. 排课). */
  extra?: ReactNode;
}

export function WeekView(props: WeekViewProps) {
  const { weekStart, onWeekChange, query, now, extra } = props;
  const phone = usePhone();
  const lessons = useMemo(() => query.data?.list ?? [], [query.data]);
  const layout = useMemo(() => layoutWeek(lessons, weekStart), [lessons, weekStart]);
  const thisWeek = weekStartOf(now);
  return (
    <div className="lesson-week">
      <div className="lesson-week-bar">
        <Space size={4} wrap>
          <Button icon={<LeftOutlined />} aria-label={T.prevWeek} onClick={() => onWeekChange(weekStart - WEEK)} />
          <Button disabled={weekStart === thisWeek} onClick={() => onWeekChange(thisWeek)}>
            {T.thisWeek}
          </Button>
          <Button icon={<RightOutlined />} aria-label={T.nextWeek} onClick={() => onWeekChange(weekStart + WEEK)} />
        </Space>
        <Typography.Text strong className="lesson-week-range">
          {T.weekRange(cstMonthDay(weekStart), cstMonthDay(weekStart + WEEK - DAY))}
        </Typography.Text>
        {query.isFetching && <Spin size="small" />}
        {extra && <div style={{ marginInlineStart: 'auto' }}>{extra}</div>}
      </div>
      {query.isError && <Alert type="error" showIcon title={errorText(query.error)} style={{ marginBottom: 12 }} />}
      {phone ? (
        <WeekAgenda {...props} lessons={lessons} />
      ) : (
        <WeekGrid {...props} layout={layout} today={cstDayStart(now)} />
      )}
    </div>
  );
}

function WeekGrid({
  layout,
  today,
  now,
  actions,
  showTeacher = true,
  showStudent = true,
}: WeekViewProps & { layout: ReturnType<typeof layoutWeek<Lesson>>; today: number }) {
  const hours = Array.from({ length: layout.toHour - layout.fromHour }, (_, i) => layout.fromHour + i);
  const height = hours.length * HOUR;
  const top = (min: number) => ((min - layout.fromHour * 60) / 60) * HOUR;
  return (
    <div className="lesson-week-scroll">
      <div className="lesson-week-grid" role="grid" aria-label={T.week}>
        <div className="lesson-week-head" role="row">
          <div className="lesson-week-gutter" />
          {layout.days.map((d) => (
            <div
              key={d.index}
              role="columnheader"
              className={`lesson-week-dayhead${d.start === today ? ' is-today' : ''}`}
            >
              <span>{T.weekdays[d.index]}</span> <span className="lesson-week-date">{d.monthDay}</span>
            </div>
          ))}
        </div>
        <div className="lesson-week-body" style={{ height }} role="row">
          <div className="lesson-week-gutter">
            {hours.map((h) => (
              <div key={h} className="lesson-week-hour" style={{ height: HOUR }}>
                {String(h).padStart(2, '0')}:00
              </div>
            ))}
          </div>
          {layout.days.map((d) => (
            <div
              key={d.index}
              role="gridcell"
              aria-label={`${T.weekdays[d.index]} ${d.monthDay}`}
              className={`lesson-week-day${d.start === today ? ' is-today' : ''}`}
              style={{ backgroundSize: `100% ${HOUR}px` }}
            >
              {layout.blocks
                .filter((b) => b.day === d.index)
                .map((b) => {
                  const l = b.lesson;
                  const status = shownStatus(l, now);
                  return (
                    <Popover
                      key={`${l.lessonId}-${b.day}`}
                      trigger="click"
                      title={l.title}
                      content={
                        <Space orientation="vertical" size={4} style={{ maxWidth: 280 }}>
                          <LessonStatusTag lesson={l} now={now} />
                          <Typography.Text>
                            {lessonWhen(l)}（{T.cst}）
                          </Typography.Text>
                          {showTeacher && <Typography.Text>{T.withTeacher(l.teacherName)}</Typography.Text>}
                          {showStudent && <Typography.Text>{T.withStudent(l.studentName)}</Typography.Text>}
                          {l.status === 'cancelled' && l.cancelReason && (
                            <Typography.Text type="secondary">{T.cancelReason(l.cancelReason)}</Typography.Text>
                          )}
                          <Space size={8} wrap>
                            {actions(l)}
                          </Space>
                        </Space>
                      }
                    >
                      <button
                        type="button"
                        className={`lesson-block is-${status}`}
                        data-lesson-id={l.lessonId}
                        aria-label={`${l.title} ${lessonWhen(l)} ${T.status[status]}`}
                        style={{
                          top: top(b.startMin),
                          height: Math.max(((b.endMin - b.startMin) / 60) * HOUR, 20),
                          left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`,
                          width: `calc(${100 / b.lanes}% - 4px)`,
                        }}
                      >
                        <span className="lesson-block-time">{b.fromPreviousDay ? '…' : cstClock(l.startsAt)}</span>
                        <span className="lesson-block-title">{l.title}</span>
                        {showStudent && <span className="lesson-block-who">{l.studentName}</span>}
                        {!showStudent && showTeacher && <span className="lesson-block-who">{l.teacherName}</span>}
                      </button>
                    </Popover>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The phone's week: each day with lessons, its lessons as cards. */
function WeekAgenda({
  weekStart,
  lessons,
  now,
  query,
  actions,
  showTeacher,
  showStudent,
}: WeekViewProps & { lessons: Lesson[] }) {
  if (query.isPending) return <Spin style={{ display: 'block', padding: 32 }} />;
  const days = Array.from({ length: 7 }, (_, i) => {
    const start = weekStart + i * DAY;
    return {
      i,
      start,
      lessons: lessons
        .filter((l) => l.startsAt >= start && l.startsAt < start + DAY)
        .sort((a, b) => a.startsAt - b.startsAt),
    };
  }).filter((d) => d.lessons.length > 0);
  if (days.length === 0) return <Empty description={T.weekEmpty} />;
  return (
    <div className="lesson-agenda">
      {days.map((d) => (
        <section key={d.i} aria-label={`${T.weekdays[d.i]} ${cstMonthDay(d.start)}`}>
          <Typography.Title level={5} className="lesson-agenda-day">
            {T.weekdays[d.i]} {cstMonthDay(d.start)}
          </Typography.Title>
          {d.lessons.map((l) => (
            <LessonItem
              key={l.lessonId}
              lesson={l}
              now={now}
              actions={actions(l)}
              showTeacher={showTeacher}
              showStudent={showStudent}
            />
          ))}
        </section>
      ))}
    </div>
  );
}
