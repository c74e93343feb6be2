// Wrong-answer book, answer records and mastery (docs/domain.md "Wrong answers, mastery, statistics"). Every route
// acts on the caller's own data in the agency in context: another student's or agency's id answers 404.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import { MasteryPoint, MasteryQuery } from '../schemas/mastery.js';
import {
  AnswerRecordDetail,
  WrongDue,
  WrongDueQuery,
  WrongListPage,
  WrongListQuery,
  WrongReviewRequest,
  WrongReviewResult,
} from '../schemas/wrong-book.js';
import { route } from './route.js';

const trainee = roles(ROLE_SETS.trainee);

export const WRONG_BOOK_API = {
  wrongList: route({
    method: 'GET',
    path: '/v1/wrong/list',
    module: 'wrong',
    summary: '我的错题本（按复习到期时间排序；可按学科、知识点、到期/全部/已掌握筛选）',
    access: trainee,
    query: WrongListQuery,
    response: WrongListPage,
  }),
  wrongDue: route({
    method: 'GET',
    path: '/v1/wrong/review/next',
    module: 'wrong',
    summary: '到期待复习的错题（题目不含答案）',
    access: trainee,
    query: WrongDueQuery,
    response: WrongDue,
  }),
  wrongReview: route({
    method: 'POST',
    path: '/v1/wrong/:id/review',
    module: 'wrong',
    summary: '复习一道错题：判分并按 FSRS 重新安排（clientAnswerId 相同的重试只保存一次）',
    access: trainee,
    params: IdParams,
    body: requestOf(WrongReviewRequest),
    response: WrongReviewResult,
  }),
  wrongRecord: route({
    method: 'GET',
    path: '/v1/answer/record/:id',
    module: 'wrong',
    summary: '我的一条答题记录（含题目、我的答案、判分结果、标准答案与解析）',
    access: trainee,
    params: IdParams,
    response: AnswerRecordDetail,
  }),
  masteryPoints: route({
    method: 'GET',
    path: '/v1/mastery/points',
    module: 'wrong',
    summary: '我的知识点掌握程度（最近 10 次作答：尝试、熟悉、熟练、掌握）',
    access: trainee,
    query: MasteryQuery,
    response: z.array(MasteryPoint),
  }),
};
