// A class's gradebook (docs/gradebook.md). The route rule is the class pages' (the agency's staff); the service
// answers a class only to the agency's admins and the class's teachers, and 404 to everyone else, other admins too
// (as `class/studentInfo`). The weight of a task is changed by the same people.
import { z } from 'zod';
import { roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import { Gradebook, GradebookQuery, GradebookWeightFields, GradebookWeightResult } from '../schemas/gradebook.js';
import { CLASS_READERS } from './classes.js';
import { route } from './route.js';

const readers = roles(CLASS_READERS);

export const GRADEBOOK_API = {
  classGradebook: route({
    method: 'GET',
    path: '/v1/class/:id/gradebook',
    module: 'class',
    summary: '班级成绩册：学生 × 班级任务的成绩、任务权重与加权总评（分页）',
    access: readers,
    params: IdParams,
    query: GradebookQuery,
    response: Gradebook,
  }),
  classGradebookExport: route({
    method: 'GET',
    path: '/v1/class/:id/gradebook/export',
    module: 'class',
    summary: '导出班级成绩册（Excel）',
    access: readers,
    params: IdParams,
    rawResponse: true,
    response: z.any(),
  }),
  taskWeight: route({
    method: 'POST',
    path: '/v1/task/:id/weight',
    module: 'task',
    summary: '设置任务在班级成绩册中的权重（机构管理员、班级的任课教师）',
    access: readers,
    params: IdParams,
    body: requestOf(GradebookWeightFields),
    response: GradebookWeightResult,
  }),
} as const;
