// The student's home summary (docs/student-home.md): one read of the caller's own data in the agency in context.
// Module `task`: the home leads with the to-do list, and the organisation isolation walk covers the module.
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { StudentHome, StudentHomeQuery } from '../schemas/student-home.js';
import { route } from './route.js';

export const STUDENT_HOME_API = {
  studentHome: route({
    method: 'GET',
    path: '/v1/student/home',
    module: 'task',
    summary: '学生首页：今日任务、继续练习、今日复习、最近成绩与掌握进度（各列表有上限）',
    access: roles(ROLE_SETS.trainee),
    query: StudentHomeQuery,
    response: StudentHome,
  }),
} as const;
