// Addresses of the class pages (docs/classes.md "Pages").
import type { ClassKind } from '@edu/contract';

export const classListPath = (kind: ClassKind) => `/admin/class/${kind}/list`;
export const classStatsPath = (classId: string) => `/admin/class/${classId}/stats`;
export const classGradebookPath = (classId: string) => `/admin/class/${classId}/gradebook`;
export const classTodayPath = (classId: string) => `/admin/class/todaywork/${classId}`;
export const studentInfoPath = (studentId: string) => `/admin/class/studentInfo/${studentId}`;
export const studentScoresPath = (studentId: string, classId: string) => `/admin/class/sroce/${studentId}/${classId}`;
export const trainingReportPath = (trainId: string) => `/admin/train/report/${trainId}`;
