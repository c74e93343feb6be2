// Training calls of docs/domain.md (a student's run through a scheme). The trainee routes act on the caller's own
// trainings only (another user's id answers 404); the report and the comments are also open to the agency's train
// staff who read the student's records (docs/classes.md "Whose records a teacher reads"), others get 404.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { LOGIN_IN_AGENCY, roles } from '../access/api-access.js';
import { PageQuery, pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  OpenScheme,
  Training,
  TrainingAnswerRequest,
  TrainingAnswerResult,
  TrainingRecord,
  TrainingReport,
  TrainingSummary,
} from '../schemas/training.js';
import { TrainingCommentRequest, TrainingComments } from '../schemas/training-comment.js';
import { route } from './route.js';

const trainee = roles(ROLE_SETS.trainee);
const staff = roles(ROLE_SETS.trainStaff);

export const TRAINING_API = {
  trainingOpenSchemes: route({
    method: 'GET',
    path: '/v1/train/open/schemes',
    module: 'train',
    summary: '学生可参加的训练方案（本机构已开启的方案）',
    access: trainee,
    query: PageQuery,
    response: pageOf(OpenScheme),
  }),
  trainingStart: route({
    method: 'PUT',
    path: '/v1/train/scheme/:id/start',
    module: 'train',
    summary: '开始训练（已有进行中的训练则返回它；重复调用无副作用）',
    access: trainee,
    params: IdParams,
    response: Training,
  }),
  trainingGet: route({
    method: 'GET',
    path: '/v1/train/:id',
    module: 'train',
    summary: '训练当前状态（当前题目不含答案，剩余时间由服务器计算）',
    access: trainee,
    params: IdParams,
    response: Training,
  }),
  trainingAnswer: route({
    method: 'POST',
    path: '/v1/train/:id/answer',
    module: 'train',
    summary: '提交答案（clientAnswerId 相同的重试只保存一次）',
    access: trainee,
    params: IdParams,
    body: requestOf(TrainingAnswerRequest),
    response: TrainingAnswerResult,
  }),
  trainingFinish: route({
    method: 'POST',
    path: '/v1/train/:id/finish',
    module: 'train',
    summary: '结束训练（交卷）',
    access: trainee,
    params: IdParams,
    response: Training,
  }),
  trainingQuestions: route({
    method: 'GET',
    path: '/v1/train/:id/questions',
    module: 'train',
    summary: '训练的答题记录',
    access: trainee,
    params: IdParams,
    response: z.array(TrainingRecord),
  }),
  trainingHistory: route({
    method: 'GET',
    path: '/v1/train/history',
    module: 'train',
    summary: '我的训练记录',
    access: trainee,
    query: PageQuery,
    response: pageOf(TrainingSummary),
  }),
  trainingReport: route({
    method: 'GET',
    path: '/v1/train/report/:id',
    module: 'train',
    summary: '训练报告（本人；机构管理员、训练管理员；所教学生或所布置任务的教师）',
    access: LOGIN_IN_AGENCY,
    params: IdParams,
    response: TrainingReport,
  }),
  trainingComments: route({
    method: 'GET',
    path: '/v1/train/:id/comments',
    module: 'train',
    summary: '训练点评（本人；机构管理员、训练管理员；所教学生或所布置任务的教师）',
    access: LOGIN_IN_AGENCY,
    params: IdParams,
    response: TrainingComments,
  }),
  trainingCommentSave: route({
    method: 'PUT',
    path: '/v1/train/:id/comment',
    module: 'train',
    summary: '点评训练或其中一道题（已有点评则修改；训练结束后才能点评）',
    access: staff,
    params: IdParams,
    body: requestOf(TrainingCommentRequest),
    response: TrainingComments,
  }),
  trainingCommentDelete: route({
    method: 'DELETE',
    path: '/v1/train/comment/:id',
    module: 'train',
    summary: '删除点评（作者或本机构管理员）',
    access: staff,
    params: IdParams,
    response: TrainingComments,
  }),
};
