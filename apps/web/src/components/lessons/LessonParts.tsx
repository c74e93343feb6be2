// Small parts every lesson page shows: the status tag, the time line (北京时间) and the people.
import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { Lesson } from '@edu/contract';
import { lessonEnd, shownStatus, type LessonShownStatus, type LessonTimes } from './lesson-state';
import { LESSON_TEXTS as T } from './texts';
import { cstClock, cstDate, cstWeekday } from './time';

const COLORS: Record<LessonShownStatus, string | undefined> = {
  scheduled: 'blue',
  live: 'green',
  ended: undefined,
  cancelled: 'red',
  missed: 'orange',
};

export function LessonStatusTag({ lesson, now }: { lesson: LessonTimes; now: number }) {
  const s = shownStatus(lesson, now);
  return (
    <Tag color={COLORS[s]} style={{ marginInlineEnd: 0 }}>
      {T.status[s]}
    </Tag>
  );
}

/** `2026-01-05 周一 16:00–16:45` (CST; the caller's label says 北京时间). */
export function lessonWhen(l: LessonTimes): string {
  return T.when(
    `${cstDate(l.startsAt)} ${T.weekdays[cstWeekday(l.startsAt)]}`,
    cstClock(l.startsAt),
    cstClock(lessonEnd(l)),
  );
}

/** A lesson as a card of a list (phones, the student's and parent's lists): title, status, time, people, actions. */
export function LessonItem({
  lesson,
  now,
  actions,
  showTeacher = true,
  showStudent = true,
}: {
  lesson: Lesson;
  now: number;
  actions?: ReactNode;
  showTeacher?: boolean;
  showStudent?: boolean;
}) {
  return (
    <div className="lesson-item" data-lesson-id={lesson.lessonId}>
      <div className="lesson-item-head">
        <Typography.Text strong className="lesson-item-title">
          {lesson.title}
        </Typography.Text>
        <LessonStatusTag lesson={lesson} now={now} />
      </div>
      <Typography.Text className="lesson-item-when">
        {lessonWhen(lesson)}（{T.cst}）
      </Typography.Text>
      <Space size={12} wrap className="lesson-item-people">
        {showTeacher && <Typography.Text type="secondary">{T.withTeacher(lesson.teacherName)}</Typography.Text>}
        {showStudent && <Typography.Text type="secondary">{T.withStudent(lesson.studentName)}</Typography.Text>}
        <Typography.Text type="secondary">{lesson.className}</Typography.Text>
      </Space>
      {lesson.status === 'cancelled' && lesson.cancelReason && (
        <Typography.Text type="secondary">{T.cancelReason(lesson.cancelReason)}</Typography.Text>
      )}
      {actions && <div className="lesson-item-actions">{actions}</div>}
    </div>
  );
}
