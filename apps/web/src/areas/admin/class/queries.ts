// Reads of the class pages, keyed by agency so switching agencies never shows another's classes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassCandidateQuery, ClassKind } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';

/** Every class query key starts with this, so one invalidation refreshes them all. */
export const CLASS_KEY = 'classes';

export function useClassList(q: { kind: ClassKind; keyword: string; archived: boolean; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'list', agencyId, q],
    queryFn: () =>
      call(API.classList, {
        query: {
          kind: q.kind,
          keyword: q.keyword || undefined,
          archived: q.archived,
          start: q.start,
          size: q.size,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClass(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'one', agencyId, id],
    queryFn: () => call(API.classGet, { params: { id } }),
  });
}

export function useClassMembers(id: string, q: { keyword: string; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'members', agencyId, id, q],
    queryFn: () =>
      call(API.classMembers, {
        params: { id },
        query: { keyword: q.keyword || undefined, start: q.start, size: q.size },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClassTeachers(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'teachers', agencyId, id],
    queryFn: () => call(API.classTeachers, { params: { id } }),
  });
}

export function useClassCandidates(id: string, q: ClassCandidateQuery, enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'candidates', agencyId, id, q],
    queryFn: () =>
      call(API.classCandidates, {
        params: { id },
        query: { role: q.role, keyword: q.keyword || undefined, start: q.start, size: q.size },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useStudentInfo(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'student', agencyId, id],
    queryFn: () => call(API.classStudentInfo, { params: { id } }),
  });
}

export function useStudentScores(classId: string, id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'scores', agencyId, classId, id],
    queryFn: () => call(API.classStudentScores, { params: { classId, id } }),
  });
}

export function useClassStats(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'stats', agencyId, id],
    queryFn: () => call(API.classStats, { params: { id } }),
  });
}

export function useClassToday(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [CLASS_KEY, 'today', agencyId, id],
    queryFn: () => call(API.classToday, { params: { id } }),
  });
}
