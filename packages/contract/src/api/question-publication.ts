// Publication of questions for public preview: staff publish and withdraw, anyone reads a published question
// (without answer and explanation) and has answers judged by POST /v1/exam/question/{id}/test.
import { ROLE_SETS } from '../access/role-sets.js';
import { PUBLIC, roles } from '../access/api-access.js';
import { IdParams } from '../schemas/common.js';
import { StudentQuestion } from '../schemas/question.js';
import { QuestionPublication } from '../schemas/question-publication.js';
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
    summary: '公开预览题目（任何人可通过链接作答；重复调用无副作用）',
    access: roles(ROLE_SETS.questionAdmin),
    params: IdParams,
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
    summary: '公开预览的题目（不含答案与解析；未公开或不存在时 404）',
    access: PUBLIC,
    params: IdParams,
    response: StudentQuestion,
  }),
} as const;
