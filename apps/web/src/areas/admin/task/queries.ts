// Reads of the task pages, keyed by agency so switching agencies never shows another's tasks.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';

/** Every task query key starts with this, so one invalidation refreshes them all. */
export const TASK_KEY = 'tasks';

export function useTask(id: string | undefined) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'one', agencyId, id],
    queryFn: () => call(API.taskGet, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

export function useTaskList(q: { classId?: string; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'list', agencyId, q],
    queryFn: () => call(API.taskList, { query: q }),
    placeholderData: keepPreviousData,
  });
}

export function useTaskDashboard(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'dashboard', agencyId, id],
    queryFn: () => call(API.taskDashboard, { params: { id } }),
  });
}

export function useTaskClassOptions() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'classes', agencyId],
    queryFn: () => call(API.taskClassOptions),
  });
}

export function useTaskStudentOptions(keyword: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'students', agencyId, keyword],
    queryFn: () => call(API.taskStudentOptions, { query: { keyword, size: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function useTaskSchemes() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'schemes', agencyId],
    queryFn: () => call(API.schemeList, { query: { start: 0, size: 1024 } }),
  });
}

export function useHomeworkScores(q: { classId?: string; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [TASK_KEY, 'homework', agencyId, q],
    queryFn: () => call(API.homeworkScores, { query: q }),
    placeholderData: keepPreviousData,
  });
}
