// Scheme statistics for train staff (docs/product.md §7 /stats/user and /stats/answer, the /admin/train rule) and a
// student's trainings for the student admins (the /admin/user/student rule of the page that shows them).
// Another agency's scheme or student answers 404.
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { PageQuery } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  SchemeAnswerStats,
  SchemeUserStats,
  SchemeUserStatsQuery,
  StatsRange,
  StudentTrainingStats,
} from '../schemas/scheme-stats.js';
import { route } from './route.js';

export const SCHEME_STATS_API = {
  schemeStatsUser: route({
    method: 'GET',
    path: '/v1/train/scheme/:id/stats/user',
    module: 'train',
    summary: '方案统计：参与人数、用时、得分分布与每名学生的成绩（按训练开始时间 from/to 筛选）',
    access: roles(ROLE_SETS.trainStaff),
    params: IdParams,
    query: SchemeUserStatsQuery,
    response: SchemeUserStats,
  }),
  schemeStatsAnswer: route({
    method: 'GET',
    path: '/v1/train/scheme/:id/stats/answer',
    module: 'train',
    summary: '方案统计：每题的作答次数、难度系数，试卷另有区分度与区分效率（首次作答，已结束的训练）',
    access: roles(ROLE_SETS.trainStaff),
    params: IdParams,
    query: StatsRange,
    response: SchemeAnswerStats,
  }),
  studentTrainingStats: route({
    method: 'GET',
    path: '/v1/train/student/:id/stats',
    module: 'train',
    summary: '学生的训练记录与成绩（本机构）',
    access: roles(ROLE_SETS.studentAdmin),
    params: IdParams,
    query: PageQuery,
    response: StudentTrainingStats,
  }),
};
