// Lessons and classes for the lesson pages' tests (docs/lessons.md).
import { cstWallToMs, type ClassSummary, type Lesson, type LessonDetail } from '@edu/contract';

// 2026-01-05 (a Monday) 10:00:30 北京时间.
export const LESSON_NOW = Date.UTC(2026, 0, 5, 2, 0, 30);
/** CST wall clock → epoch ms. */
export const cstMs = cstWallToMs;

export function lesson(over: Partial<Lesson> = {}): Lesson {
  return {
    lessonId: 'l1',
    classId: 'c1',
    className: '数学一对一班',
    title: '数学一对一',
    teacherId: 't1',
    teacherName: '李老师',
    studentId: 's1',
    studentName: '王小明',
    startsAt: cstMs(2026, 1, 5, 14),
    minutes: 45,
    status: 'scheduled',
    seriesId: null,
    openedAt: null,
    closedAt: null,
    cancelReason: '',
    viewerRole: 'observer',
    editable: true,
    ...over,
  };
}

export const lessonDetail = (over: Partial<LessonDetail> = {}): LessonDetail => ({
  ...lesson(),
  presence: [],
  ...over,
});

export function eventClass(over: Partial<ClassSummary> = {}): ClassSummary {
  return {
    id: 'c1',
    kind: 'event',
    name: '数学一对一班',
    gradeId: null,
    gradeName: null,
    subjectId: null,
    subjectName: null,
    description: '',
    archived: false,
    memberCount: 1,
    teachers: [{ id: 't1', username: 'li', name: '李老师' }],
    canManage: true,
    createTime: LESSON_NOW,
    lastUpdate: LESSON_NOW,
    ...over,
  };
}

/** A page of lessons as the list call answers it. */
export const lessonPage = (list: Lesson[], total = list.length) => ({ total, list });
