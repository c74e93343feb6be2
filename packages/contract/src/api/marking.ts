// Manual marking (docs/marking.md). The agency's teachers and admins mark answers outside tasks; a task's
// answers go to its class's teachers and to the homework teachers assigned to the agency (the service decides
// per answer; an answer the caller may not mark answers 404).
import { z } from 'zod';
import { roles } from '../access/api-access.js';
import { ROLE_SETS, type RoleAlternatives } from '../access/role-sets.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  MarkingClaim,
  MarkingClass,
  MarkingHistoryPage,
  MarkingHistoryQuery,
  MarkingItem,
  MarkingQueuePage,
  MarkingQueueQuery,
  MarkingTraining,
  MarkingTrainingParams,
  MarkRequest,
} from '../schemas/marking.js';
import { route } from './route.js';

/** Who may open the marking calls: the agency's admins, train admins and teachers, and its homework teachers. */
export const MARKERS: RoleAlternatives = ROLE_SETS.markers;
const markers = roles(MARKERS, true);

export const MARKING_API = {
  markingClasses: route({
    method: 'GET',
    path: '/v1/marking/classes',
    module: 'marking',
    summary: '可按班级筛选的班级（其任务的答案我可以批改）',
    access: markers,
    response: z.array(MarkingClass),
  }),
  markingQueue: route({
    method: 'GET',
    path: '/v1/marking/queue',
    module: 'marking',
    summary: '待批改（或已批改）的主观题答案，可按班级、任务、等待时长筛选',
    access: markers,
    query: MarkingQueueQuery,
    response: MarkingQueuePage,
  }),
  markingTraining: route({
    method: 'GET',
    path: '/v1/marking/training/:taskId/:trainId',
    module: 'marking',
    summary: '一次训练（作业）中需要老师批改的答案',
    access: markers,
    params: MarkingTrainingParams,
    response: MarkingTraining,
  }),
  markingClaim: route({
    method: 'POST',
    path: '/v1/marking/record/:id/claim',
    module: 'marking',
    summary: '领取一道答案批改（30 分钟内他人不能批改）',
    access: markers,
    params: IdParams,
    response: MarkingClaim,
  }),
  markingRelease: route({
    method: 'DELETE',
    path: '/v1/marking/record/:id/claim',
    module: 'marking',
    summary: '放弃领取',
    access: markers,
    params: IdParams,
    response: z.null(),
  }),
  markingSave: route({
    method: 'POST',
    path: '/v1/marking/record/:id',
    module: 'marking',
    summary: '批改一道答案（得分、评语、批注）；再次批改保留记录',
    access: markers,
    params: IdParams,
    body: requestOf(MarkRequest),
    response: MarkingItem,
  }),
  markingHistory: route({
    method: 'GET',
    path: '/v1/marking/history',
    module: 'marking',
    summary: '我批改过的答案（最新的在前）',
    access: markers,
    query: MarkingHistoryQuery,
    response: MarkingHistoryPage,
  }),
};
