// Addresses of the lesson pages (docs/routes.md; docs/web.md "Lesson lists and replay").
export const LESSON_PATHS = {
  /** A tutoring class's lessons (staff). */
  classLessons: (classId: string) => `/admin/eventutor/index/${classId}`,
  adminRoom: (lessonId: string) => `/admin/eventutor/open/${lessonId}`,
  adminReplay: (lessonId: string) => `/admin/eventutor/history/${lessonId}`,
  studentLessons: '/student/webrtc',
  studentRoom: (lessonId: string) => `/student/eventutor/index/${lessonId}`,
  studentReplay: (lessonId: string) => `/student/eventutor/history/${lessonId}`,
  parentLesson: (lessonId: string) => `/parent/eventutor/index/${lessonId}`,
  teacherRoom: (lessonId: string) => `/WTPteacher/webrtc/${lessonId}`,
} as const;
