// The scheduling forms' values and checks (docs/lessons.md "Data"): a day and a clock read as China Standard
// Time, minutes and weeks within the contract's bounds, a start still to come. The dialogs' rules are these.
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import {
  LESSON_MAX_MINUTES,
  LESSON_MAX_WEEKS,
  LESSON_MIN_MINUTES,
  type Lesson,
  type LessonFieldsInput,
} from '@edu/contract';
import { fromDateAndTime, toPicker } from '../../../components/lessons/time';
import { SCHEDULE_TEXTS as S } from '../../../components/lessons/texts';

export const TITLE_MAX = 64;
export const REASON_MAX = 200;

export interface LessonTimeValues {
  title: string;
  date?: Dayjs;
  time?: Dayjs;
  minutes?: number;
}

export interface ScheduleValues extends LessonTimeValues {
  teacherId?: string;
  studentId?: string;
  weeks?: number;
}

export interface RescheduleValues extends LessonTimeValues {
  scope: 'one' | 'following';
}

export interface CancelValues {
  reason: string;
  scope: 'one' | 'following';
}

/** A new lesson's form: the next full hour, 45 minutes, once. */
export function scheduleDefaults(now: number): ScheduleValues {
  const next = Math.ceil((now + 60_000) / 3600_000) * 3600_000;
  const p = toPicker(next);
  return { title: '', date: p, time: p, minutes: 45, weeks: 1 };
}

export function rescheduleDefaults(l: Lesson): RescheduleValues {
  const p = toPicker(l.startsAt);
  return { title: l.title, date: p, time: p, minutes: l.minutes, scope: 'one' };
}

/** The start the form says (CST), or null while the day or the clock is missing. */
export function startOf(v: Pick<LessonTimeValues, 'date' | 'time'>): number | null {
  return v.date && v.time ? fromDateAndTime(v.date, v.time) : null;
}

export function toLessonFields(classId: string, v: ScheduleValues): LessonFieldsInput {
  return {
    classId,
    teacherId: v.teacherId ?? '',
    studentId: v.studentId ?? '',
    title: v.title.trim(),
    startsAt: startOf(v) ?? 0,
    minutes: v.minutes ?? 0,
    weeks: v.weeks ?? 1,
  };
}

const int = (min: number, max: number, notInt: string, tooSmall: string, tooLarge: string): Rule[] => [
  { required: true, message: S.required },
  { type: 'integer', message: notInt },
  { type: 'number', min, message: tooSmall },
  { type: 'number', max, message: tooLarge },
];

/** The rules of each field; `now()` is read when the form is checked. */
export function lessonRules(now: () => number) {
  return {
    teacherId: [{ required: true, message: S.pickTeacher }] as Rule[],
    studentId: [{ required: true, message: S.pickStudent }] as Rule[],
    title: [
      { required: true, whitespace: true, message: '请输入课程标题' },
      { max: TITLE_MAX, message: `课程标题不超过 ${TITLE_MAX} 个字符` },
    ] as Rule[],
    date: [{ required: true, message: S.pickDate }] as Rule[],
    time: (getDate: () => Dayjs | undefined): Rule[] => [
      { required: true, message: S.pickTime },
      {
        validator: async (_, time: Dayjs | undefined) => {
          const date = getDate();
          const start = date && time ? fromDateAndTime(date, time) : null;
          if (start !== null && start <= now()) throw new Error(S.inPast);
        },
      },
    ],
    minutes: int(
      LESSON_MIN_MINUTES,
      LESSON_MAX_MINUTES,
      '时长必须是整数分钟',
      `时长至少 ${LESSON_MIN_MINUTES} 分钟`,
      `时长不超过 ${LESSON_MAX_MINUTES} 分钟`,
    ),
    weeks: int(1, LESSON_MAX_WEEKS, '周数必须是整数', '至少 1 周', `每周重复最多 ${LESSON_MAX_WEEKS} 周`),
    reason: [{ max: REASON_MAX, message: `取消原因不超过 ${REASON_MAX} 个字符` }] as Rule[],
  };
}

/** A 400's field (`request.startsAt`) → the form's field. */
export function formFieldOf(path: string): string {
  const name = path.replace(/^request\./, '');
  return name === 'startsAt' ? 'time' : name;
}
