// Where the statistics pages link to. A question opens the read-only preview under /admin/train, which every
// role of the statistics pages may open (a teacher may not open the question bank's /admin/question pages).
export const questionPreviewPath = (questionId: string) => `/admin/train/question/${questionId}/preview`;

/** 学生统计: shown through AllowedLink only (agency and student admins; docs/web.md "Routing and access"). */
export const studentStatsPath = (userId: string) => `/admin/user/student/${userId}/stats`;
