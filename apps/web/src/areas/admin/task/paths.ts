// Paths of the task pages (docs/routes.md).
export const taskCreatePath = (classId?: string) => `/admin/task/create${classId ? `?classId=${classId}` : ''}`;
export const taskModifyPath = (id: string) => `/admin/task/${id}/modify`;
export const taskDashboardPath = (id: string) => `/admin/task/${id}/dashboard`;
export const classTasksPath = (classId: string) => `/admin/class/${classId}/tasks`;
export const homeworkScoresPath = (id: string) => `/admin/class/homework/sroce/${id}`;
export const allHomeworkScoresPath = (classId?: string) =>
  `/admin/class/homework/sroceAll${classId ? `?classId=${classId}` : ''}`;
