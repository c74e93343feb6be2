// The practice engine inside a lesson (docs/lessons.md "The engine in the lesson"): the teacher's panel, the bank
// search, pushing a question into the lesson and the pushed questions with the student's answers. Like every lesson
// call they act in the agency of X-Agency-Id, and which lesson a caller reaches is LessonAccess.seatOf's answer: any
// other lesson, of this agency or another, answers 404. The student answers a pushed question through the training
// call `POST /v1/train/{id}/answer`, so it is judged and recorded by the engine as any training's answer.
import { roles } from '../access/api-access.js';
import { ROLE_SETS } from '../access/role-sets.js';
import { pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  LessonBankQuery,
  LessonBankQuestion,
  LessonPanel,
  LessonPush,
  LessonPushes,
  LessonPushRequest,
  LessonWithdrawal,
  LessonWithdrawRequest,
} from '../schemas/lesson-engine.js';
import { route } from './route.js';

const people = roles(ROLE_SETS.lessonPeople);

export const LESSON_ENGINE_API = {
  lessonPanel: route({
    method: 'GET',
    path: '/v1/lesson/:id/panel',
    module: 'lesson',
    summary: '课堂学情面板：学生的知识图谱（可学、薄弱）与最近错题（本课教师与旁听的机构人员）',
    access: people,
    params: IdParams,
    response: LessonPanel,
  }),
  lessonBank: route({
    method: 'GET',
    path: '/v1/lesson/:id/bank',
    module: 'lesson',
    summary: '课堂推题的题库检索（本机构可见的题目；本课教师与旁听的机构人员）',
    access: people,
    params: IdParams,
    query: LessonBankQuery,
    response: pageOf(LessonBankQuestion),
  }),
  lessonPush: route({
    method: 'POST',
    path: '/v1/lesson/:id/push',
    module: 'lesson',
    summary: '向课堂推送一道题（本课教师，课程进行中；题目或知识点二选一）',
    access: people,
    params: IdParams,
    body: requestOf(LessonPushRequest),
    response: LessonPush,
  }),
  lessonWithdraw: route({
    method: 'POST',
    path: '/v1/lesson/:id/withdraw',
    module: 'lesson',
    summary: '撤回推送到课堂、学生尚未作答的题目（本课教师，课程进行中；撤回的题目不留在课堂练习中）',
    access: people,
    params: IdParams,
    body: requestOf(LessonWithdrawRequest),
    response: LessonWithdrawal,
  }),
  lessonPushes: route({
    method: 'GET',
    path: '/v1/lesson/:id/pushes',
    module: 'lesson',
    summary: '本课推送的题目与学生的作答、判题结果（学生在作答前看不到答案）',
    access: people,
    params: IdParams,
    response: LessonPushes,
  }),
};
