// Placement test calls (docs/lessons.md "Placement test"), all acting in the agency of X-Agency-Id: the agency admin
// names a paper and score bands per grade and joins a student to a tutoring class from a result; the agency's staff
// read the settings and the results; students take the test and read their results; a parent reads a child's.
// Any grade, training, class or child the caller may not reach answers 404.
import { z } from 'zod';
import { agencyRole as a } from '../roles.js';
import { roles } from '../access/api-access.js';
import { ROLE_SETS, type RoleAlternatives } from '../access/role-sets.js';
import { pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import { Training } from '../schemas/training.js';
import {
  PlacementJoin,
  PlacementJoined,
  PlacementPaper,
  PlacementResult,
  PlacementResultQuery,
  PlacementResultRow,
  PlacementSetting,
  PlacementSettings,
  PlacementSettingWrite,
  PlacementStart,
  PlacementTest,
} from '../schemas/placement.js';
import { route } from './route.js';

/** Who sets the placement tests and joins students to classes from their results. */
export const PLACEMENT_MANAGERS: RoleAlternatives = [[a('admin')]];

const managers = roles(PLACEMENT_MANAGERS);
const staff = roles(ROLE_SETS.agencyStaff);
const trainee = roles(ROLE_SETS.trainee);
const parentInAgency = roles(ROLE_SETS.parent, true);

export const PLACEMENT_API = {
  placementSettings: route({
    method: 'GET',
    path: '/v1/placement/settings',
    module: 'placement',
    summary: '本机构各年级的分级测试（试卷与分档）',
    access: staff,
    response: PlacementSettings,
  }),
  placementPapers: route({
    method: 'GET',
    path: '/v1/placement/papers',
    module: 'placement',
    summary: '可用作分级测试的本机构试卷（最近更新的 500 份）',
    access: managers,
    response: z.array(PlacementPaper),
  }),
  placementSave: route({
    method: 'PUT',
    path: '/v1/placement/setting',
    module: 'placement',
    summary: '设置一个年级的分级测试（本机构的试卷；1–5 个档位，起点递增）',
    access: managers,
    body: requestOf(PlacementSettingWrite),
    response: PlacementSetting,
  }),
  placementRemove: route({
    method: 'DELETE',
    path: '/v1/placement/setting/:id',
    module: 'placement',
    summary: '取消一个年级的分级测试（id 为年级；训练记录保留）',
    access: managers,
    params: IdParams,
    response: z.null(),
  }),
  placementResults: route({
    method: 'GET',
    path: '/v1/placement/results',
    module: 'placement',
    summary: '本机构学生的分级测试结果（每人每个年级最近一次；可按年级筛选）',
    access: staff,
    query: PlacementResultQuery,
    response: pageOf(PlacementResultRow),
  }),
  placementJoin: route({
    method: 'POST',
    path: '/v1/placement/join',
    module: 'placement',
    summary: '按分级测试结果把学生加入辅导班（推荐的或指定的）',
    access: managers,
    body: requestOf(PlacementJoin),
    response: PlacementJoined,
  }),
  studentPlacementTests: route({
    method: 'GET',
    path: '/v1/student/placement/tests',
    module: 'placement',
    summary: '本机构设有分级测试的年级（试卷已开启的）',
    access: trainee,
    response: z.array(PlacementTest),
  }),
  studentPlacementStart: route({
    method: 'PUT',
    path: '/v1/student/placement/start',
    module: 'placement',
    summary: '开始（或继续）一个年级的分级测试',
    access: trainee,
    body: requestOf(PlacementStart),
    response: Training,
  }),
  studentPlacementResults: route({
    method: 'GET',
    path: '/v1/student/placement/results',
    module: 'placement',
    summary: '我的分级测试结果（每个年级最近一次）',
    access: trainee,
    response: z.array(PlacementResult),
  }),
  parentChildPlacement: route({
    method: 'GET',
    path: '/v1/parent/child/:id/placement',
    module: 'placement',
    summary: '孩子在当前机构的分级测试结果',
    access: parentInAgency,
    params: IdParams,
    response: z.array(PlacementResult),
  }),
};
