// Lesson calls (docs/lessons.md "HTTP calls"): the lessons of tutoring classes. Every call acts in the agency of
// X-Agency-Id; which lesson a caller reaches is the service's check (LessonAccess.seatOf), and any other lesson,
// of this agency or another, answers 404. Agency admins schedule, move and cancel; the lesson's teacher opens and
// closes it. The live room's calls (board, replay, ICE servers) are in lesson-live.ts.
import { z } from 'zod';
import { agencyRole as a } from '../roles.js';
import { roles } from '../access/api-access.js';
import { ROLE_SETS, type RoleAlternatives } from '../access/role-sets.js';
import { pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  Lesson,
  LessonCancel,
  LessonDetail,
  LessonFields,
  LessonListQuery,
  LessonOptions,
  LessonOptionsQuery,
  LessonReschedule,
} from '../schemas/lessons.js';
import { route } from './route.js';

/** Who schedules, moves and cancels lessons. */
export const LESSON_MANAGERS: RoleAlternatives = [[a('admin')]];

const people = roles(ROLE_SETS.lessonPeople);
const managers = roles(LESSON_MANAGERS);
const staff = roles(ROLE_SETS.agencyStaff);

export const LESSONS_API = {
  lessonList: route({
    method: 'GET',
    path: '/v1/lesson/list',
    module: 'lesson',
    summary: '课程列表（按身份：机构人员全部、教师与学生自己的、家长孩子的；可按周窗口查询）',
    access: people,
    query: LessonListQuery,
    response: pageOf(Lesson),
  }),
  lessonOptions: route({
    method: 'GET',
    path: '/v1/lesson/options',
    module: 'lesson',
    summary: '排课可选的教师与学生（班级的任课教师、分配到本机构的作业老师；班级的学生）',
    access: staff,
    query: LessonOptionsQuery,
    response: LessonOptions,
  }),
  lessonGet: route({
    method: 'GET',
    path: '/v1/lesson/:id',
    module: 'lesson',
    summary: '一节课（含进出记录）',
    access: people,
    params: IdParams,
    response: LessonDetail,
  }),
  lessonCreate: route({
    method: 'PUT',
    path: '/v1/lesson',
    module: 'lesson',
    summary: '排课（可每周重复；全部成功或全部不排）',
    access: managers,
    body: requestOf(LessonFields),
    response: z.array(Lesson),
  }),
  lessonReschedule: route({
    method: 'POST',
    path: '/v1/lesson/:id',
    module: 'lesson',
    summary: '调课（本节或本节及以后；仅未开始的课程）',
    access: managers,
    params: IdParams,
    body: requestOf(LessonReschedule),
    response: z.array(Lesson),
  }),
  lessonCancel: route({
    method: 'POST',
    path: '/v1/lesson/:id/cancel',
    module: 'lesson',
    summary: '取消课程（本节或本节及以后；仅未开始的课程）',
    access: managers,
    params: IdParams,
    body: requestOf(LessonCancel),
    response: z.array(Lesson),
  }),
  lessonOpen: route({
    method: 'POST',
    path: '/v1/lesson/:id/open',
    module: 'lesson',
    summary: '开始上课（本课的教师；开课前 30 分钟起至计划下课时间）',
    access: people,
    params: IdParams,
    response: Lesson,
  }),
  lessonClose: route({
    method: 'POST',
    path: '/v1/lesson/:id/close',
    module: 'lesson',
    summary: '下课（本课的教师）',
    access: people,
    params: IdParams,
    response: Lesson,
  }),
};
