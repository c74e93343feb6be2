// Reads of the lesson pages (docs/lessons.md "HTTP calls"), keyed by agency: the server answers by the caller
// (staff: the agency's, a teacher or student: their own, a parent: the children's).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../api/routes';
import { useAppConfig, useCall, useUser } from '../../app/session-context';
import { WEEK } from './time';

/** Every lesson query key starts with this, so a write refreshes them all. */
export const LESSON_KEY = 'lessons';

/** The largest page the list call gives (a week's window fits in it). */
const WINDOW_SIZE = 200;

export interface LessonPageQuery {
  classId?: string;
  status?: 'scheduled' | 'live' | 'ended' | 'cancelled';
  start: number;
  size: number;
}

/**
 * A page of lessons in the server's order: live, then the ones to come (the next first), then the rest, latest
 * first (docs/lessons.md "HTTP calls").
 */
export function useLessonPage(q: LessonPageQuery, enabled = true) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [LESSON_KEY, 'page', agencyId, q],
    queryFn: () =>
      call(API.lessonList, {
        query: { classId: q.classId, status: q.status, start: q.start, size: q.size },
      }),
    placeholderData: keepPreviousData,
    enabled: enabled && !!user,
  });
}

/** The lessons of the week starting at `weekStart` (oldest first). */
export function useLessonWeek(weekStart: number, classId?: string, enabled = true) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [LESSON_KEY, 'week', agencyId, classId ?? '', weekStart],
    queryFn: () =>
      call(API.lessonList, {
        query: { classId, from: weekStart, to: weekStart + WEEK, start: 0, size: WINDOW_SIZE },
      }),
    placeholderData: keepPreviousData,
    enabled: enabled && !!user,
  });
}

export function useLessonDetail(id: string) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [LESSON_KEY, 'one', agencyId, id],
    queryFn: () => call(API.lessonGet, { params: { id } }),
    enabled: !!user && id !== '',
  });
}

export function useLessonOptions(classId: string, enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [LESSON_KEY, 'options', agencyId, classId],
    queryFn: () => call(API.lessonOptions, { query: { classId } }),
    enabled,
  });
}

/**
 * The questions pushed in a lesson with the student's results (`GET /v1/lesson/{id}/pushes`, docs/lessons.md "The
 * engine in the lesson"), for the replay: every seat reads them, a parent once the lesson is no longer live.
 */
export function useLessonPushes(id: string, enabled: boolean) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [LESSON_KEY, 'pushes', agencyId, id],
    queryFn: () => call(API.lessonPushes, { params: { id } }),
    enabled: enabled && !!user && id !== '',
  });
}
