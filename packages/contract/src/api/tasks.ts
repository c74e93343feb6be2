// Task calls (docs/tasks.md). Staff: the agency's admin-area roles of docs/product.md §6 ("other /admin pages")
// read every call; the service lets only the agency admin and the class's teachers (or the creator of a task
// for chosen students) write. Students: their own tasks only.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import { Training } from '../schemas/training.js';
import {
  HomeworkScoreRow,
  HomeworkScoresQuery,
  Task,
  TaskClassOption,
  TaskDashboard,
  TaskDetail,
  TaskFields,
  TaskListQuery,
  TaskStudentOption,
  TaskStudentSearch,
  TodoTask,
} from '../schemas/tasks.js';
import { route } from './route.js';

/** The agency roles that docs/product.md §6 lets onto the task and class pages (platform roles act in no agency). */
export const TASK_STAFF = ROLE_SETS.agencyStaff;
const staff = roles(TASK_STAFF);
const trainee = roles(ROLE_SETS.trainee);

export const TASKS_API = {
  taskList: route({
    method: 'GET',
    path: '/v1/task/list',
    module: 'task',
    summary: '任务列表（可按班级、是否作业筛选；教师只看到自己班级的与自己布置的）',
    access: staff,
    query: TaskListQuery,
    response: pageOf(Task),
  }),
  taskGet: route({
    method: 'GET',
    path: '/v1/task/:id',
    module: 'task',
    summary: '任务详情（含指定的学生）',
    access: staff,
    params: IdParams,
    response: TaskDetail,
  }),
  taskCreate: route({
    method: 'PUT',
    path: '/v1/task',
    module: 'task',
    summary: '布置任务（机构管理员、班级的任课教师）',
    access: staff,
    body: requestOf(TaskFields),
    response: Task,
  }),
  taskUpdate: route({
    method: 'POST',
    path: '/v1/task/:id',
    module: 'task',
    summary: '修改任务（已开始的训练不受影响，截止时间以开始时为准）',
    access: staff,
    params: IdParams,
    body: requestOf(TaskFields),
    response: Task,
  }),
  taskDashboard: route({
    method: 'GET',
    path: '/v1/task/:id/dashboard',
    module: 'task',
    summary: '任务看板：未开始、进行中、已完成的学生与成绩',
    access: staff,
    params: IdParams,
    response: TaskDashboard,
  }),
  taskClassOptions: route({
    method: 'GET',
    path: '/v1/task/options/classes',
    module: 'task',
    summary: '可以布置任务的班级（管理员：全部；教师：任教的班级）',
    access: staff,
    response: z.array(TaskClassOption),
  }),
  taskStudentOptions: route({
    method: 'GET',
    path: '/v1/task/options/students',
    module: 'task',
    summary: '按姓名或用户名查找本机构的学生（指定学生时用）',
    access: staff,
    query: TaskStudentSearch,
    response: z.array(TaskStudentOption),
  }),
  homeworkScores: route({
    method: 'GET',
    path: '/v1/task/homework/scores',
    module: 'task',
    summary: '作业成绩（全部作业，可按班级筛选），分页',
    access: staff,
    query: HomeworkScoresQuery,
    response: pageOf(HomeworkScoreRow),
  }),
  homeworkScoresExport: route({
    method: 'GET',
    path: '/v1/task/homework/scores/export',
    module: 'task',
    summary: '导出作业成绩（Excel；全部作业或按班级）',
    access: staff,
    query: HomeworkScoresQuery.pick({ classId: true }),
    rawResponse: true,
    response: z.any(),
  }),
  taskScoresExport: route({
    method: 'GET',
    path: '/v1/task/:id/scores/export',
    module: 'task',
    summary: '导出一个任务的成绩（Excel）',
    access: staff,
    params: IdParams,
    rawResponse: true,
    response: z.any(),
  }),

  studentTodo: route({
    method: 'GET',
    path: '/v1/student/tasks/todo',
    module: 'task',
    summary: '我的待办任务（已开始、未截止或仍可补交的任务）',
    access: trainee,
    query: z.object({
      start: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: pageOf(TodoTask),
  }),
  studentTaskDo: route({
    method: 'PUT',
    path: '/v1/student/task/:id/do',
    module: 'task',
    summary: '做任务：开始或继续该任务的训练（每个任务一次训练）',
    access: trainee,
    params: IdParams,
    response: Training,
  }),
} as const;
