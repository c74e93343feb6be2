// Publication of questions for public preview: staff publish and withdraw, anyone reads a published question
// (without answer and explanation) and has answers judged by POST /v1/exam/question/{id}/test (the verdict and
// score; the standard answer and explanation only when the publisher chose `showAnswer`).
import { ROLE_SETS } from '../access/role-sets.js';
import { PUBLIC, roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import { StudentQuestion } from '../schemas/question.js';
import { QuestionPublication, QuestionPublishRequest } from '../schemas/question-publication.js';
import { route } from './route.js';

export const QUESTION_PUBLICATION_API = {
  questionPublication: route({
    method: 'GET',
    path: '/v1/exam/question/:id/public',
    module: 'exam',
    summary: '题目是否已公开预览',
    access: roles(ROLE_SETS.questionReader),
    params: IdParams,
    response: QuestionPublication,
  }),
  questionPublish: route({
    method: 'PUT',
    path: '/v1/exam/question/:id/public',
    module: 'exam',
    summary: '公开预览题目（任何人可通过链接作答；showAnswer 决定访客能否看到答案与解析；重复调用只更新该选项）',
    access: roles(ROLE_SETS.questionAdmin),
    params: IdParams,
    // No body publishes with the defaults (answers not shown to visitors).
    body: requestOf(QuestionPublishRequest.default({ showAnswer: false })),
    response: QuestionPublication,
  }),
  questionWithdraw: route({
    method: 'DELETE',
    path: '/v1/exam/question/:id/public',
    module: 'exam',
    summary: '从公开预览撤下题目（重复调用无副作用）',
    access: roles(ROLE_SETS.questionAdmin),
    params: IdParams,
    response: QuestionPublication,
  }),
  publicQuestion: route({
    method: 'GET',
    path: '/v1/public/question/:id',
    module: 'exam',
    summary: '公开预览的题目（不含答案与解析；未公开、不存在或正在考试/训练中使用时 404）',
    access: PUBLIC,
    params: IdParams,
    response: StudentQuestion,
  }),
} as const;
